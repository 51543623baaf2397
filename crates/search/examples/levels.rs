//! Would a second level pay for HPA*? A probe, measured on a huge random board (4096 x 4096,
//! 20 % walls by default; pass another side and percentage, and the number of clusters a side
//! a second-level cluster groups, as arguments).
//!
//! It builds the engine's [`Hierarchy`] and reads its abstract graph back through the public
//! calls ([`Hierarchy::clusters`], [`Hierarchy::edges`], [`Hierarchy::entrances`]). The second
//! level is made as in Botea, Müller and Schaeffer's multi-level HPA*: a second-level cluster
//! is GROUP x GROUP first-level clusters, its nodes the first-level nodes whose transition
//! crosses its border, joined by their least cost over the first-level graph inside it. Then,
//! for the same random queries, the abstract search is run over each level in the same code
//! (the XDP order at [`DEFAULT_WEIGHT`], a node entered from its own cluster offering only its
//! links across, as the engine's search does), with what each level adds before and after:
//! the first level joins the start and goal to their clusters' nodes (a Dijkstra over cells,
//! the same for both); the second also joins them to their second-level clusters' nodes (a
//! Dijkstra over the first-level graph inside each) and refines each second-level edge into
//! first-level edges (another). Printed: the time of each part, nodes expanded and edges
//! offered a query, and the routes' costs.
//!
//!     cargo run --release -p cubepath-search --example levels [-- SIDE PERCENT GROUP]
#[path = "shared/board.rs"]
mod board;
use board::{Xs, random_board};
use cubepath_search::{grid::*, search::*};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

type Pos = (usize, usize);

/// A graph in compressed rows, each node with its cell and its cluster at this level.
struct Graph {
    start: Vec<u32>,
    to: Vec<u32>,
    cost: Vec<f32>,
    cell: Vec<Pos>,
}

impl Graph {
    fn new(cell: Vec<Pos>, mut edges: Vec<(u32, u32, f32)>) -> Graph {
        edges.sort_unstable_by_key(|e| (e.0, e.1));
        let mut start = vec![0u32; cell.len() + 1];
        for e in &edges {
            start[e.0 as usize + 1] += 1;
        }
        for i in 0..cell.len() {
            start[i + 1] += start[i];
        }
        Graph { start, to: edges.iter().map(|e| e.1).collect(), cost: edges.iter().map(|e| e.2).collect(), cell }
    }
    fn out(&self, v: u32) -> impl Iterator<Item = (u32, f32)> + '_ {
        let r = self.start[v as usize] as usize..self.start[v as usize + 1] as usize;
        self.to[r.clone()].iter().copied().zip(self.cost[r].iter().copied())
    }
}

fn key(f: f64, id: u32) -> Reverse<u64> {
    Reverse((u64::from((f as f32).to_bits()) << 32) | u64::from(id))
}

fn octile(a: Pos, b: Pos) -> f64 {
    let (dx, dy) = (a.0.abs_diff(b.0) as f64, a.1.abs_diff(b.1) as f64);
    dx.max(dy) + (2f64.sqrt() - 1.0) * dx.min(dy)
}

/// Reusable per-node records, stamped per search.
struct Marks {
    dist: Vec<f64>,
    parent: Vec<u32>,
    stamp: Vec<u32>,
    closed: Vec<u32>,
    now: u32,
}

impl Marks {
    fn new(n: usize) -> Marks {
        Marks { dist: vec![0.0; n], parent: vec![0; n], stamp: vec![0; n], closed: vec![0; n], now: 0 }
    }
    fn get(&self, v: u32) -> f64 {
        if self.stamp[v as usize] == self.now { self.dist[v as usize] } else { f64::INFINITY }
    }
    fn set(&mut self, v: u32, d: f64, p: u32) {
        let v = v as usize;
        (self.dist[v], self.parent[v], self.stamp[v]) = (d, p, self.now);
    }
}

