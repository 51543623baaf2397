//! A voxel world under one move model as a [`Space`] (the searches' view of it), and its
//! connected components.

use crate::search::core::estimate::Given;
use crate::search::core::space::Space;
use crate::search::core::types::SearchError;
use crate::search::solid::runs::{RunLabelling, Runs};
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, VoxelMoves, voxel_path_cost, voxel_step};

/// A voxel world under one move model, as a [`Space`] for the generic searches. Flying moves
/// are read from the 27 voxels around the expanded one at once: each move is legal when every
/// voxel of its box is free, a mask test per move (the same rule as [`voxel_step`], which the
/// tests compare); walking moves go through [`voxel_step`].
pub(crate) struct WorldSpace<'a> {
    pub(crate) world: &'a VoxelGrid,
    moves: VoxelMoves,
    weight: f64,
    /// The model's moves: the offset's number in the 3 x 3 x 3 block (`(dz+1)*9 + (dy+1)*3 +
    /// (dx+1)`), the voxels its box spans as bits of that block, its index offset and its cost.
    steps: Vec<(usize, u32, isize, f64)>,
    /// Each of the 27 offsets as an index offset.
    around: [isize; 27],
    /// The estimate given in place of the model's, if any.
    pub(crate) given: Option<Given<Pos3>>,
}

impl<'a> WorldSpace<'a> {
    pub(crate) fn new(world: &'a VoxelGrid, moves: VoxelMoves, weight: f64) -> WorldSpace<'a> {
        let (w, h) = (world.width() as isize, world.height() as isize);
        let offset = |k: usize| ((k % 3) as isize - 1, (k / 3 % 3) as isize - 1, (k / 9) as isize - 1);
        let around = std::array::from_fn(|k| {
            let (dx, dy, dz) = offset(k);
            dx + dy * w + dz * w * h
        });
        let mut steps = Vec::new();
        for (k, &off) in around.iter().enumerate() {
            let (dx, dy, dz) = offset(k);
            let changed = (dx != 0) as usize + (dy != 0) as usize + (dz != 0) as usize;
            let allowed = match moves {
                VoxelMoves::Fly6 => changed == 1,
                VoxelMoves::Fly18 => (1..=2).contains(&changed),
                VoxelMoves::Fly26 => changed >= 1,
                // horizontal steps, and a level up or down with a straight step
                VoxelMoves::Walk => (dz == 0 && changed >= 1) || (dz != 0 && changed == 2),
            };
            if allowed {
                // the box: each coordinate's offset taken or left at 0
                let mut mask = 0u32;
                for corner in 0..8 {
                    let pick = |bit: usize, d: isize| if corner >> bit & 1 == 1 { d } else { 0 };
                    mask |= 1 << ((pick(2, dz) + 1) * 9 + (pick(1, dy) + 1) * 3 + pick(0, dx) + 1);
                }
                steps.push((k, mask, off, VoxelMoves::fly_cost(changed)));
            }
        }
        WorldSpace { world, moves, weight, steps, around, given: None }
    }

    /// The bits of the free voxels among the 27 around `i` (outside the world counts as blocked).
    #[inline]
    pub(crate) fn free_around(&self, i: usize) -> u32 {
        let w = self.world;
        let a = w.pos(i);
        let interior = a.0 >= 1 && a.1 >= 1 && a.2 >= 1 && a.0 + 1 < w.width() && a.1 + 1 < w.height() && a.2 + 1 < w.depth();
        let mut free = 0u32;
        for (k, &off) in self.around.iter().enumerate() {
            let open = if interior {
                !w.bit((i as isize + off) as usize)
            } else {
                let q = (
                    a.0.wrapping_add_signed((k % 3) as isize - 1),
                    a.1.wrapping_add_signed((k / 3 % 3) as isize - 1),
                    a.2.wrapping_add_signed((k / 9) as isize - 1),
                );
                w.is_free(q)
            };
            free |= (open as u32) << k;
        }
        free
    }
}

impl Space for WorldSpace<'_> {
    type Pos = Pos3;

