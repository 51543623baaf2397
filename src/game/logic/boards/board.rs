//! The board and the selection: the grid being played, the start and end, the cell under the
//! pointer; and the actions that change them (select, paint, new board, load a map).

use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::{
    files::read_map,
    grid::{Cell, Grid, GridError, MazeKind, Pos, Topology, generate_maze},
};
use crate::game::logic::shared::files;
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::settings::{BoardSettings, ClickSets, CrowdSettings, PlaySettings, SearchSettings};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::logic::shared::status::Status;
use crate::game::phases::Turn;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Board>()
        .init_resource::<Selection>()
        .init_resource::<Hover>()
        .add_message::<BoardReplaced>()
        .add_systems(Startup, spawn_first_board)
        .add_systems(
            Update,
            (select_cells, edit_cells, replace_board, match_board_topology.run_if(resource_changed::<SearchSettings>))
                .chain()
                .in_set(Turn::Board),
        );
}

/// A random grid: each cell a barrier with probability `barrier_pct` %, from a seeded RNG.
pub fn random_board(settings: &BoardSettings) -> Grid {
    let s = settings.clamped();
    let mut rng = StdRng::seed_from_u64(s.seed);
    let p = s.barrier_pct / 100.0;
    crate::engine::grid::random_grid(s.cols, s.rows, p, &mut || rng.random::<f64>()).expect("clamped sizes are valid")
}

/// The grid being played.
#[derive(Resource)]
pub struct Board {
    /// The cells.
    pub grid: Grid,
    /// Where the grid came from, for the panel.
    pub source: String,
    /// Hexagonal cells in odd-r rows.
    pub hex: bool,
    /// Bumped when the grid is replaced or its cells change shape (square / hex): the view
    /// rebuilds its cubes then, and only repaints them on other changes.
    pub layout: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board { grid: Grid::new(1, 1).expect("1 x 1"), source: String::new(), hex: false, layout: 0 }
    }
}

impl Board {
    /// Whether the cell is on the board and not a barrier.
    pub fn is_floor(&self, p: Pos) -> bool {
        self.grid.is_passable(p.0, p.1)
    }

    /// World position of the centre of a cell's top (the board is centred on the origin).
    pub fn world(&self, p: Pos) -> Vec3 {
        cell_to_world(p, self.grid.width(), self.grid.height(), self.hex)
    }

    /// Where a walker `size` cells a side stands: the centre of its square, named by its
    /// top-left cell `p` (the cell's own centre for one cell).
    pub fn unit_world(&self, p: Pos, size: usize) -> Vec3 {
        let k = size.max(1) - 1;
        self.world(p) + (self.world((k, k)) - self.world((0, 0))) / 2.0
    }

    /// Puts a new grid in place.
    pub(crate) fn replace(&mut self, grid: Grid, source: String) {
        self.grid = grid;
        self.source = source;
        self.layout += 1;
    }
}

/// cos 30°: a hexagon's apothem over its circumradius.
pub const HEX_APOTHEM: f32 = 0.866_025_4;

/// World position of a cell on a `w` x `h` board: x right, rows toward the camera. Hex rows
/// are `HEX_APOTHEM` apart and odd rows shift half a cell right, so neighbours are 1 apart.
pub fn cell_to_world(p: Pos, w: usize, h: usize, hex: bool) -> Vec3 {
    if hex {
        let shift = if p.1 % 2 == 1 { 0.5 } else { 0.0 };
        Vec3::new(p.0 as f32 + shift - w as f32 / 2.0 + 0.25, 0.0, (p.1 as f32 - (h as f32 - 1.0) / 2.0) * HEX_APOTHEM)
    } else {
        Vec3::new(p.0 as f32 - (w as f32 - 1.0) / 2.0, 0.0, p.1 as f32 - (h as f32 - 1.0) / 2.0)
    }
}

/// The chosen start and end, and which one the next click sets.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Selection {
    /// The start cell.
    pub start: Option<Pos>,
    /// The end cell.
    pub end: Option<Pos>,
    /// The endpoint the next left click sets when clicks alternate.
    pub next_is_end: bool,
}

/// The cell under the pointer (the view writes it).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Hover(pub Option<Pos>);

/// Sent when a new grid is put in place (A, a new board, a loaded map): walks, pauses and
/// agents end.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardReplaced;

/// Cells something stands on or is stepping into: no barrier is painted there.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct Occupies(pub Vec<Pos>);

