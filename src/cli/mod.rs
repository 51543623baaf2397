//! The command line, above the game and the engine: play options become a
//! [`GameSetup`](crate::game::GameSetup) for the game; `solve`, `scen`, `bench`, `crowd`,
//! `mapf`, `world`, `maze`, `link` and `prep` call the engine headless. One file per subcommand (`play`,
//! `solve`, `scen`, `bench`, `crowd`, `mapf`, `world`, `maze`, `link`, `prep`) and per helper (`args`: shared
//! options and value parsers, `failure`: exit statuses, `problems`: reading a scenario,
//! `progress`, `plot`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod args;
mod bench;
mod crowd;
mod edits;
mod failure;
mod link;
mod mapf;
mod maze;
mod play;
mod plot;
mod prep;
mod problems;
mod progress;
mod scen;
mod solve;
mod world;

pub use args::{At, SearchArgs, parse_cell};
pub use bench::BenchArgs;
pub use crowd::CrowdArgs;
pub use link::LinkArgs;
pub use mapf::MapfArgs;
pub use maze::MazeArgs;
pub use play::{PlayArgs, RaceLanes, play};
pub use prep::PrepArgs;
pub use scen::ScenArgs;
pub use solve::SolveArgs;
pub use world::WorldArgs;

use failure::{CLOSED_PIPE, Failure};

/// A pathfinding playground: a 3D cube grid where A* and its rivals run live, and a headless
/// command line over the same engine. With no command it plays the game.
#[derive(Parser, Debug)]
#[command(name = "cubepath", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find one path on a map and print its cost, the nodes expanded and the cells.
    Solve(SolveArgs),
    /// Run every problem of a scenario file and compare with its optimal lengths.
    Scen(ScenArgs),
    /// Time every problem of a scenario file, checking each cost.
    Bench(BenchArgs),
    /// Run a crowd of agents without a window and report arrivals, conflicts, replanning and
    /// tick times.
    Crowd(CrowdArgs),
    /// Plan the first N problems of a scenario as N agents moving together (multi-agent
    /// pathfinding) and print makespan, sum of costs, lower bound and time.
    Mapf(MapfArgs),
    /// Write a seeded voxel world (blocks, building, caves or islands; storeys, terrain or plant
    /// at a game level's scale) as a .3dmap file.
    World(WorldArgs),
    /// Write a seeded board (division, prim or backtracker mazes, rooms, caves, terrain) as a
    /// .map file.
    Maze(MazeArgs),
    /// Print a map's board as a code for a link: board:CODE opens it wherever a map is taken.
    Link(LinkArgs),
    /// Prepare a map once for `--algorithm subgoal` and write the preparation to a file that
    /// `solve`, `scen` and `bench` read with `--prep` (time and bytes on the last line).
    Prep(PrepArgs),
}

/// Runs a headless command; returns the process exit code.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Solve(a) => solve::solve(&a),
        Command::Scen(a) => scen::scen(&a),
        Command::Bench(a) => bench::bench(&a),
        Command::Crowd(a) => crowd::crowd(&a),
        Command::Mapf(a) => mapf::mapf(&a),
        Command::World(a) => world::world(&a),
        Command::Maze(a) => maze::maze(&a),
        Command::Link(a) => link::link(&a),
        Command::Prep(a) => prep::prep(&a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure::BadInput(message)) => {
            eprintln!("cubepath: {message}");
            ExitCode::from(2)
        }
        Err(Failure::ClosedPipe) => ExitCode::from(CLOSED_PIPE),
    }
}
