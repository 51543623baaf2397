//! The panel's World section: levels (1 is the flat board), the kind of world and how its
//! searches move, the slice, and what the last search on the world found.

use bevy::prelude::*;
use bevy_egui::egui;

use super::shown::Shown;
use crate::engine::world::{VoxelMoves, WorldKind};
use crate::game::logic::input::Action;
use crate::game::logic::settings::{MAX_LEVELS, WorldSettings};

/// Levels, kind, moves and the "New world" button; with a world, the slice and its search.
pub(super) fn world_section(ui: &mut egui::Ui, shown: &Shown, draft: &mut WorldSettings, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    let world = &shown.world;
    egui::CollapsingHeader::new(w.t("World (levels)")).id_salt("World").default_open(world.is_on()).show(ui, |ui| {
        ui.add(egui::Slider::new(&mut draft.levels, 1..=MAX_LEVELS).text(w.t("levels")));
        ui.horizontal(|ui| {
            for kind in WorldKind::ALL {
                if ui.radio_value(&mut draft.kind, kind, w.t(kind.name())).changed() {
                    draft.moves = WorldSettings::natural_moves(kind);
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label(w.t("moves"));
            for moves in VoxelMoves::ALL {
                ui.radio_value(&mut draft.moves, moves, w.t(moves.name()));
            }
        });
        ui.horizontal(|ui| {
            let hint = w.t("a world of these levels, the Board section's columns, rows and seed (1 level: the flat board)");
            if ui.button(w.t("New world")).on_hover_text(hint).clicked() {
                actions.write(Action::World(*draft));
            }
            // other moves on the same world search it again at once
            if world.is_on()
                && draft.moves != shown.world_settings.moves
                && draft.levels == shown.world_settings.levels
                && draft.kind == shown.world_settings.kind
            {
                actions.write(Action::World(*draft));
            }
        });
        world_state(ui, shown, actions);
        ui.small(w.t("left click: start or end on a face; right click: remove a voxel; Ctrl + right click: add one"));
    });
}

/// The world's size and source, the slice, the last search and, in the step view, its
/// expansions.
fn world_state(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    let world = &shown.world;
    let Some(grid) = world.grid.as_ref() else { return };
    ui.small(w.say(&format!("{} x {} x {}: {}", grid.width(), grid.height(), grid.depth(), world.source)));
    let mut slice = world.slice;
    let slider = egui::Slider::new(&mut slice, 0..=grid.depth() - 1).text(w.t("levels shown up to (PageUp, PageDown)"));
    if ui.add(slider).changed() {
        actions.write(Action::Slice(slice));
    }
    let a = &world.answer;
    let line = match (a.cost, &a.why) {
        (Some(cost), _) => format!(
            "{}: cost {cost:.4}, {} voxels, {} expanded in {:.2} ms",
            a.algorithm.name(),
            a.path.len(),
            a.expanded,
            a.time.as_secs_f64() * 1000.0
        ),
        (None, Some(why)) => why.clone(),
        (None, None) => String::new(),
    };
    ui.small(w.say(&line));
    if let (Some(_), Some(why)) = (a.cost, &a.why) {
        ui.small(w.say(why));
    }
    if shown.step_on.0 {
        let v = &shown.world_steps;
        let (open, closed) = v.counts();
        let mut k = v.shown;
        let slider = egui::Slider::new(&mut k, 0..=v.closed.len()).text(w.t("expansions shown (Space: one more)"));
        if ui.add(slider).changed() {
            actions.write(Action::SeekStep(k));
        }
        ui.small(w.say(&format!("{} of {} expansions; open {}, closed {}", v.shown, v.closed.len(), open, closed)));
    }
}
