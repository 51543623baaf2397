//! The egui panel: board, maps, search, step view, walk, statistics, the last message and the
//! key help, one function per section; and the F/G/H labels over small boards
//! ([`labels`]). It reads the logic's state and writes actions; it changes nothing itself.

mod crowd;
mod help;
mod labels;
mod learn;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::arrows::{JumpsUnderPointer, MAX_ARROW_CELLS};
use super::cubes::drawn_flat;
use super::looks::{HEAT_LEVELS, Look};
use super::race::lane_counters;
use super::text::cell_text as cell;
use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::crowd::CrowdState;
use crate::game::logic::duel::Duel;
use crate::game::logic::files::BUNDLED;
use crate::game::logic::input::Action;
use crate::game::logic::lessons::Learn;
use crate::game::logic::race::{RACE_LIMIT, Race};
use crate::game::logic::search::PathState;
use crate::game::logic::settings::{
    BoardSettings, Brush, ClickSets, CrowdSettings, Heat, HelpShown, LANES, MAX_SIDE, Palette, PlaySettings, RaceSettings, SearchSettings,
    StepLayers, StepViewOn, WalkMode,
};
use crate::game::logic::status::Status;
use crate::game::logic::stepview::GoalField;
use crate::game::logic::stepview::StepView;
use crate::game::logic::walk::Walk;
use crate::game::phases::{AppSystems, Pause};
use crate::search::{Algorithm, DiagonalRule, Heuristic, MazeKind, Topology};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelDraft>()
        .init_resource::<PanelLayout>()
        .add_systems(Update, follow_board_settings.run_if(resource_changed::<BoardSettings>).in_set(AppSystems::View))
        .add_systems(EguiPrimaryContextPass, (draw_panel, labels::draw_labels))
        // Keys typed into the panel's fields are not game keys.
        .configure_sets(Update, AppSystems::RecordInput.run_if(not(egui_wants_any_keyboard_input)));
}

/// The panel's own state: board settings being edited (applied with "New board") and the map
/// file path.
#[derive(Resource)]
struct PanelDraft {
    board: BoardSettings,
    file: String,
    /// The kind of board "Generate" makes.
    maze: MazeKind,
}

impl Default for PanelDraft {
    fn default() -> Self {
        PanelDraft { board: BoardSettings::default(), file: "board.map".into(), maze: MazeKind::default() }
    }
}

/// Everything the panel shows, read-only.
#[derive(SystemParam)]
struct Shown<'w> {
    board_settings: Res<'w, BoardSettings>,
    search: Res<'w, SearchSettings>,
    play: Res<'w, PlaySettings>,
    step_on: Res<'w, StepViewOn>,
    step: Res<'w, StepView>,
    layers: Res<'w, StepLayers>,
    field: Res<'w, GoalField>,
    board: Res<'w, Board>,
    selection: Res<'w, Selection>,
    path: Res<'w, PathState>,
    walk: Res<'w, Walk>,
    pause: Res<'w, State<Pause>>,
    hover: Res<'w, Hover>,
    duel: Res<'w, Duel>,
    race_settings: Res<'w, RaceSettings>,
    race: Res<'w, Race>,
    crowd_settings: Res<'w, CrowdSettings>,
    crowd: Res<'w, CrowdState>,
    status: Res<'w, Status>,
    learn: Res<'w, Learn>,
    help: Res<'w, HelpShown>,
    palette: Res<'w, Palette>,
    jumps: Res<'w, JumpsUnderPointer>,
}

/// The panel scale, set on egui only when the setting changes (and not while it stays 1):
/// egui takes a new zoom over a frame, and setting it every frame would disturb its input.
fn apply_scale(ctx: &egui::Context, applied: &mut Option<f32>, want: f32) {
    if applied.is_none_or(|s| s != want) {
        if applied.is_some() || want != 1.0 {
            ctx.set_zoom_factor(want);
        }
        *applied = Some(want);
    }
}

/// A (or a loaded map) changed the board settings: the panel shows them and their seed.
fn follow_board_settings(settings: Res<BoardSettings>, mut draft: ResMut<PanelDraft>) {
    draft.board = settings.clone();
}

