//! The panel's Search section: the algorithm, moves, heuristic and weight, what the algorithm
//! does, and the duel of every algorithm on this board.

use bevy::prelude::*;
use bevy_egui::egui;

use super::shown::Shown;
use crate::engine::{
    grid::{DiagonalRule, Heuristic, Topology},
    search::Algorithm,
};
use crate::game::logic::duel::Duel;
use crate::game::logic::input::Action;
use crate::game::view::words::Words;

pub(super) fn search_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Search")).id_salt("Search").default_open(true).show(ui, |ui| {
        let mut o = shown.search.0;
        let jps_ok = shown.board.grid.is_uniform() && o.topology == Topology::Square(DiagonalRule::NoCornerCutting);
        egui::ComboBox::new("algorithm", w.t("algorithm")).selected_text(o.algorithm.name()).show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                let ok = !a.jumps() || jps_ok;
                ui.add_enabled_ui(ok, |ui| ui.selectable_value(&mut o.algorithm, a, a.name()))
                    .response
                    .on_disabled_hover_text(w.t("JPS needs a square grid, the no-corner-cutting rule and no weighted cells"));
            }
        });
        let mut shape = match o.topology {
            Topology::Square(r) => r.name(),
            Topology::Hex => "hex",
        };
        egui::ComboBox::new("moves", w.t("moves")).selected_text(w.t(shape)).show_ui(ui, |ui| {
            for r in DiagonalRule::ALL {
                ui.selectable_value(&mut shape, r.name(), w.t(r.name()));
            }
            ui.selectable_value(&mut shape, "hex", w.t("hex"));
        });
        o.topology = if shape == "hex" { Topology::Hex } else { Topology::Square(shape.parse().unwrap_or_default()) };
        let current = o.heuristic.map_or("default", |h| h.name());
        egui::ComboBox::new("heuristic", w.t("heuristic")).selected_text(w.t(current)).show_ui(ui, |ui| {
            ui.selectable_value(&mut o.heuristic, None, w.t("default"));
            for h in Heuristic::ALL {
                ui.selectable_value(&mut o.heuristic, Some(h), w.t(h.name()));
            }
        });
        ui.add(egui::Slider::new(&mut o.weight, 1.0..=5.0).text(w.t("weight")));
        ui.add(egui::Label::new(egui::RichText::new(w.t(o.algorithm.explain())).small().weak()).wrap());
        if !o.is_admissible() && o.algorithm.is_optimal() {
            ui.colored_label(egui::Color32::from_rgb(230, 160, 40), w.t("inadmissible: the path may not be the shortest"));
        }
        if o.algorithm.jumps() && !jps_ok {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 80), w.t("JPS cannot run here: see the message below"));
        }
        if o != shown.search.0 {
            actions.write(Action::Search(o));
        }
        if ui.button(w.t("Duel: run every algorithm")).clicked() {
            actions.write(Action::Duel);
        }
        if !shown.duel.rows.is_empty() {
            duel_table(ui, &shown.duel, w);
        }
    });
}

fn duel_table(ui: &mut egui::Ui, duel: &Duel, w: Words) {
    egui::Grid::new("duel").striped(true).show(ui, |ui| {
        for h in ["", "cost", "expanded", "pushed", "µs", "over optimum"] {
            ui.strong(w.t(h));
        }
        ui.end_row();
        for row in &duel.rows {
            ui.label(row.algorithm.name());
            match &row.outcome {
                Ok((cost, expanded, pushed, micros)) => {
                    ui.label(cost.map_or(w.t("no path").into(), |c| format!("{c:.3}")));
                    ui.label(expanded.to_string());
                    ui.label(pushed.to_string());
                    ui.label(micros.to_string());
                    ui.label(match (cost, duel.optimum) {
                        (Some(c), Some(o)) if o > 0.0 => format!("{:+.1} %", (c / o - 1.0) * 100.0),
                        _ => "-".into(),
                    });
                }
                Err(why) => {
                    let ended = if why.starts_with("stopped") { "stopped" } else { "refused" };
                    let why = w.say(why);
                    ui.label("-").on_hover_text(why.as_ref());
                    ui.label(w.t(ended)).on_hover_text(why.as_ref());
                }
            }
            ui.end_row();
        }
    });
}
