//! Following an answer: an entity with [`FollowPath`] walks its [`PathAnswer`]'s cells at its
//! speed, turning toward its heading with a frame-rate-independent slerp (the tutorials'
//! NavAgent), and asks for a new path when a move on its remaining way is no longer allowed
//! (turning back when the step under way is no longer allowed: it never ends inside a wall,
//! nor cuts a corner walled ahead of it).

use std::sync::Arc;

use bevy::prelude::*;
use cubepath_search::grid::{Grid, Pos, line_of_sight, step_kind};
use cubepath_search::search::SearchOptions;

use crate::grid::{NavGrid, Plane, UnitGrids, grid_for, unit_fits};
use crate::request::{PathAnswer, PathRequest};

/// Walks the entity's [`PathAnswer`]. Give it a [`PathRequest`] (and a `Transform`); a new
/// answer is taken up where the entity is, finishing the step under way. A follower may also
/// start on a path of its own ([`FollowPath::along`]); it walks on the grid its request names,
/// else the only one, and replans only when it has a request (whose goal it keeps).
///
/// The step under way is checked by the rules its path was found with (an answer's
/// [`FoundPath::options`](crate::FoundPath::options); for a path of its own, those given with
/// [`FollowPath::planned_with`], else the grid's settings when it checks), even when a new
/// answer comes mid-step: a change of settings never makes a follower turn back. The moves
/// ahead of it are checked by the settings as they are (its request's, else its grid's): when
/// they no longer allow one, it asks for a new path.
///
/// ```
/// use std::time::Duration;
/// use bevy::prelude::*;
/// use bevy::time::TimeUpdateStrategy;
/// use bevy_cubepath::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, CubepathPlugin));
/// app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
/// let grid = app.world_mut().spawn(NavGrid::from_rows(&["....."]).unwrap()).id();
/// let walker = app.world_mut().spawn((Transform::default(), PathRequest::new((0, 0), (4, 0)), FollowPath::new(4.0))).id();
/// for _ in 0..40 {
///     app.update(); // four cells at four cells a second: about 20 frames of 50 ms
/// }
/// assert!(app.world().get::<FollowPath>(walker).unwrap().arrived());
/// let there = app.world().get::<NavGrid>(grid).unwrap().to_world((4, 0));
/// assert!(app.world().get::<Transform>(walker).unwrap().translation.distance(there) < 1e-4);
/// ```
#[derive(Component, Clone, Debug, PartialEq)]
pub struct FollowPath {
    /// Cells per second.
    pub speed: f32,
    /// How fast it turns: each frame it turns `1 - exp(-turn_rate * dt)` of the way.
    pub turn_rate: f32,
    /// Height of its centre above the grid's plane.
    pub height: f32,
    /// Its side in cells when it has no [`PathRequest`] (one given its path by
    /// [`FollowPath::along`]); with a request, the request's size counts. A unit more than a
    /// cell a side walks the centre of its square ([`NavGrid::unit_centre`]) and needs the whole
    /// square free.
    pub size: usize,
    cells: Arc<[Pos]>,
    next: usize,
    last: Option<Pos>,
    arrived: bool,
    /// The rules `cells` was found with (none: the grid's settings when checked).
    rules: Option<SearchOptions>,
    /// The rules of the step under way (from `last` to the target): the path's when the step
    /// began.
    step_rules: Option<SearchOptions>,
}

impl FollowPath {
    /// The side of the square it walks as: its request's unit size when it asks for paths,
    /// else its own.
    fn unit(&self, request: Option<&PathRequest>) -> usize {
        request.map_or(self.size, |r| r.size)
    }

    /// A follower at `speed` cells a second, turning at rate 8 (the tutorials' slerp), its
    /// centre at the plane.
    pub fn new(speed: f32) -> FollowPath {
        FollowPath {
            speed,
            turn_rate: 8.0,
            height: 0.0,
            size: 1,
            cells: Arc::new([]),
            next: 0,
            last: None,
            arrived: true,
            rules: None,
            step_rules: None,
        }
    }

    /// A follower standing on `cells[0]` and walking the rest, at `speed` cells a second.
    pub fn along(speed: f32, cells: Vec<Pos>) -> FollowPath {
        let mut f = FollowPath::new(speed);
        let short = cells.len() < 2;
        f.follow(cells.into(), None);
        f.next = 1;
        f.arrived = short;
        f
    }

    /// The path it walks (or walked), whole.
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// The index in [`FollowPath::cells`] of the cell it walks toward.
    pub fn next(&self) -> usize {
        self.next
    }

    /// With its centre this far above the plane.
    pub fn at_height(self, height: f32) -> FollowPath {
        FollowPath { height, ..self }
    }

