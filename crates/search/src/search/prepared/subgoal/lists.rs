//! What a mending keeps while it works, and how the mended hierarchy's arrays are made again
//! from it: the changed vertices' lists found by number ([`Lists`]), and per-vertex lists made
//! again in runs of unchanged vertices copied at once ([`relist`]).

use super::contract::{Downward, Upward};

/// Lists kept for some of the vertices (those changed), found by vertex number in constant
/// time; the vertices in the order their lists were first put.
pub(super) struct Lists<T> {
    at: Vec<u32>,
    keys: Vec<u32>,
    lists: Vec<Vec<T>>,
}

impl<T> Lists<T> {
    pub(super) fn new(n: usize) -> Lists<T> {
        Lists { at: vec![u32::MAX; n], keys: Vec::new(), lists: Vec::new() }
    }

    pub(super) fn get(&self, v: &u32) -> Option<&Vec<T>> {
        self.lists.get(*self.at.get(*v as usize)? as usize)
    }

    pub(super) fn get_mut(&mut self, v: &u32) -> Option<&mut Vec<T>> {
        self.lists.get_mut(*self.at.get(*v as usize)? as usize)
    }

    pub(super) fn contains_key(&self, v: &u32) -> bool {
        self.at[*v as usize] != u32::MAX
    }

    /// Puts `v`'s list (it has none yet).
    pub(super) fn insert(&mut self, v: u32, list: Vec<T>) {
        debug_assert!(!self.contains_key(&v));
        self.at[v as usize] = self.lists.len() as u32;
        self.keys.push(v);
        self.lists.push(list);
    }

    pub(super) fn keys(&self) -> impl Iterator<Item = &u32> {
        self.keys.iter()
    }

    pub(super) fn values(&self) -> impl Iterator<Item = &Vec<T>> {
        self.lists.iter()
    }

    pub(super) fn values_mut(&mut self) -> impl Iterator<Item = &mut Vec<T>> {
        self.lists.iter_mut()
    }
}

impl<T> std::ops::Index<&u32> for Lists<T> {
    type Output = Vec<T>;

    fn index(&self, v: &u32) -> &Vec<T> {
        self.get(v).expect("a vertex with a list")
    }
}

/// What [`relist`] asks to be appended: the old lists of a range of old edges, or a changed
/// vertex's list.
pub(super) enum Fill {
    Old(std::ops::Range<usize>),
    Changed(u32),
}

/// The offsets of per-vertex lists made again for `n` vertices, in order: each run of old
/// vertices (numbered below `before`) not in `changed` (ascending) has its old lists (at
/// `old` offsets) appended at once, each changed vertex its list, by `fill`, which gives the
/// lists' length after; new vertices never changed have none.
pub(super) fn relist(changed: &[u32], before: usize, n: usize, old: &[u32], mut fill: impl FnMut(Fill) -> usize) -> Vec<u32> {
    let mut offsets = Vec::with_capacity(n + 1);
    offsets.push(0);
    let mut next = 0;
    for c in changed.iter().map(|&c| c as usize).chain([n]) {
        let to = c.min(before);
        if next < to {
            let by = fill(Fill::Old(old[next] as usize..old[to] as usize)) as i64 - old[to] as i64;
            offsets.extend(old[next + 1..=to].iter().map(|&o| (o as i64 + by) as u32));
        }
        let len = *offsets.last().expect("the first offset");
        offsets.resize(c + 1, len);
        if c == n {
            break;
        }
        offsets.push(fill(Fill::Changed(c as u32)) as u32);
        next = c + 1;
    }
    offsets
}

/// The hierarchy's edges by the vertex they reach (`by_rank`: its vertices in their order),
/// each list latest source first, so that a search above a rank stops at the first below.
pub(super) fn downward(old: &Upward, by_rank: &[u32]) -> Downward {
    let before = old.rank.len();
    let mut offsets = vec![0u32; before + 1];
    for &t in &old.targets {
        offsets[t as usize + 1] += 1;
    }
    for v in 0..before {
        offsets[v + 1] += offsets[v];
    }
    let mut next = offsets.clone();
    let (mut from, mut costs) = (vec![0; old.targets.len()], vec![0.0; old.targets.len()]);
    for &v in by_rank.iter().rev() {
        for (t, c, _) in old.edges(v) {
            let at = &mut next[t as usize];
            (from[*at as usize], costs[*at as usize]) = (v, c);
            *at += 1;
        }
    }
    Downward { offsets, from, costs }
}
