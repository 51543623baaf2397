//! What the searches of voxel worlds keep in a [`Searcher`] between searches ([`WorldParts`]),
//! and the searcher's calls that read or keep it.

use crate::search::core::kept::Slot;
use crate::search::core::searcher::Searcher;
use crate::search::core::world_options::{CLUTTER_LIMIT, VoxelOptions};
use crate::search::solid::voxel_space::{WorldComponents, WorldLabelling};
use crate::world::Pos3;
use crate::world::bits::VoxelBits;
use crate::world::voxel::{VoxelGrid, VoxelMoves};

/// Values derived from the last voxel world searched, each for the world's identity and
/// revision it names, and the labelling under way in steps.
#[derive(Default)]
pub(crate) struct WorldParts {
    /// The connected components under one move model.
    pub(crate) components: Option<WorldComponents>,
    /// Components being labelled a step at a time ([`Searcher::label_world_within`]).
    pub(crate) labelling: Option<WorldLabelling>,
    /// Whether voxel searches leave the labelling to [`Searcher::label_world_within`].
    pub(crate) in_steps: bool,
    /// Whether the world is over [`CLUTTER_LIMIT`], and the identity and revision measured.
    pub(crate) clutter: Option<((u64, u64), bool)>,
    /// The free voxels as bit rows, for 3D JPS.
    pub(crate) voxel_bits: Option<VoxelBits>,
}

impl WorldParts {
    /// Brings the kept components (stale: for another revision or model) to `world` as it is
    /// now around its edits, when they can follow them ([`WorldComponents::follow`]); whether
    /// they are now for it. Else they are dropped: stale, or left half done by a follow that
    /// gave up, they must never be followed or read again.
    fn follow(&mut self, world: &VoxelGrid, moves: VoxelMoves) -> bool {
        let followed = self.components.as_mut().is_some_and(|c| c.follow(world, moves));
        if !followed {
            self.components = None;
        }
        followed
    }
}

impl Slot for WorldParts {
    fn bytes(&self) -> usize {
        self.components.as_ref().map_or(0, WorldComponents::bytes) + self.voxel_bits.as_ref().map_or(0, |b| b.bytes())
    }
}

impl Searcher {
    /// Whether `goal` can be reached from `start` in `world` under `moves`: its connected
    /// components, computed on the first search of a world and model and again when either
    /// changes.
    pub fn reachable_in_world(&mut self, world: &VoxelGrid, start: Pos3, goal: Pos3, moves: VoxelMoves) -> bool {
        let key = (world.version(), moves);
        let parts = self.kept.slot::<WorldParts>();
        if parts.components.as_ref().is_none_or(|c| c.key != key) && !parts.follow(world, moves) {
            parts.components = Some(WorldComponents::new(world, moves));
        }
        parts.components.as_ref().expect("made above").connected(world, start, goal)
    }

    /// Whether a voxel search may find `goal` from `start`: their components say so, made
    /// whole when missing or stale ([`Searcher::reachable_in_world`]); or, once
    /// [`Searcher::label_worlds_in_steps`] is set and the kept ones are not for this world as
    /// it is, true (the search finds out).
    pub(crate) fn may_reach_in_world(&mut self, world: &VoxelGrid, start: Pos3, goal: Pos3, moves: VoxelMoves) -> bool {
        let parts = self.kept.slot::<WorldParts>();
        let current = parts.components.as_ref().is_some_and(|c| c.key == (world.version(), moves)) || parts.follow(world, moves);
        if parts.in_steps && !current {
            return true;
        }
        self.reachable_in_world(world, start, goal, moves)
    }