    fn len(&self) -> usize {
        self.world.len()
    }

    fn index(&self, p: Pos3) -> usize {
        self.world.index(p)
    }

    fn pos(&self, i: usize) -> Pos3 {
        self.world.pos(i)
    }

    /// Every move is its own reverse (the box is the same both ways; walking's two headroom
    /// rules name the same voxel), so the moves into a voxel are the moves out of it.
    fn moves(&self, i: usize, _forward: bool, out: &mut Vec<(usize, f64)>) {
        out.clear();
        if self.moves == VoxelMoves::Walk {
            let a = self.world.pos(i);
            for &(k, _, off, _) in &self.steps {
                let b = (
                    a.0.wrapping_add_signed((k % 3) as isize - 1),
                    a.1.wrapping_add_signed((k / 3 % 3) as isize - 1),
                    a.2.wrapping_add_signed((k / 9) as isize - 1),
                );
                if let Some(c) = voxel_step(self.world, a, b, self.moves) {
                    out.push(((i as isize + off) as usize, c));
                }
            }
            return;
        }
        let free = self.free_around(i);
        for &(_, mask, off, cost) in &self.steps {
            if free & mask == mask {
                out.push(((i as isize + off) as usize, cost));
            }
        }
    }

    fn estimate(&self, i: usize, target: usize) -> f64 {
        let (at, goal) = (self.world.pos(i), self.world.pos(target));
        let h = match &self.given {
            None => self.moves.estimate(at, goal),
            Some(given) => given.at(at, goal),
        };
        h * self.weight
    }

    fn refusal(&self) -> Option<SearchError> {
        let (at, value) = self.given.as_ref()?.refused()?;
        Some(SearchError::BadWorldEstimate { at, value })
    }

    fn path_cost(&self, path: &[Pos3]) -> f64 {
        voxel_path_cost(self.world, path, self.moves).expect("the searches build legal paths")
    }
}

/// The connected components of a world under one model, voxels that reach each other sharing
/// a label (0 where nothing can stand). Every move can be made backwards, so labels are found
/// by flooding. The flying models keep them as runs of free voxels ([`Runs`]: their parts are
/// the free voxels' 6-connected parts), in memory that follows the solid voxels; walking keeps
/// a label per standable voxel (free, on a blocked one or the ground).
pub(crate) struct WorldComponents {
    parts: Parts,
    /// The world's version and the model the labels were made for.
    pub(crate) key: ((u64, u64), VoxelMoves),
    /// How many times they followed edits ([`WorldComponents::follow`]).
    follows: u32,
}

/// The labels: one per standable voxel (walking), or one per run of free voxels (flying).
enum Parts {
    Standing { standable: Vec<u32>, labels: Vec<u32> },
    Runs(Runs),
}

impl WorldComponents {
    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        match &self.parts {
            Parts::Standing { standable, labels } => (standable.len() + labels.len()) * 4,
            Parts::Runs(runs) => runs.bytes(),
        }
    }

    pub(crate) fn new(world: &VoxelGrid, moves: VoxelMoves) -> WorldComponents {
        let mut labelling = WorldLabelling::new(world, moves);
        labelling.advance(world, usize::MAX);
        labelling.into_components()
    }

    /// Brings these components to `world` as it is now when they are for an earlier revision
    /// of the same world, under `moves`, and can follow its edits: the flying models' runs
    /// ([`Runs::update`](crate::search::solid::run_edits)), after as many changed voxels as
    /// the world's log keeps ([`CHANGE_LOG`](crate::grid::CHANGE_LOG), 256). Whether it did (else they must be made again).
    pub(crate) fn follow(&mut self, world: &VoxelGrid, moves: VoxelMoves) -> bool {
        let Parts::Runs(runs) = &mut self.parts else { return false };
        if self.key.1 != moves {
            return false;
        }
        let Some(changed) = world.changes_since(self.key.0) else { return false };
        let changed: Vec<Pos3> = changed.collect();
        if !runs.update(world, &changed) {
            return false; // the runs are half done: the caller drops them
        }
        self.key = (world.version(), moves);
        self.follows += 1;
        true
    }

    /// How many times these components followed edits of their world instead of being made
    /// again.
    #[cfg(test)]
    pub(crate) fn follows(&self) -> u32 {
        self.follows
    }

    /// Whether `a` and `b` can reach each other.
    pub(crate) fn connected(&self, world: &VoxelGrid, a: Pos3, b: Pos3) -> bool {
        let (la, lb) = match &self.parts {
            Parts::Standing { standable, labels } => {
                let at = |p: Pos3| standing_label((standable, labels), world.index(p));
                (at(a), at(b))
            }
            Parts::Runs(runs) => (runs.label(a), runs.label(b)),
        };
        la != 0 && la == lb
    }
}

