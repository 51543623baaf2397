//! What the player asks for: keys (Space, A, Z), mouse picks and panel controls all become
//! [`Action`] messages. Each later module applies the actions it owns; the settings' own
//! actions are applied here.

use bevy::prelude::*;

use super::settings::{
    BoardSettings, CrowdSettings, HelpShown, Language, Palette, PlaySettings, RaceSettings, SearchSettings, StepLayers, StepViewOn,
    UnitSize, WorldSettings,
};
use crate::engine::{
    grid::{MazeKind, Pos},
    search::SearchOptions,
};
use crate::game::phases::{Pause, Turn};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Action>()
        .add_systems(Update, handle_keys.in_set(Turn::Keys))
        .add_systems(Update, (apply_setting_actions.in_set(Turn::Settings), toggle_pause.in_set(Turn::Pause)));
}

/// Something the player asked for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Action {
    /// Left click on a cell: set the start or the end.
    Select(Pos),
    /// The pointer is over this cell (or over none).
    Hover(Option<Pos>),
    /// A left drag that started on the start (`end` false) or the end (`end` true) reached
    /// this cell: the endpoint moves there and the search follows, as on Red Blob's pages.
    DragEndpoint {
        /// Which endpoint.
        end: bool,
        /// Where it is dragged to.
        to: Pos,
    },
    /// Right click: toggle the brush's cell (a barrier by default) and floor.
    ToggleBarrier(Pos),
    /// Right drag: paint the brush's cell (true) or floor (false).
    Paint(Pos, bool),
    /// A right press begins a painting stroke (one step to undo, however many cells).
    BeginStroke,
    /// Ctrl+Z or the Undo button: the board and endpoints as before the last change.
    Undo,
    /// Ctrl+Shift+Z or the Redo button.
    Redo,
    /// "Copy link": the board, endpoints and options as a link.
    CopyLink,
    /// Begin lesson n (counted from 0), or leave the lessons (`None`).
    Lesson(Option<usize>),
    /// H, ? or the panel's Help button: show or hide every key and mouse action.
    ToggleHelp,
    /// The colours the board is drawn in.
    Palette(Palette),
    /// The panel's language.
    Language(Language),
    /// Space in the step view: one more expansion.
    Step,
    /// Play the step view forward (true) or stop it.
    RunSteps(bool),
    /// Show the step view after this many expansions.
    SeekStep(usize),
    /// Expansions a second when the step view plays.
    StepRate(f32),
    /// Run every algorithm on the board and compare.
    Duel,
    /// Space or the Walk button.
    Walk,
    /// A or the Reset button: a fresh random board with a new seed.
    Reset,
    /// A board from the panel's settings with exactly their seed.
    NewBoard(BoardSettings),
    /// A generated board (a perfect maze, rooms, caves or terrain) of the settings' size and
    /// seed (their barrier share is not used).
    Generate(MazeKind, BoardSettings),
    /// A map file's bytes to read: a malformed file keeps the board and says why.
    LoadMap {
        /// The file's name, for messages.
        name: String,
        /// Its contents.
        bytes: Vec<u8>,
    },
    /// Open the map file at this path (the desktop's file system).
    OpenMap(String),
    /// Save the board as a map file at this path (a download in the browser).
    SaveMap(String),
    /// Save the current search's trace (every expansion, as JSON) at this path (a download in
    /// the browser).
    SaveTrace(String),
    /// The heuristic lab's formula, as typed (empty: none).
    Estimate(String),
    /// Z or the Pause button.
    TogglePause,
    /// New search settings.
    Search(SearchOptions),
    /// New play settings (clamped to their ranges).
    Play(PlaySettings),
    /// The walker's size in cells a side (see [`super::settings::UnitSize`]).
    UnitSize(usize),
    /// Step view on or off.
    ShowSteps(bool),
    /// The step view's parent arrows and heat map.
    StepLayers(StepLayers),
    /// The race on or off, and its lanes (made legal: see [`RaceSettings::clamped`]).
    Race(RaceSettings),
    /// The crowd's size, mode, speed and field (clamped to their ranges).
    Crowd(CrowdSettings),
    /// New world settings: a new world of their levels and kind (one level: the flat board), or
    /// the same world searched with other moves.
    World(WorldSettings),
    /// A click or drag on a voxel of the world.
    PickVoxel {
        /// Where the pointer met the world.
        hit: VoxelHit,
        /// What the click does.
        click: VoxelClick,
    },
    /// Show the world's levels up to this one (PageUp, PageDown, the panel's slice).
    Slice(usize),
}

