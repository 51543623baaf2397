//! The heuristic lab: the player writes an estimate as a formula ([`crate::formula`]) and sees,
//! cell by cell, where it lies against the true cost to the end (a Dijkstra backwards from the
//! end, from the rules): the share of the truth it gives where it never overestimates, by how
//! much it overestimates where it does (inadmissible), and the cells where it drops by more
//! than a move costs (inconsistent); and what A* does with it: its path against the optimum,
//! and the cells it expanded more than once. The step view and the race search with the same
//! estimate, for the algorithms that take one.

use bevy::prelude::*;

use super::board::{Board, Selection};
use crate::engine::{
    grid::{Pos, Topology, distances_to, hex_neighbours, path_cost},
    search::{Algorithm, Estimate, Recording, SearchError, SearchOptions, Searcher, VoxelOptions},
    world::Pos3,
};
use crate::formula::{Formula, Vars};
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::settings::{MAX_TRACE, SearchSettings};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::phases::AppSystems;

/// The largest board the lab judges, in cells: a formula per cell and per move, each time the
/// board, the ends or the formula change.
pub const LAB_CELLS: usize = 512 * 512;

/// How far above the truth an estimate may be and still count as not over it: sums of square
/// roots taken in another order.
const SLACK: f64 = 1e-9;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Lab>().init_resource::<LabReport>().add_systems(Startup, lab_from_setup).add_systems(
        Update,
        (
            read_formula,
            judge_estimate.run_if(
                resource_changed::<Lab>
                    .or_eager(resource_changed::<Board>)
                    .or_eager(resource_changed::<Selection>)
                    .or_eager(resource_changed::<SearchSettings>),
            ),
        )
            .chain()
            .in_set(AppSystems::RequestPaths),
    );
}

/// The formula the player wrote, and what it reads as.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Lab {
    /// As typed.
    pub text: String,
    /// Read, when it reads (and is not empty).
    pub formula: Option<Formula>,
    /// Why it does not read.
    pub error: Option<String>,
}

impl Lab {
    /// Takes `text` as the formula: empty clears the lab; a formula that does not read keeps
    /// the last one that did out of use and says why.
    pub fn write(&mut self, text: &str) {
        self.text = text.to_string();
        (self.formula, self.error) = match text.trim() {
            "" => (None, None),
            _ => match Formula::parse(text) {
                Ok(f) => (Some(f), None),
                Err(e) => (None, Some(e.to_string())),
            },
        };
    }

    /// The estimate the searches take in place of the heuristic, for an algorithm that takes
    /// one, with `options`' move costs.
    pub fn estimate_for(&self, options: &SearchOptions) -> Option<Estimate> {
        self.formula.as_ref().filter(|_| options.algorithm.takes_estimate()).map(|f| f.estimate(options.costs))
    }

    /// The estimate a world's searches take in place of the moves' own, for an algorithm
    /// that takes one in 3D.
    pub fn world_estimate_for(&self, options: &VoxelOptions) -> Option<Estimate<Pos3>> {
        self.formula.as_ref().filter(|_| options.algorithm.takes_world_estimate()).map(Formula::world_estimate)
    }
}

/// One cell's estimate against the true cost from it to the end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judged {
    /// A barrier, or no way from it to the end.
    Unknown,
    /// At most the truth: the share of it the estimate gives (1 exact, 0 nothing).
    Under(f64),
    /// Over the truth by this much: inadmissible here.
    Over(f64),
}

impl Judged {
    /// An estimate `e` against the true cost `t`.
    pub fn of(e: f64, t: f64) -> Judged {
        if e > t + SLACK * t.max(1.0) { Judged::Over(e - t) } else { Judged::Under(if t > 0.0 { e / t } else { 1.0 }) }
    }
}

/// Whether an estimate `e` drops by more than the cost `c` of a move to a place estimated at
/// `next` (inconsistent there).
pub fn drops_too_fast(e: f64, c: f64, next: f64) -> bool {
    e > c + next + SLACK * e.max(1.0)
}

