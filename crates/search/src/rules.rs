//! Search settings: topology and diagonal rule, cost model, heuristic, algorithm.

use std::f64::consts::SQRT_2;

/// When a diagonal step is allowed on a square grid with 8 neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DiagonalRule {
    /// No diagonal steps: 4 neighbours.
    Never,
    /// Both cells beside the diagonal must be open (the benchmark rule).
    #[default]
    NoCornerCutting,
    /// At most one of the two cells beside the diagonal may be blocked.
    OneFree,
    /// Diagonals are always allowed when the target cell is open.
    Always,
}

/// The shape of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topology {
    /// Square cells; the rule says which diagonals are allowed (`Never` gives 4 neighbours).
    Square(DiagonalRule),
    /// Hexagonal cells in "odd-r" offset rows (odd rows shifted half a cell right), 6 neighbours.
    Hex,
}

impl Default for Topology {
    fn default() -> Self {
        Topology::Square(DiagonalRule::NoCornerCutting)
    }
}

impl Topology {
    /// Whether diagonal steps can occur.
    pub fn has_diagonals(self) -> bool {
        matches!(self, Topology::Square(r) if r != DiagonalRule::Never)
    }

    /// The heuristic that is admissible and informative for this topology.
    pub fn default_heuristic(self) -> Heuristic {
        match self {
            Topology::Hex => Heuristic::Hex,
            Topology::Square(DiagonalRule::Never) => Heuristic::Manhattan,
            Topology::Square(_) => Heuristic::Octile,
        }
    }
}

/// What a step costs before the entered cell's weight multiplies it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CostModel {
    /// Straight 1, diagonal sqrt(2) (the benchmark costs). Hex steps cost 1.
    #[default]
    Exact,
    /// Straight 10, diagonal 14, as in the original tutorials. Hex steps cost 10.
    Tutorial,
}

impl CostModel {
    /// Cost of a straight step.
    #[inline]
    pub fn straight(self) -> f64 {
        match self {
            CostModel::Exact => 1.0,
            CostModel::Tutorial => 10.0,
        }
    }

    /// Cost of a diagonal step.
    #[inline]
    pub fn diagonal(self) -> f64 {
        match self {
            CostModel::Exact => SQRT_2,
            CostModel::Tutorial => 14.0,
        }
    }

    /// The cost of `straight` weighted straight units and `diagonal` weighted diagonal units,
    /// computed in one place so equal step counts give bit-identical costs.
    pub fn total(self, straight: u64, diagonal: u64) -> f64 {
        straight as f64 * self.straight() + diagonal as f64 * self.diagonal()
    }
}

/// The estimate of the remaining cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// |dx| + |dy| times the straight cost.
    Manhattan,
    /// Straight cost for the long leg minus the short one, diagonal cost for the short one.
    Octile,
    /// Straight-line distance times the straight cost (hex: between cell centres).
    Euclidean,
    /// max(|dx|, |dy|) times the straight cost.
    Chebyshev,
    /// Hex steps between the cells times the straight cost.
    Hex,
    /// Always 0: A* becomes Dijkstra.
    Zero,
}

impl Heuristic {
    /// Every heuristic, in the order the command line and the panel list them.
    pub const ALL: [Heuristic; 6] =
        [Heuristic::Manhattan, Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Hex, Heuristic::Zero];

    /// Whether the heuristic never overestimates on this topology and cost model (weight 1;
    /// terrain weights are at least 1 and the swamp and water rules only remove moves, so they
    /// keep an admissible heuristic admissible).
    pub fn is_admissible(self, topology: Topology, costs: CostModel) -> bool {
        let diagonal_ok = costs.diagonal() >= costs.straight() * SQRT_2;
        match (topology, self) {
            (_, Heuristic::Zero) => true,
            (Topology::Hex, Heuristic::Hex | Heuristic::Euclidean) => true,
            // A hex step changes each offset coordinate by at most 1.
            (Topology::Hex, Heuristic::Chebyshev) => true,
            (Topology::Hex, _) => false,
            // Every 4-neighbour step is also a step between odd-r hex neighbours, so hex
            // distance never overestimates there; every other heuristic here is at most the
            // Manhattan distance.
            (Topology::Square(DiagonalRule::Never), _) => true,
            (Topology::Square(_), Heuristic::Manhattan | Heuristic::Hex) => false,
            (Topology::Square(_), Heuristic::Octile | Heuristic::Chebyshev) => true,
            (Topology::Square(_), Heuristic::Euclidean) => diagonal_ok,
        }
    }

    /// The estimate between (x0, y0) and (x1, y1), before the search weight.
    #[inline]
    pub fn estimate(self, topology: Topology, costs: CostModel, from: (usize, usize), to: (usize, usize)) -> f64 {
        let s = costs.straight();
        let dx = from.0.abs_diff(to.0) as f64;
        let dy = from.1.abs_diff(to.1) as f64;
        match self {
            Heuristic::Zero => 0.0,
            Heuristic::Manhattan => s * (dx + dy),
            Heuristic::Chebyshev => s * dx.max(dy),
            Heuristic::Octile => {
                let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
                s * (hi - lo) + costs.diagonal() * lo
            }
            Heuristic::Euclidean => match topology {
                Topology::Hex => {
                    let (ax, ay) = hex_centre(from);
                    let (bx, by) = hex_centre(to);
                    s * ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt()
                }
                Topology::Square(_) => s * (dx * dx + dy * dy).sqrt(),
            },
            Heuristic::Hex => s * hex_distance(from, to) as f64,
        }
    }
}

