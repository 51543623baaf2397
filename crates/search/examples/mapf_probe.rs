use cubepath_search::*;
use std::time::Duration;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let grid = read_map(&a[1], &std::fs::read(&a[1]).unwrap()).unwrap();
    let probs = read_scen(&a[2], &std::fs::read(&a[2]).unwrap()).unwrap();
    let n: usize = a[3].parse().unwrap();
    let seeds: u64 = a.get(4).map_or(3, |s| s.parse().unwrap());
    let refine: f64 = a.get(5).map_or(0.0, |s| s.parse().unwrap());
    let starts: Vec<Pos> = probs[..n].iter().map(|p| p.start).collect();
    let goals: Vec<Pos> = probs[..n].iter().map(|p| p.goal).collect();
    for seed in 0..seeds {
        let o = MapfOptions {
            seed,
            refine: refine > 0.0,
            time_limit: Duration::from_secs_f64(if refine > 0.0 { refine } else { 60.0 }),
            guide: std::env::var("CP_GUIDE").is_ok(),
            ..Default::default()
        };
        let out = solve_mapf(&grid, &starts, &goals, &o).unwrap();
        let plan = out.plan.unwrap();
        check_plan(&grid, &starts, &goals, &plan, Moves::Four).unwrap();
        let first: usize = plan.paths.iter().zip(&goals).map(|(p, g)| p.iter().position(|c| c == g).unwrap()).sum();
        let ms = plan.makespan();
        let mut hist = vec![0usize; 11];
        for (p, g) in plan.paths.iter().zip(&goals) {
            let a = p.iter().rposition(|c| c != g).map_or(0, |t| t + 1);
            hist[a * 10 / ms.max(1)] += 1;
        }
        println!("first-touch soc {first} makespan {ms} arrivals by tenth of makespan {hist:?}");
        println!(
            "seed {seed} first_ms {:.2} first_soc {} soc {} lb {} ratio {:.3} conf {}",
            out.first_plan_time.unwrap().as_secs_f64() * 1e3,
            out.first_sum_of_costs.unwrap(),
            plan.sum_of_costs(&goals),
            out.lower_bound,
            plan.sum_of_costs(&goals) as f64 / out.lower_bound as f64,
            out.configurations
        );
    }
}
