//! The runs of free voxels and their parts brought up to date around edits of the world,
//! instead of found again over the whole world (7 to 30 ms on 60 million voxels).
//!
//! **Freed voxels join parts.** The rows of the changed voxels are read again. A new run takes
//! the parts of the old runs of its row that it overlaps (a run made of freed voxels alone, a
//! new part), and then the parts of the runs it touches in the four rows beside it: all of
//! them are one part now.
//!
//! **Blocked voxels may split a part.** A part splits only at a newly blocked voxel, and each
//! piece holds a free voxel beside one. So from the runs of those neighbours, grouped by part,
//! breadth-first searches over the runs go on by turns, one run each; two that meet are one
//! piece from then on. When every search but one has run out, those that ran out are whole
//! parts of their own and take new numbers; the one left keeps the old number (when all run
//! out, the largest keeps it). The work follows the smaller pieces: one voxel blocked in the
//! open air has its neighbours meet again within a few runs.

use std::collections::HashMap;
use std::collections::VecDeque;

use super::runs::{Runs, row_runs};
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, faces};

/// How many runs a split's searches may find (and a sixteenth of the world's runs) before
/// labelling the whole world is the cheaper way: it reads every row once, about 12 ms for the
/// 300,000-odd runs of 60 million voxels here, the time these searches take for some 40,000.
pub(crate) const SPLIT_RUNS: usize = 16_384;

/// No search has found the run yet.
const NONE: u32 = u32::MAX;

/// Union-find over part numbers, kept only for the numbers it has seen.
#[derive(Default)]
struct Joins(HashMap<u32, u32>);

impl Joins {
    fn find(&self, mut a: u32) -> u32 {
        while let Some(&up) = self.0.get(&a) {
            if up == a {
                break;
            }
            a = up;
        }
        a
    }

    fn unite(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            self.0.insert(hi, lo);
            self.0.entry(lo).or_insert(lo);
        }
    }
}

impl Runs {
    /// Brings the runs and their parts to `world` as it is now, after the voxels `changed`
    /// changed (any order, repeats allowed); see the module's docs. False when a split's
    /// searches pass [`SPLIT_RUNS`] runs and a sixteenth of all: then labelling the world whole
    /// costs less, and these runs are left half done (to be dropped).
    pub(crate) fn update(&mut self, world: &VoxelGrid, changed: &[Pos3]) -> bool {
        let mut changed = changed.to_vec();
        changed.sort_unstable();
        changed.dedup();
        // free before (in an old run) and blocked now
        let blocked: Vec<Pos3> = changed.iter().copied().filter(|&p| world.is_blocked(p) && self.label(p) != 0).collect();
        let mut rows: Vec<usize> = changed.iter().map(|p| p.2 * self.height + p.1).collect();
        rows.sort_unstable();
        rows.dedup();
        let mut joins = Joins::default();
        self.read_rows(world, &rows, &mut joins);
        for &row in &rows {
            for k in self.starts[row] as usize..self.starts[row + 1] as usize {
                let touched: Vec<u32> = self.touching(row, k).map(|(_, q)| self.labels[q]).collect();
                for l in touched {
                    joins.unite(self.labels[k], l);
                }
            }
        }
        if !joins.0.is_empty() {
            let mut map: Vec<u32> = (0..self.next).collect();
            for &l in joins.0.keys() {
                map[l as usize] = joins.find(l);
            }
            for l in &mut self.labels {
                *l = map[*l as usize];
            }
        }
        self.split_at(world, &blocked)
    }

