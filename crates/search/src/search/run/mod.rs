//! How a search is run, over every kind: whole ([`Searcher::search`](crate::search::Searcher::search),
//! [`find_path`](crate::search::find_path)), in slices ([`Search`](crate::search::Search)),
//! recorded expansion by expansion ([`Recording`](crate::search::Recording)) or traced to a
//! file; and the preparation a searcher keeps for the algorithm it is asked for.
//!
//! The top of the search room: it uses every other part; nothing in the room uses it.

pub(crate) mod estimated;
pub(crate) mod find;
pub(crate) mod posthoc;
pub(crate) mod prepare;
pub(crate) mod record;
#[cfg(test)]
mod refusals;
pub(crate) mod resumable;
pub(crate) mod stepping;
pub(crate) mod trace;
