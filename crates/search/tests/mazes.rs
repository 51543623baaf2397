//! Generated boards: the three maze kinds are perfect (every open cell reachable from every
//! other, no cycle in the 4-neighbour graph of open cells), checked by a count written here
//! from the definition; the other kinds are what they say; all are seeded.

use cubepath_search::*;
use proptest::prelude::*;

/// The open cells, their 4-neighbour edges (each once) and how many connected pieces they form.
fn graph(g: &Grid) -> (usize, usize, usize) {
    let (w, h) = (g.width(), g.height());
    let open = |x: usize, y: usize| g.is_passable(x, y);
    let (mut cells, mut edges) = (0, 0);
    for y in 0..h {
        for x in 0..w {
            if open(x, y) {
                cells += 1;
                edges += usize::from(x + 1 < w && open(x + 1, y)) + usize::from(y + 1 < h && open(x, y + 1));
            }
        }
    }
    // pieces by flood fill
    let mut seen = vec![false; w * h];
    let mut pieces = 0;
    for start in 0..w * h {
        if seen[start] || !open(start % w, start / w) {
            continue;
        }
        pieces += 1;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            for (nx, ny) in [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)] {
                if nx < w && ny < h && open(nx, ny) && !seen[ny * w + nx] {
                    seen[ny * w + nx] = true;
                    stack.push(ny * w + nx);
                }
            }
        }
    }
    (cells, edges, pieces)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// A connected graph with one edge fewer than cells is a tree: reachable and without cycles.
    #[test]
    fn the_maze_kinds_are_perfect(kind in 0usize..3, w in 1usize..60, h in 1usize..60, seed in any::<u64>()) {
        let kind = [MazeKind::Division, MazeKind::Prim, MazeKind::Backtracker][kind];
        let maze = generate_maze(kind, w, h, seed).unwrap();
        let (cells, edges, pieces) = graph(&maze);
        prop_assert_eq!(pieces, 1, "{} {}x{} seed {}: not every open cell reachable", kind, w, h, seed);
        prop_assert_eq!(edges + 1, cells, "{} {}x{} seed {}: a cycle", kind, w, h, seed);
        // every room (both coordinates even) is open
        for y in (0..h).step_by(2) {
            for x in (0..w).step_by(2) {
                prop_assert!(maze.is_passable(x, y));
            }
        }
    }
}

#[test]
fn the_other_kinds_are_what_they_say_and_all_are_seeded() {
    for kind in MazeKind::ALL {
        let a = generate_maze(kind, 64, 48, 9).unwrap();
        assert_eq!(a, generate_maze(kind, 64, 48, 9).unwrap(), "{kind}");
        assert_ne!(a, generate_maze(kind, 64, 48, 10).unwrap(), "{kind}");
        let (cells, _, pieces) = graph(&a);
        match kind {
            MazeKind::Rooms | MazeKind::Caves => {
                assert_eq!(pieces, 1, "{kind}: one connected space");
                assert!(cells > 64 * 48 / 5, "{kind}: {cells} open");
            }
            MazeKind::Terrain => {
                let count = |c: Cell| a.cells().filter(|(_, x)| *x == c).count();
                assert!(count(Cell::Water) > 0 && count(Cell::Ground(3)) > 0 && count(Cell::FLOOR) > 64 * 48 / 2, "{kind}");
            }
            _ => assert!(kind.is_perfect()),
        }
    }
    assert!(generate_maze(MazeKind::Prim, 0, 5, 1).is_err());
    assert_eq!("backtracker".parse::<MazeKind>(), Ok(MazeKind::Backtracker));
    assert!("spiral".parse::<MazeKind>().unwrap_err().contains("division, prim, backtracker, rooms, caves, terrain"));
}
