//! The heuristic lab's section: the formula typed, what it reads as, where it lies against the
//! true cost to the end, what A* does with it, and the board's colours for it.

use bevy::prelude::*;
use bevy_egui::egui;

use super::shown::{IN_DRAWER, Shown};
use crate::game::logic::lab::{LAB_CELLS, LabReport};
use crate::game::logic::settings::{Heat, StepLayers};
use crate::game::logic::shared::input::Action;
use crate::game::logic::world_lab::WorldLabReport;
use crate::game::view::looks::Look;
use crate::game::view::words::Words;

/// Formulas to start from, each with what it shows.
const EXAMPLES: [(&str, &str); 5] = [
    ("max(abs(dx), abs(dy)) + (sqrt2 - 1) * min(abs(dx), abs(dy))", "octile: exact on an open board"),
    ("max(abs(dx), abs(dy))", "Chebyshev: never over, less sharp"),
    ("abs(dx) + abs(dy)", "Manhattan: over where diagonals pay"),
    ("3 * hypot(dx, dy)", "three times the straight line: far over"),
    ("max(abs(dx), abs(dy)) * (round(x / 2) - floor(x / 2))", "on odd columns only: never over, drops"),
];

pub(super) fn lab_section(ui: &mut egui::Ui, shown: &Shown, draft: &mut String, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Heuristic lab")).id_salt("Heuristic lab").default_open(!shown.lab.text.is_empty()).show(ui, |ui| {
        ui.small(w.t("Write an estimate of the cost from a cell to the end: dx, dy (the end minus the cell), x, y, gx, gy, straight, diagonal, sqrt2; + - * / ^; abs, sqrt, min, max, hypot, floor, ceil, round."));
        if shown.world.is_on() {
            ui.small(w.t("In a world also dz, z and gz (levels); a move costs 1, sqrt2 or sqrt(3)."));
        }
        let edit = ui.add(egui::TextEdit::singleline(draft).hint_text("max(abs(dx), abs(dy))").desired_width(f32::INFINITY));
        reveal_once(ui, &edit, !shown.lab.text.is_empty());
        report_field(ui, &edit);
        if edit.changed() {
            actions.write(Action::Estimate(draft.clone()));
        } else if !edit.has_focus() && *draft != shown.lab.text {
            draft.clone_from(&shown.lab.text); // set by a lesson or a link
        }
        ui.horizontal_wrapped(|ui| {
            for (formula, what) in EXAMPLES {
                if ui.small_button(w.t(what)).on_hover_text(formula).clicked() {
                    *draft = formula.to_string();
                    actions.write(Action::Estimate(draft.clone()));
                }
            }
        });
        if let Some(e) = &shown.lab.error {
            ui.colored_label(egui::Color32::from_rgb(220, 80, 80), w.say(e));
            return;
        }
        if shown.lab.formula.is_none() {
            return;
        }
        match shown.world.is_on() {
            true => world_lines(ui, &shown.world_lab, w),
            false => report_lines(ui, &shown.lab_report, w),
        }
        let showing = shown.step_on.0 && shown.layers.heat == Heat::Estimate;
        let show = if shown.world.is_on() { "Show it in the world" } else { "Show it on the board" };
        if !showing && ui.button(w.t(show)).clicked() {
            actions.write(Action::ShowSteps(true));
            actions.write(Action::StepLayers(StepLayers { heat: Heat::Estimate, ..*shown.layers }));
        }
        legend(ui, w);
    });
}

/// Where the estimate lies and what A* did with it.
fn report_lines(ui: &mut egui::Ui, r: &LabReport, w: Words) {
    if let Some(m) = &r.message {
        ui.label(w.say(m));
    }
    if r.cells.is_empty() {
        return;
    }
    let over = match r.worst {
        Some((p, by)) => format!("over the true cost at {} cells (inadmissible); worst by {by:.2} at {},{}", r.over, p.0, p.1),
        None => "never over the true cost: admissible here".to_string(),
    };
    ui.label(w.say(&over));
    let drops = match r.inconsistent {
        0 => "never drops by more than a move costs: consistent here".to_string(),
        n => format!("drops by more than a move costs at {n} cells (inconsistent)"),
    };
    ui.label(w.say(&drops));
    astar_lines(ui, (r.cost, r.optimum), &format!("{} expansions, {} of them cells expanded again", r.expanded, r.again), w);
    ui.small(w.say(&format!("judged on boards of up to {LAB_CELLS} cells, the end's true costs by a Dijkstra backwards")));
}

