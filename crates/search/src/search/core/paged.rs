//! [`Paged`]: a search's per-voxel records in pages of [`PAGE`] neighbouring voxels, a page
//! handed out when the search first touches one of its voxels: memory that follows where a
//! search goes, not the world's volume. A world of 60 million voxels costs an array over its
//! pages (4 bytes a page, 3.75 MB) and the pages a search touches, against 24 bytes a voxel
//! (1.4 GB) for records over all of it.

use crate::search::core::open_list::{Entry, NONE};

/// Voxels to a page: consecutive indices, a run along x.
pub(crate) const PAGE: usize = 64;

/// One voxel's search record.
#[derive(Clone, Copy)]
pub(crate) struct Rec {
    pub(crate) g: f64,
    pub(crate) parent: u32,
    /// `stamp << 1` when seen in this search, `| 1` when also closed (0: untouched).
    pub(crate) mark: u32,
    /// Its place in the expansion order, once expanded.
    pub(crate) order: u32,
    /// While it is queued, where its entry sits in the open list ([`Queue`]).
    pub(crate) pos: u32,
}

impl Default for Rec {
    fn default() -> Rec {
        Rec { g: 0.0, parent: NONE, mark: 0, order: 0, pos: 0 }
    }
}

/// The records of one search, in pages (see the module's docs). Pages are kept from one search
/// to the next and cleared when handed out again.
#[derive(Default)]
pub(crate) struct Paged {
    /// Per page of the space: its slot in `pages` plus one, or 0 while untouched.
    table: Vec<u32>,
    /// The pages handed out (the first `used` in this search), kept for the next search.
    pages: Vec<[Rec; PAGE]>,
    /// Which page of the space each slot holds.
    owners: Vec<u32>,
    used: usize,
}

impl Paged {
    /// Empties the records for a search of a space of `len` voxels.
    pub(crate) fn reset(&mut self, len: usize) {
        let pages = len.div_ceil(PAGE);
        if self.table.len() != pages {
            self.table = vec![0; pages];
        } else {
            for &p in &self.owners[..self.used] {
                self.table[p as usize] = 0;
            }
        }
        self.used = 0;
    }

    /// The record of voxel `i`, if its page was handed out in this search.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&Rec> {
        let slot = self.table[i / PAGE];
        (slot != 0).then(|| &self.pages[slot as usize - 1][i % PAGE])
    }

    /// The record of voxel `i`, its page handed out (cleared) if this search had not touched it.
    #[inline]
    pub(crate) fn get_mut(&mut self, i: usize) -> &mut Rec {
        let mut slot = self.table[i / PAGE];
        if slot == 0 {
            slot = self.hand_out(i / PAGE);
        }
        &mut self.pages[slot as usize - 1][i % PAGE]
    }

    #[cold]
    fn hand_out(&mut self, page: usize) -> u32 {
        if self.used == self.pages.len() {
            self.pages.push([Rec::default(); PAGE]);
            self.owners.push(page as u32);
        } else {
            self.pages[self.used] = [Rec::default(); PAGE];
            self.owners[self.used] = page as u32;
        }
        self.used += 1;
        self.table[page] = self.used as u32;
        self.used as u32
    }

    /// The voxels of the pages this search touched, with their records (untouched voxels of
    /// those pages included, with mark 0), in the order the pages were handed out.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, &Rec)> {
        self.owners[..self.used]
            .iter()
            .zip(&self.pages)
            .flat_map(|(&p, page)| page.iter().enumerate().map(move |(k, r)| (p as usize * PAGE + k, r)))
    }
}

/// Where a queued voxel's entry sits in [`Queue`] when it is the held one.
const HELD: u32 = u32::MAX;

/// The open list over paged records: a binary heap that knows where each voxel's entry sits
/// (in the voxel's record), so a cheaper way raises the entry instead of adding a second one;
/// with the best entry pushed since the last pop held outside it, as the board's open list
/// does: in open air the next voxel expanded is usually one the last expansion pushed, taken
/// without sifting. (On fly-26 worlds a voxel is reached more cheaply about three times for
/// each expansion: second entries made the heap four times as long, and large searches half
/// as slow again.)
#[derive(Default)]
pub(crate) struct Queue {
    items: Vec<Entry>,
    held: Option<Entry>,
}

