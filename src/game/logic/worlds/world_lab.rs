//! The heuristic lab in a voxel world: the formula the player wrote ([`Lab`]), read with `z`,
//! `gz` and `dz` too, judged voxel by voxel against the true cost to the world's end (a
//! Dijkstra backwards, [`voxel_distances_to`]) under the world's moves: where it is over the
//! truth (inadmissible), where it drops by more than a move costs (inconsistent), and what A*
//! does with it (its path against the optimum, the voxels it expanded more than once). The
//! world's step view and race search with the same estimate.

use bevy::prelude::*;

use super::world::{WorldBoard, world_on};
use crate::engine::{
    search::{Algorithm, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid, VoxelMoves, voxel_distances_to, voxel_step},
};
use crate::formula::{Formula, Vars};
use crate::game::logic::boards::lab::{Findings, Judged, LAB_CELLS, Lab, drops_too_fast, refused_estimate};
use crate::game::logic::shared::settings::{MAX_TRACE, WorldSettings};
use crate::game::phases::Turn;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldLabReport>()
        .add_systems(Update, judge_world_estimate.run_if(world_on.and_then(world_lab_stale)).in_set(Turn::WorldRecords));
}

/// What a judgement was made for: the formula, the world's identity and revision, the ends
/// and the moves.
type JudgedFor = (String, (u64, u64), Option<Pos3>, Option<Pos3>, VoxelMoves);

/// What the lab found for the formula in this world and for these ends.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct WorldLabReport {
    /// Each voxel's estimate judged, in the world's order ([`VoxelGrid::index`]).
    pub voxels: Vec<Judged>,
    /// Each voxel where the estimate drops by more than a move costs to some neighbour.
    pub drops: Vec<bool>,
    /// The counts, and A* with the estimate.
    pub found: Findings<Pos3>,
    judged_for: Option<JudgedFor>,
}

impl std::ops::Deref for WorldLabReport {
    type Target = Findings<Pos3>;
    fn deref(&self) -> &Findings<Pos3> {
        &self.found
    }
}

impl WorldLabReport {
    /// The judgement of the voxel `p` of `grid`.
    pub fn at(&self, grid: &VoxelGrid, p: Pos3) -> Option<Judged> {
        self.voxels.get(grid.index(p)).copied()
    }

    /// Whether the estimate drops by more than a move costs somewhere from the voxel `p`.
    pub fn drops_at(&self, grid: &VoxelGrid, p: Pos3) -> bool {
        self.drops.get(grid.index(p)).copied().unwrap_or(false)
    }

    /// Judges `formula` in `grid` towards `end` under `moves`, and runs A* with it from
    /// `start`.
    pub fn judge(grid: &VoxelGrid, (start, end): (Option<Pos3>, Option<Pos3>), moves: VoxelMoves, formula: &Formula) -> WorldLabReport {
        let mut report = WorldLabReport::default();
        if grid.len() > LAB_CELLS {
            report.found.message = Some(format!("the lab judges worlds of up to {LAB_CELLS} voxels"));
            return report;
        }
        let Some(end) = end else {
            report.found.message = Some("pick an end: the estimate is judged against the true cost to it".into());
            return report;
        };
        let truth = voxel_distances_to(grid, end, moves);
        let Some(estimates) = report.estimate_all(grid, end, moves, formula) else { return report };
        report.judge_voxels(grid, moves, &truth, &estimates);
        let Some(start) = start else { return report };
        report.found.optimum = Some(truth[grid.index(start)]).filter(|t| t.is_finite());
        let astar = VoxelOptions { algorithm: Algorithm::AStar, moves, weight: 1.0, limit: None, jump_always: false };
        report.found.take_run(Searcher::default().record_estimated(grid, (start, end), &astar, &formula.world_estimate(), MAX_TRACE));
        report
    }

    /// The formula's estimate at every voxel a search may stand on (NaN elsewhere), or `None`
    /// with the message naming the first voxel where it is not a number of at least 0.
    fn estimate_all(&mut self, grid: &VoxelGrid, end: Pos3, moves: VoxelMoves, formula: &Formula) -> Option<Vec<f64>> {
        let mut estimates = vec![f64::NAN; grid.len()];
        let goal = [end.0 as f64, end.1 as f64, end.2 as f64];
        for (i, e) in estimates.iter_mut().enumerate() {
            let p = grid.pos(i);
            if !moves.may_stand(grid, p) {
                continue;
            }
            let vars = Vars { at: [p.0 as f64, p.1 as f64, p.2 as f64], goal, straight: 1.0, diagonal: std::f64::consts::SQRT_2 };
            *e = formula.eval(&vars);
            if let Some(refused) = refused_estimate(*e, &format!("{},{},{}", p.0, p.1, p.2)) {
                self.found.message = Some(refused);
                return None;
            }
        }
        Some(estimates)
    }

    /// Each voxel with a way to the end judged against its true cost, and against every
    /// neighbour a legal move reaches.
    fn judge_voxels(&mut self, grid: &VoxelGrid, moves: VoxelMoves, truth: &[f64], estimates: &[f64]) {
        self.voxels = vec![Judged::Unknown; grid.len()];
        self.drops = vec![false; grid.len()];
        for i in 0..grid.len() {
            if !truth[i].is_finite() || estimates[i].is_nan() {
                continue;
            }
            let p = grid.pos(i);
            self.voxels[i] = Judged::of(estimates[i], truth[i]);
            for k in 0..27 {
                let near = (p.0 + k % 3, p.1 + k / 3 % 3, p.2 + k / 9);
                let Some(q) = near.0.checked_sub(1).zip(near.1.checked_sub(1)).zip(near.2.checked_sub(1)).map(|((x, y), z)| (x, y, z))
                else {
                    continue;
                };
                if let Some(c) = voxel_step(grid, p, q, moves) {
                    self.drops[i] |= drops_too_fast(estimates[i], c, estimates[grid.index(q)]);
                }
            }
            self.found.count(p, self.voxels[i], self.drops[i]);
        }
    }
}

/// Whether the formula, the world, its ends or its moves changed since the last judgement.
fn world_lab_stale(lab: Res<Lab>, world: Res<WorldBoard>, settings: Res<WorldSettings>, report: Res<WorldLabReport>) -> bool {
    report.judged_for != judged_for(&lab, &world, &settings)
}

fn judged_for(lab: &Lab, world: &WorldBoard, settings: &WorldSettings) -> Option<JudgedFor> {
    let grid = world.grid.as_ref()?;
    Some((lab.text.clone(), grid.version(), world.start, world.end, settings.moves))
}

/// Judges the formula again in the world (or clears the report without one).
fn judge_world_estimate(lab: Res<Lab>, world: Res<WorldBoard>, settings: Res<WorldSettings>, mut report: ResMut<WorldLabReport>) {
    let mut new = match (&lab.formula, world.grid.as_ref()) {
        (Some(f), Some(grid)) => WorldLabReport::judge(grid, (world.start, world.end), settings.moves, f),
        _ => WorldLabReport::default(),
    };
    new.judged_for = judged_for(&lab, &world, &settings);
    *report = new;
}
