//! The walk along a world's path (`WorldBoard::walk`): how far it is, and where a walker or
//! flyer goes when the voxels change under it. The rule is the plugin's `FollowPath` rule, for
//! voxels, so that it never ends inside a wall:
//! - the voxel it steps toward walled (or no longer standable): it turns back to the voxel it
//!   left and the world is searched again from there;
//! - the voxel it left walled as well: it steps to the nearest voxel it may stand on (breadth
//!   first over the 26 around each) and goes on from there;
//! - otherwise (a voxel further on walled, or a way opened): it finishes the step under way and
//!   goes on from the voxel it reaches.
//!
//! The voxel it goes on from becomes the world's start, and the new path is walked after the
//! way there. Voxels turning black (no agent) are no follower: an edit ends that walk.

use crate::engine::world::{Pos3, VoxelGrid, VoxelMoves};

/// How far along its path the walk is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorldWalk {
    /// The path walked: the world's path when the walk started; after an edit under a walking
    /// agent, its way to the voxel it goes on from, then the new path from there.
    pub path: Vec<Pos3>,
    /// Voxels of the path walked (fractional while the agent is between two).
    pub done: f32,
    /// Whether the walk is under way.
    pub running: bool,
    /// Whether the agent walks (else the path's voxels turn black).
    pub agent: bool,
    /// Waiting for the world's path from the last voxel of `path`, to walk on along it.
    pub rerouting: bool,
}

impl WorldWalk {
    /// A walk along `path` from its first voxel.
    pub fn along(path: &[Pos3], agent: bool) -> WorldWalk {
        WorldWalk { path: path.to_vec(), done: 0.0, running: true, agent, rerouting: false }
    }

    /// Moves on by `voxels`; the walk ends on the last voxel unless a new path is awaited.
    pub fn advance(&mut self, voxels: f32) {
        let last = self.path.len().saturating_sub(1) as f32;
        self.done = (self.done + voxels).min(last);
        if self.done >= last && !self.rerouting {
            self.running = false;
        }
    }

    /// The voxels of `world` changed under the walking agent: its way to the voxel it goes on
    /// from (see the module's rules), which it returns; `None` ends the walk (no voxel to stand
    /// on anywhere near).
    pub fn reroute(&mut self, world: &VoxelGrid, moves: VoxelMoves) -> Option<Pos3> {
        if self.path.len() < 2 {
            self.running = false;
            return None;
        }
        let stand = |p: Pos3| moves.may_stand(world, p);
        let i = (self.done.floor() as usize).min(self.path.len() - 2);
        let f = self.done - i as f32;
        let (left, next) = (self.path[i], self.path[i + 1]);
        let (way, done) = match (stand(left), stand(next)) {
            (true, false) => (vec![next, left], 1.0 - f),
            (false, false) => match nearest_standable(world, moves, left) {
                Some(off) => (vec![left, off], 0.0),
                None => {
                    self.running = false;
                    return None;
                }
            },
            _ => (vec![left, next], f),
        };
        let from = way[1];
        (self.path, self.done, self.rerouting) = (way, done, true);
        Some(from)
    }

    /// The world's new path from the voxel the walk goes on from: walked after the way there
    /// (a path from elsewhere, or none, ends the walk there).
    pub fn take_path(&mut self, path: &[Pos3]) {
        if !std::mem::take(&mut self.rerouting) {
            return;
        }
        if path.len() > 1 && path.first() == self.path.last() {
            self.path.extend_from_slice(&path[1..]);
        } else if self.done >= (self.path.len() - 1) as f32 {
            self.running = false;
        }
    }
}

/// The voxel nearest `p` where `moves` may stand (itself if it may), breadth first over the 26
/// around each; none in a world with no such voxel.
fn nearest_standable(world: &VoxelGrid, moves: VoxelMoves, p: Pos3) -> Option<Pos3> {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    let index = |q: Pos3| (q.2 * h + q.1) * w + q.0;
    let mut seen = vec![false; w * h * d];
    let mut queue = std::collections::VecDeque::from([p]);
    seen[index(p)] = true;
    while let Some(q) = queue.pop_front() {
        if moves.may_stand(world, q) {
            return Some(q);
        }
        for dz in -1i64..=1 {
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (x, y, z) = (q.0 as i64 + dx, q.1 as i64 + dy, q.2 as i64 + dz);
                    if x < 0 || y < 0 || z < 0 || x as usize >= w || y as usize >= h || z as usize >= d {
                        continue;
                    }
                    let r = (x as usize, y as usize, z as usize);
                    if !seen[index(r)] {
                        seen[index(r)] = true;
                        queue.push_back(r);
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A flyer half way from (1, 0, 0) to (2, 0, 0) on a straight path.
    fn flying() -> (VoxelGrid, WorldWalk) {
        let world = VoxelGrid::new(5, 3, 3).unwrap();
        let mut walk = WorldWalk::along(&[(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0)], true);
        walk.advance(1.5);
        (world, walk)
    }

    #[test]
    fn a_flyer_turns_back_finishes_its_step_or_steps_off_by_the_rules() {
        let fly = VoxelMoves::Fly26;
        // nothing walled on its way: it finishes its step and goes on from there
        let (world, mut walk) = flying();
        assert_eq!(walk.reroute(&world, fly), Some((2, 0, 0)));
        assert_eq!((walk.path.as_slice(), walk.done, walk.rerouting), (&[(1, 0, 0), (2, 0, 0)][..], 0.5, true));
        // the new path is walked after the way there; one from elsewhere is not
        walk.take_path(&[(2, 0, 0), (2, 1, 0)]);
        assert_eq!(walk.path, [(1, 0, 0), (2, 0, 0), (2, 1, 0)]);
        // the voxel ahead walled: back to the one it left, from the same place
        let (mut world, mut walk) = flying();
        world.set_blocked((2, 0, 0), true).unwrap();
        assert_eq!(walk.reroute(&world, fly), Some((1, 0, 0)));
        assert_eq!((walk.path.as_slice(), walk.done), (&[(2, 0, 0), (1, 0, 0)][..], 0.5));
        walk.take_path(&[(0, 0, 0), (0, 1, 0)]);
        assert_eq!(walk.path.len(), 2, "a path from elsewhere is not walked");
        walk.advance(5.0);
        assert!(!walk.running, "the walk ends where it went on from");
        // both walled: the nearest free voxel (breadth first: a neighbour of the one it left)
        let (mut world, mut walk) = flying();
        world.set_blocked((1, 0, 0), true).unwrap();
        world.set_blocked((2, 0, 0), true).unwrap();
        let off = walk.reroute(&world, fly).unwrap();
        assert!(world.is_free(off) && off != (1, 0, 0));
        assert!(off.0.abs_diff(1).max(off.1).max(off.2) == 1, "{off:?} is next to (1, 0, 0)");
        assert_eq!(walk.path, [(1, 0, 0), off]);
        // nowhere to stand: the walk ends
        let (mut world, mut walk) = flying();
        world.fill(true);
        assert_eq!(walk.reroute(&world, fly), None);
        assert!(!walk.running);
    }
}