    /// Walking a path found with `options`: its steps are checked by their rules (see
    /// [`FollowPath`]) until an answer brings a path found with others.
    pub fn planned_with(self, options: SearchOptions) -> FollowPath {
        FollowPath { rules: Some(options), step_rules: Some(options), ..self }
    }

    /// A unit `size` cells a side, when it has no request (see [`FollowPath::size`]).
    pub fn sized(self, size: usize) -> FollowPath {
        FollowPath { size, ..self }
    }

    /// The cell it walks toward, if walking.
    pub fn target(&self) -> Option<Pos> {
        (!self.arrived).then(|| self.cells.get(self.next).copied()).flatten()
    }

    /// The cell it last stood on (none before its first answer).
    pub fn last(&self) -> Option<Pos> {
        self.last
    }

    /// Whether it has walked all of its path (or has none).
    pub fn arrived(&self) -> bool {
        self.arrived
    }

    /// The cells still to walk, the one it walks toward first.
    pub fn remaining(&self) -> &[Pos] {
        if self.arrived { &[] } else { &self.cells[self.next.min(self.cells.len())..] }
    }

    /// Where a new path should start: the cell it walks toward, else the one it stands on.
    pub fn replan_cell(&self) -> Option<Pos> {
        self.target().or(self.last)
    }

    /// Takes up `cells` (found with `rules`), from the cell it walks toward (else stands on);
    /// a step under way keeps the rules it began with.
    fn follow(&mut self, cells: Arc<[Pos]>, rules: Option<SearchOptions>) {
        if self.target().is_none() {
            self.step_rules = rules;
        }
        self.rules = rules;
        self.last = self.last.or(cells.first().copied());
        self.arrived = cells.is_empty();
        self.cells = cells;
        self.next = 0;
    }

    /// Walks straight to `cell` (next to where it is) and stands there: how a follower turns
    /// back from a cell walled ahead of it, or steps out of a wall.
    fn walk_to(&mut self, cell: Pos) {
        self.cells = Arc::new([cell]);
        self.next = 0;
        self.arrived = false;
    }

    /// Stops: finishes the step under way and stands there.
    pub fn stop(&mut self) {
        match self.target() {
            Some(t) => {
                self.cells = Arc::new([t]);
                self.next = 0;
            }
            None => self.arrived = true,
        }
    }
}

/// Sent when a follower reaches the end of its path.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrived {
    /// The follower.
    pub entity: Entity,
    /// Where it stands.
    pub cell: Pos,
}

/// Followers take up new answers (or stop where there is no way).
pub(crate) fn take_answers(mut followers: Query<(&mut FollowPath, &PathAnswer), Changed<PathAnswer>>) {
    for (mut follower, answer) in &mut followers {
        match &answer.result {
            Ok(found) => follower.follow(found.cells.clone(), Some(found.options)),
            Err(_) => follower.stop(),
        }
    }
}

/// When a grid (or its settings) changes, a follower never ends inside a new wall, nor makes a
/// move the rules no longer allow (a diagonal past a corner walled since, a unit's square
/// through a gap that closed, an any-angle segment whose line of sight is cut; see
/// [`FollowPath`] for which rules):
/// - the cell it steps toward walled, or the step under way no longer allowed by the rules it
///   began with: it turns back to the cell it left (along the same segment) and asks for a new
///   path from there;
/// - the cell it stands on (or left) walled as well: it steps to the nearest free cell (any
///   neighbour, breadth first) and asks from there;
/// - a move further along its way no longer allowed: it asks for a new path from the cell it
///   is heading to, finishing the step under way.
///
/// Followers without a request turn back or step off all the same; they ask for nothing.
pub(crate) fn replan_blocked_ways(
    mut commands: Commands,
    grids: Query<Ref<NavGrid>>,
    mut followers: Query<(Entity, &mut FollowPath, Option<&PathRequest>)>,
    mut units: ResMut<UnitGrids>,
) {
    if !grids.iter().any(|g| g.is_changed()) {
        return;
    }
    for (e, mut follower, request) in &mut followers {
        let Some(nav) = grid_for(request.and_then(|r| r.grid), &grids).filter(|g| g.is_changed()) else { continue };
        // a unit bigger than a cell is named by its top-left cell and needs all its cells open:
        // its moves are the moves of its board, where a cell is free when the unit fits there
        let size = follower.unit(request);
        let unit = if size > 1 { units.for_unit(&nav.grid, size) } else { None };
        let board = unit.as_deref().unwrap_or(&nav.grid);
        let now = request.and_then(|r| r.options).unwrap_or(nav.options);
        let step_rules = follower.step_rules.unwrap_or(now);
        let free = |p: Pos| unit_fits(&nav.grid, p, size);
        let from = match (follower.target(), follower.last) {
            (Some(target), Some(last)) if !(free(target) && move_holds(board, last, target, &step_rules)) && free(last) => {
                follower.walk_to(last);
                Some(last)
            }
            (target, Some(last)) if !free(last) && target.is_none_or(|t| !free(t)) => {
                let Some(off) = nearest_free(board, last) else { continue };
                follower.walk_to(off);
                Some(off)
            }
            _ => {
                let ahead = follower.remaining();
                let broken = ahead.iter().any(|&p| !free(p)) || ahead.windows(2).any(|m| !move_holds(board, m[0], m[1], &now));
                broken.then(|| follower.replan_cell()).flatten()
            }
        };
        if let (Some(from), Some(request)) = (from, request) {
            commands.entity(e).insert(PathRequest { from, ..*request });
        }
    }
}

