//! How a search on a voxel world runs, and the check that it can.

use crate::search::core::options::Algorithm;
use crate::search::core::space::Plan;
use crate::search::core::types::SearchError;
use crate::world::{Pos3, VoxelGrid, VoxelMoves};

/// How cluttered a world may be ([`VoxelGrid::clutter`](crate::world::VoxelGrid::clutter):
/// small obstacles per free voxel) for [`Algorithm::Jps`](crate::search::Algorithm::Jps) to
/// jump on it; above, a search asked for JPS runs A* (as optimal). Among dense small
/// obstacles a jump stops after a voxel or two and scans many: measured (`cargo bench -p
/// cubepath-search --bench voxels`, 128 x 128 x 64, 60 problems), voxels blocked at random
/// gave JPS 1.31x A* at 10 % (clutter 0.10), 1.09x at 15 % (0.16), 0.88x at 17.5 % (0.19) and
/// 0.73x at 20 % (0.24); caves, islands and pillars with slabs are near 0 (JPS 4.5x to 6x).
pub const CLUTTER_LIMIT: f64 = 0.17;

/// How a search on a voxel world runs.
///
/// It shares three fields with the board's [`SearchOptions`](crate::search::SearchOptions)
/// (the algorithm, the weight, the limit) and nothing else: a board's topology, step costs
/// and named heuristic have no meaning on voxels, nor a world's move model and
/// [`jump_always`](VoxelOptions::jump_always) on a board. Code that runs either kind of search
/// names them as [`Searchable::Options`](crate::search::Searchable::Options), so a generic
/// options type would add a parameter to every use and remove no branch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoxelOptions {
    /// A*, Dijkstra, greedy, BFS, bidirectional A*, IDA*, or (with fly-26) JPS.
    pub algorithm: Algorithm,
    /// The move model.
    pub moves: VoxelMoves,
    /// The estimate's weight (weighted A*), at least 1.
    pub weight: f64,
    /// The most voxels a search may expand; it stops there without an answer.
    pub limit: Option<usize>,
    /// With JPS: jump even on a world cluttered with small obstacles (over
    /// [`CLUTTER_LIMIT`]), where A* runs otherwise, as optimal and
    /// faster there: for showing or measuring JPS itself.
    pub jump_always: bool,
}

impl Default for VoxelOptions {
    fn default() -> Self {
        VoxelOptions { algorithm: Algorithm::AStar, moves: VoxelMoves::Fly26, weight: 1.0, limit: None, jump_always: false }
    }
}

impl VoxelOptions {
    /// Whether the search is guaranteed to return a least-cost path: A*, bidirectional A*, IDA*
    /// and Dijkstra with weight 1 (every model's estimate is admissible), BFS only where every step
    /// costs the same (fly-6); greedy never.
    pub fn is_admissible(&self) -> bool {
        match self.algorithm {
            Algorithm::AStar | Algorithm::AStarBidir | Algorithm::Ida | Algorithm::Jps => self.weight <= 1.0,
            Algorithm::Dijkstra => true,
            Algorithm::Bfs => self.moves == VoxelMoves::Fly6,
            _ => false,
        }
    }

    pub(crate) fn plan(&self) -> Plan {
        Plan { algorithm: self.algorithm, limit: self.limit, admissible: self.is_admissible() }
    }
}

/// Checks that a search from `start` to `goal` with `options` can run on `world`: both inside,
/// both voxels where the model may stand, an algorithm that runs on voxel worlds, a weight of at
/// least 1.
pub fn validate_world(world: &VoxelGrid, start: Pos3, goal: Pos3, options: &VoxelOptions) -> Result<(), SearchError> {
    for (which, p) in [("start", start), ("goal", goal)] {
        if !world.contains(p) {
            return Err(SearchError::OffWorld { which, at: p, size: (world.width(), world.height(), world.depth()) });
        }
        if !options.moves.may_stand(world, p) {
            return Err(SearchError::NotStandable { which, at: p, walking: options.moves == VoxelMoves::Walk });
        }
    }
    let runs = match options.algorithm {
        Algorithm::AStar | Algorithm::Dijkstra | Algorithm::Greedy | Algorithm::Bfs | Algorithm::AStarBidir | Algorithm::Ida => true,
        Algorithm::Jps => options.moves == VoxelMoves::Fly26,
        _ => false,
    };
    if !runs {
        return Err(SearchError::NotIn3d(options.algorithm));
    }
    if !(options.weight >= 1.0 && options.weight.is_finite()) {
        return Err(SearchError::BadWeight(options.weight));
    }
    Ok(())
}