/// Where the panel stands: open or folded away, and how wide (logical pixels), so the camera
/// can frame the board in the rest of the window.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PanelLayout {
    pub open: bool,
    pub width: f32,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout { open: true, width: 0.0 }
    }
}

fn draw_panel(
    mut contexts: EguiContexts,
    mut draft: ResMut<PanelDraft>,
    shown: Shown,
    mut actions: MessageWriter<Action>,
    mut layout: ResMut<PanelLayout>,
    mut scale: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    apply_scale(ctx, &mut scale, shown.play.ui_scale);
    help::help_window(ctx, shown.help.0, &mut actions);
    // A side panel, not a window over the board: the 3D view gets the rest (see the camera).
    let mut root = egui::Ui::new(
        ctx.clone(),
        "cubepath-root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let mut open = layout.open;
    let mut fold = false;
    let panel = egui::Panel::left("cubepath").resizable(true).default_size(300.0).size_range(240.0..=520.0).show_collapsible(
        &mut root,
        &mut open,
        |ui| {
            ui.horizontal(|ui| {
                ui.strong("cubepath");
                fold = ui.small_button("hide \u{2039}").on_hover_text("fold the panel away: the board gets the whole window").clicked();
            });
            egui::ScrollArea::vertical().show(ui, |ui| {
                let d = &mut *draft;
                board_section(ui, &shown, &mut d.board, &mut actions);
                maps_section(ui, &mut d.file, (&mut d.maze, &d.board), &mut actions);
                learn::learn_section(ui, &shown.learn, &mut actions);
                search_section(ui, &shown, &mut actions);
                step_section(ui, &shown, &mut actions);
                race_section(ui, &shown, &mut actions);
                crowd::crowd_section(ui, *shown.crowd_settings, &shown.crowd, &mut actions);
                walk_section(ui, &shown, &mut actions);
                stats_section(ui, &shown);
            });
        },
    );
    let width = panel.map_or(0.0, |p| p.response.rect.width());
    if fold {
        open = false;
    }
    if !open {
        egui::Area::new("cubepath-unfold".into()).fixed_pos([6.0, 6.0]).show(ctx, |ui| {
            if ui.button("\u{203a} cubepath").on_hover_text("show the panel").clicked() {
                open = true;
            }
        });
    }
    layout.set_if_neq(PanelLayout { open, width: if open { width } else { 0.0 } });
    Ok(())
}

fn board_section(ui: &mut egui::Ui, shown: &Shown, edit: &mut BoardSettings, actions: &mut MessageWriter<Action>) {
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
                let next = BoardSettings { seed: BoardSettings::next_seed(shown.board_settings.seed), ..edit.clamped() };
                edit.seed = next.seed;
                actions.write(Action::NewBoard(next));
            }
            if ui.button("Undo").on_hover_text("Ctrl+Z: the board and endpoints before the last change").clicked() {
                actions.write(Action::Undo);
            }
            if ui.button("Redo").on_hover_text("Ctrl+Shift+Z").clicked() {
                actions.write(Action::Redo);
            }
        });
        let board = &shown.board;
        ui.small(format!("{} x {}: {}", board.grid.width(), board.grid.height(), board.source));
        if drawn_flat(board) {
            ui.small("too large for a cube per cell: drawn flat, the search still runs");
        }
        let mut play = *shown.play;
        ui.horizontal(|ui| {
            ui.label("right button paints");
            ui.radio_value(&mut play.brush, Brush::Barrier, "barrier");
            ui.radio_value(&mut play.brush, Brush::Mud, "mud x3");
            ui.radio_value(&mut play.brush, Brush::Water, "water x5");
        });
        if play != *shown.play {
            actions.write(Action::Play(play));
        }
    });
}

