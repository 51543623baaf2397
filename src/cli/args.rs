//! What the search commands share: their search options, and the value parsers of the
//! command line.

use clap::Args;

use std::path::{Path, PathBuf};

use crate::engine::{
    files::{FileError, load_map, read_board_code},
    grid::{CostModel, DiagonalRule, Grid, Heuristic, Topology},
    search::{Algorithm, Estimate, Prepared, SearchOptions, Searcher, VoxelOptions},
    world::{Pos3, VoxelMoves},
};
use crate::formula::Formula;

/// Settings shared by the search commands.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// astar, dijkstra, greedy, bfs, jps, jps-block, jps-plus, astar-bidir, ida, theta,
    /// lazy-theta (theta and lazy-theta: any-angle paths of turning points), subgoal (the
    /// map prepared first: see `cubepath prep`) or hpa (hierarchical, near optimal: the map cut
    /// into clusters first).
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
    /// manhattan, octile, euclidean, chebyshev, hex or zero (default: the topology's admissible
    /// one); or a formula of the cell and the goal, such as 'max(abs(dx), abs(dy))' (dx, dy,
    /// dz, x, y, z, gx, gy, gz, straight, diagonal, sqrt2, pi; + - * / ^; abs, sqrt, floor,
    /// ceil, round, min, max, hypot), on 2D maps and voxel worlds alike.
    #[arg(long, value_parser = parse_heuristic)]
    pub heuristic: Option<HeuristicArg>,
    /// Heuristic weight (weighted A*), at least 1.
    #[arg(long, default_value_t = 1.0, value_parser = parse_weight)]
    pub weight: f64,
    /// Step costs: exact (1 and sqrt 2) or tutorial (10 and 14).
    #[arg(long, default_value = "exact")]
    pub costs: CostModel,
    /// On a voxel world (.3dmap or .vox): fly6, fly18, fly26 (the default) or walk.
    #[arg(long)]
    pub moves: Option<VoxelMoves>,
    /// With --algorithm subgoal: the map's preparation written by `cubepath prep` (without
    /// it the map is prepared first).
    #[arg(long)]
    pub prep: Option<PathBuf>,
}

/// `--heuristic`: a named heuristic, or a formula.
#[derive(Clone, Debug)]
pub enum HeuristicArg {
    Named(Heuristic),
    Formula(Formula),
}

/// A heuristic's name, else a formula; what is wrong with it as a formula otherwise.
pub fn parse_heuristic(s: &str) -> Result<HeuristicArg, String> {
    if let Ok(named) = s.parse::<Heuristic>() {
        return Ok(HeuristicArg::Named(named));
    }
    Formula::parse(s)
        .map(HeuristicArg::Formula)
        .map_err(|e| format!("'{s}' is neither a heuristic's name (manhattan, octile, euclidean, chebyshev, hex, zero) nor a formula: {e}"))
}

impl SearchArgs {
    /// The estimate a `--heuristic` formula gives on a 2D map, if one was given.
    pub fn estimate(&self) -> Option<Estimate> {
        match &self.heuristic {
            Some(HeuristicArg::Formula(f)) => Some(f.estimate(self.costs)),
            _ => None,
        }
    }

    /// The estimate a `--heuristic` formula gives on a voxel world, if one was given.
    pub fn world_estimate(&self) -> Option<Estimate<Pos3>> {
        match &self.heuristic {
            Some(HeuristicArg::Formula(f)) => Some(f.world_estimate()),
            _ => None,
        }
    }

    /// The options for a voxel world, or what does not fit one.
    pub fn world_options(&self) -> Result<VoxelOptions, String> {
        let named = matches!(self.heuristic, Some(HeuristicArg::Named(_)));
        if self.hex || named || self.costs != CostModel::Exact || self.prep.is_some() {
            return Err(
                "--hex, a named --heuristic, --costs and --prep are for 2D maps; a voxel world takes --moves (and a --heuristic formula)"
                    .into(),
            );
        }
        Ok(VoxelOptions {
            algorithm: self.algorithm,
            moves: self.moves.unwrap_or_default(),
            weight: self.weight,
            limit: self.limit,
            jump_always: false,
        })
    }

