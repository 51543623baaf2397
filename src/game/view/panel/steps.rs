//! The panel's Step view and Race sections: the replay controls they share, the step view's
//! layers and legend, the cell under the pointer, and each lane's counters.

use bevy::prelude::*;
use bevy_egui::egui;

use super::shown::Shown;
use crate::engine::search::Algorithm;
use crate::game::logic::input::Action;
use crate::game::logic::race::RACE_LIMIT;
use crate::game::logic::settings::{Heat, LANES, RaceSettings};
use crate::game::logic::stepview::StepView;
use crate::game::view::arrows::MAX_ARROW_CELLS;
use crate::game::view::cubes::drawn_flat;
use crate::game::view::looks::{HEAT_LEVELS, Look};
use crate::game::view::race::lane_counters;
use crate::game::view::words::Words;

/// What the step view shows for the subgoal graph: the graph, and its search over it.
const SUBGOAL_NOTE: &str = "The subgoal graph's steps are its search over the graph shown, computed from the board. Upright green \
    lines mark the subgoals (corners a shortest path may turn at), flat green lines the edges between them (a straight and \
    diagonal line). The search joins the start and the end to the subgoals they reach in such a line, then expands subgoals \
    from both ends at once until the two sides meet, so a few steps cross the board; the path it finds is the least.";

/// What the step view shows when the subgoal graph was asked for and the board answered by JPS+.
const BY_JUMPS_NOTE: &str = "This board's obstacles are scattered: its subgoal graph would have more edges than it saves, so \
    the board is prepared as JPS+'s jump distances instead, and the steps shown are JPS+'s. The path is still the least.";

const HPA_NOTE: &str = "HPA*'s steps are its abstract search: it expands the start, entrances (magenta: a line across a \
    border, a post on each side) and the end, each step crossing a cluster (grey squares) at a cost known beforehand, so a few \
    steps cross the board. The clusters and entrances come from the board and are rebuilt only around an edit. Once the end is \
    reached, each leg is followed inside its cluster and the path straightened, so the path can cost a little more than the least.";

pub(super) fn step_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let step = &shown.step;
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Step view")).id_salt("Step view").default_open(shown.step_on.0).show(ui, |ui| {
        let mut on = shown.step_on.0;
        ui.checkbox(&mut on, w.t("step view (Space steps)"));
        if on != shown.step_on.0 {
            actions.write(Action::ShowSteps(on));
        }
        if shown.step_on.0 {
            opened_note(ui, shown);
            layers_controls(ui, shown, actions);
        }
        let algorithm = shown.search.0.algorithm;
        let by_jumps = algorithm == Algorithm::Subgoal && step.by_jumps;
        if shown.step_on.0 && algorithm.jumps() && shown.world.is_on() {
            ui.small(w.t(
                "In a world JPS queues and expands only jump points: the end, and voxels where a scan along one of the 26 directions \
                 must stop, beside the end of an obstacle or where a diagonal's own scans found one. The open and closed voxels shown \
                 are jump points.",
            ));
        } else if shown.step_on.0 && (algorithm.jumps() || by_jumps) {
            ui.small(w.t(
                "A jump point is where a straight or diagonal scan must stop: the goal, or a cell with a forced neighbour (ringed red), \
                 a cell beside a barrier's end that the way through the jump point reaches best. Orange: the scans from the cell just \
                 expanded; green rings: the jump points they found, the only cells JPS queues.",
            ));
        }
        if shown.step_on.0 && shown.world.is_on() {
            // a world's steps: the World section shows and scrubs them
            let v = &shown.world_steps;
            replay_controls(ui, (v.running, v.rate()), (v.shown, v.closed.len()), ("expansions/s", w), actions);
        } else if shown.step_on.0 && !algorithm.records() {
            ui.small(w.say(&format!("{algorithm} runs whole, not step by step: pick another algorithm to step through")));
        } else if shown.step_on.0 {
            replay_controls(ui, (step.running, step.rate), (step.shown, step.steps.len()), ("expansions/s", w), actions);
            ui.small(w.say(&format!(
                "{} of {} expansions; open {}, closed {}{}",
                step.shown,
                step.steps.len(),
                step.open_count(),
                step.closed_cells().len(),
                if step.truncated { " (recording cut short)" } else { "" }
            )));
            if let Some(note) = graph_note(algorithm, by_jumps) {
                ui.small(w.say(note));
            }
            if let Some(p) = shown.hover.0 {
                ui.label(w.say(&hover_label(step, p)));
                if let Some(jumps) = &shown.jumps.0 {
                    ui.small(w.say(jumps));
                }
            }
            save_buttons(ui, w, actions);
        }
    });
}

