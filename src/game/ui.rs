//! The egui panel: board, search, walk and step-view settings, maps, the algorithm duel,
//! statistics, the last message and the key help; and the F/G/H labels over small boards.
//! It only writes resources and actions; plain systems do the rest.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::AppSystems;
use super::board::{Board, BoardSettings, Hover, MAX_SIDE, Selection, Status};
use super::input::Action;
use super::pathing::{PathState, SearchSettings};
use super::stepview::{Duel, Mark, StepView};
use super::walk::{Brush, ClickSets, Paused, PlaySettings, Walk, WalkMode};
use crate::search::{Algorithm, DiagonalRule, Heuristic, SearchOptions, Topology, write_map};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelDraft>()
        .add_systems(EguiPrimaryContextPass, (draw_panel, draw_labels))
        // Keys typed into the panel's fields are not game keys.
        .configure_sets(Update, AppSystems::RecordInput.run_if(not(egui_wants_any_keyboard_input)));
}

/// The maps that ship with the game, one click away (no file system needed).
pub const BUNDLED: [(&str, &[u8]); 6] = [
    ("maze.map", include_bytes!("../../assets/maps/maze.map")),
    ("rooms.map", include_bytes!("../../assets/maps/rooms.map")),
    ("field.map", include_bytes!("../../assets/maps/field.map")),
    ("arena.map", include_bytes!("../../assets/maps/arena.map")),
    ("lak304d.map", include_bytes!("../../assets/maps/lak304d.map")),
    ("64room_000.map", include_bytes!("../../assets/maps/64room_000.map")),
];

/// Boards up to this side get F/G/H labels over the cubes in the step view.
const LABEL_SIDE: usize = 20;

/// The panel's own state: board settings being edited (applied with "New board") and the
/// map file path.
#[derive(Resource)]
struct PanelDraft {
    board: Option<BoardSettings>,
    file: String,
}

impl Default for PanelDraft {
    fn default() -> Self {
        PanelDraft { board: None, file: "board.map".into() }
    }
}

