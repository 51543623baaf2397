//! Recording a search for a learner to watch: every expansion in order, with the nodes it put
//! on the open list (their g, h and parent), whatever the algorithm. [`Searcher::record`] is
//! the one way in: it knows which algorithms step a cell at a time, which search a graph laid
//! on the board (HPA\*'s abstract search, the subgoal graph's), which answer a board by another
//! algorithm (the subgoal graph by JPS+'s jump distances on scattered obstacles, 3D JPS by A\*
//! on a cluttered world), so a caller never branches on the algorithm to watch it.
//! [`Searcher::record`] itself is beside [`Searcher::start`], generic over the map.

use crate::grid::board::Grid;
use crate::grid::{Heuristic, Pos};
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::Searcher;
use crate::search::core::types::{SearchError, SearchResult, Step};
use crate::search::core::world_options::VoxelOptions;
use crate::search::run::stepping::Stepping;
use crate::search::solid::jps3d::buffers::Buffers;
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, VoxelMoves};

/// A node put on the open list, or reached more cheaply, by a recorded expansion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pushed<P = Pos> {
    /// Its cell or voxel.
    pub at: P,
    /// Its cost from the start when pushed (for 3D JPS, the cost it ended with; on the subgoal
    /// graph's backward side, its cost from the goal).
    pub g: f64,
    /// The estimate to the goal (weighted as the search weighs it; the octile distance on HPA\*'s
    /// and the subgoal graph's abstract searches, whatever the settings say).
    pub h: f64,
    /// The node it was reached from (`None` for the start).
    pub parent: Option<P>,
}

/// One expansion: the node taken off the open list, and what it pushed.
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion<P = Pos> {
    /// The node expanded (on a board, the goal last, with nothing pushed, when a path was found
    /// by a search that steps a cell at a time: a board's search counts it as an expansion).
    pub at: P,
    /// The nodes it pushed or reached more cheaply, in order.
    pub pushed: Vec<Pushed<P>>,
}

/// A search recorded by [`Searcher::record`].
#[derive(Clone, Debug, PartialEq)]
pub struct Recording<P = Pos> {
    /// The start as first pushed: none when the search knew at once there is no path (the goal
    /// in another component).
    pub start: Option<Pushed<P>>,
    /// The expansions, in order, one for each the search counts
    /// ([`SearchResult::expanded`]): at most the limit asked for.
    pub expansions: Vec<Expansion<P>>,
    /// Whether the search had more expansions than the limit (they were not recorded).
    pub truncated: bool,
    /// The algorithm whose expansions these are: the one asked for, or the one that answers for
    /// it on this map (JPS+ for the subgoal graph on a board prepared as JPS+'s jump distances,
    /// see [`Prepared::uses_jump_table`](crate::search::Prepared::uses_jump_table); A\* for 3D
    /// JPS on a world too cluttered for jumps to pay).
    pub answered_by: Algorithm,
    /// What the search found: for a recording cut at its limit, what it knew then (no path,
    /// unless the algorithm runs whole before it is recorded: HPA\*, the subgoal graph, 3D JPS).
    pub result: SearchResult<P>,
}

impl Algorithm {
    /// Whether [`Searcher::record`] can record it on a board: every algorithm that steps
    /// ([`Algorithm::steps`]), and HPA\* and the subgoal graph, whose searches over their
    /// graphs are recorded. (On a voxel world: every algorithm but bidirectional A\* and IDA\*.)
    pub fn records(self) -> bool {
        self.steps() || matches!(self, Algorithm::Hpa | Algorithm::Subgoal)
    }
}

/// Steps `run` to its end or `limit` expansions, recording each step the search counts as an
/// expansion (a board's search counts the goal taken off the open list; a world's does not).
pub(crate) fn record_steps<S: Stepping>(
    mut run: S,
    start: S::Pos,
    limit: usize,
    answered_by: Algorithm,
) -> Result<Recording<S::Pos>, SearchError> {
    let push = |run: &S, at: S::Pos| run.known(at).map(|i| Pushed { at, g: i.g, h: i.h, parent: i.parent });
    let first = push(&run, start);
    let (mut expansions, mut truncated) = (Vec::new(), false);
    while !run.finished() {
        if expansions.len() >= limit {
            truncated = true;
            break;
        }
        let before = run.count();
        if let Step::Expanded(_) | Step::Found = run.next_step()
            && run.count() > before
        {
            let at = run.expanding().expect("a step expands a node");
            let pushed = run.pushed_last().into_iter().filter_map(|p| push(&run, p)).collect();
            expansions.push(Expansion { at, pushed });
        }
    }
    match run.refusal() {
        Some(refused) => Err(refused),
        None => Ok(Recording { start: first, expansions, truncated, answered_by, result: run.found() }),
    }
}