/// What the step view replays when a trace was opened from a file.
fn opened_note(ui: &mut egui::Ui, shown: &Shown) {
    if let Some(o) = &shown.opened.0 {
        let w = shown.words();
        ui.colored_label(
            egui::Color32::from_rgb(120, 200, 240),
            w.say(&format!("replaying {}, another planner's search opened from a file: a new board returns to cubepath's", o.name)),
        );
    }
}

/// Save the search: as cubepath's JSON trace, or as a trace Posthoc replays.
fn save_buttons(ui: &mut egui::Ui, w: Words, actions: &mut MessageWriter<Action>) {
    ui.horizontal(|ui| {
        if ui.button(w.t("Save trace")).on_hover_text(w.t("every expansion as JSON: trace.json (a download in the browser)")).clicked() {
            actions.write(Action::SaveTrace("trace.json".into()));
        }
        if ui
            .button(w.t("Save Posthoc trace"))
            .on_hover_text(
                w.t("the search as a trace ShortestPathLab's Posthoc replays: search.trace.json, with the board saved as a .map beside it"),
            )
            .clicked()
        {
            actions.write(Action::SaveTrace("search.trace.json".into()));
        }
    });
}

/// The step view's note on what a graph search's steps are (HPA*'s, the subgoal graph's, or
/// JPS+'s on a board the subgoal graph is asked for and JPS+ answers), if the algorithm has one.
fn graph_note(algorithm: Algorithm, by_jumps: bool) -> Option<&'static str> {
    match algorithm {
        Algorithm::Hpa => Some(HPA_NOTE),
        Algorithm::Subgoal if by_jumps => Some(BY_JUMPS_NOTE),
        Algorithm::Subgoal => Some(SUBGOAL_NOTE),
        _ => None,
    }
}

/// The race: on or off, its lanes, the build-up preset, the step controls and each lane's
/// counters.
pub(super) fn race_section(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let current = &*shown.race_settings;
    let w = shown.words();
    egui::CollapsingHeader::new(w.t("Race")).id_salt("Race").default_open(current.on).show(ui, |ui| {
        let new = race_lanes(ui, current, w);
        if new != *current {
            if new.on && !current.on {
                actions.write(Action::ShowSteps(false));
            }
            actions.write(Action::Race(new));
        }
        if !current.on {
            return;
        }
        if shown.world.is_on() {
            world_race_lanes(ui, shown, actions);
            return;
        }
        let race = &shown.race;
        replay_controls(ui, (race.running, race.rate), (race.shown, race.len()), ("expansions/s per lane", w), actions);
        let winners = race.winners();
        let first = race.first_home();
        let best = race.best_cost();
        for (i, lane) in race.lanes.iter().enumerate() {
            let won = winners.contains(&i);
            let mut text = format!("{}. {}: {}", i + 1, lane.algorithm.name(), lane_counters(lane, won, first.contains(&i), true, w));
            if let (Some(c), Some(b), true) = (lane.cost, best, lane.done())
                && c > b + 1e-9
            {
                text += &format!(" {}", w.say(&format!("(+{:.1} % over the best)", (c / b - 1.0) * 100.0)));
            }
            let colour = if won { egui::Color32::from_rgb(230, 180, 40) } else { ui.visuals().text_color() };
            ui.colored_label(colour, text);
        }
        ui.small(w.say(&format!(
            "Every lane gets the same expansions per tick; the winner finds the cheapest path in the fewest. A lane stops at {RACE_LIMIT} expansions."
        )));
    });
}

/// The race's switch, its lanes (each a choice and a remove button), "+ lane" and the build-up
/// preset: the settings as the player leaves them.
fn race_lanes(ui: &mut egui::Ui, current: &RaceSettings, w: Words) -> RaceSettings {
    let mut new = current.clone();
    ui.checkbox(&mut new.on, w.t("race algorithms on copies of the board (Space steps)"));
    let mut remove = None;
    for (i, a) in new.algorithms.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt(("lane", i)).selected_text(format!("{}. {}", i + 1, a.name())).show_ui(ui, |ui| {
                for b in Algorithm::ALL.into_iter().filter(|&b| b.records()) {
                    ui.selectable_value(a, b, b.name());
                }
            });
            let can_remove = current.algorithms.len() > LANES.0;
            if ui.add_enabled(can_remove, egui::Button::new("\u{2212}").small()).on_hover_text(w.t("remove this lane")).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        new.algorithms.remove(i);
    }
    ui.horizontal(|ui| {
        if ui.add_enabled(current.algorithms.len() < LANES.1, egui::Button::new(w.t("+ lane"))).clicked() {
            new.algorithms.push(Algorithm::Greedy);
        }
        if ui.button(w.t("Build-up")).on_hover_text(w.t("BFS, Dijkstra, greedy and A*: each adds one idea to the one before")).clicked() {
            new = RaceSettings { on: true, algorithms: RaceSettings::build_up() };
        }
    });
    new
}