    /// The options for a 2D map, or what does not fit one.
    pub fn flat_options(&self) -> Result<SearchOptions, String> {
        match self.moves {
            Some(_) => Err("--moves is for voxel worlds (.3dmap or .vox files)".into()),
            None => Ok(self.options()),
        }
    }

    /// Whether `--prep` fits the `algorithms` the command runs: one of them must read a
    /// preparation from a file ([`Algorithm::prepares_to_file`]: subgoal).
    pub fn check_prep(&self, algorithms: &[Algorithm]) -> Result<(), String> {
        if self.prep.is_some() && !algorithms.iter().any(|a| a.prepares_to_file()) {
            let names: Vec<_> = Algorithm::ALL.into_iter().filter(|a| a.prepares_to_file()).map(|a| a.name()).collect();
            return Err(format!("--prep FILE is for --algorithm {}", names.join("|")));
        }
        Ok(())
    }

    /// Gives `searcher` the preparation named by `--prep` for `grid`, read and checked against
    /// it; nothing without `--prep`, or when `algorithm` reads none from a file.
    pub fn keep_prepared(&self, searcher: &mut Searcher, grid: &Grid, algorithm: Algorithm) -> Result<(), String> {
        let Some(path) = self.prep.as_ref().filter(|_| algorithm.prepares_to_file()) else { return Ok(()) };
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let prepared = Prepared::from_bytes(&bytes, grid).map_err(|e| format!("{}: {e}", path.display()))?;
        searcher.keep_prepared(prepared);
        Ok(())
    }

    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            algorithm: self.algorithm,
            topology: if self.hex { Topology::Hex } else { Topology::Square(self.diagonal) },
            costs: self.costs,
            heuristic: match self.heuristic {
                Some(HeuristicArg::Named(h)) => Some(h),
                _ => None,
            },
            weight: self.weight,
            limit: self.limit,
        }
    }
}

/// The 2D map a command names: a `.map` file, or `board:CODE` (a board in a link, see
/// `cubepath link`).
pub fn open_map(map: &Path) -> Result<Grid, FileError> {
    match map.to_str().and_then(|s| s.strip_prefix("board:")) {
        Some(code) => read_board_code(code),
        None => load_map(map),
    }
}

/// Whether `map` names a voxel world (`.3dmap`, or a MagicaVoxel `.vox` model).
pub fn is_world(map: &Path) -> bool {
    crate::engine::files::is_world_file(map)
}

/// A cell `X,Y` or a voxel `X,Y,Z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A cell of a 2D map.
    Cell((usize, usize)),
    /// A voxel of a world.
    Voxel((usize, usize, usize)),
}

/// Parses `X,Y` or `X,Y,Z`.
pub fn parse_at(s: &str) -> Result<At, String> {
    let bad = || format!("'{s}' is not a cell or a voxel: expected X,Y or X,Y,Z with whole numbers");
    let parts: Vec<usize> = s.split(',').map(|p| p.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
    match parts[..] {
        [x, y] => Ok(At::Cell((x, y))),
        [x, y, z] => Ok(At::Voxel((x, y, z))),
        _ => Err(bad()),
    }
}

/// Parses `N` whole numbers joined by `x` (a board's or a world's size); `form` names the
/// expected form in the message.
pub fn parse_sides<const N: usize>(s: &str, form: &str) -> Result<[usize; N], String> {
    let bad = || format!("'{s}' is not a size: expected {form}");
    let sides: Vec<usize> = s.split('x').map(|p| p.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
    sides.try_into().map_err(|_| bad())
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

pub(super) fn parse_weight(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (1.0..=1000.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a weight from 1 to 1000")),
    }
}
