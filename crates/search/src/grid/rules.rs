//! The rules of moving on a board: topology and diagonal rule, step costs, distance estimates.

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
    }

    #[test]
    fn names_round_trip() {
        for h in Heuristic::ALL {
            assert_eq!(h.name().parse::<Heuristic>().unwrap(), h);
        }
        for r in DiagonalRule::ALL {
            assert_eq!(r.name().parse::<DiagonalRule>().unwrap(), r);
        }
        assert!("bogus".parse::<Heuristic>().unwrap_err().contains("octile"));
    }
}
