//! One expansion of a step-by-step search ([`StepSearch::step`]): pop the next cell, close it,
//! and let the algorithm's module offer its neighbours. The dispatcher of the stepping
//! algorithms: it calls them, none of them calls it.

use crate::search::core::options::Algorithm;

use crate::grid::rules::{DiagonalRule, Topology};
use crate::search::core::types::Step;
use crate::search::plane::state::StepSearch;
use crate::{search::plane::any_angle, search::plane::expand, search::plane::jps, search::plane::jps4};

impl StepSearch<'_> {
    /// Advances by one expansion. After the end it keeps returning the final step.
    pub fn step(&mut self) -> Step {
        if let Some(found) = self.finished {
            return if found { Step::Found } else { Step::NoPath };
        }
        self.s.records.pushed_now.clear();
        let Some(idx) = self.pop() else {
            self.finished = Some(false);
            self.current = None;
            return Step::NoPath;
        };
        let i = idx as usize;
        self.s.nodes[i].mark = self.stamp << 1 | 1;
        if self.record {
            self.s.records.order[i] = self.expanded as u32;
        }
        self.expanded += 1;
        self.current = Some(idx);
        if self.options.algorithm == Algorithm::LazyTheta
            && let Topology::Square(rule) = self.options.topology
        {
            // the assumed parent is checked before anything else, the goal's included
            any_angle::settle_lazy(self, idx, self.grid.coords(i), rule);
        }
        if idx == self.goal {
            self.finished = Some(true);
            return Step::Found;
        }
        let pos = self.grid.coords(i);
        match (self.options.algorithm, self.options.topology) {
            (Algorithm::Jps, Topology::Square(DiagonalRule::Never)) => jps4::expand(self, idx, pos),
            (Algorithm::Jps | Algorithm::JpsBlock | Algorithm::JpsPlus, _) => jps::expand(self, idx, pos),
            (Algorithm::Theta | Algorithm::LazyTheta, Topology::Square(rule)) => any_angle::expand(self, idx, pos, rule),
            (_, Topology::Hex) => expand::hex(self, idx, pos),
            (_, Topology::Square(rule)) => expand::square(self, idx, pos, rule),
        }
        self.stop_if_refused();
        Step::Expanded(pos)
    }
}
