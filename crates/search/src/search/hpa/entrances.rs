//! HPA*'s entrances: where the abstract graph crosses each border between two clusters.

use super::Hierarchy;
use crate::grid::Pos;
use crate::grid::board::Grid;

/// How near along a border (fewer cells than this) an offered transition must be to one kept
/// before it to be left out, when the two are also joined by a few moves on both sides (see
/// [`Hierarchy::transitions`](crate::search::Hierarchy)).
pub const SPACING: usize = 4;

impl Hierarchy {
    /// The transitions on border `b`. Each maximal run of cell pairs open on both sides offers
    /// one at its middle, or one at each end when it is 6 or longer (Botea et al.'s rule); an
    /// offer is kept unless a transition kept before it on the border, fewer than [`SPACING`]
    /// cells back, is near it on both sides: each of its cells reached from the offer's on the
    /// same side within 2 x [`SPACING`] straight moves inside that cluster. What is dropped
    /// loses no path, and a way across it can go across the kept one instead for at most
    /// 4 x [`SPACING`] more moves. (Only the same connected part of each cluster, with no
    /// bound, lost 1.73x on a rooms map, where a wall between two runs leads round a room.) On
    /// random walls every border is cut into many short runs and most offers lie near one
    /// kept: on 4096 x 4096 with 20 % walls the abstract graph keeps four fifths of its nodes.
    pub(super) fn transitions(&self, grid: &Grid, b: usize) -> Vec<(Pos, Pos)> {
        let [lo, hi] = self.sides_of(b);
        let (a, z) = (self.rect(lo), self.rect(hi));
        let pairs: Vec<(Pos, Pos)> = if a.1 == z.1 {
            // side by side: the last column of `lo`, the first of `hi`
            (a.1..a.3).map(|y| ((a.2 - 1, y), (z.0, y))).collect()
        } else {
            (a.0..a.2).map(|x| ((x, a.3 - 1), (x, z.1))).collect()
        };
        let open = |&(p, q): &(Pos, Pos)| grid.is_passable(p.0, p.1) && grid.is_passable(q.0, q.1);
        let mut offers = Vec::new();
        let mut k = 0;
        while k < pairs.len() {
            if !open(&pairs[k]) {
                k += 1;
                continue;
            }
            let run = pairs[k..].iter().take_while(|p| open(p)).count();
            if run >= 6 {
                offers.extend([k, k + run - 1]);
            } else {
                offers.push(k + run / 2);
            }
            k += run;
        }
        let mut kept: Vec<usize> = Vec::with_capacity(offers.len());
        let (mut near_a, mut near_b) = (Near::new(a), Near::new(z));
        for k in offers {
            let close: Vec<usize> = kept.iter().rev().copied().take_while(|&at| k - at < SPACING).collect();
            let (p, q) = pairs[k];
            if close.is_empty() || {
                near_a.spread(grid, p, 2 * SPACING);
                near_b.spread(grid, q, 2 * SPACING);
                !close.iter().any(|&at| near_a.reached(pairs[at].0) && near_b.reached(pairs[at].1))
            } {
                kept.push(k);
            }
        }
        kept.into_iter().map(|k| pairs[k]).collect()
    }
}

/// The open cells of a rectangle reached from one of them within a number of straight moves
/// inside it (a breadth-first search, its buffers kept for the next).
struct Near {
    rect: (usize, usize, usize, usize),
    stamp: Vec<u32>,
    now: u32,
    frontier: Vec<usize>,
    next: Vec<usize>,
}

impl Near {
    fn new(rect: (usize, usize, usize, usize)) -> Near {
        let area = (rect.2 - rect.0) * (rect.3 - rect.1);
        Near { rect, stamp: vec![0; area], now: 0, frontier: Vec::new(), next: Vec::new() }
    }

    /// Marks the open cells within `depth` straight moves of open cell `from`.
    fn spread(&mut self, grid: &Grid, from: Pos, depth: usize) {
        let (x0, y0, x1, y1) = self.rect;
        let (w, h) = (x1 - x0, y1 - y0);
        self.now += 1;
        let start = (from.1 - y0) * w + from.0 - x0;
        self.stamp[start] = self.now;
        self.frontier.clear();
        self.frontier.push(start);
        for _ in 0..depth {
            self.next.clear();
            for &i in &self.frontier {
                let (x, y) = (i % w, i / w);
                let around = [(x > 0, i.wrapping_sub(1)), (x + 1 < w, i + 1), (y > 0, i.wrapping_sub(w)), (y + 1 < h, i + w)];
                for (inside, j) in around {
                    if inside && self.stamp[j] != self.now && grid.is_passable(x0 + j % w, y0 + j / w) {
                        self.stamp[j] = self.now;
                        self.next.push(j);
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
    }

    /// Whether the last [`Near::spread`] reached `p`.
    fn reached(&self, (x, y): Pos) -> bool {
        let (x0, y0, x1, _) = self.rect;
        self.stamp[(y - y0) * (x1 - x0) + x - x0] == self.now
    }
}