fn spawn_first_board(
    setup: Res<GameSetup>,
    mut board: ResMut<Board>,
    mut settings: ResMut<BoardSettings>,
    mut selection: ResMut<Selection>,
) {
    *settings = setup.board.clamped();
    board.hex = setup.hex;
    let (mut grid, source) = match &setup.grid {
        Some((grid, name)) => (grid.clone(), name.clone()),
        None => (random_board(&settings), format!("random, seed {}", settings.seed)),
    };
    let (first, last) = default_endpoints(&mut grid, setup.grid.is_none());
    let start = setup.start.unwrap_or(first);
    let end = setup.end.unwrap_or(last);
    for p in [setup.start, setup.end].into_iter().flatten() {
        let _ = grid.set(p.0, p.1, Cell::FLOOR);
    }
    board.replace(grid, source);
    *selection = Selection { start: Some(start), end: Some(end), next_is_end: false };
}

/// Where the start and end go on a new board: opposite corners of a random board (made
/// floor), the first and last floor cells of a loaded one (which is kept as it is).
pub fn default_endpoints(grid: &mut Grid, random: bool) -> (Pos, Pos) {
    let (start, end) = ((0, 0), (grid.width() - 1, grid.height() - 1));
    if random {
        let _ = grid.set(start.0, start.1, Cell::FLOOR);
        let _ = grid.set(end.0, end.1, Cell::FLOOR);
        return (start, end);
    }
    let mut floor = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p);
    match floor.next() {
        Some(first) => (first, floor.last().unwrap_or(first)),
        None => (start, end),
    }
}

/// Left clicks set the start or the end (never on a barrier or off the board), a left drag
/// moves one of them; the pointer's cell is kept for the view.
fn select_cells(
    mut actions: MessageReader<Action>,
    board: Res<Board>,
    play: Res<PlaySettings>,
    mut selection: ResMut<Selection>,
    mut hover: ResMut<Hover>,
    mut status: ResMut<Status>,
    crowd: Res<CrowdSettings>,
) {
    for action in actions.read() {
        let p = match *action {
            // in gather and command modes a click steers the crowd (see super::crowd)
            Action::Select(_) if crowd.steers() => continue,
            Action::Select(p) => p,
            Action::Hover(p) => {
                hover.set_if_neq(Hover(p));
                continue;
            }
            Action::DragEndpoint { end, to } => {
                // dragged over a barrier, off the board or onto the other endpoint: it waits
                // (compared before writing: a mutable borrow alone would mark the selection changed
                // and run the search again)
                let (moved, other) = if end { (selection.end, selection.start) } else { (selection.start, selection.end) };
                if board.is_floor(to) && Some(to) != other && Some(to) != moved {
                    *if end { &mut selection.end } else { &mut selection.start } = Some(to);
                }
                continue;
            }
            _ => continue,
        };
        if board.grid.get(p.0, p.1).is_none() {
            status.say(format!("{},{} is off the board", p.0, p.1));
            continue;
        }
        if !board.is_floor(p) {
            status.say(format!("{},{} is a barrier: pick a floor cube", p.0, p.1));
            continue;
        }
        let set_end = match play.click {
            ClickSets::Alternate => selection.next_is_end,
            ClickSets::Start => false,
            ClickSets::End => true,
        };
        if set_end {
            selection.end = Some(p);
        } else {
            selection.start = Some(p);
        }
        if play.click == ClickSets::Alternate {
            selection.next_is_end = !set_end;
        }
        status.say(format!("{} set to {},{}", if set_end { "end" } else { "start" }, p.0, p.1));
    }
}

/// Right clicks and drags paint the brush's cell or floor.
fn edit_cells(
    mut actions: MessageReader<Action>,
    play: Res<PlaySettings>,
    selection: Res<Selection>,
    occupied: Query<&Occupies>,
    mut board: ResMut<Board>,
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        let (p, cell) = match *action {
            Action::ToggleBarrier(p) => {
                let brush = play.brush.cell();
                (p, if board.grid.get(p.0, p.1) == Some(brush) { Cell::FLOOR } else { brush })
            }
            Action::Paint(p, on) => (p, if on { play.brush.cell() } else { Cell::FLOOR }),
            _ => continue,
        };
        match paint_refusal(&board, &selection, &occupied, p, cell) {
            Some(why) => status.say(why),
            None if board.grid.get(p.0, p.1) != Some(cell) => board.grid.set(p.0, p.1, cell).expect("on the grid"),
            None => {}
        }
    }
}

