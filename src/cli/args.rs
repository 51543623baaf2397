//! What the search commands share: their search options, and the value parsers of the
//! command line.

use clap::Args;

use crate::search::{Algorithm, CostModel, DiagonalRule, Heuristic, SearchOptions, Topology};

/// Settings shared by the search commands.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// astar, dijkstra, greedy, bfs, jps, jps-block, jps-plus, astar-bidir, ida, theta or
    /// lazy-theta (theta and lazy-theta: any-angle paths of turning points).
    #[arg(long, default_value = "astar")]
    pub algorithm: Algorithm,
    /// The most cells a search may expand; it stops there without an answer (IDA* stops at
    /// 5,000,000 when no limit is given).
    #[arg(long)]
    pub limit: Option<usize>,
    /// never, no-corner-cutting, one-free or always.
    #[arg(long, default_value = "no-corner-cutting")]
    pub diagonal: DiagonalRule,
    /// Hexagonal cells (odd rows shifted right) with 6 neighbours instead of squares.
    #[arg(long)]
    pub hex: bool,
    /// manhattan, octile, euclidean, chebyshev, hex or zero (default: the topology's admissible one).
    #[arg(long)]
    pub heuristic: Option<Heuristic>,
    /// Heuristic weight (weighted A*), at least 1.
    #[arg(long, default_value_t = 1.0, value_parser = parse_weight)]
    pub weight: f64,
    /// Step costs: exact (1 and sqrt 2) or tutorial (10 and 14).
    #[arg(long, default_value = "exact")]
    pub costs: CostModel,
}

impl SearchArgs {
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            algorithm: self.algorithm,
            topology: if self.hex { Topology::Hex } else { Topology::Square(self.diagonal) },
            costs: self.costs,
            heuristic: self.heuristic,
            weight: self.weight,
            limit: self.limit,
        }
    }
}

/// Parses `X,Y` (column, row).
pub fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a cell: expected X,Y with whole numbers, X the column and Y the row");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    Ok((x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
}

pub(super) fn parse_percent(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a percentage from 0 to 100")),
    }
}

fn parse_weight(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (1.0..=1000.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a weight from 1 to 1000")),
    }
}