impl Queue {
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.held = None;
    }

    /// Puts `e` at `i` (inside the heap) and notes where in its voxel's record (handed out
    /// when the voxel was queued).
    #[inline(always)]
    fn place(&mut self, paged: &mut Paged, i: usize, e: Entry) {
        self.items[i] = e;
        let v = e.idx() as usize;
        let slot = paged.table[v / PAGE] as usize;
        debug_assert!(slot != 0, "a queued voxel's page is handed out");
        paged.pages[slot - 1][v % PAGE].pos = i as u32;
    }

    fn sift_up(&mut self, paged: &mut Paged, mut i: usize, e: Entry) {
        while i > 0 {
            let parent = (i - 1) / 2;
            let pe = self.items[parent];
            if pe >= e {
                break;
            }
            self.place(paged, i, pe);
            i = parent;
        }
        self.place(paged, i, e);
    }

    fn sift_down(&mut self, paged: &mut Paged, mut i: usize, e: Entry) {
        let n = self.items.len();
        loop {
            let mut c = 2 * i + 1;
            if c >= n {
                break;
            }
            if c + 1 < n && self.items[c + 1] > self.items[c] {
                c += 1;
            }
            if self.items[c] <= e {
                break;
            }
            self.place(paged, i, self.items[c]);
            i = c;
        }
        self.place(paged, i, e);
    }

    fn push_array(&mut self, paged: &mut Paged, e: Entry) {
        self.items.push(e);
        self.sift_up(paged, self.items.len() - 1, e);
    }

    /// Queues a voxel not queued yet (its record handed out).
    #[inline]
    pub(crate) fn push(&mut self, paged: &mut Paged, e: Entry) {
        match self.held {
            Some(h) if e <= h => self.push_array(paged, e),
            Some(h) => {
                self.push_array(paged, h);
                self.held = Some(e);
                paged.get_mut(e.idx() as usize).pos = HELD;
            }
            None => {
                self.held = Some(e);
                paged.get_mut(e.idx() as usize).pos = HELD;
            }
        }
    }

    /// Gives a queued voxel's entry its new key `e` (a cheaper way: f no larger; equal f
    /// rounded, the smaller g comes later).
    pub(crate) fn update(&mut self, paged: &mut Paged, e: Entry) {
        let at = paged.get(e.idx() as usize).expect("queued").pos;
        if at == HELD {
            debug_assert!(self.held.is_some_and(|h| h.idx() == e.idx()), "the held entry is this voxel's");
            self.held = Some(e);
            return;
        }
        let at = at as usize;
        debug_assert!(self.items[at].idx() == e.idx(), "the entry at the voxel's place is its own");
        if e > self.items[at] { self.sift_up(paged, at, e) } else { self.sift_down(paged, at, e) }
    }

    #[inline]
    pub(crate) fn pop(&mut self, paged: &mut Paged) -> Option<Entry> {
        if let Some(h) = self.held
            && self.items.first().is_none_or(|&top| h > top)
        {
            self.held = None;
            return Some(h);
        }
        let last = self.items.pop()?;
        let Some(&top) = self.items.first() else { return Some(last) };
        // the hole moved down to a leaf along the larger children, then `last` sifted up from
        // there: one comparison a level on the way down (`last` mostly belongs near the bottom)
        let n = self.items.len();
        let mut i = 0;
        loop {
            let mut c = 2 * i + 1;
            if c >= n {
                break;
            }
            if c + 1 < n && self.items[c + 1] > self.items[c] {
                c += 1;
            }
            self.place(paged, i, self.items[c]);
            i = c;
        }
        self.sift_up(paged, i, last);
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records written in one search read back; the next search (same size) finds every voxel
    /// untouched again, in pages reused, not added; another size starts a new table.
    #[test]
    fn pages_are_handed_out_where_written_and_cleared_for_the_next_search() {
        let mut paged = Paged::default();
        paged.reset(1000);
        assert!(paged.get(5).is_none());
        paged.get_mut(5).g = 2.5;
        paged.get_mut(700).mark = 3;
        assert_eq!(paged.get(5).unwrap().g, 2.5);
        assert_eq!(paged.get(6).unwrap().mark, 0, "same page, untouched");
        assert_eq!(paged.get(700).unwrap().mark, 3);
        assert!(paged.get(100).is_none());
        let touched: Vec<usize> = paged.iter().filter(|(_, r)| r.mark != 0 || r.g != 0.0).map(|(i, _)| i).collect();
        assert_eq!(touched, [5, 700]);
        paged.reset(1000);
        assert!(paged.get(5).is_none() && paged.get(700).is_none());
        paged.get_mut(900).mark = 1;
        paged.get_mut(0).mark = 1;
        assert_eq!(paged.pages.len(), 2, "pages reused");
        assert!(paged.get(700).is_none());
        assert_eq!(paged.get(5).unwrap().mark, 0, "a reused page comes cleared");
        paged.reset(10);
        assert!(paged.get(0).is_none());
    }

    /// The open list pops what a plain ordered set of (key, voxel) would, through random
    /// pushes, pops and updates to cheaper and dearer keys (on the held entry and in the heap),
    /// and the positions it notes in the records stay right.
    #[test]
    fn the_queue_pops_in_the_order_of_a_model_set() {
        let mut draw = crate::rng::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut next = move |n: u64| draw() % n;
        let (mut paged, mut queue) = (Paged::default(), Queue::default());
        let mut model = std::collections::BTreeSet::new();
        let mut key = vec![None; 500];
        let mut pops = 0;
        for round in 0..20 {
            paged.reset(500);
            queue.clear();
            model.clear();
            key.fill(None);
            for _ in 0..2000 {
                let v = next(500) as usize;
                let e = Entry::new(next(50) as f64, next(20) as f64, v as u32);
                match (next(3), key[v]) {
                    (0, _) => {
                        let got = queue.pop(&mut paged);
                        let want = model.pop_last();
                        assert_eq!(got, want, "round {round}");
                        if let Some(e) = got {
                            key[e.idx() as usize] = None;
                            pops += 1;
                        }
                    }
                    (_, Some(old)) => {
                        queue.update(&mut paged, e);
                        model.remove(&old);
                        model.insert(e);
                        key[v] = Some(e);
                    }
                    (_, None) => {
                        paged.get_mut(v);
                        queue.push(&mut paged, e);
                        model.insert(e);
                        key[v] = Some(e);
                    }
                }
            }
        }
        assert!(pops > 5000, "{pops} pops");
    }
}
