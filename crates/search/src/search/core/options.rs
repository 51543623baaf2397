//! Search settings: the algorithm and everything else that shapes a search.

use crate::grid::{CostModel, Heuristic, Topology};

/// The search algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// A*: optimal with an admissible heuristic.
    #[default]
    AStar,
    /// Dijkstra: A* with no heuristic.
    Dijkstra,
    /// Greedy best-first: expands the lowest heuristic first; fast, not optimal.
    Greedy,
    /// Breadth-first: fewest steps, ignores costs.
    Bfs,
    /// Jump Point Search: 8 neighbours without corner cutting, or 4 neighbours (diagonal rule
    /// never); uniform costs only.
    Jps,
    /// Block-based Jump Point Search: JPS whose straight jumps read 64 cells at a time from
    /// bit rows and columns; the same rules, expansions and paths as [`Algorithm::Jps`].
    JpsBlock,
    /// JPS+: JPS with every cell's jump distances computed ahead (and again after the grid
    /// changes); the same rules and path costs as [`Algorithm::Jps`].
    JpsPlus,
    /// Bidirectional A*: A* from the start and backwards from the goal, expanding the side
    /// with fewer open cells; stops when the cheapest meeting found costs no more than the
    /// lowest f on either side. Optimal, like A*. Runs whole, not step by step.
    AStarBidir,
    /// IDA*: depth-first searches bounded by f, the bound raised to the lowest f that went
    /// over it each round. Optimal with an admissible heuristic and memory light (the path
    /// alone), but it re-expands cells many times: it stops at [`SearchOptions::limit`]
    /// expansions ([`IDA_LIMIT`] when none is set). Runs whole, not step by step.
    Ida,
    /// Theta*: A* whose cells take their parent's parent as parent when it is in
    /// [`line_of_sight`](crate::grid::line_of_sight): any-angle paths of turning points, at most as
    /// long as the grid's optimum, not always the shortest any-angle path.
    Theta,
    /// Lazy Theta*: Theta* that assumes line of sight when it offers a cell and checks it
    /// only when the cell is expanded: fewer sight checks, paths as short.
    LazyTheta,
    /// Subgoal graph (Uras, Koenig and Hernandez 2013): the grid prepared once into a graph of
    /// its obstacles' convex corners ([`prepare`](crate::search::prepare)), each query an A*
    /// over that graph; optimal, on square grids without corner cutting and uniform costs. A
    /// [`Searcher`](crate::search::Searcher) keeps the preparation until the grid changes. Runs
    /// whole, not step by step.
    Subgoal,
    /// HPA* (Botea, Müller and Schaeffer 2004): the grid cut into clusters
    /// ([`Hierarchy`](crate::search::Hierarchy), [`Hierarchy::side_for`](crate::search::Hierarchy::side_for)
    /// cells a side), each query an A* over the clusters' entrances refined to cells and
    /// smoothed. Not optimal (its paths pass through entrances; on the benchmark's maps a
    /// fraction of a percent over on average), on square grids without corner cutting and
    /// uniform costs. A [`Searcher`](crate::search::Searcher) keeps the hierarchy and rebuilds
    /// only the clusters an edit touches. Runs whole, not step by step; `expanded` counts
    /// abstract nodes.
    Hpa,
}

/// The expansions IDA* stops at when [`SearchOptions::limit`] is not set.
pub const IDA_LIMIT: usize = 5_000_000;