/// Whether the move from `a` to `b` of a path found with `options` is still allowed on `board`:
/// a legal step under its topology ([`step_kind`]: both cells free and of one terrain class, a
/// diagonal's side cells as its rule asks), or for an any-angle path a segment in line of
/// sight; standing still (`a == b`) on a free cell.
fn move_holds(board: &Grid, a: Pos, b: Pos, options: &SearchOptions) -> bool {
    if a == b {
        return board.is_passable(a.0, a.1);
    }
    match options.algorithm.any_angle() {
        true => line_of_sight(board, a, b),
        false => step_kind(board, a, b, options.topology).is_some(),
    }
}

/// The free cell nearest `p` (itself if free), breadth first over the eight cells around each
/// (a follower lifted out of a wall, not walking a path); none on a grid with no free cell.
fn nearest_free(grid: &Grid, p: Pos) -> Option<Pos> {
    let (w, h) = (grid.width(), grid.height());
    let mut seen = vec![false; w * h];
    let mut queue = std::collections::VecDeque::from([p]);
    seen[p.1 * w + p.0] = true;
    while let Some(q) = queue.pop_front() {
        if grid.is_passable(q.0, q.1) {
            return Some(q);
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (x, y) = (q.0 as isize + dx, q.1 as isize + dy);
            if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && !seen[y as usize * w + x as usize] {
                seen[y as usize * w + x as usize] = true;
                queue.push_back((x as usize, y as usize));
            }
        }
    }
    None
}

/// Moves followers toward their next cells and turns them toward their heading.
pub(crate) fn move_followers(
    time: Res<Time>,
    grids: Query<Ref<NavGrid>>,
    mut followers: Query<(Entity, &mut FollowPath, Option<&PathRequest>, &mut Transform)>,
    mut arrived: MessageWriter<Arrived>,
) {
    let dt = time.delta_secs();
    for (e, mut follower, request, mut transform) in &mut followers {
        if follower.arrived {
            continue;
        }
        let Some(nav) = grid_for(request.and_then(|r| r.grid), &grids) else { continue };
        let up = nav.plane.up();
        let centre = nav.unit_centre(follower.unit(request));
        let mut budget = follower.speed * nav.cell_size * dt;
        let mut heading = None;
        while let Some(cell) = follower.target() {
            let goal = nav.to_world(cell) + centre + up * follower.height;
            let to = goal - transform.translation;
            let dist = to.length();
            if dist > 1e-5 {
                heading = Some(to / dist);
            }
            if dist > budget {
                transform.translation += to / dist * budget;
                break;
            }
            transform.translation = goal;
            budget -= dist;
            follower.last = Some(cell);
            follower.next += 1;
            // the next step is one of the path's, under its rules
            follower.step_rules = follower.rules;
            if follower.next >= follower.cells.len() {
                follower.arrived = true;
                arrived.write(Arrived { entity: e, cell });
            }
        }
        if let Some(dir) = heading {
            let t = 1.0 - (-follower.turn_rate * dt).exp();
            let target = facing(dir, nav.plane);
            transform.rotation = transform.rotation.slerp(target, t);
        }
    }
}

/// The rotation that faces `dir`: on the ground the front is -Z with +Y up (Bevy's
/// `looking_to`); on a 2D screen the front is +X, turned about +Z.
pub fn facing(dir: Vec3, plane: Plane) -> Quat {
    match plane {
        Plane::Xz => Transform::IDENTITY.looking_to(Vec3::new(dir.x, 0.0, dir.z).normalize_or(Vec3::NEG_Z), Vec3::Y).rotation,
        Plane::Xy => Quat::from_rotation_z(dir.y.atan2(dir.x)),
    }
}
