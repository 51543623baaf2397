//! A cluster's part of the abstract graph, packed for the abstract search: its nodes, the least
//! cost between each pair inside it and each node's links across its borders, in one run of
//! words laid out in the order a search reads them. An expansion reads one place for its node's
//! costs and links instead of three (each behind its own allocation): on 4096 x 4096 with 20 %
//! walls a query took 2.40 to 2.44 ms against 2.65 to 2.76 with the three apart.

use super::Hierarchy;
use crate::grid::Pos;

/// A link's words in a node's record: the partner's cluster, its index there and its cell.
const LINK: usize = 3;

/// One cluster's words: `k`; where each node's record begins (k + 1 places, the last its end);
/// the nodes' cells ([`pack`]); then each node's record, its row of costs (`f32` bits, infinite
/// where no way joins the two inside the cluster) followed by its links.
pub(super) type Block = Box<[u32]>;

/// Packs a cluster's nodes (sorted), its k x k costs (row-major) and its links (node index and
/// partner cell, sorted by node), their partners' clusters and indices left for
/// [`Hierarchy::relink`].
pub(super) fn pack(nodes: &[Pos], costs: &[f32], links: &[(u32, Pos)]) -> Block {
    let k = nodes.len();
    // the links of the nodes before node i (the links are sorted by node)
    let before = |i: usize| links.partition_point(|l| (l.0 as usize) < i);
    let mut w = Vec::with_capacity(2 * k + 2 + k * k + LINK * links.len());
    w.push(k as u32);
    // where each node's record begins: the header, then i rows of costs and the links before
    w.extend((0..=k).map(|i| (2 * k + 2 + i * k + LINK * before(i)) as u32));
    w.extend(nodes.iter().map(|&p| cell_word(p)));
    for i in 0..k {
        w.extend(costs[i * k..(i + 1) * k].iter().map(|c| c.to_bits()));
        w.extend(links[before(i)..before(i + 1)].iter().flat_map(|&(_, partner)| [0, 0, cell_word(partner)]));
    }
    w.into_boxed_slice()
}

/// Where node `i`'s links lie in a cluster's words: its record after its row of costs (as
/// [`Read::record`] splits it, there from the record's own slice, which the search's hot loop
/// reads with fewer bounds checks).
fn links_at(words: &[u32], i: usize) -> std::ops::Range<usize> {
    words[1 + i] as usize + words[0] as usize..words[2 + i] as usize
}

/// A cell as one word (a grid is at most 4,096 cells a side).
fn cell_word((x, y): Pos) -> u32 {
    (x | y << 16) as u32
}

/// The cell of [`cell_word`]'s word.
pub(super) fn word_cell(w: u32) -> Pos {
    ((w & 0xffff) as usize, (w >> 16) as usize)
}

/// A block read: its nodes' number, and node `i`'s record split into its costs and links.
#[derive(Clone, Copy)]
pub(super) struct Read<'a> {
    words: &'a [u32],
    pub k: usize,
}

impl<'a> Read<'a> {
    pub fn new(words: &'a [u32]) -> Read<'a> {
        Read { words, k: words[0] as usize }
    }

    /// The nodes' cells, as words.
    pub fn cells(&self) -> &'a [u32] {
        &self.words[self.k + 2..2 * self.k + 2]
    }

    /// Node `i`'s costs to each node (`f32` bits) and its links (partner's cluster, index, cell).
    pub fn record(&self, i: usize) -> (&'a [u32], std::slice::ChunksExact<'a, u32>) {
        let record = &self.words[self.words[1 + i] as usize..self.words[2 + i] as usize];
        (&record[..self.k], record[self.k..].chunks_exact(LINK))
    }

    /// The least cost from node `i` to node `j` inside the cluster.
    pub fn cost(&self, i: usize, j: usize) -> f32 {
        f32::from_bits(self.record(i).0[j])
    }
}

impl Hierarchy {
    /// Finds again the cluster and index of each partner of the links of `clusters` (their
    /// nodes, or their neighbours', may have changed).
    pub(super) fn relink(&mut self, clusters: impl IntoIterator<Item = usize>) {
        for c in clusters {
            let mut words = std::mem::take(&mut self.blocks[c]);
            for i in 0..words[0] as usize {
                let links = links_at(&words, i);
                words[links].chunks_exact_mut(LINK).for_each(|l| {
                    let partner = word_cell(l[2]);
                    let there = self.cluster_of(partner);
                    l[0] = there as u32;
                    l[1] = self.nodes[there].binary_search(&partner).expect("a node across the border") as u32;
                });
            }
            self.blocks[c] = words;
        }
    }
}