/// Where the pointer's ray met the world: the voxel hit (`z` of -1 is the ground under the
/// world) and the outward normal of the face it entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoxelHit {
    /// The voxel hit, `[x, y, z]`; z is -1 for the ground.
    pub voxel: [i64; 3],
    /// The face's outward normal, one coordinate plus or minus one.
    pub normal: [i64; 3],
}

/// What a click on a voxel does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoxelClick {
    /// Left click: the start or the end goes to the voxel on (or in front of) the face.
    Endpoint,
    /// A left drag from the start (false) or the end (true) moves it.
    Drag(bool),
    /// Right click: the clicked voxel is removed.
    Remove,
    /// Ctrl + right click: a voxel is added on the clicked face.
    Add,
}

/// Space walks (or steps, in the step view and the race), A resets, Z pauses, Ctrl+Z undoes and
/// Ctrl+Shift+Z redoes, H or ? shows the help.
pub fn handle_keys(
    keys: Res<ButtonInput<KeyCode>>,
    step_view: Res<StepViewOn>,
    race: Res<RaceSettings>,
    mut actions: MessageWriter<Action>,
) {
    if keys.just_pressed(KeyCode::Space) {
        actions.write(if step_view.0 || race.on { Action::Step } else { Action::Walk });
    }
    if keys.just_pressed(KeyCode::KeyA) {
        actions.write(Action::Reset);
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyH) || (shift && keys.just_pressed(KeyCode::Slash)) {
        actions.write(Action::ToggleHelp);
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight]);
        actions.write(match (ctrl, shift) {
            (false, _) => Action::TogglePause,
            (true, false) => Action::Undo,
            (true, true) => Action::Redo,
        });
    }
}

/// Applies new search and play settings, the step view switch and layers, and the race's
/// settings; only real changes count.
fn apply_setting_actions(
    mut actions: MessageReader<Action>,
    mut search: ResMut<SearchSettings>,
    mut play: ResMut<PlaySettings>,
    mut unit: ResMut<UnitSize>,
    mut step_view: ResMut<StepViewOn>,
    mut layers: ResMut<StepLayers>,
    mut race: ResMut<RaceSettings>,
    mut crowd: ResMut<CrowdSettings>,
    mut help: ResMut<HelpShown>,
    mut palette: ResMut<Palette>,
    mut language: ResMut<Language>,
) {
    for action in actions.read() {
        match action {
            Action::Search(o) => {
                search.set_if_neq(SearchSettings(*o));
            }
            Action::Play(p) => {
                play.set_if_neq(p.clamped());
            }
            Action::UnitSize(k) => {
                unit.set_if_neq(UnitSize(*k).clamped());
            }
            Action::ShowSteps(on) => {
                step_view.set_if_neq(StepViewOn(*on));
            }
            Action::StepLayers(l) => {
                layers.set_if_neq(*l);
            }
            Action::Race(r) => {
                race.set_if_neq(r.clamped());
            }
            Action::Crowd(c) => {
                crowd.set_if_neq(c.clamped());
            }
            Action::ToggleHelp => help.0 = !help.0,
            Action::Palette(p) => {
                palette.set_if_neq(*p);
            }
            Action::Language(l) => {
                language.set_if_neq(*l);
            }
            _ => {}
        }
    }
}

/// Z pauses and resumes (from the next frame: a state change).
fn toggle_pause(
    mut actions: MessageReader<Action>,
    pause: Res<State<Pause>>,
    mut next: ResMut<NextState<Pause>>,
    mut status: ResMut<super::status::Status>,
) {
    let toggles = actions.read().filter(|a| **a == Action::TogglePause).count();
    if toggles % 2 == 1 {
        let paused = !pause.get().0;
        next.set(Pause(paused));
        status.say(if paused { "paused (Z to resume)" } else { "resumed" });
    }
}
