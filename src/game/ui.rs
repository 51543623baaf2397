//! The egui panel: board and search settings, walk controls, statistics, the last message
//! and the key help. It only writes resources and actions; plain systems do the rest.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::AppSystems;
use super::board::{Board, BoardSettings, MAX_SIDE, Selection, Status};
use super::input::Action;
use super::pathing::{PathState, SearchSettings};
use super::walk::{ClickSets, Paused, PlaySettings, Walk, WalkMode};
use crate::search::{Algorithm, DiagonalRule, Heuristic, SearchOptions, Topology};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelDraft>()
        .add_systems(EguiPrimaryContextPass, draw_panel)
        // Keys typed into the panel's fields are not game keys.
        .configure_sets(Update, AppSystems::RecordInput.run_if(not(egui_wants_any_keyboard_input)));
}

/// The board settings being edited, applied with "New board".
#[derive(Resource, Default)]
struct PanelDraft(Option<BoardSettings>);

fn draw_panel(
    mut contexts: EguiContexts,
    mut draft: ResMut<PanelDraft>,
    board_settings: Res<BoardSettings>,
    mut search: ResMut<SearchSettings>,
    mut play: ResMut<PlaySettings>,
    board: Res<Board>,
    selection: Res<Selection>,
    path: Res<PathState>,
    walk: Res<Walk>,
    paused: Res<Paused>,
    status: Res<Status>,
    mut actions: MessageWriter<Action>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let draft = draft.0.get_or_insert_with(|| board_settings.clone());
    egui::Window::new("cubepath").default_pos([10.0, 10.0]).default_width(270.0).resizable(false).show(ctx, |ui| {
        egui::CollapsingHeader::new("Board").default_open(true).show(ui, |ui| {
            ui.add(egui::Slider::new(&mut draft.rows, 1..=MAX_SIDE).text("rows"));
            ui.add(egui::Slider::new(&mut draft.cols, 1..=MAX_SIDE).text("columns"));
            ui.add(egui::Slider::new(&mut draft.barrier_pct, 0.0..=100.0).text("barrier %"));
            ui.horizontal(|ui| {
                ui.label("seed");
                ui.add(egui::DragValue::new(&mut draft.seed));
            });
            ui.horizontal(|ui| {
                if ui.button("New board").on_hover_text("build this seed with these settings").clicked() {
                    actions.write(Action::NewBoard(draft.clamped()));
                }
                if ui.button("Reset (A)").on_hover_text("a fresh random board with a new seed").clicked() {
                    let next = BoardSettings { seed: board_settings.seed, ..draft.clamped() };
                    actions.write(Action::NewBoard(BoardSettings { seed: BoardSettings::next_seed(next.seed), ..next }));
                }
            });
            ui.small(format!("{} x {}: {}", board.grid.width(), board.grid.height(), board.source));
        });

        egui::CollapsingHeader::new("Search").default_open(true).show(ui, |ui| {
            let mut o: SearchOptions = search.0;
            egui::ComboBox::from_label("algorithm").selected_text(o.algorithm.name()).show_ui(ui, |ui| {
                for a in Algorithm::ALL {
                    ui.selectable_value(&mut o.algorithm, a, a.name());
                }
            });
            let mut rule = match o.topology {
                Topology::Square(r) => r,
                Topology::Hex => DiagonalRule::NoCornerCutting,
            };
            egui::ComboBox::from_label("diagonals").selected_text(rule.name()).show_ui(ui, |ui| {
                for r in DiagonalRule::ALL {
                    ui.selectable_value(&mut rule, r, r.name());
                }
            });
            o.topology = Topology::Square(rule);
            let current = o.heuristic.map_or("default", |h| h.name());
            egui::ComboBox::from_label("heuristic").selected_text(current).show_ui(ui, |ui| {
                ui.selectable_value(&mut o.heuristic, None, "default");
                for h in Heuristic::ALL {
                    ui.selectable_value(&mut o.heuristic, Some(h), h.name());
                }
            });
            ui.add(egui::Slider::new(&mut o.weight, 1.0..=5.0).text("weight"));
            if !o.is_admissible() && o.algorithm.is_optimal() {
                ui.colored_label(egui::Color32::from_rgb(230, 160, 40), "inadmissible: the path may not be the shortest");
            }
            if o != search.0 {
                search.0 = o;
            }
        });

        egui::CollapsingHeader::new("Walk").default_open(true).show(ui, |ui| {
            let mut p = *play;
            ui.horizontal(|ui| {
                ui.radio_value(&mut p.mode, WalkMode::Cubes, "cubes");
                ui.radio_value(&mut p.mode, WalkMode::Agent, "agent");
            });
            ui.add(egui::Slider::new(&mut p.step_interval, PlaySettings::INTERVAL.0..=PlaySettings::INTERVAL.1).text("s per cube"));
            ui.add(egui::Slider::new(&mut p.agent_speed, PlaySettings::SPEED.0..=PlaySettings::SPEED.1).text("agent cells/s"));
            ui.horizontal(|ui| {
                ui.label("click sets");
                ui.radio_value(&mut p.click, ClickSets::Alternate, "alternate");
                ui.radio_value(&mut p.click, ClickSets::Start, "start");
                ui.radio_value(&mut p.click, ClickSets::End, "end");
            });
            let p = p.clamped();
            if p != *play {
                *play = p;
            }
            ui.horizontal(|ui| {
                if ui.button("Walk (Space)").clicked() {
                    actions.write(Action::Walk);
                }
                if ui.button(if paused.0 { "Resume (Z)" } else { "Pause (Z)" }).clicked() {
                    actions.write(Action::TogglePause);
                }
            });
        });

        egui::CollapsingHeader::new("Statistics").default_open(true).show(ui, |ui| {
            let cell = |c: Option<(usize, usize)>| c.map_or("-".to_string(), |(x, y)| format!("{x},{y}"));
            ui.label(format!("start {}   end {}", cell(selection.start), cell(selection.end)));
            ui.label(format!("path cells: {}", path.cells.len()));
            ui.label(format!("path cost: {}", path.cost.map_or("-".to_string(), |c| format!("{c:.4}"))));
            ui.label(format!("nodes expanded: {}", path.expanded));
            ui.label(format!("search time: {} µs", path.time.as_micros()));
            if walk.total > 0 {
                ui.label(format!("walked: {} / {}", walk.walked, walk.total));
            }
        });
        if !path.message.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 80), &path.message);
        }
        if !status.0.is_empty() {
            ui.label(&status.0);
        }
        ui.separator();
        ui.small("Left click: start / end   Right click or drag: barriers\nRight drag off the board (or Shift): orbit   Middle drag: pan   Wheel: zoom\nSpace: walk   A: new board   Z: pause");
    });
    Ok(())
}
