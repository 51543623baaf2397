//! What the page's query string reader must do with any text, shared by the fuzz target
//! (`fuzz_targets/query.rs`) and the game's replay of its kept corpus (`tests/links.rs`):
//! never panic, refuse with a message, and a board it accepts written back as a link
//! (`board_link`) reads again to the same board, endpoints and search. Panics when a property
//! breaks.

use cubepath::cli::PlayArgs;
use cubepath::engine::search::SearchOptions;
use cubepath::game::logic::board::{Board, Selection};
use cubepath::game::logic::link::board_link;

/// Bytes as a query string (`?rows=12&b=CODE&...`): read, set up, and a board written back.
pub fn query(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let setup = match PlayArgs::from_query(text).and_then(|args| args.setup()) {
        Ok(setup) => setup,
        Err(why) => return assert!(!why.trim().is_empty(), "a refusal without a message"),
    };
    // a board (a code, or a map file by name) and not a world: the link holds it whole
    let Some((grid, _)) = &setup.grid else { return };
    if setup.world.levels > 1 || setup.world_map.is_some() {
        return;
    }
    let base = SearchOptions::default();
    let search = setup.search_options(base);
    let board = Board { grid: grid.clone(), hex: setup.hex, ..Board::default() };
    let selection = Selection { start: setup.start, end: setup.end, ..Selection::default() };
    let link = board_link(&board, &selection, &search);
    let again = PlayArgs::from_query(&format!("?{link}"))
        .and_then(|args| args.setup())
        .unwrap_or_else(|why| panic!("the link {link} does not open: {why}"));
    let (grid_again, _) = again.grid.as_ref().expect("a link opens its board");
    assert!(grid_again == grid, "the link {link} opens another board");
    assert_eq!((again.start, again.end, again.hex), (setup.start, setup.end, setup.hex), "the link {link}");
    assert_eq!(again.search_options(base), search, "the link {link} opens another search");
}