/// Why an estimate of `e` at `place` cannot be used, if it cannot: NaN, infinite or below 0.
pub fn refused_estimate(e: f64, place: &str) -> Option<String> {
    (!(e >= 0.0 && e.is_finite())).then(|| format!("the estimate at {place} is {e}: an estimate must be a number of at least 0"))
}

/// What the lab finds for a formula on a board or in a world (places `P`: cells or voxels),
/// besides each place's judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct Findings<P> {
    /// Places over the truth, and the worst: where and by how much.
    pub over: usize,
    pub worst: Option<(P, f64)>,
    /// Places where it drops by more than a move costs.
    pub inconsistent: usize,
    /// A* with the estimate: its path, cost and expansions, and the places it expanded more
    /// than once; and the least cost from the start.
    pub path: Vec<P>,
    pub cost: Option<f64>,
    pub optimum: Option<f64>,
    pub expanded: usize,
    pub again: usize,
    /// Why there is nothing (or only part) to show.
    pub message: Option<String>,
}

impl<P> Default for Findings<P> {
    fn default() -> Self {
        Findings {
            over: 0,
            worst: None,
            inconsistent: 0,
            path: Vec::new(),
            cost: None,
            optimum: None,
            expanded: 0,
            again: 0,
            message: None,
        }
    }
}

impl<P: Copy + Eq + std::hash::Hash> Findings<P> {
    /// Counts the place `p` judged `judged`, and whether the estimate drops too fast there.
    pub fn count(&mut self, p: P, judged: Judged, drops: bool) {
        if let Judged::Over(by) = judged {
            self.over += 1;
            if self.worst.is_none_or(|(_, worst)| by > worst) {
                self.worst = Some((p, by));
            }
        }
        self.inconsistent += usize::from(drops);
    }

    /// Takes what A* with the estimate did (`run`: its recording, or why it could not run).
    pub fn take_run(&mut self, run: Result<Recording<P>, SearchError>) {
        match run {
            Ok(recording) => {
                let mut seen = std::collections::HashSet::new();
                self.again = recording.expansions.iter().filter(|e| !seen.insert(e.at)).count();
                self.expanded = recording.expansions.len();
                self.cost = recording.result.cost;
                self.path = recording.result.path.unwrap_or_default();
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }
}

/// What the lab found for the formula on this board and these ends.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LabReport {
    /// The board's width (the cells are by row).
    pub width: usize,
    /// Each cell's estimate judged.
    pub cells: Vec<Judged>,
    /// Each cell where the estimate drops by more than a move costs to some neighbour.
    pub drops: Vec<bool>,
    /// Each cell on A*'s path with the estimate.
    pub on_path: Vec<bool>,
    /// The counts, and A* with the estimate.
    pub found: Findings<Pos>,
}

impl std::ops::Deref for LabReport {
    type Target = Findings<Pos>;
    fn deref(&self) -> &Findings<Pos> {
        &self.found
    }
}

impl LabReport {
    /// The judgement of `p`, on the board.
    pub fn at(&self, p: Pos) -> Option<Judged> {
        self.cells.get(p.1 * self.width + p.0).copied()
    }

    /// Whether `p` is on A*'s path with the estimate.
    pub fn on_path(&self, p: Pos) -> bool {
        self.on_path.get(p.1 * self.width + p.0).copied().unwrap_or(false)
    }

    /// Whether the estimate drops by more than a move costs somewhere from `p`.
    pub fn drops_at(&self, p: Pos) -> bool {
        self.drops.get(p.1 * self.width + p.0).copied().unwrap_or(false)
    }

