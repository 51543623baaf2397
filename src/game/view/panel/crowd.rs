//! The panel's Crowd section: how many agents, what they do, how fast, the field, and what the
//! crowd, its joint plan and the picked agent are doing.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::crowd::CrowdKind;
use crate::game::logic::crowd::{BoardCrowd, CrowdState};
use crate::game::logic::input::Action;
use crate::game::logic::settings::{CrowdSettings, MAX_CROWD};
use crate::game::view::words::Words;

/// The crowd: how many agents, what they do, how fast, the field, and what the crowd and the
/// picked agent are doing.
pub(super) fn crowd_section(
    ui: &mut egui::Ui,
    (current, w): (CrowdSettings, Words),
    state: (&CrowdState, &BoardCrowd),
    actions: &mut MessageWriter<Action>,
) {
    egui::CollapsingHeader::new(w.t("Crowd")).id_salt("Crowd").default_open(current.agents > 0).show(ui, |ui| {
        let mut new = current;
        ui.add(egui::Slider::new(&mut new.agents, 0..=MAX_CROWD).text(w.t("agents")));
        ui.horizontal(|ui| {
            for kind in CrowdKind::ALL {
                let hint = match kind {
                    CrowdKind::Wander => "each agent walks to random cells near it",
                    CrowdKind::Gather => "a click sets where every agent heads",
                    CrowdKind::Command => "click an agent, then a cell to send it",
                    CrowdKind::Together => "every agent gets a goal (random, or around a clicked cell) and all are planned together",
                };
                ui.radio_value(&mut new.clicks, kind, w.t(kind.name())).on_hover_text(w.t(hint));
            }
        });
        ui.add(egui::Slider::new(&mut new.ticks_per_second, 0.5..=60.0).logarithmic(true).text(w.t("ticks/s")));
        ui.add_enabled(new.clicks == CrowdKind::Gather, egui::Checkbox::new(&mut new.field, w.t("show the distance field")));
        if new != current {
            actions.write(Action::Crowd(new));
        }
        crowd_status(ui, state, w);
    });
}

/// What the crowd and the picked agent are doing, and the last joint plan and edit.
fn crowd_status(ui: &mut egui::Ui, (state, board_crowd): (&CrowdState, &BoardCrowd), w: Words) {
    let (Some(nav_crowd), Some(crowd)) = (board_crowd.component(), board_crowd.get()) else { return };
    let (tick, worst) = nav_crowd.tick_times();
    let s = crowd.stats();
    ui.small(w.say(&format!(
        "tick {}: {} arrivals, {} side-steps; tick {:.2} ms (worst {:.2}); search state {:.1} MB",
        s.ticks,
        s.arrivals,
        s.sidesteps,
        tick.as_secs_f64() * 1000.0,
        worst.as_secs_f64() * 1000.0,
        crowd.bytes() as f64 / 1e6
    )));
    if let Some(j) = crowd.joint() {
        ui.small(w.say(&match &j.problem {
            Some(why) => format!("planned together: {why}"),
            None => format!(
                "planned together: makespan {}, sum of costs {} (lower bound {}), planned in {:.1} ms",
                j.makespan, j.sum_of_costs, j.lower_bound, state.plan_ms
            ),
        }));
    }
    let e = s.last_edit;
    if s.replans > 0 || e.repairs > 0 {
        ui.small(w.say(&format!(
            "last edit: {} paths crossed; the repairs (D* Lite) expanded {} cells, A* from scratch {} on the same problems. All edits: {} repairs, {} cells against {}",
            e.repairs, e.repair_expanded, e.scratch_expanded, s.replans, s.repair_expanded, s.scratch_expanded
        )));
    }
    if let Some(a) = state.selected.and_then(|i| crowd.agents().get(i).map(|a| (i, a))) {
        let (i, a) = a;
        ui.label(w.say(&format!(
            "agent {i}: at {},{} going to {},{} ({:?}), {} cells to go, {} arrivals",
            a.pos.0,
            a.pos.1,
            a.goal.0,
            a.goal.1,
            a.state,
            a.path().count(),
            a.arrivals
        )));
    }
}