/// The bundled maps, a map file to open or save, and a board to generate (of the Board
/// section's size and seed).
fn maps_section(ui: &mut egui::Ui, file: &mut String, (maze, board): (&mut MazeKind, &BoardSettings), actions: &mut MessageWriter<Action>) {
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
            ui.text_edit_singleline(file);
        });
        ui.horizontal(|ui| {
            if ui.button("Open").clicked() {
                actions.write(Action::OpenMap(file.clone()));
            }
            if ui.button("Save").on_hover_text("Moving AI .map; weights as digits 2-9 (a download in the browser)").clicked() {
                actions.write(Action::SaveMap(file.clone()));
            }
            if ui
                .button("Copy link")
                .on_hover_text("the board, endpoints, algorithm and options as a link (printed on the desktop)")
                .clicked()
            {
                actions.write(Action::CopyLink);
            }
        });
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt("maze kind").selected_text(maze.name()).show_ui(ui, |ui| {
                for kind in MazeKind::ALL {
                    ui.selectable_value(maze, kind, kind.name());
                }
            });
            if ui.button("Generate").on_hover_text("a maze, rooms, caves or terrain of the Board section's size and seed").clicked() {
                actions.write(Action::Generate(*maze, board.clamped()));
            }
        });
    });
}

fn search_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    egui::CollapsingHeader::new("Search").default_open(true).show(ui, |ui| {
        let mut o = shown.search.0;
        let jps_ok = shown.board.grid.is_uniform() && o.topology == Topology::Square(DiagonalRule::NoCornerCutting);
        egui::ComboBox::from_label("algorithm").selected_text(o.algorithm.name()).show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                let ok = !a.jumps() || jps_ok;
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
        ui.add(egui::Label::new(egui::RichText::new(o.algorithm.explain()).small().weak()).wrap());
        if !o.is_admissible() && o.algorithm.is_optimal() {
            ui.colored_label(egui::Color32::from_rgb(230, 160, 40), "inadmissible: the path may not be the shortest");
        }
        if o.algorithm.jumps() && !jps_ok {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 80), "JPS cannot run here: see the message below");
        }
        if o != shown.search.0 {
            actions.write(Action::Search(o));
        }
        if ui.button("Duel: run every algorithm").clicked() {
            actions.write(Action::Duel);
        }
        if !shown.duel.rows.is_empty() {
            duel_table(ui, &shown.duel);
        }
    });
}

fn step_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let step = &shown.step;
    egui::CollapsingHeader::new("Step view").default_open(shown.step_on.0).show(ui, |ui| {
        let mut on = shown.step_on.0;
        ui.checkbox(&mut on, "step view (Space steps)");
        if on != shown.step_on.0 {
            actions.write(Action::ShowSteps(on));
        }
        if shown.step_on.0 {
            layers_controls(ui, shown, actions);
        }
        let algorithm = shown.search.0.algorithm;
        if shown.step_on.0 && algorithm.jumps() {
            ui.small(
                "A jump point is where a straight or diagonal scan must stop: the goal, or a cell with a forced neighbour (ringed red), \
                 a cell beside a barrier's end that the way through the jump point reaches best. Orange: the scans from the cell just \
                 expanded; green rings: the jump points they found, the only cells JPS queues.",
            );
        }
        if shown.step_on.0 && !algorithm.steps() {
            ui.small(format!("{algorithm} runs whole, not step by step: pick another algorithm to step through"));
        } else if shown.step_on.0 {
            replay_controls(ui, step.running, step.rate, step.shown, step.steps.len(), "expansions/s", actions);
            ui.small(format!(
                "{} of {} expansions; open {}, closed {}{}",
                step.shown,
                step.steps.len(),
                step.open_count(),
                step.closed_cells().len(),
                if step.truncated { " (recording cut short)" } else { "" }
            ));
            if let Some(p) = shown.hover.0 {
                ui.label(hover_label(step, p));
                if let Some(jumps) = &shown.jumps.0 {
                    ui.small(jumps);
                }
            }
            if ui.button("Save trace").on_hover_text("every expansion as JSON: trace.json (a download in the browser)").clicked() {
                actions.write(Action::SaveTrace("trace.json".into()));
            }
        }
    });
}