/// Centre of an odd-r hex cell in units where neighbouring centres are 1 apart.
pub fn hex_centre((x, y): (usize, usize)) -> (f64, f64) {
    let shift = if y % 2 == 1 { 0.5 } else { 0.0 };
    (x as f64 + shift, y as f64 * (3.0f64.sqrt() / 2.0))
}

/// Number of hex steps between two odd-r offset cells.
pub fn hex_distance(a: (usize, usize), b: (usize, usize)) -> u64 {
    let cube = |(x, y): (usize, usize)| {
        let (x, y) = (x as i64, y as i64);
        let q = x - (y - (y & 1)) / 2;
        (q, y, -q - y)
    };
    let (aq, ar, a_s) = cube(a);
    let (bq, br, bs) = cube(b);
    ((aq - bq).abs().max((ar - br).abs()).max((a_s - bs).abs())) as u64
}

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
    /// [`line_of_sight`](crate::line_of_sight): any-angle paths of turning points, at most as
    /// long as the grid's optimum, not always the shortest any-angle path.
    Theta,
    /// Lazy Theta*: Theta* that assumes line of sight when it offers a cell and checks it
    /// only when the cell is expanded: fewer sight checks, paths as short.
    LazyTheta,
}

/// The expansions IDA* stops at when [`SearchOptions::limit`] is not set.
pub const IDA_LIMIT: usize = 5_000_000;

impl Algorithm {
    /// Every algorithm, in the order the command line and the panel list them.
    pub const ALL: [Algorithm; 11] = [
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
        )
    }

    /// Whether the algorithm returns any-angle paths (turning points in line of sight of each
    /// other, costed by Euclidean length): it needs a square grid without corner cutting,
    /// uniform costs and exact step costs.
    pub fn any_angle(self) -> bool {
        matches!(self, Algorithm::Theta | Algorithm::LazyTheta)
    }

    /// Whether [`crate::Searcher::steps`] can run the algorithm one expansion at a time
    /// (bidirectional A* and IDA* run whole).
    pub fn steps(self) -> bool {
        !matches!(self, Algorithm::AStarBidir | Algorithm::Ida)
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
    /// ([`crate::SearchResult::stopped`]); `None`: no limit, but IDA* stops at [`IDA_LIMIT`].
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
            Algorithm::Greedy | Algorithm::Bfs | Algorithm::Theta | Algorithm::LazyTheta => false,
            Algorithm::AStar | Algorithm::Jps | Algorithm::JpsBlock | Algorithm::JpsPlus | Algorithm::AStarBidir | Algorithm::Ida => {
                self.weight <= 1.0 && self.heuristic().is_admissible(self.topology, self.costs)
            }
        }
    }
}

// --- names for the command line and the panel (the table: `names.rs`) ---

named!(DiagonalRule, "diagonal rule",
    DiagonalRule::Never => "never",
    DiagonalRule::NoCornerCutting => "no-corner-cutting",
    DiagonalRule::OneFree => "one-free",
    DiagonalRule::Always => "always",
);
named!(Heuristic, "heuristic",
    Heuristic::Manhattan => "manhattan",
    Heuristic::Octile => "octile",
    Heuristic::Euclidean => "euclidean",
    Heuristic::Chebyshev => "chebyshev",
    Heuristic::Hex => "hex",
    Heuristic::Zero => "zero",
);
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
);
named!(CostModel, "cost model",
    CostModel::Exact => "exact",
    CostModel::Tutorial => "tutorial",
);

impl DiagonalRule {
    /// Every rule, in the order the command line and the panel list them.
    pub const ALL: [DiagonalRule; 4] = [DiagonalRule::Never, DiagonalRule::NoCornerCutting, DiagonalRule::OneFree, DiagonalRule::Always];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_distance_matches_neighbours() {
        assert_eq!(hex_distance((2, 2), (2, 2)), 0);
        assert_eq!(hex_distance((2, 2), (3, 2)), 1);
        // even row 2: up-left neighbour is (1, 1), up-right (2, 1)
        assert_eq!(hex_distance((2, 2), (1, 1)), 1);
        assert_eq!(hex_distance((2, 2), (2, 1)), 1);
        assert_eq!(hex_distance((2, 2), (3, 1)), 2);
        // odd row 1: down-left (2, 2), down-right (3, 2)
        assert_eq!(hex_distance((2, 1), (3, 2)), 1);
        assert_eq!(hex_distance((0, 0), (0, 4)), 4);
    }

    #[test]
    fn admissibility_table() {
        let sq8 = Topology::Square(DiagonalRule::NoCornerCutting);
        let sq4 = Topology::Square(DiagonalRule::Never);
        assert!(!Heuristic::Manhattan.is_admissible(sq8, CostModel::Exact));
        assert!(Heuristic::Manhattan.is_admissible(sq4, CostModel::Exact));
        assert!(Heuristic::Euclidean.is_admissible(sq8, CostModel::Exact));
        assert!(!Heuristic::Euclidean.is_admissible(sq8, CostModel::Tutorial));
        assert!(Heuristic::Hex.is_admissible(Topology::Hex, CostModel::Exact));
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
        for h in Heuristic::ALL {
            assert_eq!(h.name().parse::<Heuristic>().unwrap(), h);
        }
        for r in DiagonalRule::ALL {
            assert_eq!(r.name().parse::<DiagonalRule>().unwrap(), r);
        }
        assert!("bogus".parse::<Algorithm>().unwrap_err().contains("astar"));
    }
}