fn draw_panel(
    mut contexts: EguiContexts,
    mut draft: ResMut<PanelDraft>,
    board_settings: Res<BoardSettings>,
    mut search: ResMut<SearchSettings>,
    mut play: ResMut<PlaySettings>,
    mut step: ResMut<StepView>,
    board: Res<Board>,
    selection: Res<Selection>,
    path: Res<PathState>,
    walk: Res<Walk>,
    paused: Res<Paused>,
    hover: Res<Hover>,
    duel: Res<Duel>,
    mut status: ResMut<Status>,
    mut actions: MessageWriter<Action>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let draft = &mut *draft;
    if board_settings.is_changed() {
        // A (or a loaded map) changed the board: show its settings and seed
        draft.board = Some(board_settings.clone());
    }
    let edit = draft.board.get_or_insert_with(|| board_settings.clone());
    let height = ctx.content_rect().height() - 40.0;
    egui::Window::new("cubepath")
        .default_pos([8.0, 8.0])
        .default_width(290.0)
        .resizable(false)
        .min_height(height.min(760.0))
        .max_height(height)
        .vscroll(true)
        .show(ctx, |ui| {
        {
            egui::CollapsingHeader::new("Board").default_open(true).show(ui, |ui| {
                ui.add(egui::Slider::new(&mut edit.rows, 1..=MAX_SIDE).text("rows"));
                ui.add(egui::Slider::new(&mut edit.cols, 1..=MAX_SIDE).text("columns"));
                ui.add(egui::Slider::new(&mut edit.barrier_pct, 0.0..=100.0).text("barrier %"));
                ui.horizontal(|ui| {
                    ui.label("seed");
                    ui.add(egui::DragValue::new(&mut edit.seed));
                });
                ui.horizontal(|ui| {
                    if ui.button("New board").on_hover_text("build this seed with these settings").clicked() {
                        actions.write(Action::NewBoard(edit.clamped()));
                    }
                    if ui.button("Reset (A)").on_hover_text("a fresh random board with a new seed").clicked() {
                        let next = BoardSettings { seed: BoardSettings::next_seed(board_settings.seed), ..edit.clamped() };
                        edit.seed = next.seed;
                        actions.write(Action::NewBoard(next));
                    }
                });
                ui.small(format!("{} x {}: {}", board.grid.width(), board.grid.height(), board.source));
                ui.horizontal(|ui| {
                    ui.label("right button paints");
                    ui.radio_value(&mut play.brush, Brush::Barrier, "barrier");
                    ui.radio_value(&mut play.brush, Brush::Mud, "mud x3");
                    ui.radio_value(&mut play.brush, Brush::Water, "water x5");
                });
            });

            egui::CollapsingHeader::new("Maps").default_open(false).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (name, bytes) in BUNDLED {
                        if ui.button(name).clicked() {
                            actions.write(Action::LoadMap { name: name.into(), bytes: bytes.to_vec() });
                        }
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("file");
                    ui.text_edit_singleline(&mut draft.file);
                });
                ui.horizontal(|ui| {
                    if ui.button("Open").clicked() {
                        match super::persist::open_map(&draft.file) {
                            Ok(bytes) => {
                                actions.write(Action::LoadMap { name: draft.file.clone(), bytes });
                            }
                            Err(message) => status.say(message),
                        }
                    }
                    if ui.button("Save").on_hover_text("Moving AI .map; weights as digits 2-9 (a download in the browser)").clicked() {
                        status.say(super::persist::save_map(&draft.file, &write_map(&board.grid)));
                    }
                });
            });

            egui::CollapsingHeader::new("Search").default_open(true).show(ui, |ui| {
                let mut o: SearchOptions = search.0;
                let jps_ok = board.grid.is_uniform() && o.topology == Topology::Square(DiagonalRule::NoCornerCutting);
                egui::ComboBox::from_label("algorithm").selected_text(o.algorithm.name()).show_ui(ui, |ui| {
                    for a in Algorithm::ALL {
                        let ok = a != Algorithm::Jps || jps_ok;
                        ui.add_enabled_ui(ok, |ui| ui.selectable_value(&mut o.algorithm, a, a.name()))
                            .response
                            .on_disabled_hover_text("JPS needs a square grid, the no-corner-cutting rule and no weighted cells");
                    }
                });
                let mut shape = match o.topology {
                    Topology::Square(r) => r.name(),
                    Topology::Hex => "hex",
                };
                egui::ComboBox::from_label("moves").selected_text(shape).show_ui(ui, |ui| {
                    for r in DiagonalRule::ALL {
                        ui.selectable_value(&mut shape, r.name(), r.name());
                    }
                    ui.selectable_value(&mut shape, "hex", "hex");
                });
                o.topology = if shape == "hex" { Topology::Hex } else { Topology::Square(shape.parse().unwrap_or_default()) };
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
                if o.algorithm == Algorithm::Jps && !jps_ok {
                    ui.colored_label(egui::Color32::from_rgb(240, 90, 80), "JPS cannot run here: see the message below");
                }
                if o != search.0 {
                    search.0 = o;
                }
                if ui.button("Duel: run every algorithm").clicked() {
                    actions.write(Action::Duel);
                }
                if !duel.rows.is_empty() {
                    duel_table(ui, &duel);
                }
            });

            egui::CollapsingHeader::new("Step view").default_open(step.enabled).show(ui, |ui| {
                let mut on = step.enabled;
                ui.checkbox(&mut on, "step view (Space steps)");
                if on != step.enabled {
                    step.clear();
                    step.enabled = on;
                }
                if step.enabled {
                    ui.horizontal(|ui| {
                        if ui.button(if step.running { "Pause" } else { "Run" }).clicked() {
                            step.running = !step.running;
                        }
                        if ui.button("Step").clicked() {
                            actions.write(Action::Step);
                        }
                        if ui.button("Restart").clicked() {
                            step.running = false;
                            step.seek(0);
                        }
                    });
                    let mut rate = step.rate.max(1.0);
                    ui.add(egui::Slider::new(&mut rate, 1.0..=1000.0).logarithmic(true).text("expansions/s"));
                    if rate != step.rate {
                        step.rate = rate;
                    }
                    let len = step.steps.len();
                    let mut k = step.shown;
                    ui.add(egui::Slider::new(&mut k, 0..=len).text("expansion"));
                    if k != step.shown {
                        step.running = false;
                        step.seek(k);
                    }
                    ui.small(format!(
                        "{} of {} expansions; open {}, closed {}{}",
                        step.shown,
                        len,
                        step.open_cells().len(),
                        step.closed_cells().len(),
                        if step.truncated { " (recording cut short)" } else { "" }
                    ));
                }
                if let Some(p) = hover.0 {
                    match step.label(p) {
                        Some(l) if step.enabled => {
                            ui.label(format!(
                                "cell {},{}: F {:.3}  G {:.3}  H {:.3}\nparent {}  expanded {}",
                                p.0,
                                p.1,
                                l.f,
                                l.g,
                                l.h,
                                l.parent.map_or("-".into(), |q| format!("{},{}", q.0, q.1)),
                                l.expansion.map_or("not yet".into(), |k| format!("#{k}")),
                            ));
                        }
                        _ if step.enabled => {
                            ui.label(format!("cell {},{}: not touched yet", p.0, p.1));
                        }
                        _ => {}
                    }
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
            ui.small(
                "Left click: start / end   Right click or drag: paint\nRight drag off the board (or Shift): orbit   Middle drag: pan   Wheel: zoom\nSpace: walk (step in the step view)   A: new board   Z: pause",
            );
        }
    });
    Ok(())
}