    /// Reads rows `rows` (sorted) of `world` again, splicing their runs in; each new run takes
    /// the part of an old run of its row that it overlaps (the others it overlaps joined to it
    /// in `joins`), or a new part.
    fn read_rows(&mut self, world: &VoxelGrid, rows: &[usize], joins: &mut Joins) {
        let (mut fresh, mut labels) = (Vec::new(), Vec::new());
        // the last row first: splicing a row moves only the runs after it
        for &row in rows.iter().rev() {
            let (a, b) = (self.starts[row] as usize, self.starts[row + 1] as usize);
            fresh.clear();
            labels.clear();
            row_runs(world, row, &mut fresh);
            for &(first, last) in &fresh {
                let mut label = None;
                for k in (a..b).filter(|&k| self.runs[k].0 <= last && first <= self.runs[k].1) {
                    match label {
                        None => label = Some(self.labels[k]),
                        Some(m) => joins.unite(m, self.labels[k]),
                    }
                }
                labels.push(label.unwrap_or_else(|| {
                    self.next += 1;
                    self.next - 1
                }));
            }
            self.runs.splice(a..b, fresh.iter().copied());
            self.labels.splice(a..b, labels.iter().copied());
            if fresh.len() != b - a {
                let grown = fresh.len() as i64 - (b - a) as i64;
                for s in &mut self.starts[row + 1..] {
                    *s = (*s as i64 + grown) as u32;
                }
            }
        }
    }

    /// The runs touching run `k` of row `row` in the four rows beside it (y and z one apart),
    /// each with its row.
    fn touching(&self, row: usize, k: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (y, z) = (row % self.height, row / self.height);
        let depth = (self.starts.len() - 1) / self.height;
        let (first, last) = self.runs[k];
        let beside = [
            (y > 0).then(|| row - 1),
            (y + 1 < self.height).then(|| row + 1),
            (z > 0).then(|| row - self.height),
            (z + 1 < depth).then(|| row + self.height),
        ];
        beside.into_iter().flatten().flat_map(move |other| {
            let (a, b) = (self.starts[other] as usize, self.starts[other + 1] as usize);
            let from = a + self.runs[a..b].partition_point(|&(_, l)| l < first);
            (from..b).take_while(move |&q| self.runs[q].0 <= last).map(move |q| (other, q))
        })
    }

    /// Splits the parts that the newly blocked voxels `blocked` cut in pieces (see the
    /// module's docs); false when it gave up ([`Runs::update`]).
    fn split_at(&mut self, world: &VoxelGrid, blocked: &[Pos3]) -> bool {
        let mut seeds: HashMap<u32, Vec<(usize, usize)>> = HashMap::new();
        for &p in blocked {
            for q in faces(p) {
                if world.is_free(q)
                    && let Some((row, k)) = self.run_of(q)
                {
                    let list = seeds.entry(self.labels[k]).or_default();
                    if !list.iter().any(|s| s.1 == k) {
                        list.push((row, k));
                    }
                }
            }
        }
        seeds.into_values().all(|list| list.len() < 2 || self.split_part(&list))
    }

    /// Breadth-first searches over the runs from each of `seeds` (runs of one part), by
    /// turns, until at most one goes on; those that ran out take new part numbers. False when
    /// the searches pass [`SPLIT_RUNS`] runs and a sixteenth of all.
    fn split_part(&mut self, seeds: &[(usize, usize)]) -> bool {
        // each run's search (NONE: none yet), and the runs found, in order
        let mut owner = std::mem::take(&mut self.owner);
        owner.resize(self.runs.len(), NONE);
        let mut found: Vec<usize> = Vec::new();
        let split = self.search_pieces(seeds, &mut owner, &mut found);
        // the searches' marks taken off again, for the next split
        for &run in &found {
            owner[run] = NONE;
        }
        self.owner = owner;
        split
    }

