//! The core every search is built on: [`SearchOptions`](crate::search::SearchOptions) and its
//! [`Algorithm`](crate::search::Algorithm) (and the voxel worlds' options), results and errors,
//! the open list and per-cell records (and per-voxel records in pages), the [`Space`](space::Space) a best-first search walks,
//! and the [`Searcher`](crate::search::Searcher): scratch space plus the derived values it
//! keeps, by kind, in one [`Kept`](kept::Kept) store it never names the kinds of.
//!
//! Uses no other part of the search room: every other part uses it.

pub(crate) mod estimate;
pub(crate) mod index_map;
pub(crate) mod kept;
pub(crate) mod open_list;
pub(crate) mod options;
pub(crate) mod paged;
pub(crate) mod searcher;
pub(crate) mod space;
pub(crate) mod stamp;
pub(crate) mod types;
pub(crate) mod world_options;
