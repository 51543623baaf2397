//! What the panel shows, read-only, and the words it shows it in. A leaf the sections share.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::crowd::{BoardCrowd, CrowdState};
use crate::game::logic::duel::Duel;
use crate::game::logic::lab::{Lab, LabReport};
use crate::game::logic::lessons::Learn;
use crate::game::logic::race::Race;
use crate::game::logic::search::PathState;
use crate::game::logic::settings::{
    BoardSettings, CrowdSettings, HelpShown, Language, Palette, PlaySettings, RaceSettings, SearchSettings, StepLayers, StepViewOn,
    UnitSize, WorldSettings,
};
use crate::game::logic::status::Status;
use crate::game::logic::stepview::{GoalField, OpenedTrace, StepView};
use crate::game::logic::walk::Walk;
use crate::game::logic::world::WorldBoard;
use crate::game::logic::world_lab::WorldLabReport;
use crate::game::logic::world_race::WorldRace;
use crate::game::logic::world_steps::WorldStepView;
use crate::game::phases::Pause;
use crate::game::view::arrows::JumpsUnderPointer;
use crate::game::view::words::Words;

/// Everything the panel shows, read-only.
#[derive(SystemParam)]
pub(super) struct Shown<'w, 's> {
    pub board_settings: Res<'w, BoardSettings>,
    pub search: Res<'w, SearchSettings>,
    pub play: Res<'w, PlaySettings>,
    pub unit: Res<'w, UnitSize>,
    pub step_on: Res<'w, StepViewOn>,
    pub step: Res<'w, StepView>,
    pub layers: Res<'w, StepLayers>,
    pub field: Res<'w, GoalField>,
    pub board: Res<'w, Board>,
    pub selection: Res<'w, Selection>,
    pub path: Res<'w, PathState>,
    pub walk: Res<'w, Walk>,
    pub pause: Res<'w, State<Pause>>,
    pub hover: Res<'w, Hover>,
    pub duel: Res<'w, Duel>,
    pub race_settings: Res<'w, RaceSettings>,
    pub race: Res<'w, Race>,
    pub crowd_settings: Res<'w, CrowdSettings>,
    pub crowd: Res<'w, CrowdState>,
    pub board_crowd: BoardCrowd<'w, 's>,
    pub status: Res<'w, Status>,
    pub learn: Res<'w, Learn>,
    pub help: Res<'w, HelpShown>,
    pub palette: Res<'w, Palette>,
    pub language: Res<'w, Language>,
    pub jumps: Res<'w, JumpsUnderPointer>,
    pub world: Res<'w, WorldBoard>,
    pub world_settings: Res<'w, WorldSettings>,
    pub world_steps: Res<'w, WorldStepView>,
    pub world_race: Res<'w, WorldRace>,
    pub lab: Res<'w, Lab>,
    pub opened: Res<'w, OpenedTrace>,
    pub lab_report: Res<'w, LabReport>,
    pub world_lab: Res<'w, WorldLabReport>,
}

impl Shown<'_, '_> {
    /// The panel's words, in the player's language.
    pub fn words(&self) -> Words {
        Words(*self.language)
    }
}

/// The key of egui's temporary data that says whether the panel is laid out as the phone's
/// drawer (true) or beside the board this frame: sections that scroll themselves into view
/// keep what they did apart for each.
pub(super) const IN_DRAWER: &str = "cubepath panel in the drawer";