fn duel_table(ui: &mut egui::Ui, duel: &Duel) {
    egui::Grid::new("duel").striped(true).show(ui, |ui| {
        for h in ["", "cost", "expanded", "pushed", "µs", "over optimum"] {
            ui.strong(h);
        }
        ui.end_row();
        for row in &duel.rows {
            ui.label(row.algorithm.name());
            match &row.outcome {
                Ok((cost, expanded, pushed, micros)) => {
                    ui.label(cost.map_or("no path".into(), |c| format!("{c:.3}")));
                    ui.label(expanded.to_string());
                    ui.label(pushed.to_string());
                    ui.label(micros.to_string());
                    ui.label(match (cost, duel.optimum) {
                        (Some(c), Some(o)) if o > 0.0 => format!("{:+.1} %", (c / o - 1.0) * 100.0),
                        _ => "-".into(),
                    });
                }
                Err(why) => {
                    ui.label("-").on_hover_text(why);
                    ui.label("refused").on_hover_text(why);
                }
            }
            ui.end_row();
        }
    });
}

/// F (large) and G, H (small) over every touched cell of a small board in the step view,
/// like the tutorial's text fields.
fn draw_labels(
    mut contexts: EguiContexts,
    step: Res<StepView>,
    board: Res<Board>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    if !step.enabled || board.grid.width().max(board.grid.height()) > LABEL_SIDE || board.cubes.is_empty() {
        return Ok(());
    }
    let Ok((camera, at)) = cameras.single() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("cell labels")));
    for (p, _) in board.grid.cells() {
        let Some(l) = step.label(p) else { continue };
        let Ok(screen) = camera.world_to_viewport(at, board.world(p) + Vec3::Y * 0.05) else { continue };
        let pos = egui::pos2(screen.x, screen.y);
        let colour = if l.mark == Mark::Current { egui::Color32::WHITE } else { egui::Color32::BLACK };
        painter.text(pos, egui::Align2::CENTER_BOTTOM, format!("{:.1}", l.f), egui::FontId::proportional(13.0), colour);
        painter.text(pos, egui::Align2::CENTER_TOP, format!("{:.1} {:.1}", l.g, l.h), egui::FontId::proportional(9.0), colour);
    }
    Ok(())
}