/// The race: on or off, its lanes, the build-up preset, the step controls and each lane's
/// counters.
fn race_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let current = &*shown.race_settings;
    egui::CollapsingHeader::new("Race").default_open(current.on).show(ui, |ui| {
        let mut new = current.clone();
        ui.checkbox(&mut new.on, "race algorithms on copies of the board (Space steps)");
        let mut remove = None;
        for (i, a) in new.algorithms.iter_mut().enumerate() {
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt(("lane", i)).selected_text(format!("{}. {}", i + 1, a.name())).show_ui(ui, |ui| {
                    for b in Algorithm::ALL.into_iter().filter(|b| b.steps()) {
                        ui.selectable_value(a, b, b.name());
                    }
                });
                let can_remove = current.algorithms.len() > LANES.0;
                if ui.add_enabled(can_remove, egui::Button::new("\u{2212}").small()).on_hover_text("remove this lane").clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            new.algorithms.remove(i);
        }
        ui.horizontal(|ui| {
            if ui.add_enabled(current.algorithms.len() < LANES.1, egui::Button::new("+ lane")).clicked() {
                new.algorithms.push(Algorithm::Greedy);
            }
            if ui.button("Build-up").on_hover_text("BFS, Dijkstra, greedy and A*: each adds one idea to the one before").clicked() {
                new = RaceSettings { on: true, algorithms: RaceSettings::build_up() };
            }
        });
        if new != *current {
            if new.on && !current.on {
                actions.write(Action::ShowSteps(false));
            }
            actions.write(Action::Race(new));
        }
        if !current.on {
            return;
        }
        let race = &shown.race;
        replay_controls(ui, race.running, race.rate, race.shown, race.len(), "expansions/s per lane", actions);
        let winners = race.winners();
        let first = race.first_home();
        let best = race.best_cost();
        for (i, lane) in race.lanes.iter().enumerate() {
            let won = winners.contains(&i);
            let mut text = format!("{}. {}: {}", i + 1, lane.algorithm.name(), lane_counters(lane, won, first.contains(&i), true));
            if let (Some(c), Some(b), true) = (lane.cost, best, lane.done())
                && c > b + 1e-9
            {
                text += &format!(" (+{:.1} % over the best)", (c / b - 1.0) * 100.0);
            }
            let colour = if won { egui::Color32::from_rgb(230, 180, 40) } else { ui.visuals().text_color() };
            ui.colored_label(colour, text);
        }
        ui.small(format!(
            "Every lane gets the same expansions per tick; the winner finds the cheapest path in the fewest. A lane stops at {RACE_LIMIT} expansions."
        ));
    });
}

/// Run or Pause, Step, Restart, the rate and the scrubber of a replay (the step view's or the
/// race's: the same actions drive whichever is on).
fn replay_controls(
    ui: &mut egui::Ui,
    running: bool,
    rate: f32,
    shown: usize,
    total: usize,
    rate_text: &str,
    actions: &mut MessageWriter<Action>,
) {
    ui.horizontal(|ui| {
        if ui.button(if running { "Pause" } else { "Run" }).clicked() {
            actions.write(Action::RunSteps(!running));
        }
        if ui.button("Step").clicked() {
            actions.write(Action::Step);
        }
        if ui.button("Restart").clicked() {
            actions.write(Action::SeekStep(0));
        }
    });
    let mut new_rate = rate.max(1.0);
    ui.add(egui::Slider::new(&mut new_rate, 1.0..=1000.0).logarithmic(true).text(rate_text));
    if new_rate != rate {
        actions.write(Action::StepRate(new_rate));
    }
    let mut k = shown;
    ui.add(egui::Slider::new(&mut k, 0..=total).text("expansion"));
    if k != shown {
        actions.write(Action::SeekStep(k));
    }
}

/// Parent arrows and the heat map, with its legend.
fn layers_controls(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let mut layers = *shown.layers;
    let cells = shown.board.grid.width() * shown.board.grid.height();
    ui.add_enabled_ui(cells <= MAX_ARROW_CELLS && !drawn_flat(&shown.board), |ui| ui.checkbox(&mut layers.arrows, "parent arrows"))
        .response
        .on_disabled_hover_text("arrows are drawn on boards up to 128 x 128");
    ui.horizontal(|ui| {
        ui.label("heat map");
        ui.radio_value(&mut layers.heat, Heat::Off, "off");
        ui.radio_value(&mut layers.heat, Heat::G, "g").on_hover_text("cost from the start found so far");
        ui.radio_value(&mut layers.heat, Heat::ToGoal, "to goal").on_hover_text("true cost to the end: a Dijkstra backwards from it");
    });
    if layers != *shown.layers {
        actions.write(Action::StepLayers(layers));
    }
    let (max, what) = match layers.heat {
        Heat::Off => return,
        Heat::G => (shown.step.max_g, "g"),
        Heat::ToGoal => (shown.field.max, "to goal"),
    };
    ui.horizontal(|ui| {
        ui.small("0");
        let (rect, _) = ui.allocate_exact_size(egui::vec2(150.0, 12.0), egui::Sense::hover());
        let w = rect.width() / HEAT_LEVELS as f32;
        for k in 0..HEAT_LEVELS {
            let [r, g, b, _] = Look::Heat(k).colour().to_srgba().to_u8_array();
            let cell = egui::Rect::from_min_size(rect.min + egui::vec2(w * k as f32, 0.0), egui::vec2(w + 0.5, rect.height()));
            ui.painter().rect_filled(cell, 0.0, egui::Color32::from_rgb(r, g, b));
        }
        ui.small(format!("{max:.1} ({what})"));
    });
}