    /// [`Runs::split_part`]'s searches, marking in `owner` each run's search and listing in
    /// `found` the runs they found.
    fn search_pieces(&mut self, seeds: &[(usize, usize)], owner: &mut [u32], found: &mut Vec<usize>) -> bool {
        let n = seeds.len();
        let mut root: Vec<usize> = (0..n).collect();
        let find = |root: &mut Vec<usize>, mut i: usize| {
            while root[i] != i {
                root[i] = root[root[i]];
                i = root[i];
            }
            i
        };
        let mut queues: Vec<VecDeque<(usize, usize)>> = vec![VecDeque::new(); n];
        for (i, &s) in seeds.iter().enumerate() {
            owner[s.1] = i as u32;
            found.push(s.1);
            queues[i].push_back(s);
        }
        loop {
            let roots: Vec<usize> = (0..n).filter(|&i| find(&mut root, i) == i).collect();
            if roots.len() == 1 {
                return true; // every piece met the others: still one part
            }
            if found.len() > SPLIT_RUNS.max(self.runs.len() / 16) {
                return false;
            }
            let going: Vec<usize> = roots.iter().copied().filter(|&i| !queues[i].is_empty()).collect();
            if going.len() <= 1 {
                let pieces: Vec<usize> = found.iter().map(|&run| find(&mut root, owner[run] as usize)).collect();
                self.number_pieces(&roots, going.first().copied(), found, &pieces);
                return true;
            }
            for i in going {
                let i = find(&mut root, i);
                let Some((row, k)) = queues[i].pop_front() else { continue };
                let next: Vec<(usize, usize)> = self.touching(row, k).collect();
                for (other, q) in next {
                    match owner[q] {
                        NONE => {
                            owner[q] = i as u32;
                            found.push(q);
                            queues[i].push_back((other, q));
                        }
                        j => {
                            let (ri, rj) = (find(&mut root, i), find(&mut root, j as usize));
                            if ri != rj {
                                root[rj] = ri;
                                let moved = std::mem::take(&mut queues[rj]);
                                queues[ri].extend(moved);
                            }
                        }
                    }
                }
            }
        }
    }
}

