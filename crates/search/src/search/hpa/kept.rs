//! What HPA* keeps in a [`Searcher`] between searches ([`HpaParts`]), and the searcher's calls
//! that read or keep it.

use std::sync::Arc;

use crate::grid::board::Grid;
use crate::search::core::kept::Slot;
use crate::search::core::searcher::Searcher;
use crate::search::hpa::{Hierarchy, HierarchyBuild, HpaScratch};

/// HPA*'s clusters (perhaps shared with other searchers), clusters being built a step at a
/// time, and the abstract search's buffers for searches in slices.
#[derive(Default)]
pub(crate) struct HpaParts {
    /// The clusters of the last grid searched.
    pub(crate) hierarchy: Option<Arc<Hierarchy>>,
    /// Clusters being built ([`Searcher::prepare_within`]).
    pub(crate) build: Option<HierarchyBuild>,
    /// The abstract search's open list and nodes reached.
    pub(crate) scratch: HpaScratch,
}

impl Slot for HpaParts {
    fn bytes(&self) -> usize {
        self.hierarchy.as_deref().map_or(0, Hierarchy::bytes)
    }
}

impl Searcher {
    /// The HPA* clusters of `grid` as it is now, from the kept ones ([`Hierarchy::kept`]: a
    /// hierarchy shared with others, see [`Searcher::keep_hierarchy`], is copied before it is
    /// brought up to date).
    pub(crate) fn hierarchy_for(&mut self, grid: &Grid) -> Option<&Hierarchy> {
        Hierarchy::kept(&mut self.kept.slot::<HpaParts>().hierarchy, grid)
    }

    /// The kept HPA* clusters, if any (for drawing them).
    pub fn kept_hierarchy(&self) -> Option<&Hierarchy> {
        self.kept.peek::<HpaParts>()?.hierarchy.as_deref()
    }

    /// The kept HPA* clusters, shared (so that other searchers, on other threads, can keep
    /// them too instead of building their own).
    pub fn shared_hierarchy(&self) -> Option<Arc<Hierarchy>> {
        self.kept.peek::<HpaParts>()?.hierarchy.clone()
    }

    /// Keeps `hierarchy` (shared with other searchers, say) for [`Algorithm::Hpa`](crate::search::Algorithm::Hpa) searches: a
    /// search uses it as it is when it was built or last updated for the grid searched (the
    /// same grid at the same revision, or a [`Snapshot`](crate::grid::Snapshot) of it), brings
    /// a copy of it up to date when that grid has changed since, and builds anew for another
    /// grid, exactly as with clusters it built itself.
    pub fn keep_hierarchy(&mut self, hierarchy: Arc<Hierarchy>) {
        self.kept.slot::<HpaParts>().hierarchy = Some(hierarchy);
    }

    /// The HPA* clusters under way in steps ([`Searcher::prepare_within`]): steps done and in
    /// all, if any are.
    pub fn hierarchy_progress(&self) -> Option<(usize, usize)> {
        self.kept.peek::<HpaParts>()?.build.as_ref().map(HierarchyBuild::progress)
    }
}
