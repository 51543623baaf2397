//! [`Stepping`]: what the engine reads of a best-first search that steps, on a board
//! ([`StepSearch`]) or a world ([`WorldSteps`]), written once for both: the one resumable
//! search runs it in slices, a recording steps it and reads what each step pushed.

use crate::grid::Pos;
use crate::search::core::space::Space;
use crate::search::core::types::{CellInfo, SearchError, SearchResult, Step};
use crate::search::plane::sliced::ParkedSearch;
use crate::search::plane::state::StepSearch;
use crate::search::solid::world_steps::{ParkedWorldSearch, WorldSteps};
use crate::world::Pos3;

/// A best-first search that steps, on a board or a world.
pub(crate) trait Stepping: Sized {
    /// A cell or voxel.
    type Pos: Copy;
    /// The search put aside between slices.
    type Parked;
    /// One step: an expansion, or the end.
    fn next_step(&mut self) -> Step<Self::Pos>;
    /// Runs up to `n` more expansions; whether it has ended.
    fn run_for(&mut self, n: usize) -> bool;
    fn finished(&self) -> bool;
    /// The node the last step expanded.
    fn expanding(&self) -> Option<Self::Pos>;
    /// Expansions so far, as the search counts them.
    fn count(&self) -> usize;
    /// The nodes the last step pushed or improved.
    fn pushed_last(&self) -> Vec<Self::Pos>;
    fn known(&self, p: Self::Pos) -> Option<CellInfo<Self::Pos>>;
    fn found(&self) -> SearchResult<Self::Pos>;
    fn park(self) -> Self::Parked;
    /// Where a given estimate was refused, as the error the search answers with.
    fn refusal(&self) -> Option<SearchError>;
}

impl Stepping for StepSearch<'_> {
    type Pos = Pos;
    type Parked = ParkedSearch;
    fn next_step(&mut self) -> Step {
        self.step()
    }
    fn run_for(&mut self, n: usize) -> bool {
        self.advance(n)
    }
    fn finished(&self) -> bool {
        self.is_finished()
    }
    fn expanding(&self) -> Option<Pos> {
        self.current()
    }
    fn count(&self) -> usize {
        self.expanded()
    }
    fn pushed_last(&self) -> Vec<Pos> {
        self.last_pushed().collect()
    }
    fn known(&self, p: Pos) -> Option<CellInfo> {
        self.info(p)
    }
    fn found(&self) -> SearchResult {
        self.result()
    }
    fn park(self) -> ParkedSearch {
        StepSearch::park(self)
    }
    fn refusal(&self) -> Option<SearchError> {
        StepSearch::refusal(self)
    }
}

impl Stepping for WorldSteps<'_> {
    type Pos = Pos3;
    type Parked = ParkedWorldSearch;
    fn next_step(&mut self) -> Step<Pos3> {
        self.step()
    }
    fn run_for(&mut self, n: usize) -> bool {
        self.advance(n)
    }
    fn finished(&self) -> bool {
        self.is_finished()
    }
    fn expanding(&self) -> Option<Pos3> {
        self.current()
    }
    fn count(&self) -> usize {
        self.expanded()
    }
    fn pushed_last(&self) -> Vec<Pos3> {
        self.last_pushed()
    }
    fn known(&self, p: Pos3) -> Option<CellInfo<Pos3>> {
        self.info(p)
    }
    fn found(&self) -> SearchResult<Pos3> {
        self.result()
    }
    fn park(self) -> ParkedWorldSearch {
        WorldSteps::park(self)
    }
    fn refusal(&self) -> Option<SearchError> {
        self.run.space.refusal()
    }
}
