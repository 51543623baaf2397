//! The egui panel: board, maps, search, step view, walk, statistics, the last message and the
//! key help, one function per section; and the F/G/H labels over small boards
//! ([`labels`]). It reads the logic's state and writes actions; it changes nothing itself.
//! Everything it shows goes through the player's language ([`crate::game::view::words`]).

mod crowd;
mod help;
mod lab;
mod labels;
mod learn;
mod search;
mod shown;
mod steps;
mod world;

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::cubes::drawn_flat;
use super::text::cell_text as cell;
use super::words::Words;
use crate::engine::grid::MazeKind;
use crate::game::logic::files::BUNDLED;
use crate::game::logic::input::Action;
use crate::game::logic::settings::{BoardSettings, Brush, ClickSets, Language, MAX_SIDE, Palette, PlaySettings, WalkMode, WorldSettings};
use crate::game::phases::{AppSystems, ViewSystems};
use shown::Shown;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelDraft>()
        .init_resource::<PanelLayout>()
        .add_systems(
            Update,
            (
                follow_board_settings.run_if(resource_changed::<BoardSettings>),
                follow_world_settings.run_if(resource_changed::<WorldSettings>),
            )
                .chain()
                .in_set(ViewSystems::Panel),
        )
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
    /// The world settings being edited (applied with "New world").
    world: WorldSettings,
    /// The heuristic lab's formula as it is being typed.
    formula: String,
}

impl Default for PanelDraft {
    fn default() -> Self {
        PanelDraft {
            board: BoardSettings::default(),
            file: "board.map".into(),
            maze: MazeKind::default(),
            world: WorldSettings::default(),
            formula: String::new(),
        }
    }
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

/// The world settings changed (at the start, or a world opened): the panel shows them.
fn follow_world_settings(settings: Res<WorldSettings>, mut draft: ResMut<PanelDraft>) {
    draft.world = *settings;
}

/// Where the panel stands, so the camera can frame the board in the rest of the window: beside
/// the board on a wide window (open or folded away, and how wide), or on a narrow portrait
/// window (a phone) as a drawer along the bottom (closed to one line, or open), and how tall.
/// Sizes in logical pixels (the window's, not egui's points, which the panel scale changes).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PanelLayout {
    pub open: bool,
    /// The side panel's width (0 when folded away or when the panel is a drawer).
    pub width: f32,
    /// The drawer's height (0 on a wide window).
    pub bottom: f32,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout { open: true, width: 0.0, bottom: 0.0 }
    }
}

/// A window narrower than this (logical pixels) and taller than wide is a phone's: the panel
/// becomes a drawer along the bottom, and its text a size larger.
pub const PHONE_WIDTH: f32 = 600.0;

/// How much larger the panel's text is on a phone than on a desktop at the same panel scale:
/// the panel's 13 point body text becomes 16.25 CSS pixels, at least the 16 phones read at
/// (the browser test reads the size the game logs).
const PHONE_ZOOM: f32 = 1.25;

/// How long (seconds) a press on a panel widget may last and still click it: egui's own 0.8 s
/// is shorter than a single frame of a page drawn without a GPU (a browser on SwiftShader, where
/// a tap's press and lift arrive a frame apart: up to 8 s a frame at a phone's pixel density
/// on a 64 x 64 board), and than a deliberate tap on a phone. (A press that moves is a drag
/// whatever its length.)
const CLICK_HOLD: f64 = 15.0;

/// The share of the window's height an open drawer takes: the board keeps the rest.
const DRAWER_SHARE: f32 = 0.45;

/// Whether a window of this logical size gets the phone layout.
pub fn is_phone(size: egui::Vec2) -> bool {
    size.x < PHONE_WIDTH && size.y > size.x
}