/// What looking around a voxel counts in a flood's steps, against one for a voxel looked at as
/// a seed: measured on 128 x 128 x 64 worlds (islands, caves, blocks), counting one for each,
/// steps of 100,000 took up to 14 ms, about 45 ns a count, three times a grid's.
pub(crate) const LOOK_AROUND: usize = 3;

/// [`WorldComponents`] labelled a step at a time (see
/// [`Searcher::label_world_within`](crate::search::Searcher::label_world_within)), for one
/// world revision and model: the world must not change between steps.
pub(crate) struct WorldLabelling {
    how: Labelling,
    pub(crate) key: ((u64, u64), VoxelMoves),
}

/// A labelling under way: the runs of free voxels (flying), or a flood over the standable
/// voxels (walking).
enum Labelling {
    Runs(RunLabelling),
    Flood(Flood),
}

impl WorldLabelling {
    pub(crate) fn new(world: &VoxelGrid, moves: VoxelMoves) -> WorldLabelling {
        let how = match moves {
            VoxelMoves::Walk => Labelling::Flood(Flood::new(world)),
            VoxelMoves::Fly6 | VoxelMoves::Fly18 | VoxelMoves::Fly26 => Labelling::Runs(RunLabelling::new(world)),
        };
        WorldLabelling { how, key: (world.version(), moves) }
    }

    /// Labels on over `world` (the one it began on, unchanged) by about `work` (for a flood, a
    /// voxel looked at as a seed counts one, a voxel looked around [`LOOK_AROUND`]; for runs,
    /// see [`RunLabelling::advance`]; at least one step) and returns the work done.
    pub(crate) fn advance(&mut self, world: &VoxelGrid, work: usize) -> usize {
        match &mut self.how {
            Labelling::Runs(runs) => runs.advance(world, work),
            Labelling::Flood(flood) => flood.advance(world, self.key.1, work),
        }
    }

    pub(crate) fn is_done(&self) -> bool {
        match &self.how {
            Labelling::Runs(runs) => runs.is_done(),
            Labelling::Flood(flood) => flood.is_done(),
        }
    }

    pub(crate) fn into_components(self) -> WorldComponents {
        let parts = match self.how {
            Labelling::Runs(runs) => Parts::Runs(runs.into_runs()),
            Labelling::Flood(flood) => Parts::Standing { standable: flood.standable, labels: flood.labels },
        };
        WorldComponents { parts, key: self.key, follows: 0 }
    }
}

/// A flood over the world's standable voxels (walking moves go from one to another), a label
/// for each: kept beside their indices, sorted, so that it costs what stands, not the volume.
struct Flood {
    standable: Vec<u32>,
    labels: Vec<u32>,
    next: u32,
    /// The next standable voxel (its place in `standable`) to seed a component from.
    seed: usize,
    queue: std::collections::VecDeque<usize>,
    out: Vec<(usize, f64)>,
}

