//! Connected components: which passable cells can reach which, under a topology's moves and
//! the terrain classes. A start and goal in different components have no path, and a search
//! can say so without expanding anything.

use std::collections::VecDeque;

use crate::grid::{BLOCKED, Grid, may_enter};
use crate::rules::{DiagonalRule, Topology};
use crate::searcher::Pos;

/// How cells connect: moves are symmetric, so connectivity needs only these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Links {
    /// The 4 straight neighbours: also right for diagonals that need a free side cell
    /// (no corner cutting, one free), since such a diagonal's ends are linked through it.
    Four,
    /// All 8 neighbours: diagonals between two blocked corners.
    Eight,
    /// The 6 odd-r hex neighbours.
    Hex,
}

impl Links {
    fn of(topology: Topology) -> Links {
        match topology {
            Topology::Hex => Links::Hex,
            Topology::Square(DiagonalRule::Always) => Links::Eight,
            Topology::Square(_) => Links::Four,
        }
    }
}

/// The connected components of a grid's passable cells under a topology's moves.
///
/// ```
/// use cubepath_search::{Cell, Components, Grid, Topology};
/// let mut grid = Grid::new(5, 1).unwrap();
/// grid.set(2, 0, Cell::Blocked).unwrap();
/// let parts = Components::new(&grid, Topology::default());
/// assert_eq!(parts.count(), 2);
/// assert!(parts.connected((0, 0), (1, 0)));
/// assert!(!parts.connected((0, 0), (4, 0)));
/// ```
#[derive(Clone, Debug)]
pub struct Components {
    /// The component of each cell, by padded index (0: blocked or off the grid).
    labels: Vec<u32>,
    count: u32,
    stride: usize,
    links: Links,
    version: (u64, u64),
}

impl Components {
    /// Labels every passable cell of `grid` with its component (a flood fill, linear in the
    /// grid's size).
    pub fn new(grid: &Grid, topology: Topology) -> Components {
        let links = Links::of(topology);
        let codes = grid.codes();
        let stride = grid.stride();
        let mut labels = vec![0u32; codes.len()];
        let mut count = 0;
        let mut queue = VecDeque::new();
        let straight = [-(stride as isize), stride as isize, -1, 1];
        let diagonal = [-(stride as isize) - 1, -(stride as isize) + 1, stride as isize - 1, stride as isize + 1];
        for seed in 0..codes.len() {
            if codes[seed] == BLOCKED || labels[seed] != 0 {
                continue;
            }
            count += 1;
            labels[seed] = count;
            queue.push_back(seed);
            while let Some(i) = queue.pop_front() {
                let mut visit = |j: usize| {
                    if codes[j] != BLOCKED && labels[j] == 0 && may_enter(codes[i], codes[j]) {
                        labels[j] = count;
                        queue.push_back(j);
                    }
                };
                match links {
                    Links::Four | Links::Eight => {
                        for d in straight {
                            visit((i as isize + d) as usize);
                        }
                        if links == Links::Eight {
                            for d in diagonal {
                                visit((i as isize + d) as usize);
                            }
                        }
                    }
                    Links::Hex => {
                        let (x, y) = grid.coords(i);
                        for n in crate::expand::hex_neighbours((x, y)).into_iter().flatten() {
                            if n.0 < grid.width() && n.1 < grid.height() {
                                visit(grid.index(n.0, n.1));
                            }
                        }
                    }
                }
            }
        }
        Components { labels, count, stride, links, version: grid.version() }
    }

    /// Number of components.
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// Whether `a` and `b` are passable and connected (a path exists between them).
    pub fn connected(&self, a: Pos, b: Pos) -> bool {
        let at = |p: Pos| self.labels.get((p.1 + 1) * self.stride + p.0 + 1).copied().unwrap_or(0);
        let (la, lb) = (at(a), at(b));
        la != 0 && la == lb
    }

    /// Memory held, in bytes.
    pub fn bytes(&self) -> usize {
        self.labels.len() * std::mem::size_of::<u32>()
    }

    /// Whether these components were computed for this grid as it is now, under moves that
    /// connect like `topology`'s.
    pub fn is_current(&self, grid: &Grid, topology: Topology) -> bool {
        self.version == grid.version() && self.links == Links::of(topology)
    }
}