impl Algorithm {
    /// Every algorithm, in the order the command line and the panel list them.
    pub const ALL: [Algorithm; 13] = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::Bfs,
        Algorithm::Jps,
        Algorithm::JpsBlock,
        Algorithm::JpsPlus,
        Algorithm::AStarBidir,
        Algorithm::Ida,
        Algorithm::Theta,
        Algorithm::LazyTheta,
        Algorithm::Subgoal,
        Algorithm::Hpa,
    ];

    /// Whether the algorithm returns least-cost paths (given an admissible heuristic).
    pub fn is_optimal(self) -> bool {
        matches!(
            self,
            Algorithm::AStar
                | Algorithm::Dijkstra
                | Algorithm::Jps
                | Algorithm::JpsBlock
                | Algorithm::JpsPlus
                | Algorithm::AStarBidir
                | Algorithm::Ida
                | Algorithm::Subgoal
        )
    }

    /// Whether the algorithm returns any-angle paths (turning points in line of sight of each
    /// other, costed by Euclidean length): it needs a square grid without corner cutting,
    /// uniform costs and exact step costs.
    pub fn any_angle(self) -> bool {
        matches!(self, Algorithm::Theta | Algorithm::LazyTheta)
    }

    /// Whether [`crate::search::Searcher::steps`] can run the algorithm one expansion at a time
    /// (bidirectional A* and IDA* run whole).
    pub fn steps(self) -> bool {
        !matches!(self, Algorithm::AStarBidir | Algorithm::Ida | Algorithm::Subgoal | Algorithm::Hpa)
    }

    /// Whether the algorithm prepares the whole map before its first search, beyond what
    /// every 2D search keeps (the connected components): JPS+'s jump table, the subgoal graph
    /// (or JPS+'s table with landmarks), HPA*'s clusters. Later searches on the map as it is
    /// share it; [`Searcher::preprocess`](crate::search::Searcher::preprocess) makes it ahead.
    ///
    /// ```
    /// use cubepath_search::search::Algorithm;
    /// let prepared: Vec<_> = Algorithm::ALL.into_iter().filter(|a| a.prepares()).collect();
    /// assert_eq!(prepared, [Algorithm::JpsPlus, Algorithm::Subgoal, Algorithm::Hpa]);
    /// ```
    pub fn prepares(self) -> bool {
        matches!(self, Algorithm::JpsPlus | Algorithm::Subgoal | Algorithm::Hpa)
    }

    /// Whether the algorithm's preparation can be written to a file and read back for the same
    /// map ([`Prepared::to_bytes`](crate::search::Prepared::to_bytes)): the subgoal graph's.
    pub fn prepares_to_file(self) -> bool {
        self == Algorithm::Subgoal
    }

    /// Whether a search with the algorithm takes a given [`Estimate`](crate::search::Estimate)
    /// in place of its heuristic: every algorithm that ranks by an estimate and takes the
    /// options' heuristic (not Dijkstra or BFS, which rank by none, nor the subgoal graph or
    /// HPA*, which bring their own; on a voxel world not 3D JPS either).
    pub fn takes_estimate(self) -> bool {
        !matches!(self, Algorithm::Dijkstra | Algorithm::Bfs | Algorithm::Subgoal | Algorithm::Hpa)
    }

    /// Whether a search on a voxel world with the algorithm takes a given estimate: as
    /// [`Algorithm::takes_estimate`], less JPS (3D JPS brings its own).
    pub fn takes_world_estimate(self) -> bool {
        self.takes_estimate() && self != Algorithm::Jps
    }

    /// A sentence for the panel: what the algorithm expands first, whether its paths are
    /// optimal and why, what it keeps in memory.
    pub fn explain(self) -> &'static str {
        match self {
            Algorithm::AStar => "Expands the lowest f = g + h first. Optimal when h never overestimates; keeps every reached cell.",
            Algorithm::Dijkstra => {
                "Expands the lowest g (cost so far) first, in rings around the start. Always optimal; explores the most."
            }
            Algorithm::Greedy => {
                "Expands the lowest h (guess to the goal) first. Fast and direct, not optimal: it ignores the cost so far."
            }
            Algorithm::Bfs => "Expands cells in the order reached: fewest steps, not least cost (diagonals count as one step).",
            Algorithm::Jps => {
                "A* that jumps along straight and diagonal runs, stopping only where a path could turn. Optimal on uniform grids; few open cells."
            }
            Algorithm::JpsBlock => {
                "JPS whose straight jumps read 64 cells at once from bit rows. Same expansions and paths as JPS, faster scans."
            }
            Algorithm::JpsPlus => {
                "JPS with every jump distance computed ahead: a lookup per jump. Optimal; the table costs memory and time after each edit."
            }
            Algorithm::AStarBidir => {
                "A* from both ends at once, stopping when the meeting cost can't be beaten. Optimal; two sets of open and closed cells."
            }
            Algorithm::Ida => {
                "Depth-first passes bounded by f, the bound raised each pass. Optimal, memory light (the path only), but re-expands cells many times."
            }
            Algorithm::Theta => {
                "A* where a cell may take its parent's parent when in line of sight: any-angle paths, shorter than grid paths, not always the shortest."
            }
            Algorithm::LazyTheta => "Theta* that checks line of sight only when a cell is expanded: fewer checks, paths as short.",
            Algorithm::Subgoal => {
                "The map prepared once into a graph of its obstacles' corners; each search is A* over those few corners (scattered obstacles, whose graph would save too little, get JPS+'s jump distances instead). Optimal; an edit is repaired where it matters, not prepared again."
            }
            Algorithm::Hpa => {
                "The map cut into clusters joined at their entrances; A* over the entrances, refined to cells and smoothed. Near optimal, not optimal; an edit rebuilds the clusters around it."
            }
        }
    }

    /// Whether the algorithm jumps (JPS and its variants): it needs a square grid with the
    /// no-corner-cutting rule and uniform costs.
    pub fn jumps(self) -> bool {
        matches!(self, Algorithm::Jps | Algorithm::JpsBlock | Algorithm::JpsPlus)
    }
}