impl Flood {
    fn new(world: &VoxelGrid) -> Flood {
        let standable = world.standable_indices();
        let labels = vec![0u32; standable.len()];
        Flood { standable, labels, next: 0, seed: 0, queue: std::collections::VecDeque::new(), out: Vec::new() }
    }

    fn advance(&mut self, world: &VoxelGrid, moves: VoxelMoves, work: usize) -> usize {
        let space = WorldSpace::new(world, moves, 1.0);
        let mut spent = 0;
        while spent < work.max(1) && !self.is_done() {
            spent += 1;
            if let Some(k) = self.queue.pop_front() {
                spent += LOOK_AROUND - 1;
                space.moves(self.standable[k] as usize, true, &mut self.out);
                for &(v, _) in &self.out {
                    let j = self.standable.binary_search(&(v as u32)).expect("a walk ends on a standable voxel");
                    if self.labels[j] == 0 {
                        self.labels[j] = self.next;
                        self.queue.push_back(j);
                    }
                }
                continue;
            }
            let k = self.seed;
            self.seed += 1;
            if self.labels[k] != 0 {
                continue;
            }
            self.next += 1;
            self.labels[k] = self.next;
            self.queue.push_back(k);
        }
        spent
    }

    fn is_done(&self) -> bool {
        self.seed >= self.labels.len() && self.queue.is_empty()
    }
}

/// The label of voxel `i` among standable voxels and their labels (0 where it is not one).
fn standing_label((standable, labels): (&[u32], &[u32]), i: usize) -> u32 {
    standable.binary_search(&(i as u32)).map_or(0, |k| labels[k])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::voxel::VoxelGrid;

    /// The standable voxels read a word at a time are those `is_standable` names, one by one:
    /// on random worlds whose layers are shorter and longer than a word and not a multiple of it.
    #[test]
    fn standable_voxels_read_by_words_are_those_named_one_by_one() {
        let mut next = crate::rng::xorshift(0x2545_F491_4F6C_DD1Du64);
        for round in 0..80 {
            let (w, h, d) = ([1, 3, 7, 64, 65, 100][round % 6], 1 + next() as usize % 9, 1 + next() as usize % 5);
            let mut world = VoxelGrid::new(w, h, d).unwrap();
            let density = next() % 80;
            for i in 0..world.len() {
                if next() % 100 < density {
                    world.set_blocked(world.pos(i), true).unwrap();
                }
            }
            let want: Vec<u32> = (0..world.len()).filter(|&i| world.is_standable(world.pos(i))).map(|i| i as u32).collect();
            assert_eq!(world.standable_indices(), want, "{w} x {h} x {d}");
        }
    }

    /// The searches' moves (read from masks for flying) are exactly [`voxel_step`]'s, in and on
    /// the edges of random worlds.
    #[test]
    fn the_space_moves_as_voxel_step_says() {
        let mut next = crate::rng::xorshift(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..100 {
            let (w, h, d) = (1 + next() as usize % 6, 1 + next() as usize % 6, 1 + next() as usize % 6);
            let mut world = VoxelGrid::new(w, h, d).unwrap();
            for i in 0..world.len() {
                if next() % 10 < 3 {
                    world.set_blocked(world.pos(i), true).unwrap();
                }
            }
            for moves in VoxelMoves::ALL {
                let space = WorldSpace::new(&world, moves, 1.0);
                let mut out = Vec::new();
                for i in 0..world.len() {
                    let a = world.pos(i);
                    space.moves(i, true, &mut out);
                    let mut got: Vec<(Pos3, f64)> = out.iter().map(|&(j, c)| (world.pos(j), c)).collect();
                    got.sort_by_key(|x| x.0);
                    let mut want: Vec<(Pos3, f64)> =
                        (0..world.len()).map(|j| world.pos(j)).filter_map(|b| voxel_step(&world, a, b, moves).map(|c| (b, c))).collect();
                    want.sort_by_key(|x| x.0);
                    assert_eq!(got, want, "{moves} from {a:?} in {w} x {h} x {d}");
                }
            }
        }
    }
}
