//! `cubepath crowd`: the crowd's logic without a window, one summary line at the end.

use std::path::Path;

use clap::Args;

use super::args::{open_map, parse_cell};
use super::failure::Failure::{self, BadInput};
use std::io::Write;
use std::time::Instant;

use crate::engine::{
    crowd::CrowdKind,
    grid::{DiagonalRule, Grid, Topology},
};

/// Options of `cubepath crowd`.
#[derive(Args, Debug)]
pub struct CrowdArgs {
    /// A Moving AI .map file, or `random:WxH:PCT` for a random board (PCT % barriers, drawn
    /// from --seed).
    pub map: String,
    /// Agents, each on its own free cell (1 to 100000).
    #[arg(long, default_value_t = 100)]
    pub agents: usize,
    /// Ticks to run (at most 10,000,000).
    #[arg(long, default_value_t = 1000)]
    pub ticks: usize,
    /// Seed of the board, the placements, the goals and the edits.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// wander (each agent to random cells near it), gather (all to one cell) or together (every
    /// agent to a goal of its own, planned together: random goals, or with --gather the cells
    /// nearest that one).
    #[arg(long, default_value = "wander")]
    pub mode: CrowdKind,
    /// Where to gather (X,Y); by default the free cell nearest the middle (gather); around it
    /// (together).
    #[arg(long, value_parser = parse_cell)]
    pub gather: Option<(usize, usize)>,
    /// Random barrier edits per tick (barrier to floor or back), never under an agent (at most 1000).
    #[arg(long, default_value_t = 0)]
    pub edits: usize,
    /// Wander goals lie at most this many cells away in x and in y.
    #[arg(long, default_value_t = 32)]
    pub radius: usize,
    /// Cells expanded per tick by all searches together (at least 1).
    #[arg(long, default_value_t = 10_000)]
    pub budget: usize,
    /// never, no-corner-cutting, one-free or always.
    #[arg(long, default_value = "no-corner-cutting")]
    pub diagonal: DiagonalRule,
}

/// `random:WxH:PCT`: a random board, or `None` when `spec` names a file.
fn random_board(spec: &str, seed: u64) -> Option<Result<Grid, Failure>> {
    let rest = spec.strip_prefix("random:")?;
    let bad = || BadInput(format!("'{spec}' is not a random board: expected random:WxH:PCT, e.g. random:256x256:20"));
    let parse = || -> Option<(usize, usize, f64)> {
        let (size, pct) = rest.split_once(':')?;
        let (w, h) = size.split_once('x')?;
        Some((w.parse().ok()?, h.parse().ok()?, pct.parse().ok()?))
    };
    let Some((w, h, pct)) = parse().filter(|&(_, _, p)| (0.0..=100.0).contains(&p)) else { return Some(Err(bad())) };
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut unit = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng >> 11) as f64 / (1u64 << 53) as f64
    };
    Some(crate::engine::grid::random_grid(w, h, pct / 100.0, &mut unit).map_err(|e| BadInput(format!("{spec}: {e}"))))
}

/// `cubepath crowd`: the crowd's logic without a window, one summary line at the end.
// Long: the argument checks, the tick loop with its timings and the summary line, in the
// order they happen; the loop's counters feed the summary.
pub(super) fn crowd(a: &CrowdArgs) -> Result<u8, Failure> {
    use crate::engine::crowd::{Crowd, CrowdMode, CrowdOptions, MAX_AGENTS};
    let grid = match random_board(&a.map, a.seed) {
        Some(g) => g?,
        None => open_map(Path::new(&a.map))?,
    };
    if a.agents == 0 || a.agents > MAX_AGENTS {
        return Err(BadInput(format!("--agents {} is out of range: 1 to {MAX_AGENTS}", a.agents)));
    }
    if a.ticks > 10_000_000 || a.edits > 1000 || a.budget == 0 {
        return Err(BadInput("--ticks is at most 10000000, --edits at most 1000 a tick, --budget at least 1".into()));
    }
    if grid.passable_count() == 0 {
        return Err(BadInput(format!("{}: the map has no free cell", a.map)));
    }
    let mode = match a.mode {
        // the map has a free cell (checked above), so there is a middle one
        CrowdKind::Gather => CrowdMode::Gather(a.gather.or_else(|| crate::engine::crowd::middle_cell(&grid)).expect("a free cell")),
        CrowdKind::Wander => CrowdMode::Wander,
        CrowdKind::Together => CrowdMode::Together,
        CrowdKind::Command => {
            return Err(BadInput("--mode command needs a player to send the agents: headless, a crowd wanders or gathers".into()));
        }
    };
    let options = CrowdOptions {
        topology: Topology::Square(a.diagonal),
        radius: a.radius,
        budget: a.budget,
        compare: true,
        seed: a.seed,
        ..CrowdOptions::default()
    };
    let mut crowd = Crowd::new(grid, a.agents, mode, options).map_err(|e| BadInput(format!("{}: {e}", a.map)))?;
    if let (CrowdMode::Together, Some(centre)) = (mode, a.gather) {
        let goals = crowd.gathering_goals(centre);
        crowd.plan_together(&goals).map_err(|e| BadInput(format!("--gather: {e}")))?;
    }
    let (mut total, mut worst, mut worst_at, mut most_bytes) = (0.0f64, 0.0f64, 0usize, 0usize);
    for tick in 0..a.ticks {
        let compared = crowd.stats().compare_seconds;
        let t = Instant::now();
        crowd.random_edits(a.edits);
        crowd.tick();
        // the comparison A* is not the crowd's work
        let ms = (t.elapsed().as_secs_f64() - (crowd.stats().compare_seconds - compared)) * 1000.0;
        total += ms;
        if ms > worst {
            (worst, worst_at) = (ms, tick + 1);
        }
        most_bytes = most_bytes.max(crowd.bytes());
    }
    let s = *crowd.stats();
    let mut out = std::io::stdout().lock();
    if let Some(j) = crowd.joint() {
        let ms = j.planning_ms.unwrap_or(0.0);
        let (m, c, l) = (j.makespan, j.sum_of_costs, j.lower_bound);
        writeln!(out, "planned together: solved {} makespan {m} sum_of_costs {c} lower_bound {l} planning_ms {ms:.1}", u8::from(j.solved))?;
    }
    writeln!(
        out,
        "plans {} plan_expanded {} sidesteps {} detours {} fresh_searches {} worst_tick {worst_at} search_state_bytes_max {most_bytes}",
        s.plans, s.plan_expanded, s.sidesteps, s.detours, s.fresh_searches
    )?;
    writeln!(
        out,
        "agents {} ticks {} arrivals {} conflicts {} replans {} repair_expanded {} scratch_expanded {} tick_ms_mean {:.3} tick_ms_max {:.3} gave_up {}",
        a.agents,
        a.ticks,
        s.arrivals,
        s.conflicts,
        s.replans,
        s.repair_expanded,
        s.scratch_expanded,
        total / a.ticks.max(1) as f64,
        worst,
        s.gave_up
    )?;
    Ok(if s.conflicts > 0 { 1 } else { 0 })
}
