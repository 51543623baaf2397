//! Generated boards: the three maze kinds are perfect (every open cell reachable from every
//! other, no cycle in the 4-neighbour graph of open cells), checked by a count written here
//! from the definition; the other kinds are what they say; all are seeded.

use cubepath_search::{files::*, grid::*};
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
    assert_eq!(generate_maze(MazeKind::Prim, 0, 5, 1).unwrap_err(), GridError::BadSize { width: 0, height: 5 });
    assert_eq!("backtracker".parse::<MazeKind>(), Ok(MazeKind::Backtracker));
    assert!("spiral".parse::<MazeKind>().unwrap_err().contains("division, prim, backtracker, rooms, caves, terrain"));
}

// ---------------------------------------------------------------- boards in a link

fn random_board(seed: u64, w: usize, h: usize, terrain: bool) -> Grid {
    let mut s = seed | 1;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut g = Grid::new(w, h).unwrap();
    let kinds = [Cell::Blocked, Cell::FLOOR, Cell::Ground(3), Cell::Ground(9), Cell::Swamp, Cell::Water];
    for y in 0..h {
        for x in 0..w {
            let k = next() as usize % if terrain { kinds.len() } else { 2 };
            g.set(x, y, kinds[k]).unwrap();
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn codes_read_back_the_same_board(seed in any::<u64>(), w in 1usize..70, h in 1usize..70, terrain in any::<bool>()) {
        let g = random_board(seed, w, h, terrain);
        prop_assert_eq!(read_board_code(&board_code(&g)).unwrap(), g);
    }

    #[test]
    fn a_cut_or_changed_code_is_refused_never_misread(seed in any::<u64>(), cut in 1usize..40, at in any::<usize>(), to in 0usize..64) {
        let code = board_code(&random_board(seed, 12, 9, seed % 2 == 0));
        prop_assert!(read_board_code(&code[..code.len().saturating_sub(cut)]).is_err());
        let mut changed: Vec<u8> = code.clone().into_bytes();
        let i = at % changed.len();
        let c = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[to];
        prop_assume!(changed[i] != c);
        changed[i] = c;
        let changed = String::from_utf8(changed).unwrap();
        // every change of one character is refused (the checksum's promise), never read as
        // another board
        let e = read_board_code(&changed);
        prop_assert!(e.is_err(), "{} read as a board", changed);
    }
}

#[test]
fn a_64_by_64_maze_fits_in_1200_characters_and_bad_codes_say_why() {
    for kind in [MazeKind::Division, MazeKind::Prim, MazeKind::Backtracker] {
        let code = board_code(&generate_maze(kind, 64, 64, 1).unwrap());
        assert!(code.len() <= 1200, "{kind}: {} characters", code.len());
    }
    let code = board_code(&generate_maze(MazeKind::Prim, 8, 8, 1).unwrap());
    for (bad, why) in [
        (code[..code.len() - 2].to_string(), "checksum"),
        (code[..code.len() - 9].to_string(), "cut short"),
        ("3.8x8.b.AAAA.0000".to_string(), "version"),
        (code.replace(".b.", ".q."), "checksum"),
        ("1.8x8.b".to_string(), "5 parts"),
        (String::new(), "5 parts"),
    ] {
        let e = read_board_code(&bad).unwrap_err();
        assert!(e.to_string().contains(why), "{bad}: {e}");
    }
}

/// Links shared before version 2 still open: a version 1 code (made with the FNV checksum) is
/// read as the board it stood for.
#[test]
fn version_1_codes_are_still_read() {
    // the 31 x 31 maze the browser test opens (assets/maps/maze.map), as version 1 wrote it
    let v1 = "1.31x31.b._____wiAAODVf383Cogg2t31dS0oiIo21VV1CwoiivV9Ud0CIKJot3V_PQKKoHj1fXeNiiCgdtVTd4sqqIB93dffgiCIYny_Xz2KgCD6dV3fDYqKIlZ9fV2rgIKo1X_d1CqACmrdV_29IigiWN1_9S0IAAL-____AQ.f0cc";
    let maze = load_map(std::path::Path::new(&format!(
        "{}/../../assets/maps/maze.map",
        std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")
    )))
    .unwrap();
    assert_eq!(read_board_code(v1).unwrap(), maze);
    assert!(board_code(&maze).starts_with("2.31x31.b."));
    assert_eq!(read_board_code(&board_code(&maze)).unwrap(), maze);
}