fn draw_panel(
    mut contexts: EguiContexts,
    mut draft: ResMut<PanelDraft>,
    shown: Shown,
    mut actions: MessageWriter<Action>,
    mut layout: ResMut<PanelLayout>,
    (mut scale, mut phone_seen, mut configured): (Local<Option<f32>>, Local<bool>, Local<bool>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !*configured {
        ctx.options_mut(|o| o.input_options.max_click_duration = CLICK_HOLD);
        *configured = true;
    }
    let w = shown.words();
    // the window's logical size: egui's points times its zoom
    let logical = ctx.viewport_rect().size() * ctx.zoom_factor();
    let phone = is_phone(logical);
    // a phone opens with the drawer closed: the whole screen but one line for the board
    let was_open = layout.open && (*phone_seen || !phone);
    *phone_seen |= phone;
    let want = shown.play.ui_scale * if phone { PHONE_ZOOM } else { 1.0 };
    if *scale != Some(want) && (want != 1.0 || scale.is_some()) {
        // (the browser test reads this line: the text's size in CSS pixels, and how many
        // device pixels draw one)
        let body = ctx.global_style().text_styles.get(&egui::TextStyle::Body).map_or(0.0, |f| f.size);
        info!("cubepath text: {:.2} css px, {:.2} device pixels a css px", body * want, ctx.pixels_per_point() / ctx.zoom_factor());
    }
    apply_scale(ctx, &mut scale, want);
    help::help_window(ctx, shown.help.0, w, &mut actions);
    // A panel, not a window over the board: the 3D view gets the rest (see the camera).
    let mut root = egui::Ui::new(
        ctx.clone(),
        "cubepath-root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let next = if phone {
        drawer(&mut root, was_open, &mut draft, &shown, &mut actions)
    } else {
        side_panel(&mut root, was_open, &mut draft, &shown, &mut actions)
    };
    let zoom = ctx.zoom_factor();
    let next = PanelLayout { width: next.width * zoom, bottom: next.bottom * zoom, ..next };
    if (next.open, next.bottom > 0.0) != (layout.open, layout.bottom > 0.0) {
        // (the browser test reads this line)
        let place = if phone { "a drawer" } else { "beside the board" };
        info!("cubepath panel: {place}, {}", if next.open { "open" } else { "closed" });
    }
    layout.set_if_neq(next);
    Ok(())
}

/// The panel beside the board (a wide window): resizable, folded away by its "hide" button and
/// back by a button in the corner. Returns where it stands (sizes in egui points).
fn side_panel(
    root: &mut egui::Ui,
    was_open: bool,
    draft: &mut PanelDraft,
    shown: &Shown,
    actions: &mut MessageWriter<Action>,
) -> PanelLayout {
    let w = shown.words();
    root.ctx().data_mut(|d| d.insert_temp(egui::Id::new(shown::IN_DRAWER), false));
    let mut open = was_open;
    let mut fold = false;
    let panel = egui::Panel::left("cubepath").resizable(true).default_size(300.0).size_range(240.0..=520.0).show_collapsible(
        root,
        &mut open,
        |ui| {
            ui.horizontal(|ui| {
                ui.strong("cubepath");
                fold = ui
                    .small_button(w.t("hide \u{2039}"))
                    .on_hover_text(w.t("fold the panel away: the board gets the whole window"))
                    .clicked();
                language_switch(ui, *shown.language, w, actions);
            });
            egui::ScrollArea::vertical().show(ui, |ui| sections(ui, draft, shown, actions));
        },
    );
    let width = panel.map_or(0.0, |p| p.response.rect.width());
    open &= !fold;
    if !open {
        egui::Area::new("cubepath-unfold".into()).fixed_pos([6.0, 6.0]).show(root.ctx(), |ui| {
            if ui.button(w.t("\u{203a} cubepath")).on_hover_text(w.t("show the panel")).clicked() {
                open = true;
            }
        });
    }
    PanelLayout { open, width: if open { width } else { 0.0 }, bottom: 0.0 }
}

/// The panel as a drawer along the bottom (a phone held upright): closed it is one line (its
/// handle, the language and the path's cost), open it takes the lower part of the screen and
/// scrolls; the board is framed above it either way, so the drawer never covers it. Returns
/// where it stands (sizes in egui points).
fn drawer(root: &mut egui::Ui, was_open: bool, draft: &mut PanelDraft, shown: &Shown, actions: &mut MessageWriter<Action>) -> PanelLayout {
    let w = shown.words();
    let mut open = was_open;
    let line = root.spacing().interact_size.y + 2.0 * root.spacing().item_spacing.y + 8.0;
    let size = if open { (root.max_rect().height() * DRAWER_SHARE).max(line) } else { line };
    root.ctx().data_mut(|d| d.insert_temp(egui::Id::new(shown::IN_DRAWER), true));
    let panel = egui::Panel::bottom("cubepath-drawer").resizable(false).exact_size(size).show(root, |ui| {
        ui.horizontal(|ui| {
            let handle = if open { w.t("hide \u{2039}") } else { w.t("\u{203a} cubepath") };
            let button = ui.button(handle).on_hover_text(w.t("show the panel"));
            if button.hovered() && ui.input(|i| i.pointer.any_pressed()) {
                // (the browser test lifts its finger once the game has seen it down)
                info!("cubepath handle: pressed");
            }
            if button.clicked() {
                open = !open;
            }
            language_switch(ui, *shown.language, w, actions);
            let cost = shown.path.cost.map_or("-".to_string(), |c| format!("{c:.4}"));
            ui.label(w.say(&format!("path cost: {cost}")));
        });
        if open {
            egui::ScrollArea::vertical().show(ui, |ui| sections(ui, draft, shown, actions));
        }
    });
    PanelLayout { open, width: 0.0, bottom: panel.response.rect.height() }
}

/// Every section of the panel, top to bottom.
fn sections(ui: &mut egui::Ui, d: &mut PanelDraft, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    board_section(ui, shown, &mut d.board, actions);
    maps_section(ui, &mut d.file, (&mut d.maze, &d.board), w, actions);
    world::world_section(ui, shown, &mut d.world, actions);
    learn::learn_section(ui, &shown.learn, w, actions);
    search::search_section(ui, shown, actions);
    lab::lab_section(ui, shown, &mut d.formula, actions);
    steps::step_section(ui, shown, actions);
    steps::race_section(ui, shown, actions);
    crowd::crowd_section(ui, (*shown.crowd_settings, w), (&shown.crowd, &shown.board_crowd), actions);
    walk_section(ui, shown, actions);
    stats_section(ui, shown);
}

/// The next language, named in itself ("中文" in English, "English" in Chinese), as a small
/// button on the panel's top line.
fn language_switch(ui: &mut egui::Ui, current: Language, w: Words, actions: &mut MessageWriter<Action>) {
    let next = Language::ALL[(Language::ALL.iter().position(|l| *l == current).unwrap_or(0) + 1) % Language::ALL.len()];
    if ui.small_button(next.native_name()).on_hover_text(w.t("the panel's language")).clicked() {
        actions.write(Action::Language(next));
    }
}

fn board_section(ui: &mut egui::Ui, shown: &Shown, edit: &mut BoardSettings, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Board")).id_salt("Board").default_open(true).show(ui, |ui| {
        ui.add(egui::Slider::new(&mut edit.rows, 1..=MAX_SIDE).logarithmic(true).text(w.t("rows")));
        ui.add(egui::Slider::new(&mut edit.cols, 1..=MAX_SIDE).logarithmic(true).text(w.t("columns")));
        ui.add(egui::Slider::new(&mut edit.barrier_pct, 0.0..=100.0).text(w.t("barrier %")));
        ui.horizontal(|ui| {
            ui.label(w.t("seed"));
            ui.add(egui::DragValue::new(&mut edit.seed));
        });
        ui.horizontal(|ui| {
            if ui.button(w.t("New board")).on_hover_text(w.t("build this seed with these settings")).clicked() {
                actions.write(Action::NewBoard(edit.clamped()));
            }
            if ui.button(w.t("Reset (A)")).on_hover_text(w.t("a fresh random board with a new seed")).clicked() {
                let next = BoardSettings { seed: BoardSettings::next_seed(shown.board_settings.seed), ..edit.clamped() };
                edit.seed = next.seed;
                actions.write(Action::NewBoard(next));
            }
            if ui.button(w.t("Undo")).on_hover_text(w.t("Ctrl+Z: the board and endpoints before the last change")).clicked() {
                actions.write(Action::Undo);
            }
            if ui.button(w.t("Redo")).on_hover_text(w.t("Ctrl+Shift+Z")).clicked() {
                actions.write(Action::Redo);
            }
        });
        let board = &shown.board;
        ui.small(format!("{} x {}: {}", board.grid.width(), board.grid.height(), w.say(&board.source)));
        if drawn_flat(board) {
            ui.small(w.t("too large for a cube per cell: drawn flat, the search still runs"));
        }
        let mut play = *shown.play;
        let brushes = |ui: &mut egui::Ui| {
            ui.label(w.t("right button paints"));
            ui.radio_value(&mut play.brush, Brush::Barrier, w.t("barrier"));
            ui.radio_value(&mut play.brush, Brush::Mud, w.t("mud x3"));
            ui.radio_value(&mut play.brush, Brush::Water, w.t("water x5"));
        };
        // wrapped in the phone's drawer: the three choices do not fit on one line there, and
        // one row wider than the screen widens every line of the drawer past its right edge
        // (beside the board they stay on one line, where the panel is as it was)
        if ui.ctx().data(|d| d.get_temp::<bool>(egui::Id::new(shown::IN_DRAWER))).unwrap_or(false) {
            ui.horizontal_wrapped(brushes);
        } else {
            ui.horizontal(brushes);
        }
        if play != *shown.play {
            actions.write(Action::Play(play));
        }
    });
}