impl Runs {
    /// The pieces `roots` of a split part, once all but `going` (or all) ran out: those that ran
    /// out take new part numbers, each on its runs (`found`, each in piece `pieces[k]`); the one
    /// going on (or, when all ran out, the largest) keeps the part's number.
    fn number_pieces(&mut self, roots: &[usize], going: Option<usize>, found: &[usize], pieces: &[usize]) {
        let mut size: HashMap<usize, usize> = HashMap::new();
        for &r in pieces {
            *size.entry(r).or_default() += 1;
        }
        let keep = going.unwrap_or_else(|| *roots.iter().max_by_key(|&&r| (size[&r], r)).expect("two or more"));
        let mut fresh: HashMap<usize, u32> = HashMap::new();
        for &r in roots.iter().filter(|&&r| r != keep) {
            fresh.insert(r, self.next);
            self.next += 1;
        }
        for (&run, r) in found.iter().zip(pieces) {
            if let Some(&l) = fresh.get(r) {
                self.labels[run] = l;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::solid::runs::{RunLabelling, flood_parts, scattered};
    use crate::search::solid::voxel_space::WorldComponents;
    use crate::search::{Searcher, solid::kept::WorldParts};
    use crate::world::VoxelMoves;

    /// Whether the runs part the free voxels as the flood does (same part exactly when the
    /// flood's is the same), checked over every pair of a sample.
    fn parts_as_flood(runs: &Runs, world: &VoxelGrid) -> Result<(), String> {
        let part = flood_parts(world);
        let free: Vec<usize> = (0..world.len()).filter(|&i| part[i] != 0).collect();
        for (i, &f) in part.iter().enumerate() {
            if (runs.label(world.pos(i)) == 0) != (f == 0) {
                return Err(format!("{:?}: label {} where the flood says {f}", world.pos(i), runs.label(world.pos(i))));
            }
        }
        let mut by_label: HashMap<u32, u32> = HashMap::new();
        let mut by_part: HashMap<u32, u32> = HashMap::new();
        for &i in &free {
            let (l, f) = (runs.label(world.pos(i)), part[i]);
            if *by_label.entry(l).or_insert(f) != f || *by_part.entry(f).or_insert(l) != l {
                return Err(format!("{:?}: label {l} and flood part {f} disagree", world.pos(i)));
            }
        }
        Ok(())
    }

    fn runs_of(world: &VoxelGrid) -> Runs {
        let mut labelling = RunLabelling::new(world);
        labelling.advance(world, usize::MAX);
        labelling.into_runs()
    }

    /// After random edits (single voxels, boxes put and taken, walls that cut a world in two
    /// and are opened again), runs brought up to date part the free voxels as a flood written
    /// from the rule does, on worlds narrow and wider than a word.
    #[test]
    fn updated_runs_part_free_voxels_as_a_flood_does() {
        let mut next = crate::rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for round in 0..80 {
            let w = [1, 5, 63, 64, 65, 130][round % 6];
            let (h, d) = (1 + next() as usize % 6, 1 + next() as usize % 5);
            let density = next() % 40;
            let mut world = scattered(w, h, d, density, &mut next);
            let mut runs = runs_of(&world);
            for edit in 0..12 {
                let then = world.version();
                let at = |n: u64, m: usize| (n % m as u64) as usize;
                match next() % 4 {
                    // a wall across x: cuts the world in two, or opens it again
                    0 => {
                        let (x, block) = (at(next(), w), next().is_multiple_of(2));
                        for z in 0..d {
                            for y in 0..h {
                                world.set_blocked((x, y, z), block).unwrap();
                            }
                        }
                    }
                    // a box
                    1 => {
                        let (x, y, z) = (at(next(), w), at(next(), h), at(next(), d));
                        let block = next().is_multiple_of(2);
                        for q in
                            (z..d.min(z + 3)).flat_map(|z| (y..h.min(y + 2)).flat_map(move |y| (x..w.min(x + 4)).map(move |x| (x, y, z))))
                        {
                            world.set_blocked(q, block).unwrap();
                        }
                    }
                    // a few single voxels, some toggled twice
                    _ => {
                        for _ in 0..1 + next() % 4 {
                            let p = (at(next(), w), at(next(), h), at(next(), d));
                            world.set_blocked(p, !world.is_blocked(p)).unwrap();
                        }
                    }
                }
                let changed: Vec<Pos3> = world.changes_since(then).unwrap().collect();
                assert!(runs.update(&world, &changed), "small worlds never give up");
                if let Err(e) = parts_as_flood(&runs, &world) {
                    panic!("round {round}, edit {edit}, {w} x {h} x {d}: {e}");
                }
            }
        }
    }

    /// A searcher's components follow a world's edits instead of being made again, and answer
    /// as the flood; a copy (another world) and a fill are labelled again.
    #[test]
    fn a_searchers_parts_follow_edits_and_answer_as_the_flood() {
        let mut world = VoxelGrid::new(40, 12, 10).unwrap();
        let mut searcher = Searcher::default();
        let follows = |s: &Searcher| s.kept.peek::<WorldParts>().and_then(|p| p.components.as_ref()).map_or(0, WorldComponents::follows);
        let mut next = crate::rng::xorshift(0x2545_F491_4F6C_DD1D);
        let check = |searcher: &mut Searcher, world: &VoxelGrid, next: &mut dyn FnMut() -> u64| {
            let part = flood_parts(world);
            for _ in 0..60 {
                let (a, b) = (world.pos(next() as usize % world.len()), world.pos(next() as usize % world.len()));
                if world.is_free(a) && world.is_free(b) {
                    let want = part[world.index(a)] == part[world.index(b)];
                    assert_eq!(searcher.reachable_in_world(world, a, b, VoxelMoves::Fly26), want, "{a:?} -> {b:?}");
                }
            }
        };
        check(&mut searcher, &world, &mut next);
        // a wall at x = 20 with one hole, shut, opened elsewhere
        for z in 0..10 {
            for y in 0..12 {
                world.set_blocked((20, y, z), (y, z) != (5, 5)).unwrap();
            }
        }
        check(&mut searcher, &world, &mut next);
        world.set_blocked((20, 5, 5), true).unwrap();
        check(&mut searcher, &world, &mut next);
        assert!(!searcher.reachable_in_world(&world, (0, 0, 0), (39, 0, 0), VoxelMoves::Fly26));
        world.set_blocked((20, 0, 9), false).unwrap();
        check(&mut searcher, &world, &mut next);
        assert!(searcher.reachable_in_world(&world, (0, 0, 0), (39, 0, 0), VoxelMoves::Fly26));
        assert_eq!(follows(&searcher), 3, "followed, not labelled again");
        let mut copy = world.clone();
        check(&mut searcher, &copy, &mut next);
        assert_eq!(follows(&searcher), 0, "a copy is labelled anew");
        copy.set_blocked((5, 5, 5), true).unwrap();
        check(&mut searcher, &copy, &mut next);
        copy.fill(false);
        check(&mut searcher, &copy, &mut next);
        assert_eq!(follows(&searcher), 0, "a fill is not followed: labelled anew");
    }

    /// A part cut in a small piece and a large one is split by following the small piece
    /// (the search of the large one stopped when the small one's ran out), well within
    /// SPLIT_RUNS; one cut in two halves of 16,000-odd runs each gives up.
    #[test]
    fn splits_follow_the_small_piece_and_give_up_past_split_runs() {
        let (w, h, d) = (4, 128, 260);
        let mut world = VoxelGrid::new(w, h, d).unwrap();
        let mut runs = runs_of(&world);
        // a corner voxel shut in: a piece of one run cut off 33,000-odd
        let then = world.version();
        for p in [(1, 0, 0), (0, 1, 0), (0, 0, 1)] {
            world.set_blocked(p, true).unwrap();
        }
        assert!(runs.update(&world, &world.changes_since(then).unwrap().collect::<Vec<_>>()), "the corner's search runs out at once");
        parts_as_flood(&runs, &world).unwrap();
        // a wall across z at 130 with one hole, then the hole shut: two halves
        for y in 0..h {
            for x in 0..w {
                world.set_blocked((x, y, 130), (x, y) != (0, 0)).unwrap();
            }
        }
        let mut runs = runs_of(&world);
        let then = world.version();
        world.set_blocked((0, 0, 130), true).unwrap();
        assert!(!runs.update(&world, &world.changes_since(then).unwrap().collect::<Vec<_>>()), "past SPLIT_RUNS: labelled whole instead");
    }

    /// Components of a flying model are never followed into walking's (nor walking's into
    /// flying's): a voxel in the air reaches nothing on foot.
    #[test]
    fn flying_parts_are_not_taken_for_walking() {
        let world = VoxelGrid::new(4, 4, 4).unwrap();
        let mut searcher = Searcher::default();
        assert!(searcher.reachable_in_world(&world, (0, 0, 0), (0, 0, 3), VoxelMoves::Fly26));
        assert!(!searcher.reachable_in_world(&world, (0, 0, 0), (0, 0, 3), VoxelMoves::Walk));
        assert!(searcher.reachable_in_world(&world, (0, 0, 0), (0, 0, 3), VoxelMoves::Fly6));
    }

    /// Components whose follow gave up (a split past SPLIT_RUNS) are not followed again from
    /// their half-done runs: the next call labels the world whole and answers rightly.
    #[test]
    fn a_follow_that_gave_up_is_not_followed_again() {
        let (w, h, d) = (4, 128, 260);
        let mut world = VoxelGrid::new(w, h, d).unwrap();
        for y in 0..h {
            for x in 0..w {
                world.set_blocked((x, y, 130), (x, y) != (0, 0)).unwrap();
            }
        }
        let (a, b) = ((0, 0, 0), (0, 0, d - 1));
        for in_steps in [false, true] {
            world.set_blocked((0, 0, 130), false).unwrap();
            let mut searcher = Searcher::default();
            assert!(searcher.reachable_in_world(&world, a, b, VoxelMoves::Fly26));
            searcher.label_worlds_in_steps(in_steps);
            // the last hole shut: two halves of 16,000-odd runs each, past SPLIT_RUNS
            world.set_blocked((0, 0, 130), true).unwrap();
            if in_steps {
                assert!(searcher.may_reach_in_world(&world, a, b, VoxelMoves::Fly26), "not labelled yet: the search finds out");
                while !searcher.label_world_within(&world, VoxelMoves::Fly26, &mut 100_000) {}
            } else {
                assert!(!searcher.may_reach_in_world(&world, a, b, VoxelMoves::Fly26));
            }
            assert!(!searcher.reachable_in_world(&world, a, b, VoxelMoves::Fly26), "in steps: {in_steps}");
        }
    }
}