/// Where the estimate lies in the world and what A* did with it.
fn world_lines(ui: &mut egui::Ui, r: &WorldLabReport, w: Words) {
    if let Some(m) = &r.message {
        ui.label(w.say(m));
    }
    if r.voxels.is_empty() {
        return;
    }
    let over = match r.worst {
        Some((p, by)) => format!("over the true cost at {} voxels (inadmissible); worst by {by:.2} at {},{},{}", r.over, p.0, p.1, p.2),
        None => "never over the true cost: admissible here".to_string(),
    };
    ui.label(w.say(&over));
    let drops = match r.inconsistent {
        0 => "never drops by more than a move costs: consistent here".to_string(),
        n => format!("drops by more than a move costs at {n} voxels (inconsistent)"),
    };
    ui.label(w.say(&drops));
    astar_lines(ui, (r.cost, r.optimum), &format!("{} expansions, {} of them voxels expanded again", r.expanded, r.again), w);
    ui.small(w.say(&format!("judged in worlds of up to {LAB_CELLS} voxels, the end's true costs by a Dijkstra backwards")));
}

/// A*'s cost with the estimate against the least, and its expansions (`expansions`), or what
/// to pick for it to run.
fn astar_lines(ui: &mut egui::Ui, (cost, optimum): (Option<f64>, Option<f64>), expansions: &str, w: Words) {
    match (cost, optimum) {
        (Some(cost), Some(best)) => {
            let worse = if best > 0.0 { (cost / best - 1.0) * 100.0 } else { 0.0 };
            ui.label(w.say(&format!("A* with it: cost {cost:.2}, the least {best:.2} ({worse:+.1} %)")));
            ui.label(w.say(expansions));
        }
        (_, None) => {
            ui.small(w.t("pick a start too: A* runs with the estimate from it"));
        }
        _ => {}
    }
}

/// The colours the board shows the estimate in.
fn legend(ui: &mut egui::Ui, w: Words) {
    let swatch = |ui: &mut egui::Ui, look: Look, text: &'static str| {
        ui.horizontal(|ui| {
            let [r, g, b, _] = look.colour().to_srgba().to_u8_array();
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
            ui.small(w.t(text));
        });
    };
    swatch(ui, Look::Over, "over the true cost (inadmissible)");
    swatch(ui, Look::Drop, "drops by more than a move costs (inconsistent)");
    swatch(ui, Look::Heat(0), "exact");
    swatch(ui, Look::Heat(9), "far under the true cost");
    swatch(ui, Look::Walked, "A*'s path with it");
}

/// Whether the field `rect` shows in the panel's `clip`: its whole height, and enough of its
/// width to tap (on a phone the drawer's last few pixels may cut its right end).
fn in_view(clip: egui::Rect, rect: egui::Rect) -> bool {
    let seen = rect.intersect(clip);
    seen.height() >= rect.height() - 0.5 && seen.width() >= rect.width().min(40.0)
}

/// Logs the part of the formula's field the panel shows whenever that changes, in CSS pixels,
/// whether it is [`in_view`], and whether it has the keyboard's focus or a pointer (a finger)
/// down on it: the browser test taps it there, lifting the finger once the game has seen it
/// down (`cubepath lab field: X Y W H shown|hidden typing|pressed|idle`).
fn report_field(ui: &egui::Ui, edit: &egui::Response) {
    let zoom = ui.ctx().zoom_factor();
    let shown = in_view(ui.clip_rect(), edit.rect);
    let rect = if shown { edit.rect.intersect(ui.clip_rect()) } else { edit.rect };
    let at = [rect.min.x, rect.min.y, rect.width(), rect.height()].map(|v| (v * zoom).round() as i32);
    let state = match (edit.has_focus(), edit.is_pointer_button_down_on()) {
        (true, _) => "typing",
        (false, true) => "pressed",
        (false, false) => "idle",
    };
    let id = egui::Id::new("cubepath lab field");
    let was = ui.ctx().data_mut(|d| {
        let was = d.get_temp::<([i32; 4], bool, &'static str)>(id);
        d.insert_temp(id, (at, shown, state));
        was
    });
    if was != Some((at, shown, state)) {
        let shown = if shown { "shown" } else { "hidden" };
        info!("cubepath lab field: {} {} {} {} {shown} {state}", at[0], at[1], at[2], at[3]);
    }
}

/// Scrolls the panel to the formula's field once, the first time it is laid out with a formula
/// (set by a link or a lesson): on a phone the drawer opens on (or near) the lab the link is
/// about, not on the board's settings above it. The drawer and the panel beside the board each
/// do it once; the player's own scrolling is never fought.
fn reveal_once(ui: &egui::Ui, edit: &egui::Response, with_formula: bool) {
    if !with_formula {
        return;
    }
    let in_drawer = ui.ctx().data(|d| d.get_temp::<bool>(egui::Id::new(IN_DRAWER))).unwrap_or(false);
    let id = egui::Id::new(("cubepath lab revealed", in_drawer));
    if !ui.ctx().data_mut(|d| std::mem::replace(d.get_temp_mut_or_default::<bool>(id), true)) && !in_view(ui.clip_rect(), edit.rect) {
        edit.scroll_to_me(Some(egui::Align::Center));
    }
}