/// F, G, H, parent and expansion of the cell under the pointer.
fn hover_label(step: &StepView, p: (usize, usize)) -> String {
    match step.label(p) {
        Some(l) => format!(
            "cell {},{}: F {:.3}  G {:.3}  H {:.3}\nparent {}  expanded {}",
            p.0,
            p.1,
            l.f,
            l.g,
            l.h,
            l.parent.map_or("-".into(), |q| format!("{},{}", q.0, q.1)),
            l.expansion.map_or("not yet".into(), |k| format!("#{k}")),
        ),
        None => format!("cell {},{}: not touched yet", p.0, p.1),
    }
}

fn walk_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    egui::CollapsingHeader::new("Walk").default_open(true).show(ui, |ui| {
        let mut p = *shown.play;
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
        ui.add(egui::Slider::new(&mut p.ui_scale, PlaySettings::UI_SCALE.0..=PlaySettings::UI_SCALE.1).text("panel scale"));
        let mut palette = *shown.palette;
        ui.horizontal(|ui| {
            ui.label("colours");
            ui.radio_value(&mut palette, Palette::Tutorial, "tutorial");
            ui.radio_value(&mut palette, Palette::ColourSafe, "colour-blind safe")
                .on_hover_text("start, end, path, open, closed, barrier and agents stay apart with deuteranopia and protanopia");
        });
        if palette != *shown.palette {
            actions.write(Action::Palette(palette));
        }
        if p != *shown.play {
            actions.write(Action::Play(p));
        }
        ui.horizontal(|ui| {
            if ui.button("Walk (Space)").clicked() {
                actions.write(Action::Walk);
            }
            if ui.button(if shown.pause.get().0 { "Resume (Z)" } else { "Pause (Z)" }).clicked() {
                actions.write(Action::TogglePause);
            }
            if ui.button("Help (H)").on_hover_text("every key and mouse action").clicked() {
                actions.write(Action::ToggleHelp);
            }
        });
    });
}

fn stats_section(ui: &mut egui::Ui, shown: &Shown) {
    let path = &shown.path;
    egui::CollapsingHeader::new("Statistics").default_open(true).show(ui, |ui| {
        ui.label(format!("start {}   end {}", cell(shown.selection.start), cell(shown.selection.end)));
        ui.label(format!("path cells: {}", path.cells.len()));
        ui.label(format!("path cost: {}", path.cost.map_or("-".to_string(), |c| format!("{c:.4}"))));
        ui.label(format!("nodes expanded: {}", path.expanded));
        ui.label(format!("search time: {} µs", path.time.as_micros()));
        if shown.walk.total > 0 {
            ui.label(format!("walked: {} / {}", shown.walk.walked, shown.walk.total));
        }
    });
    if !path.message.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(240, 90, 80), &path.message);
    }
    if !shown.status.0.is_empty() {
        ui.label(&shown.status.0);
    }
    ui.separator();
    ui.small(
        "Left click: start / end   Right click or drag: paint\nRight drag off the board (or Shift): orbit   Middle drag: pan   Wheel: zoom\nSpace: walk (step in the step view)   A: new board   Z: pause\nCtrl+Z: undo   Ctrl+Shift+Z: redo   H or ?: help",
    );
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
                    ui.label(if why.starts_with("stopped") { "stopped" } else { "refused" }).on_hover_text(why);
                }
            }
            ui.end_row();
        }
    });
}
