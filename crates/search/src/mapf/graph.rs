//! The grid as a graph of free cells for joint planning, and each agent's distances to its goal,
//! found lazily (a breadth-first search from the goal, resumed only as far as a query needs).

use crate::grid::Pos;
use crate::grid::board::Grid;

/// No vertex, no agent: the empty mark of every table here.
pub(crate) const NONE: u32 = u32::MAX;

/// The free cells of a grid numbered `0..len`, each with its neighbours in the moves of one
/// time step: the 4 straight ones, and with `diagonal` the 4 diagonal ones whose two side cells
/// are free too (no corner cutting).
pub(crate) struct Graph {
    width: usize,
    /// Cell index (y * width + x) to vertex, or `NONE` for a blocked cell.
    ids: Vec<u32>,
    cells: Vec<Pos>,
    /// Up to 8 neighbours a vertex, `NONE`-padded.
    neighbours: Vec<[u32; 8]>,
    /// For each vertex's `k`-th neighbour, where the vertex is in that neighbour's list.
    back: Vec<[u8; 8]>,
    degree: Vec<u8>,
}

impl Graph {
    pub(crate) fn new(grid: &Grid, diagonal: bool) -> Graph {
        let (w, h) = (grid.width(), grid.height());
        let mut ids = vec![NONE; w * h];
        let mut cells = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if grid.is_passable(x, y) {
                    ids[y * w + x] = cells.len() as u32;
                    cells.push((x, y));
                }
            }
        }
        let free = |x: isize, y: isize| x >= 0 && y >= 0 && grid.is_passable(x as usize, y as usize);
        let mut neighbours = Vec::with_capacity(cells.len());
        let mut degree = Vec::with_capacity(cells.len());
        for &(x, y) in &cells {
            let (x, y) = (x as isize, y as isize);
            let mut row = [NONE; 8];
            let mut n = 0;
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)] {
                let straight = dx == 0 || dy == 0;
                let allowed = straight || (diagonal && free(x + dx, y) && free(x, y + dy));
                if !allowed {
                    continue;
                }
                if free(x + dx, y + dy) {
                    row[n] = ids[(y + dy) as usize * w + (x + dx) as usize];
                    n += 1;
                }
            }
            neighbours.push(row);
            degree.push(n as u8);
        }
        let back = neighbours
            .iter()
            .enumerate()
            .map(|(v, row)| {
                std::array::from_fn(|k| match row[k] {
                    NONE => 0,
                    u => neighbours[u as usize].iter().position(|&m| m == v as u32).expect("moves go both ways") as u8,
                })
            })
            .collect();
        Graph { width: w, ids, cells, neighbours, back, degree }
    }

    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The vertex of a free cell; `None` for a blocked one (the caller checks the bounds).
    pub(crate) fn vertex(&self, (x, y): Pos) -> Option<u32> {
        Some(self.ids[y * self.width + x]).filter(|&v| v != NONE)
    }

    pub(crate) fn cell(&self, v: u32) -> Pos {
        self.cells[v as usize]
    }

    pub(crate) fn neighbours(&self, v: u32) -> &[u32] {
        &self.neighbours[v as usize][..self.degree[v as usize] as usize]
    }

    /// Where `v` is among the neighbours of its `k`-th neighbour.
    pub(crate) fn back(&self, v: u32, k: usize) -> usize {
        self.back[v as usize][k] as usize
    }

    pub(crate) fn degree(&self, v: u32) -> usize {
        self.degree[v as usize] as usize
    }
}

/// Every agent's distance (in moves) from any vertex to its goal, each table filled by a
/// breadth-first search from the goal that stops as soon as the asked vertex is reached and
/// resumes from there on the next question.
pub(crate) struct Distances {
    len: usize,
    /// Agent-major: `table[i * len + v]`; `NONE` while unknown.
    table: Vec<u32>,
    /// Each agent's search frontier: `queues[i][heads[i]..]` still to expand.
    queues: Vec<Vec<u32>>,
    heads: Vec<usize>,
}

impl Distances {
    pub(crate) fn new(graph: &Graph, goals: &[u32]) -> Distances {
        let len = graph.len();
        let mut table = vec![NONE; goals.len() * len];
        for (i, &g) in goals.iter().enumerate() {
            table[i * len + g as usize] = 0;
        }
        Distances { len, table, queues: goals.iter().map(|&g| vec![g]).collect(), heads: vec![0; goals.len()] }
    }

    /// Agent `i`'s distance from `v` to its goal; `NONE` when the goal cannot be reached.
    pub(crate) fn get(&mut self, graph: &Graph, i: usize, v: u32) -> u32 {
        let row = i * self.len;
        let known = self.table[row + v as usize];
        if known != NONE {
            return known;
        }
        let queue = &mut self.queues[i];
        let mut head = self.heads[i];
        while head < queue.len() {
            let n = queue[head];
            head += 1;
            let d = self.table[row + n as usize] + 1;
            for &m in graph.neighbours(n) {
                if self.table[row + m as usize] == NONE {
                    self.table[row + m as usize] = d;
                    queue.push(m);
                }
            }
            if self.table[row + v as usize] != NONE {
                break;
            }
        }
        self.heads[i] = head;
        self.table[row + v as usize]
    }
}