/// A board's search recorded: the steps of those that step, the abstract search of HPA\* and
/// the subgoal graph (or JPS+'s steps where JPS+'s jump distances answer for the subgoal graph).
pub(crate) fn record_board(
    s: &mut Searcher,
    grid: &Grid,
    (start, goal): (Pos, Pos),
    options: &SearchOptions,
    limit: usize,
) -> Result<Recording, SearchError> {
    let options = SearchOptions { limit: None, ..*options };
    if options.algorithm.steps() {
        return record_steps(s.steps(grid, start, goal, &options)?, start, limit, options.algorithm);
    }
    if !options.algorithm.records() {
        return Err(SearchError::NotSteppable(options.algorithm));
    }
    let result = s.search(grid, start, goal, &options)?;
    // a goal in another component is answered from the components alone, the graph left as it
    // was: bring it up to date (or make it) for the recording
    s.preprocess(grid, &options);
    if options.algorithm == Algorithm::Subgoal && s.kept_prepared().is_some_and(|p| p.is_for(grid) && p.uses_jump_table()) {
        let jumps = SearchOptions { algorithm: Algorithm::JpsPlus, ..options };
        return record_steps(s.steps(grid, start, goal, &jumps)?, start, limit, Algorithm::JpsPlus);
    }
    let mut trace = Vec::new();
    if options.algorithm == Algorithm::Hpa {
        let clusters = s.kept_hierarchy().filter(|h| h.is_for(grid)).expect("prepared above: a board HPA* searches has clusters");
        clusters.find_traced(grid, start, goal, Some(&mut trace)).expect("searched above: open endpoints on this board");
    } else {
        let prepared = s.kept_prepared().filter(|p| p.is_for(grid)).expect("prepared above: a board the subgoal graph searches");
        prepared.search_traced(grid, start, goal, &mut Searcher::default(), Some(&mut trace))?;
    }
    // both graphs' searches estimate by the octile distance, whatever the settings say
    let h = |p: Pos| Heuristic::Octile.estimate(options.topology, options.costs, p, goal);
    let truncated = trace.len() > limit;
    let expansions = trace
        .into_iter()
        .take(limit)
        .map(|step| {
            let pushed = step.reached.iter().map(|&(at, g)| Pushed { at, g, h: h(at), parent: Some(step.at) }).collect();
            Expansion { at: step.at, pushed }
        })
        .collect();
    let first = Some(Pushed { at: start, g: 0.0, h: h(start), parent: None });
    Ok(Recording { start: first, expansions, truncated, answered_by: options.algorithm, result })
}

/// A world's search recorded: the steps of those that step; 3D JPS run whole and its first
/// `limit` jump points told after (its jumps are tried lazily, so a search stopped at the
/// limit would not yet have tried all the jumps of the jump points before it), or A\*'s steps
/// where A\* answers for it.
pub(crate) fn record_world(
    s: &mut Searcher,
    world: &VoxelGrid,
    (start, goal): (Pos3, Pos3),
    options: &VoxelOptions,
    limit: usize,
) -> Result<Recording<Pos3>, SearchError> {
    let options = VoxelOptions { limit: None, ..*options };
    if options.algorithm != Algorithm::Jps {
        return record_steps(s.steps_world(world, start, goal, &options)?, start, limit, options.algorithm);
    }
    crate::search::core::world_options::validate_world(world, start, goal, &options)?;
    if !s.jumps_on(world, &options) {
        let astar = VoxelOptions { algorithm: Algorithm::AStar, ..options };
        return record_steps(s.steps_world(world, start, goal, &astar)?, start, limit, Algorithm::AStar);
    }
    let result = s.search_world(world, start, goal, &options)?;
    let h = |p: Pos3| VoxelMoves::Fly26.estimate(p, goal) * options.weight;
    let first = Some(Pushed { at: start, g: 0.0, h: h(start), parent: None });
    // a search that ended before it began (the goal out of reach, or the start) leaves the
    // buffers to an earlier search: nothing to tell
    let (expanded, opened) = match result.expanded {
        0 => (Vec::new(), Vec::new()),
        _ => (s.kept.slot::<Buffers>().expanded.clone(), s.kept.slot::<Buffers>().opened.clone()),
    };
    let mut expansions: Vec<Expansion<Pos3>> =
        expanded.iter().take(limit).map(|&i| Expansion { at: world.pos(i as usize), pushed: Vec::new() }).collect();
    for (i, by) in opened.into_iter().filter(|&(_, by)| by > 0 && by as usize <= limit) {
        let node = s.kept.slot::<Buffers>().nodes.get(&i).copied().expect("an opened jump point has its record");
        let (at, parent) = (world.pos(i as usize), world.pos(node.parent as usize));
        expansions[by as usize - 1].pushed.push(Pushed { at, g: node.g, h: h(at), parent: Some(parent) });
    }
    Ok(Recording { start: first, expansions, truncated: expanded.len() > limit, answered_by: Algorithm::Jps, result })
}