    /// Leaves the labelling of voxel worlds' connected components to
    /// [`Searcher::label_world_within`] (`true`) instead of labelling a world whole in the
    /// first search of it (the default). Under the flying models the labels then follow the
    /// world's edits (the last 256 changed voxels, kept in the world's log): the rows
    /// of the changed voxels are read again, parts joined where freed voxels touch them, and a
    /// part cut by a blocked voxel split by searches over the runs from its pieces, by turns,
    /// until all but one run out (0.03 to 0.05 ms median, 0.8 ms worst, a one-voxel edit of
    /// 60 million voxels here); walking's labels are made again after every edit. Flying worlds are labelled by runs of
    /// free voxels, about 1 ms on a 128 x 128 x 64 world and 10 to 30 ms on 60 million voxels
    /// here; walking floods its standable voxels (75 to 95 ms on a 128 x 128 x 64 world when it
    /// flooded every voxel). Meanwhile voxel searches run without them: the same answers, but a goal that
    /// cannot be reached is known only once the search has reached all it can.
    pub fn label_worlds_in_steps(&mut self, in_steps: bool) {
        self.kept.slot::<WorldParts>().in_steps = in_steps;
    }

    /// Labels `world`'s connected components under `moves` a step at a time, by about `work`
    /// voxels at most (taking `work` down by what it did); whether they are done for the world
    /// as it is now. A change of the world between steps begins the labelling again.
    ///
    /// ```
    /// use cubepath_search::{search::{Searcher, VoxelOptions}, world::{VoxelGrid, VoxelMoves}};
    /// let mut world = VoxelGrid::new(16, 16, 8).unwrap();
    /// for y in 0..16 {
    ///     for z in 0..8 {
    ///         world.set_blocked((8, y, z), true).unwrap(); // a wall: two halves
    ///     }
    /// }
    /// let mut searcher = Searcher::default();
    /// searcher.label_worlds_in_steps(true);
    /// // not labelled yet: the search finds out by itself
    /// let r = searcher.search_world(&world, (0, 0, 0), (15, 0, 0), &VoxelOptions::default()).unwrap();
    /// assert!(r.path.is_none() && r.expanded > 900);
    /// let mut frames = 1;
    /// while !searcher.label_world_within(&world, VoxelMoves::Fly26, &mut 100) {
    ///     frames += 1;
    /// }
    /// assert!(frames > 3);
    /// let r = searcher.search_world(&world, (0, 0, 0), (15, 0, 0), &VoxelOptions::default()).unwrap();
    /// assert_eq!((r.path, r.expanded), (None, 0)); // known at once
    /// ```
    pub fn label_world_within(&mut self, world: &VoxelGrid, moves: VoxelMoves, work: &mut usize) -> bool {
        let key = (world.version(), moves);
        let parts = self.kept.slot::<WorldParts>();
        if parts.components.as_ref().is_some_and(|c| c.key == key) || parts.follow(world, moves) {
            parts.labelling = None;
            return true;
        }
        if *work == 0 {
            return false;
        }
        let mut labelling = match parts.labelling.take() {
            Some(l) if l.key == key => l,
            _ => WorldLabelling::new(world, moves),
        };
        *work = work.saturating_sub(labelling.advance(world, *work));
        if !labelling.is_done() {
            parts.labelling = Some(labelling);
            return false;
        }
        parts.components = Some(labelling.into_components());
        true
    }

    /// Whether 3D JPS with `options` jumps on `world`: asked to always
    /// ([`VoxelOptions::jump_always`]), or the world not [`Searcher::cluttered`] (else A* runs).
    pub(crate) fn jumps_on(&mut self, world: &VoxelGrid, options: &VoxelOptions) -> bool {
        options.jump_always || !self.cluttered(world)
    }

    /// Whether `world` is too cluttered with small obstacles for 3D JPS to pay
    /// ([`VoxelGrid::clutter`] over [`CLUTTER_LIMIT`]), measured once per world and revision.
    pub(crate) fn cluttered(&mut self, world: &VoxelGrid) -> bool {
        let clutter = &mut self.kept.slot::<WorldParts>().clutter;
        match *clutter {
            Some((key, over)) if key == world.version() => over,
            _ => {
                let over = world.clutter() > CLUTTER_LIMIT;
                *clutter = Some((world.version(), over));
                over
            }
        }
    }
}