/// The bundled maps, a map file to open or save, and a board to generate (of the Board
/// section's size and seed).
fn maps_section(
    ui: &mut egui::Ui,
    file: &mut String,
    (maze, board): (&mut MazeKind, &BoardSettings),
    w: Words,
    actions: &mut MessageWriter<Action>,
) {
    egui::CollapsingHeader::new(w.t("Maps")).id_salt("Maps").default_open(false).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            for (name, bytes) in BUNDLED {
                if ui.button(name).clicked() {
                    actions.write(Action::LoadMap { name: name.into(), bytes: bytes.to_vec() });
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label(w.t("file"));
            ui.text_edit_singleline(file);
        });
        ui.horizontal(|ui| {
            let open = ui.button(w.t("Open"));
            if open
                .on_hover_text(
                    w.t("a .map, a .3dmap or .vox world, a .scen's crowd, or a search trace to replay (*.trace.json, *.trace.yaml)"),
                )
                .clicked()
            {
                actions.write(Action::OpenMap(file.clone()));
            }
            if ui.button(w.t("Save")).on_hover_text(w.t("Moving AI .map; weights as digits 2-9 (a download in the browser)")).clicked() {
                actions.write(Action::SaveMap(file.clone()));
            }
            if ui
                .button(w.t("Copy link"))
                .on_hover_text(w.t("the board, endpoints, algorithm and options as a link (printed on the desktop)"))
                .clicked()
            {
                actions.write(Action::CopyLink);
            }
        });
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt("maze kind").selected_text(w.t(maze.name())).show_ui(ui, |ui| {
                for kind in MazeKind::ALL {
                    ui.selectable_value(maze, kind, w.t(kind.name()));
                }
            });
            if ui
                .button(w.t("Generate"))
                .on_hover_text(w.t("a maze, rooms, caves or terrain of the Board section's size and seed"))
                .clicked()
            {
                actions.write(Action::Generate(*maze, board.clamped()));
            }
        });
    });
}

