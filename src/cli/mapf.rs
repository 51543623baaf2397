//! `cubepath mapf`: the first N problems of a scenario as N agents planned together, with one
//! summary line at the end and the plan written on request.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use super::args::open_map;
use super::failure::Failure::{self, BadInput};
use crate::engine::{
    files::{Problem, load_scen},
    grid::DiagonalRule,
    mapf::{MapfError, MapfOptions, MapfPlan, Moves, solve_mapf},
};

/// Options of `cubepath mapf`.
#[derive(Args, Debug)]
pub struct MapfArgs {
    /// A Moving AI .map file (or board:CODE).
    pub map: PathBuf,
    /// A .scen file: its first N problems are the N agents' starts and goals.
    pub scen: PathBuf,
    /// How many agents (the first N problems of the scenario).
    #[arg(long)]
    pub agents: usize,
    /// Seconds to find a plan (and, with --refine, to improve it).
    #[arg(long, default_value_t = 10.0)]
    pub time_limit: f64,
    /// Keep improving the first plan until the time limit.
    #[arg(long)]
    pub refine: bool,
    /// Give each agent a guide path out of the others' way before planning: cheaper first
    /// plans, found in about twice the time (always so with --refine).
    #[arg(long)]
    pub guide: bool,
    /// never (4 neighbours, the benchmark's convention) or no-corner-cutting (8).
    #[arg(long, default_value = "never")]
    pub diagonal: DiagonalRule,
    /// Write the plan here: `agents N makespan M`, then each agent's cells at times 0..M.
    #[arg(long)]
    pub plan: Option<PathBuf>,
    /// Seed of the planner's tie-breaking.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

pub(super) fn mapf(a: &MapfArgs) -> Result<u8, Failure> {
    let moves = match a.diagonal {
        DiagonalRule::Never => Moves::Four,
        DiagonalRule::NoCornerCutting => Moves::Eight,
        other => {
            return Err(BadInput(format!(
                "--diagonal {}: agents planned together move with never or no-corner-cutting",
                format!("{other:?}").to_lowercase()
            )));
        }
    };
    if !(a.time_limit > 0.0 && a.time_limit <= 86_400.0) {
        return Err(BadInput(format!("--time-limit {}: give seconds between 0 and 86400", a.time_limit)));
    }
    let grid = open_map(&a.map)?;
    let problems = load_scen(&a.scen)?;
    let scen = a.scen.display();
    if a.agents == 0 || a.agents > problems.len() {
        return Err(BadInput(format!("{scen}: --agents {} but the scenario has {} problems", a.agents, problems.len())));
    }
    let problems = &problems[..a.agents];
    for p in problems {
        if (p.width, p.height) != (grid.width(), grid.height()) {
            return Err(BadInput(format!(
                "{scen}:{}: the problem is for a {} x {} map, {} is {} x {}",
                p.line,
                p.width,
                p.height,
                a.map.display(),
                grid.width(),
                grid.height()
            )));
        }
    }
    let starts: Vec<_> = problems.iter().map(|p| p.start).collect();
    let goals: Vec<_> = problems.iter().map(|p| p.goal).collect();
    let options = MapfOptions { moves, time_limit: Duration::from_secs_f64(a.time_limit), refine: a.refine, guide: a.guide, seed: a.seed };
    let outcome = solve_mapf(&grid, &starts, &goals, &options).map_err(|e| named(e, &a.scen, problems))?;
    let mut out = std::io::stdout().lock();
    let n = a.agents;
    let lb = outcome.lower_bound;
    let Some(plan) = outcome.plan else {
        let why = if outcome.exhausted { "no plan exists" } else { "no plan within the time limit" };
        writeln!(out, "{why} ({} configurations searched)", outcome.configurations)?;
        let ms = outcome.elapsed.as_secs_f64() * 1000.0;
        writeln!(out, "agents {n} solved 0 makespan 0 sum_of_costs 0 lower_bound {lb} time_ms {ms:.1}")?;
        return Ok(1);
    };
    if let Some(path) = &a.plan {
        write_plan(path, &plan)?;
    }
    let first_ms = outcome.first_plan_time.unwrap_or_default().as_secs_f64() * 1000.0;
    let ms = if a.refine { outcome.elapsed.as_secs_f64() * 1000.0 } else { first_ms };
    if a.refine {
        writeln!(out, "first plan: sum_of_costs {} time_ms {first_ms:.1}", outcome.first_sum_of_costs.unwrap_or_default())?;
    }
    let (makespan, soc) = (plan.makespan(), plan.sum_of_costs(&goals));
    writeln!(out, "agents {n} solved 1 makespan {makespan} sum_of_costs {soc} lower_bound {lb} time_ms {ms:.1}")?;
    Ok(0)
}

/// The planner's complaint about agent k, named by the scenario line that made it.
fn named(e: MapfError, scen: &Path, problems: &[Problem]) -> Failure {
    let line = |agent: usize| problems.get(agent).map_or(0, |p| p.line);
    let agent = match e {
        MapfError::Cell { agent, .. } | MapfError::Unreachable { agent } => agent,
        MapfError::Shared { second, .. } => second,
        MapfError::Counts { .. } => 0,
    };
    BadInput(format!("{}:{}: {e}", scen.display(), line(agent)))
}

fn write_plan(path: &Path, plan: &MapfPlan) -> Result<(), Failure> {
    let mut text = format!("agents {} makespan {}\n", plan.paths.len(), plan.makespan());
    for p in &plan.paths {
        let cells: Vec<String> = p.iter().map(|(x, y)| format!("{x},{y}")).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| BadInput(format!("{}: {e}", path.display())))
}