/// A Dijkstra over `g` from `seeds`, inside cluster `r` (each node's in `region`), until every
/// one of `targets` is settled: their costs (infinite where not reached). With one target, an
/// A* (the octile estimate to it).
fn within(g: &Graph, region: &[u32], m: &mut Marks, r: u32, seeds: &[(u32, f64)], targets: &[u32]) -> Vec<f64> {
    let aim = (targets.len() == 1).then(|| g.cell[targets[0] as usize]);
    let h = |v: u32| aim.map_or(0.0, |t| octile(g.cell[v as usize], t));
    m.now += 1;
    let mut heap = BinaryHeap::new();
    for &(v, d) in seeds {
        if d < m.get(v) {
            m.set(v, d, u32::MAX);
            heap.push(key(d + h(v), v));
        }
    }
    let mut left = targets.len();
    let want: std::collections::HashSet<u32> = targets.iter().copied().collect();
    while let Some(Reverse(e)) = heap.pop() {
        let v = e as u32;
        if m.closed[v as usize] == m.now {
            continue;
        }
        m.closed[v as usize] = m.now;
        if want.contains(&v) {
            left -= 1;
            if left == 0 {
                break;
            }
        }
        let d = m.get(v);
        for (u, c) in g.out(v) {
            if region[u as usize] == r && d + f64::from(c) < m.get(u) {
                m.set(u, d + f64::from(c), v);
                heap.push(key(d + f64::from(c) + h(u), u));
            }
        }
    }
    targets.iter().map(|&t| if m.closed[t as usize] == m.now { m.get(t) } else { f64::INFINITY }).collect()
}

/// XDP's order, as the engine's abstract search uses it.
fn priority(g: f64, h: f64, w: f64) -> f64 {
    (g + (2.0 * w - 1.0) * h + ((g - h) * (g - h) + 4.0 * w * g * h).sqrt()) / (2.0 * w)
}

/// The abstract search over `g` (each node's cluster in `regions`) with the start (joined to
/// `from`, in cluster `rs`) and the goal (joined from `to`): the route's nodes (graph numbers,
/// the start and goal left out), its cost, the nodes expanded and the edges offered.
fn route(
    g: &Graph,
    regions: &[u32],
    m: &mut Marks,
    ends: (Pos, Pos),
    rs: u32,
    from: &[(u32, f64)],
    to: &HashMap<u32, f64>,
) -> Option<(Vec<u32>, f64, usize, usize)> {
    let w = DEFAULT_WEIGHT;
    let n = g.cell.len() as u32;
    let (s, z) = (n, n + 1);
    m.now += 1;
    let mut heap = BinaryHeap::new();
    m.set(s, 0.0, u32::MAX);
    heap.push(key(0.0, s));
    let (mut expanded, mut offered) = (0, 0);
    let region = |v: u32| if v == s { rs } else { regions[v as usize] };
    while let Some(Reverse(e)) = heap.pop() {
        let v = e as u32;
        if m.closed[v as usize] == m.now {
            continue;
        }
        m.closed[v as usize] = m.now;
        expanded += 1;
        let d = m.get(v);
        if v == z {
            let mut out = Vec::new();
            let mut k = m.parent[z as usize];
            while k != s {
                out.push(k);
                k = m.parent[k as usize];
            }
            out.reverse();
            return Some((out, d, expanded, offered));
        }
        let entered = v == s || {
            let p = m.parent[v as usize];
            p == u32::MAX || region(p) != regions[v as usize]
        };
        let mut offer = |u: u32, c: f64, cell: Pos, heap: &mut BinaryHeap<Reverse<u64>>| {
            offered += 1;
            if m.closed[u as usize] != m.now && d + c < m.get(u) {
                m.set(u, d + c, v);
                heap.push(key(priority(d + c, octile(cell, ends.1), w), u));
            }
        };
        if v == s {
            for &(u, c) in from {
                offer(u, c, g.cell[u as usize], &mut heap);
            }
        } else {
            for (u, c) in g.out(v) {
                if entered || regions[u as usize] != regions[v as usize] {
                    offer(u, f64::from(c), g.cell[u as usize], &mut heap);
                }
            }
            if let Some(&c) = to.get(&v) {
                offer(z, c, ends.1, &mut heap);
            }
        }
    }
    None
}

/// Least costs from `from` to each of `targets` moving inside `rect` (8 neighbours, no corner
/// cutting), by Dijkstra over cells.
fn cells_within(grid: &Grid, rect: (usize, usize, usize, usize), from: Pos, targets: &[Pos]) -> Vec<f64> {
    let open = |x: isize, y: isize| {
        x >= rect.0 as isize
            && y >= rect.1 as isize
            && x < rect.2 as isize
            && y < rect.3 as isize
            && grid.is_passable(x as usize, y as usize)
    };
    let mut dist: HashMap<Pos, f64> = HashMap::from([(from, 0.0)]);
    let mut heap = BinaryHeap::from([key(0.0, (from.0 | from.1 << 16) as u32)]);
    let mut done = std::collections::HashSet::new();
    while let Some(Reverse(e)) = heap.pop() {
        let p = ((e as u32 & 0xffff) as usize, (e as u32 >> 16) as usize);
        if !done.insert(p) {
            continue;
        }
        let d = dist[&p];
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (x, y) = (p.0 as isize + dx, p.1 as isize + dy);
            if !open(x, y) || (dx != 0 && dy != 0 && !(open(p.0 as isize + dx, p.1 as isize) && open(p.0 as isize, p.1 as isize + dy))) {
                continue;
            }
            let q = (x as usize, y as usize);
            let nd = d + if dx != 0 && dy != 0 { 2f64.sqrt() } else { 1.0 };
            if nd < *dist.get(&q).unwrap_or(&f64::INFINITY) {
                dist.insert(q, nd);
                heap.push(key(nd, (q.0 | q.1 << 16) as u32));
            }
        }
    }
    targets.iter().map(|t| *dist.get(t).unwrap_or(&f64::INFINITY)).collect()
}