fn walk_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Walk")).id_salt("Walk").default_open(true).show(ui, |ui| {
        let mut p = *shown.play;
        ui.horizontal(|ui| {
            ui.radio_value(&mut p.mode, WalkMode::Cubes, w.t("cubes"));
            ui.radio_value(&mut p.mode, WalkMode::Agent, w.t("agent"));
        });
        ui.add(egui::Slider::new(&mut p.step_interval, PlaySettings::INTERVAL.0..=PlaySettings::INTERVAL.1).text(w.t("s per cube")));
        ui.add(egui::Slider::new(&mut p.agent_speed, PlaySettings::SPEED.0..=PlaySettings::SPEED.1).text(w.t("agent cells/s")));
        let mut unit = shown.unit.0;
        ui.horizontal(|ui| {
            ui.label(w.t("walker"));
            for k in 1..=bevy_cubepath::MAX_UNIT_SIZE {
                ui.radio_value(&mut unit, k, format!("{k} x {k}"))
                    .on_hover_text(w.t("the walker's square, cells a side: its path keeps the whole square off barriers (square boards)"));
            }
        });
        if unit != shown.unit.0 {
            actions.write(Action::UnitSize(unit));
        }
        ui.horizontal(|ui| {
            ui.label(w.t("click sets"));
            ui.radio_value(&mut p.click, ClickSets::Alternate, w.t("alternate"));
            ui.radio_value(&mut p.click, ClickSets::Start, w.t("start"));
            ui.radio_value(&mut p.click, ClickSets::End, w.t("end"));
        });
        ui.add(egui::Slider::new(&mut p.ui_scale, PlaySettings::UI_SCALE.0..=PlaySettings::UI_SCALE.1).text(w.t("panel scale")));
        let mut palette = *shown.palette;
        ui.horizontal(|ui| {
            ui.label(w.t("colours"));
            ui.radio_value(&mut palette, Palette::Tutorial, w.t("tutorial"));
            ui.radio_value(&mut palette, Palette::ColourSafe, w.t("colour-blind safe"))
                .on_hover_text(w.t("start, end, path, open, closed, barrier and agents stay apart with deuteranopia and protanopia"));
        });
        if palette != *shown.palette {
            actions.write(Action::Palette(palette));
        }
        if p != *shown.play {
            actions.write(Action::Play(p));
        }
        ui.horizontal(|ui| {
            if ui.button(w.t("Walk (Space)")).clicked() {
                actions.write(Action::Walk);
            }
            if ui.button(w.t(if shown.pause.get().0 { "Resume (Z)" } else { "Pause (Z)" })).clicked() {
                actions.write(Action::TogglePause);
            }
            if ui.button(w.t("Help (H)")).on_hover_text(w.t("every key and mouse action")).clicked() {
                actions.write(Action::ToggleHelp);
            }
        });
    });
}