    /// Judges `formula` on `board` towards the selection's end, under `options`' moves and
    /// costs (its weight is A*'s, not the formula's), and runs A* with it from the start.
    // Long: one pass over the cells judges each against the truth and its moves, sharing the
    // estimates the pass made; the A* run after reads them too.
    pub fn judge(board: &Board, selection: &Selection, options: &SearchOptions, formula: &Formula) -> LabReport {
        let grid = &board.grid;
        let (w, h) = (grid.width(), grid.height());
        let mut report = LabReport { width: w, ..default() };
        if w * h > LAB_CELLS {
            report.found.message = Some(format!("the lab judges boards of up to {LAB_CELLS} cells"));
            return report;
        }
        let Some(end) = selection.end else {
            report.found.message = Some("pick an end: the estimate is judged against the true cost to it".into());
            return report;
        };
        let truth = distances_to(grid, end, options.topology, options.costs);
        let vars = |(x, y): Pos| Vars {
            at: [x as f64, y as f64, 0.0],
            goal: [end.0 as f64, end.1 as f64, 0.0],
            straight: options.costs.straight(),
            diagonal: options.costs.diagonal(),
        };
        let mut estimates = vec![f64::NAN; w * h];
        for (p, cell) in grid.cells() {
            if !cell.is_passable() {
                continue;
            }
            let e = formula.eval(&vars(p));
            if let Some(refused) = refused_estimate(e, &format!("{},{}", p.0, p.1)) {
                report.found.message = Some(refused);
                return report;
            }
            estimates[p.1 * w + p.0] = e;
        }
        report.cells = vec![Judged::Unknown; w * h];
        report.drops = vec![false; w * h];
        for (p, cell) in grid.cells() {
            let i = p.1 * w + p.0;
            if !cell.is_passable() || !truth[i].is_finite() {
                continue;
            }
            let e = estimates[i];
            report.cells[i] = Judged::of(e, truth[i]);
            for q in neighbours(p, options.topology) {
                let Some(j) = q.filter(|q| q.0 < w && q.1 < h).map(|q| q.1 * w + q.0) else { continue };
                let Ok(c) = path_cost(grid, &[p, (j % w, j / w)], options.topology, options.costs) else { continue };
                report.drops[i] |= drops_too_fast(e, c, estimates[j]);
            }
            report.found.count(p, report.cells[i], report.drops[i]);
        }
        let Some(start) = selection.start else { return report };
        report.found.optimum = Some(truth[start.1 * w + start.0]).filter(|t| t.is_finite());
        let astar = SearchOptions { algorithm: Algorithm::AStar, limit: None, ..*options };
        report.found.take_run(Searcher::default().record_estimated(
            grid,
            (start, end),
            &astar,
            &formula.estimate(options.costs),
            MAX_TRACE,
        ));
        report.on_path = vec![false; w * h];
        for p in &report.found.path {
            report.on_path[p.1 * w + p.0] = true;
        }
        report
    }
}

/// The cells one move from `p` may reach, on or off the board.
fn neighbours(p: Pos, topology: Topology) -> Vec<Option<Pos>> {
    match topology {
        Topology::Hex => hex_neighbours(p).to_vec(),
        Topology::Square(_) => {
            let (x, y) = (p.0 as isize, p.1 as isize);
            let at = |dx: isize, dy: isize| Some(((x + dx) as usize, (y + dy) as usize)).filter(|_| x + dx >= 0 && y + dy >= 0);
            vec![at(1, 0), at(-1, 0), at(0, 1), at(0, -1), at(1, 1), at(1, -1), at(-1, 1), at(-1, -1)]
        }
    }
}

/// --estimate FORMULA (or a link's estimate=): the lab opens with it.
fn lab_from_setup(setup: Res<GameSetup>, mut lab: ResMut<Lab>) {
    if let Some(text) = &setup.estimate {
        lab.write(text);
    }
}

/// The formula typed in the panel (or set by the command line or a lesson).
fn read_formula(mut actions: MessageReader<Action>, mut lab: ResMut<Lab>) {
    for action in actions.read() {
        if let Action::Estimate(text) = action {
            lab.write(text);
        }
    }
}

/// Judges the formula again when it, the board, the ends or the moves change.
fn judge_estimate(
    lab: Res<Lab>,
    board: Res<Board>,
    selection: Res<Selection>,
    settings: Res<SearchSettings>,
    mut report: ResMut<LabReport>,
) {
    let new = match &lab.formula {
        Some(f) => LabReport::judge(&board, &selection, &settings.0, f),
        None => LabReport::default(),
    };
    report.set_if_neq(new);
}