/// Everything that shapes a search besides the grid and the endpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Which search runs.
    pub algorithm: Algorithm,
    /// Square cells with a diagonal rule, or hex cells.
    pub topology: Topology,
    /// What a straight and a diagonal step cost.
    pub costs: CostModel,
    /// `None`: the topology's default heuristic.
    pub heuristic: Option<Heuristic>,
    /// Weighted A*: f = g + weight * h. At least 1.
    pub weight: f64,
    /// The most cells a search may expand before it stops without an answer
    /// ([`crate::search::SearchResult::stopped`]); `None`: no limit, but IDA* stops at [`IDA_LIMIT`].
    pub limit: Option<usize>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            algorithm: Algorithm::AStar,
            topology: Topology::default(),
            costs: CostModel::Exact,
            heuristic: None,
            weight: 1.0,
            limit: None,
        }
    }
}

impl SearchOptions {
    /// The heuristic actually used.
    pub fn heuristic(&self) -> Heuristic {
        match self.algorithm {
            Algorithm::Dijkstra | Algorithm::Bfs => Heuristic::Zero,
            // any-angle paths can be as short as the straight line
            Algorithm::Theta | Algorithm::LazyTheta => self.heuristic.unwrap_or(Heuristic::Euclidean),
            _ => self.heuristic.unwrap_or_else(|| self.topology.default_heuristic()),
        }
    }

    /// Whether the search is guaranteed to return a least-cost path.
    pub fn is_admissible(&self) -> bool {
        match self.algorithm {
            Algorithm::Dijkstra => true,
            Algorithm::Greedy | Algorithm::Bfs | Algorithm::Theta | Algorithm::LazyTheta | Algorithm::Hpa => false,
            Algorithm::AStar
            | Algorithm::Jps
            | Algorithm::JpsBlock
            | Algorithm::JpsPlus
            | Algorithm::AStarBidir
            | Algorithm::Ida
            | Algorithm::Subgoal => self.weight <= 1.0 && self.heuristic().is_admissible(self.topology, self.costs),
        }
    }
}

named!(Algorithm, "algorithm",
    Algorithm::AStar => "astar",
    Algorithm::Dijkstra => "dijkstra",
    Algorithm::Greedy => "greedy",
    Algorithm::Bfs => "bfs",
    Algorithm::Jps => "jps",
    Algorithm::JpsBlock => "jps-block",
    Algorithm::JpsPlus => "jps-plus",
    Algorithm::AStarBidir => "astar-bidir",
    Algorithm::Ida => "ida",
    Algorithm::Theta => "theta",
    Algorithm::LazyTheta => "lazy-theta",
    Algorithm::Subgoal => "subgoal",
    Algorithm::Hpa => "hpa",
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_over_one_is_not_admissible() {
        let mut o = SearchOptions { weight: 1.5, ..Default::default() };
        assert!(!o.is_admissible());
        o.weight = 1.0;
        assert!(o.is_admissible());
    }

    #[test]
    fn names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        }
        assert!("bogus".parse::<Algorithm>().unwrap_err().contains("astar"));
    }
}