fn stats_section(ui: &mut egui::Ui, shown: &Shown) {
    let path = &shown.path;
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Statistics")).id_salt("Statistics").default_open(true).show(ui, |ui| {
        ui.label(w.say(&format!("start {}   end {}", cell(shown.selection.start), cell(shown.selection.end))));
        ui.label(w.say(&format!("path cells: {}", path.cells.len())));
        ui.label(w.say(&format!("path cost: {}", path.cost.map_or("-".to_string(), |c| format!("{c:.4}")))));
        ui.label(w.say(&format!("nodes expanded: {}", path.expanded)));
        ui.label(w.say(&format!("search time: {} µs", path.time.as_micros())));
        if shown.walk.total > 0 {
            ui.label(w.say(&format!("walked: {} / {}", shown.walk.walked, shown.walk.total)));
        }
    });
    if !path.message.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(240, 90, 80), w.say(&path.message));
    }
    if !shown.status.0.is_empty() {
        ui.label(w.say(&shown.status.0));
    }
    ui.separator();
    ui.small(w.t(
        "Left click: start / end   Right click or drag: paint\nRight drag off the board (or Shift): orbit   Middle drag: pan   Wheel: zoom\nSpace: walk (step in the step view)   A: new board   Z: pause\nCtrl+Z: undo   Ctrl+Shift+Z: redo   H or ?: help",
    ));
}
