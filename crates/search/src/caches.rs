//! Every cache in cubepath, in one place: what it keeps, what it is keyed by, and what makes
//! it stale. A cache answers only while its key is the key of what is searched now; each is
//! tested with copies, undo and redo (a copy put back, then a different edit), edits, and two
//! grids searched in turn through one searcher (`crates/search/tests/caches.rs`, and the
//! plugin's and the game's tests named below).
//!
//! # Identities and revisions
//! A [`Grid`](crate::grid::Grid) and a [`VoxelGrid`](crate::world::VoxelGrid) each carry a `version()`:
//! an identity and a revision.
//! - The identity is drawn from one process-wide counter when the value is made **and when it
//!   is cloned**: two copies of one board or world are two identities from the start, so a
//!   copy edited apart from its original never looks like it.
//! - The revision counts the value's own changes (every cell or voxel changed, every fill).
//!   No method changes cells without counting.
//! - A moved value keeps its version (it is the same value). So an undo that puts back a saved
//!   copy puts back that copy's identity, which no other value has had since.
//! - A [`Snapshot`](crate::grid::Snapshot) ([`Grid::snapshot`](crate::grid::Grid::snapshot))
//!   is the one kind of copy that keeps the grid's identity, revision and change log: it can
//!   only be read, so its version names its cells as the grid's did when it was taken, and
//!   what a searcher keeps follows later snapshots of the grid by their changed cells. Tested
//!   by `snapshots_of_an_edited_board_answer_as_fresh` (old and new snapshots searched in any
//!   order through kept searchers, one of them given the other's HPA\* clusters).
//!
//! A grid also remembers its last [`CHANGE_LOG`](crate::grid::CHANGE_LOG) changed cells, so a cache
//! that saw an earlier revision of the same identity can catch up cell by cell
//! ([`Grid::changes_since`](crate::grid::Grid::changes_since)); another identity, or a cache more
//! than that many changes behind, is rebuilt whole.
//!
//! # The engine's caches
//! | cache | kept in | key | when stale |
//! |---|---|---|---|
//! | connected components of a board | [`Searcher`](crate::search::Searcher) (and [`Crowd`](crate::crowd::Crowd)) | grid version, topology's links | updated around the changed cells; rebuilt for another identity or topology |
//! | bit rows and columns (block-based JPS) | `Searcher`, shared with the searches reading them | grid version | updated cell by cell from the change log (in a copy while a search holds them); rebuilt for another identity |
//! | jump distances (JPS+) | `Searcher`, shared with the searches reading them and lent by a subgoal graph that answers by JPS+ | grid version | rebuilt whole on any change |
//! | connected components of a world | `Searcher` | world version, move model | rebuilt |
//! | free voxels as bit rows (3D JPS) | `Searcher` | world version | rebuilt |
//! | per-cell search records | `Searcher` | a generation stamp per search, the grid's size | a new stamp per search; reset at a size change or when the stamp wraps |
//! | [`Replanner`](crate::search::Replanner) (D* Lite) distances | the replanner | none: told | the caller passes every changed cell to `cells_changed` (the crowd and the plugin do, from a cell-by-cell comparison) |
//! | [`JumpDistances`](crate::search::JumpDistances) | the caller | none | made for one grid; the game's arrows view keeps it with the grid version and makes it again when that differs |
//! | a search under way ([`Search`](crate::search::Search)) | the caller: its own per-cell records while put aside, the bit rows or jump table it reads, HPA\*'s clusters it began on | the grid's or world's identity and revision; inside, the searcher's records' identity and stamp, the clusters' own stamp (new at every build, clone, update and reweighting) | [`Searcher::advance`](crate::search::Searcher::advance) refuses it (`Stale`) after any edit or on a copy; whatever the searcher runs, prepares or is lent in between changes nothing (`crates/search/tests/held.rs`; the engine's own slices refuse what they did not begin on: `search/refusals.rs`) |
//! | HPA* clusters and entrances ([`Hierarchy`](crate::search::Hierarchy)) | the caller, or `Searcher` for [`Algorithm::Hpa`](crate::search::Algorithm::Hpa) (also rebuilt for another cluster side; shared between searchers with `keep_hierarchy`, and copied before an update while shared) | grid version | [`find`](crate::search::Hierarchy::find) refuses a changed grid; [`update`](crate::search::Hierarchy::update) rebuilds the clusters around the changed cells, or the whole for another identity |
//!
//! # The plugin's and the game's caches
//! These hold an engine `Searcher` (so they inherit the keys above) or key by a version:
//! - `bevy_cubepath`: one `Searcher` per request queue serves every `NavGrid` (and one every
//!   `NavVoxels`), keyed as above; a 2D search under way across frames is parked in it and
//!   begun again when its grid changed; with `PathTasks`, a `Snapshot` of each grid per version
//!   (the grid's identity kept) and a searcher per task, and each grid's HPA\* clusters shared
//!   by its tasks (made by one task at a time; tested by the plugin's
//!   `hpa_set_on_a_nav_grid_answers_in_slices_and_tasks_and_follows_edits`); the boards of
//!   units bigger than a cell, keyed by grid identity and unit size, made again at another
//!   revision and forgotten once no `NavGrid` holds that identity (tested by
//!   `unit_boards_follow_copies_edits_and_an_undo`, broken on purpose by ignoring the revision:
//!   it fails); each `NavCrowd` keeps its own grid and is told of changed
//!   cells by comparing it with its `NavGrid` cell by cell when the component changes; the debug
//!   view searches with its own `Searcher`. Tested by the plugin's
//!   `copies_of_one_world_on_two_entities_answer_for_themselves`.
//! - The game: the world's kept searcher (`WorldSearcher`, used by the world's search, step
//!   view, race and duel); the board's race and duel search with fresh searchers; the crowd's
//!   gathering field is redrawn when the crowd or the board version changes; the arrows view's
//!   jump distances as above. Tested by `undo_then_a_different_voxel_edit_searches_the_world_as_it_is`
//!   and the board undo tests in `tests/game.rs`.