// Long: one probe, in the order it prints: the board, both levels built, then the queries.
fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("SIDE PERCENT GROUP")).collect();
    let (n, percent, group) =
        (args.first().copied().unwrap_or(4096), args.get(1).copied().unwrap_or(20), args.get(2).copied().unwrap_or(4));
    let (grid, mut rng) = random_board(n, percent);
    let side = Hierarchy::side_for(&grid);
    let t = Instant::now();
    let h = Hierarchy::build(&grid, side).unwrap();
    println!("{n} x {n}, {percent} % walls, clusters of {side}: first level built in {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    // the first level, read back
    let wide = n.div_ceil(side);
    let cluster = |p: Pos, s: usize| ((p.1 / s) * n.div_ceil(s) + p.0 / s) as u32;
    let cells: Vec<Pos> = h.clusters().flat_map(|(_, nodes)| nodes.iter().copied()).collect();
    let id: HashMap<Pos, u32> = cells.iter().enumerate().map(|(i, &p)| (p, i as u32)).collect();
    let mut edges: Vec<(u32, u32, f32)> =
        h.edges().flat_map(|(a, b, c)| [(id[&a], id[&b], c as f32), (id[&b], id[&a], c as f32)]).collect();
    let crossings: Vec<(u32, u32)> = h.entrances().flat_map(|(a, b)| [(id[&a], id[&b]), (id[&b], id[&a])]).collect();
    edges.extend(crossings.iter().map(|&(a, b)| (a, b, 1.0)));
    let g1 = Graph::new(cells.clone(), edges);
    let in1: Vec<u32> = cells.iter().map(|&p| cluster(p, side)).collect();
    let in2: Vec<u32> = cells.iter().map(|&p| cluster(p, side * group)).collect();
    // the second level: first-level nodes whose crossing leaves their second-level cluster
    let big = side * group;
    let region2 = |p: Pos| cluster(p, big);
    let t = Instant::now();
    let on2: Vec<u32> = {
        let mut v: Vec<u32> =
            crossings.iter().filter(|&&(a, b)| region2(cells[a as usize]) != region2(cells[b as usize])).map(|e| e.0).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let id2: HashMap<u32, u32> = on2.iter().enumerate().map(|(i, &v)| (v, i as u32)).collect();
    let mut by_region: HashMap<u32, Vec<u32>> = HashMap::new();
    for &v in &on2 {
        by_region.entry(region2(cells[v as usize])).or_default().push(v);
    }
    // inside each second-level cluster, its nodes' least costs over the first level there
    let mut marks = Marks::new(cells.len() + 2);
    let mut edges2: Vec<(u32, u32, f32)> = crossings
        .iter()
        .filter(|&&(a, b)| id2.contains_key(&a) && id2.contains_key(&b) && region2(cells[a as usize]) != region2(cells[b as usize]))
        .map(|&(a, b)| (id2[&a], id2[&b], 1.0))
        .collect();
    for (&r, nodes) in &by_region {
        for &a in nodes {
            let costs = within(&g1, &in2, &mut marks, r, &[(a, 0.0)], nodes);
            edges2.extend(nodes.iter().zip(costs).filter(|&(&b, c)| b != a && c.is_finite()).map(|(&b, c)| (id2[&a], id2[&b], c as f32)));
        }
    }
    let g2 = Graph::new(on2.iter().map(|&v| cells[v as usize]).collect(), edges2);
    let regions2: Vec<u32> = on2.iter().map(|&v| in2[v as usize]).collect();
    println!(
        "second level ({group} x {group} clusters, {big} cells a side) built in {:.0} ms: {} nodes, {:.1} edges a node (first level: {} nodes, {:.1} edges a node)",
        t.elapsed().as_secs_f64() * 1e3,
        g2.cell.len(),
        g2.to.len() as f64 / g2.cell.len() as f64,
        g1.cell.len(),
        g1.to.len() as f64 / g1.cell.len() as f64
    );
    let mut marks2 = Marks::new(g2.cell.len() + 2);
    // the queries: random open cells in different second-level clusters
    let open = |rng: &mut Xs| loop {
        let p = (rng.below(n), rng.below(n));
        if grid.is_passable(p.0, p.1) {
            return p;
        }
    };
    let count: usize = std::env::var("QUERIES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let mut sum = [0.0f64; 6]; // join to level 1, search level 1, join to level 2, search level 2, refine level 2, find
    let (mut work1, mut work2, mut ratio, mut done) = ((0, 0), (0, 0), Vec::new(), 0);
    let rect = |c: u32| {
        let (x0, y0) = ((c as usize % wide) * side, (c as usize / wide) * side);
        (x0, y0, (x0 + side).min(n), (y0 + side).min(n))
    };
    while done < count {
        let (a, b) = (open(&mut rng), open(&mut rng));
        if region2(a) == region2(b) {
            continue;
        }
        let t = Instant::now();
        let joined: Vec<Vec<(u32, f64)>> = [a, b]
            .iter()
            .map(|&p| {
                let c = cluster(p, side);
                let mine: Vec<Pos> = h.clusters().nth(c as usize).map(|(_, nodes)| nodes.to_vec()).unwrap();
                let costs = cells_within(&grid, rect(c), p, &mine);
                mine.iter().zip(costs).filter(|c| c.1.is_finite()).map(|(q, c)| (id[q], c)).collect()
            })
            .collect();
        sum[0] += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let to1: HashMap<u32, f64> = joined[1].iter().copied().collect();
        let r1 = route(&g1, &in1, &mut marks, (a, b), cluster(a, side), &joined[0], &to1);
        sum[1] += t.elapsed().as_secs_f64();
        let Some((_, c1, e1, o1)) = r1 else { continue };
        // the second level: the ends joined to their second-level clusters' nodes
        let t = Instant::now();
        let lifted: Vec<Vec<(u32, f64)>> = [(a, &joined[0]), (b, &joined[1])]
            .iter()
            .map(|&(p, seeds)| {
                let r = region2(p);
                let nodes = by_region.get(&r).cloned().unwrap_or_default();
                let costs = within(&g1, &in2, &mut marks, r, seeds, &nodes);
                nodes.iter().zip(costs).filter(|c| c.1.is_finite()).map(|(v, c)| (id2[v], c)).collect()
            })
            .collect();
        sum[2] += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let to2: HashMap<u32, f64> = lifted[1].iter().copied().collect();
        let r2 = route(&g2, &regions2, &mut marks2, (a, b), region2(a), &lifted[0], &to2);
        sum[3] += t.elapsed().as_secs_f64();
        let Some((nodes2, c2, e2, o2)) = r2 else { continue };
        // each second-level edge inside a cluster refined into first-level edges
        let t = Instant::now();
        for pair in nodes2.windows(2) {
            let (u, v) = (on2[pair[0] as usize], on2[pair[1] as usize]);
            if regions2[pair[0] as usize] == regions2[pair[1] as usize] {
                let c = within(&g1, &in2, &mut marks, regions2[pair[0] as usize], &[(u, 0.0)], &[v]);
                assert!(c[0].is_finite());
            }
        }
        sum[4] += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let _ = h.find(&grid, a, b).unwrap();
        sum[5] += t.elapsed().as_secs_f64();
        work1 = (work1.0 + e1, work1.1 + o1);
        work2 = (work2.0 + e2, work2.1 + o2);
        ratio.push(c2 / c1);
        done += 1;
    }
    let ms = |s: f64| s * 1e3 / count as f64;
    println!("{count} queries, ms a query (the same code at each level):");
    println!(
        "  first level: ends joined {:.3} + search {:.3}; {} expanded, {} edges offered a query",
        ms(sum[0]),
        ms(sum[1]),
        work1.0 / count,
        work1.1 / count
    );
    println!(
        "  second level: ends joined {:.3} + lifted {:.3} + search {:.3} + refined to the first level {:.3} = {:.3} against the first level's search {:.3}; {} expanded, {} edges offered a query",
        ms(sum[0]),
        ms(sum[2]),
        ms(sum[3]),
        ms(sum[4]),
        ms(sum[2] + sum[3] + sum[4]),
        ms(sum[1]),
        work2.0 / count,
        work2.1 / count
    );
    let mean = ratio.iter().sum::<f64>() / ratio.len() as f64;
    println!(
        "  route cost, second level over first: mean {mean:.4}, worst {:.4}; the engine's whole find {:.3} ms a query",
        ratio.iter().cloned().fold(0.0, f64::max),
        ms(sum[5])
    );
}
