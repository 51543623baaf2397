//! The help: every key and mouse action in one window (H or ? shows and hides it).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::logic::input::Action;
use crate::game::view::words::Words;

/// Every input and what it does.
pub const INPUTS: [(&str, &str); 16] = [
    ("Left click on a floor cube", "sets the start, then the end (they alternate; the Walk section can pin one)"),
    ("Left drag from the start or end", "moves it; the search follows"),
    ("Right click / right drag", "paints a barrier (or the brush's mud or water) and back to floor"),
    ("Right drag off the board, or Shift + right drag", "orbits the camera"),
    ("Middle drag", "pans"),
    ("Mouse wheel", "zooms"),
    ("Space", "walks the path (steps the step view and the race)"),
    ("A", "a new random board"),
    ("Z", "pauses and resumes the walk, the agents and the replays"),
    ("Ctrl+Z", "undoes the last paint, endpoint move or new board"),
    ("Ctrl+Shift+Z", "redoes it"),
    ("H or ?", "shows or hides this help"),
    ("In a crowd, gather mode: left click", "where every agent heads"),
    ("In a crowd, command mode: left click", "picks an agent, then where it goes"),
    ("In a crowd, together mode: left click", "the area the agents are planned to, together"),
    ("Learn section", "nine guided lessons; Copy link (Maps) shares the board"),
];

/// The help window, when shown; its Close button hides it.
pub(super) fn help_window(ctx: &egui::Context, shown: bool, w: Words, actions: &mut MessageWriter<Action>) {
    if !shown {
        return;
    }
    egui::Window::new(w.t("Keys and mouse"))
        .id(egui::Id::new("help"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("help-inputs").num_columns(2).striped(true).show(ui, |ui| {
                for (input, what) in INPUTS {
                    ui.strong(w.t(input));
                    ui.label(w.t(what));
                    ui.end_row();
                }
            });
            if ui.button(w.t("Close (H)")).clicked() {
                actions.write(Action::ToggleHelp);
            }
        });
}
