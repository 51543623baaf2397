//! Joining a cluster's nodes: the least cost between each pair inside the cluster, found whole
//! when the hierarchy is built ([`Hierarchy::join`]) and, after an edit, again only where the
//! edit can have changed it ([`Hierarchy::rejoin`]).

use super::block::{Read, pack};
use super::cells::{Field, Patch};
use super::{Hierarchy, Joined};
use crate::grid::Pos;
use crate::grid::board::Grid;

impl Hierarchy {
    /// Joins every cluster, on as many threads as the machine has (up to 8; one where threads
    /// are not to be had, as in the browser): the clusters are independent once the borders
    /// are found.
    pub(super) fn connect_all(&mut self, grid: &Grid) {
        let n = self.nodes.len();
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get()).min(8);
        let joined: Vec<Joined> = if threads <= 1 || n < 64 || cfg!(target_arch = "wasm32") {
            (0..n).map(|c| self.join(grid, c)).collect()
        } else {
            let me = &*self;
            let chunk = n.div_ceil(threads);
            std::thread::scope(|s| {
                let parts: Vec<_> = (0..threads)
                    .map(|t| s.spawn(move || (t * chunk..((t + 1) * chunk).min(n)).map(|c| me.join(grid, c)).collect::<Vec<_>>()))
                    .collect();
                parts.into_iter().flat_map(|p| p.join().expect("joining clusters does not panic")).collect()
            })
        };
        for (c, (nodes, costs, links)) in joined.into_iter().enumerate() {
            self.blocks[c] = pack(&nodes, &costs, &links);
            self.nodes[c] = nodes;
        }
    }

    /// Cluster `c`'s nodes (its cells in transitions, sorted) and each node's partner across
    /// its border, as (node cell, partner cell).
    fn ends(&self, c: usize) -> (Vec<Pos>, Vec<(Pos, Pos)>) {
        let ends: Vec<(Pos, Pos)> = self
            .borders_of(c)
            .into_iter()
            .flat_map(|b| self.borders[b].iter().flat_map(|&(p, q)| [(p, q), (q, p)]))
            .filter(|&(p, _)| self.cluster_of(p) == c)
            .collect();
        let mut nodes: Vec<Pos> = ends.iter().map(|&(p, _)| p).collect();
        nodes.sort_unstable();
        nodes.dedup();
        (nodes, ends)
    }

    /// Cluster `c`'s nodes (its cells in transitions), the least cost between each pair inside
    /// it (one Dijkstra per node, each until the nodes after it are settled: the costs are
    /// symmetric), and each node's partners across its borders.
    pub(super) fn join(&self, grid: &Grid, c: usize) -> Joined {
        let (nodes, ends) = self.ends(c);
        let k = nodes.len();
        let mut costs = vec![f32::INFINITY; k * k];
        let patch = Patch::new(grid, self.rect(c), None);
        let mut field = Field::default();
        for i in 0..k {
            costs[i * k + i] = 0.0;
            if i + 1 == k {
                break;
            }
            patch.search(&mut field, nodes[i], &nodes[i + 1..]);
            for j in i + 1..k {
                let cost = field.cost(nodes[j]) as f32;
                costs[i * k + j] = cost;
                costs[j * k + i] = cost;
            }
        }
        let links = links_of(&nodes, &ends);
        (nodes, costs, links)
    }

    /// Joins cluster `c` whole ([`Hierarchy::join`]) and keeps what that found.
    pub(super) fn join_whole(&mut self, grid: &Grid, c: usize) {
        let (nodes, costs, links) = self.join(grid, c);
        self.blocks[c] = pack(&nodes, &costs, &links);
        self.nodes[c] = nodes;
    }

    /// Joins cluster `c` again after an edit, `changed` being the cells changed inside it, and
    /// keeps what the edit cannot have changed. With no cell changed inside (only its nodes
    /// changed, by an edit across a border) the costs between the nodes it had stand. With one
    /// cell changed, every step the edit makes or unmakes ends at the cell or at one of its two
    /// neighbours along x (a step to or from the cell; a diagonal past its corner, which joins
    /// a neighbour along x to one along y), so a way it makes or unmakes passes through one of
    /// those three: opened, one Dijkstra from each of them gives
    /// every new cost (the least of the old and the ways through them); walled, only the pairs
    /// with a least way through one of them (found by a Dijkstra from each, the cell taken as
    /// open) can have changed, and a few nodes covering those pairs (the one in most of them
    /// first) are joined again to their partners in them. New nodes are always joined by a
    /// Dijkstra of their own; with more cells changed inside, the cluster is joined whole.
    // Long: the three cases share the cost table they fill; apart, each would need it all.
    pub(super) fn rejoin(&mut self, grid: &Grid, c: usize, changed: &[Pos]) {
        if changed.len() > 1 {
            self.join_whole(grid, c);
            return;
        }
        let (nodes, ends) = self.ends(c);
        let (old, old_costs) = (&self.nodes[c], Read::new(&self.blocks[c]));
        let k = nodes.len();
        let was: Vec<Option<usize>> = nodes.iter().map(|p| old.binary_search(p).ok()).collect();
        let mut costs = vec![f32::INFINITY; k * k];
        // new nodes, joined to every node; and the pairs a walled cell may have lengthened
        let fresh: Vec<usize> = (0..k).filter(|&i| was[i].is_none()).collect();
        let mut affected: Vec<(usize, usize)> = Vec::new();
        let mut field = Field::default();
        let rect = self.rect(c);
        // through[s][i]: node i's least cost to the changed cell or one of its neighbours along
        // x (open, in the cluster), with the changed cell open
        // one table of moves for both: first with the changed cell open, then as the grid is
        let mut patch = Patch::new(grid, rect, changed.first().copied());
        let through: Vec<Vec<f64>> = changed
            .first()
            .map(|&cell| {
                let (x, y) = (cell.0 as isize, cell.1 as isize);
                [(x, y), (x + 1, y), (x - 1, y)]
                    .into_iter()
                    .filter(|&(x, y)| x >= rect.0 as isize && y >= rect.1 as isize && x < rect.2 as isize && y < rect.3 as isize)
                    .map(|(x, y)| (x as usize, y as usize))
                    .filter(|&p| p == cell || grid.is_passable(p.0, p.1))
                    .map(|p| {
                        patch.search(&mut field, p, &nodes);
                        nodes.iter().map(|&n| field.cost(n)).collect()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let opened = changed.first().is_some_and(|&p| grid.is_passable(p.0, p.1));
        for i in 0..k {
            costs[i * k + i] = 0.0;
            let Some(oi) = was[i] else { continue };
            for j in i + 1..k {
                let Some(oj) = was[j] else { continue };
                let before = f64::from(old_costs.cost(oi, oj));
                let via = through.iter().map(|t| t[i] + t[j]).fold(f64::INFINITY, f64::min);
                let cost = if opened {
                    before.min(via)
                } else {
                    // on a least way between them (allowing for the f32 costs): join again
                    if before.is_finite() && via <= before + 1e-3 {
                        affected.push((i, j));
                    }
                    before
                };
                costs[i * k + j] = cost as f32;
                costs[j * k + i] = cost as f32;
            }
        }
        if let Some(&cell) = changed.first() {
            patch.retable_around(cell, None);
        }
        let mut join_to = |i: usize, partners: &[usize], costs: &mut [f32]| {
            let until: Vec<Pos> = partners.iter().map(|&j| nodes[j]).collect();
            patch.search(&mut field, nodes[i], &until);
            for &j in partners.iter().filter(|&&j| j != i) {
                let cost = field.cost(nodes[j]) as f32;
                costs[i * k + j] = cost;
                costs[j * k + i] = cost;
            }
        };
        let everyone: Vec<usize> = (0..k).collect();
        for &i in &fresh {
            join_to(i, &everyone, &mut costs);
        }
        // the affected pairs covered by few nodes (the one in most pairs left, in turn), each
        // joined again to its partners in them
        while !affected.is_empty() {
            let mut count = vec![0usize; k];
            for &(i, j) in &affected {
                count[i] += 1;
                count[j] += 1;
            }
            let most = (0..k).max_by_key(|&i| count[i]).expect("a node in a pair");
            let partners: Vec<usize> =
                affected.iter().filter_map(|&(i, j)| (i == most).then_some(j).or((j == most).then_some(i))).collect();
            join_to(most, &partners, &mut costs);
            affected.retain(|&(i, j)| i != most && j != most);
        }
        self.blocks[c] = pack(&nodes, &costs, &links_of(&nodes, &ends));
        self.nodes[c] = nodes;
    }
}

/// Each node's partners across its borders, as (node index, partner cell), sorted by node and
/// partner.
fn links_of(nodes: &[Pos], ends: &[(Pos, Pos)]) -> Vec<(u32, Pos)> {
    let mut links: Vec<(u32, Pos)> = ends.iter().map(|&(p, q)| (nodes.binary_search(&p).expect("a node") as u32, q)).collect();
    links.sort_unstable();
    links
}