/// Why `cell` may not be painted at `p`: off the board, or a barrier under the start, the end
/// or something standing there.
fn paint_refusal(board: &Board, selection: &Selection, occupied: &Query<&Occupies>, p: Pos, cell: Cell) -> Option<String> {
    if board.grid.get(p.0, p.1).is_none() {
        return Some(format!("{},{} is off the board", p.0, p.1));
    }
    if cell != Cell::Blocked {
        return None;
    }
    if selection.start == Some(p) || selection.end == Some(p) {
        let which = if selection.start == Some(p) { "start" } else { "end" };
        return Some(format!("{},{} is the {which}: move it before placing a barrier there", p.0, p.1));
    }
    occupied.iter().any(|o| o.0.contains(&p)).then(|| format!("{},{} is under the agent: no barrier there", p.0, p.1))
}

/// A, a new board from the panel, or a map: a new grid, endpoints where [`default_endpoints`]
/// puts them, and [`BoardReplaced`] for the walks and agents.
fn replace_board(
    mut actions: MessageReader<Action>,
    mut board: ResMut<Board>,
    mut settings: ResMut<BoardSettings>,
    mut selection: ResMut<Selection>,
    mut hover: ResMut<Hover>,
    mut status: ResMut<Status>,
    mut replaced: MessageWriter<BoardReplaced>,
) {
    for action in actions.read() {
        let (grid, random, source, message) = match action {
            Action::Reset => {
                settings.seed = BoardSettings::next_seed(settings.seed);
                (random_board(&settings), true, format!("random, seed {}", settings.seed), format!("new board, seed {}", settings.seed))
            }
            Action::NewBoard(s) => {
                *settings = s.clamped();
                let s = &*settings;
                (random_board(s), true, format!("random, seed {}", s.seed), format!("new {} x {} board, seed {}", s.cols, s.rows, s.seed))
            }
            Action::Generate(kind, s) => match generated(&mut settings, *kind, s) {
                Ok(made) => made,
                Err(e) => {
                    status.say(format!("could not generate the board, it is kept: {e}"));
                    continue;
                }
            },
            // a scenario's agents are the crowd's (see crowd.rs)
            Action::LoadMap { name, .. } | Action::OpenMap(name) if files::is_scenario(name) => continue,
            // a voxel world is the world's (see world.rs), a search trace the step view's (opened.rs)
            Action::LoadMap { name, .. } | Action::OpenMap(name) if files::is_world(name) || files::is_trace(name) => continue,
            Action::LoadMap { name, bytes } => match read_map(name, bytes) {
                Ok(grid) => loaded(&mut settings, grid, name),
                Err(e) => {
                    status.say(format!("could not load the map, the board is kept: {e}"));
                    continue;
                }
            },
            Action::OpenMap(name) => match files::open_map(name).and_then(|bytes| read_map(name, &bytes).map_err(|e| e.to_string())) {
                Ok(grid) => loaded(&mut settings, grid, name),
                Err(e) => {
                    status.say(format!("could not load the map, the board is kept: {e}"));
                    continue;
                }
            },
            _ => continue,
        };
        if !random && grid.passable_count() == 0 {
            status.say(format!("{source} has no floor cell, so nowhere to start or end: the board is kept"));
            continue;
        }
        let mut grid = grid;
        let (start, end) = default_endpoints(&mut grid, random);
        board.replace(grid, source);
        *selection = Selection { start: Some(start), end: Some(end), next_is_end: false };
        hover.0 = None;
        status.say(message);
        replaced.write(BoardReplaced);
    }
}

/// A generated board of `kind` from `s`'s size and seed, which become the board settings.
fn generated(settings: &mut BoardSettings, kind: MazeKind, s: &BoardSettings) -> Result<(Grid, bool, String, String), GridError> {
    let s = s.clamped();
    let grid = generate_maze(kind, s.cols, s.rows, s.seed)?;
    let said = (format!("{kind}, seed {}", s.seed), format!("generated a {} x {} {kind} board, seed {}", s.cols, s.rows, s.seed));
    *settings = s;
    Ok((grid, false, said.0, said.1))
}

/// A loaded map's grid, with the board settings following its size.
fn loaded(settings: &mut BoardSettings, grid: Grid, name: &str) -> (Grid, bool, String, String) {
    settings.rows = grid.height();
    settings.cols = grid.width();
    (grid, false, name.to_string(), format!("loaded {name}"))
}

/// Hexagonal cells when the search settings switch to the hex topology, squares otherwise.
fn match_board_topology(settings: Res<SearchSettings>, mut board: ResMut<Board>) {
    let hex = settings.0.topology == Topology::Hex;
    if hex != board.hex {
        board.hex = hex;
        board.layout += 1;
    }
}