/// Run or Pause, Step, Restart, the rate and the scrubber of a replay (the step view's or the
/// race's: the same actions drive whichever is on).
fn replay_controls(
    ui: &mut egui::Ui,
    (running, rate): (bool, f32),
    (shown, total): (usize, usize),
    (rate_text, w): (&'static str, Words),
    actions: &mut MessageWriter<Action>,
) {
    ui.horizontal(|ui| {
        if ui.button(w.t(if running { "Pause" } else { "Run" })).clicked() {
            actions.write(Action::RunSteps(!running));
        }
        if ui.button(w.t("Step")).clicked() {
            actions.write(Action::Step);
        }
        if ui.button(w.t("Restart")).clicked() {
            actions.write(Action::SeekStep(0));
        }
    });
    let mut new_rate = rate.max(1.0);
    ui.add(egui::Slider::new(&mut new_rate, 1.0..=1000.0).logarithmic(true).text(w.t(rate_text)));
    if new_rate != rate {
        actions.write(Action::StepRate(new_rate));
    }
    let mut k = shown;
    ui.add(egui::Slider::new(&mut k, 0..=total).text(w.t("expansion")));
    if k != shown {
        actions.write(Action::SeekStep(k));
    }
}

/// Parent arrows and the heat map, with its legend.
fn layers_controls(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    let mut layers = *shown.layers;
    let cells = shown.board.grid.width() * shown.board.grid.height();
    ui.add_enabled_ui(cells <= MAX_ARROW_CELLS && !drawn_flat(&shown.board), |ui| ui.checkbox(&mut layers.arrows, w.t("parent arrows")))
        .response
        .on_disabled_hover_text(w.t("arrows are drawn on boards up to 128 x 128"));
    ui.horizontal(|ui| {
        ui.label(w.t("heat map"));
        ui.radio_value(&mut layers.heat, Heat::Off, w.t("off"));
        ui.radio_value(&mut layers.heat, Heat::G, "g").on_hover_text(w.t("cost from the start found so far"));
        ui.radio_value(&mut layers.heat, Heat::ToGoal, w.t("to goal"))
            .on_hover_text(w.t("true cost to the end: a Dijkstra backwards from it"));
        ui.radio_value(&mut layers.heat, Heat::Estimate, w.t("estimate"))
            .on_hover_text(w.t("the heuristic lab's formula against the true cost: see the Heuristic lab"));
    });
    if layers != *shown.layers {
        actions.write(Action::StepLayers(layers));
    }
    let (max, what) = match layers.heat {
        Heat::Off | Heat::Estimate => return,
        Heat::G => (shown.step.max_g, "g"),
        Heat::ToGoal => (shown.field.max, "to goal"),
    };
    ui.horizontal(|ui| {
        ui.small("0");
        let (rect, _) = ui.allocate_exact_size(egui::vec2(150.0, 12.0), egui::Sense::hover());
        let width = rect.width() / HEAT_LEVELS as f32;
        for k in 0..HEAT_LEVELS {
            let [r, g, b, _] = Look::Heat(k).colour().to_srgba().to_u8_array();
            let cell = egui::Rect::from_min_size(rect.min + egui::vec2(width * k as f32, 0.0), egui::vec2(width + 0.5, rect.height()));
            ui.painter().rect_filled(cell, 0.0, egui::Color32::from_rgb(r, g, b));
        }
        ui.small(format!("{max:.1} ({})", w.t(what)));
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

/// The race on a voxel world: its controls and a line per lane.
fn world_race_lanes(ui: &mut egui::Ui, shown: &Shown, actions: &mut MessageWriter<Action>) {
    let w = shown.words();
    let race = &shown.world_race;
    replay_controls(ui, (race.running, race.rate), (race.shown, race.len()), ("expansions/s per lane", w), actions);
    let winners = race.winners();
    for (i, lane) in race.lanes.iter().enumerate() {
        let won = winners.contains(&i);
        let mut text = format!(
            "{}. {}: {}",
            i + 1,
            lane.algorithm.name(),
            w.say(&format!("expanded {}  open {}", lane.view.shown, lane.view.counts().0))
        );
        match (&lane.message, lane.cost, lane.view.shown >= lane.view.closed.len()) {
            (Some(m), ..) => text += &format!("  {}", w.say(m)),
            (None, Some(c), true) => text += &format!("  {}", w.say(&format!("cost {c:.2}"))),
            (None, None, true) => text += &format!("  {}", w.t("no path")),
            _ => {}
        }
        if won {
            text += &format!("  {}", w.t("winner"));
        }
        let colour = if won { egui::Color32::from_rgb(230, 180, 40) } else { ui.visuals().text_color() };
        ui.colored_label(colour, text);
    }
}
