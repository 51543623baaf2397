//! The panel's Learn section: the lessons, which are done, and the one under way: what to do,
//! and once done what it showed, with the next one a click away.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::logic::input::Action;
use crate::game::logic::lessons::{LESSONS, Learn};
use crate::game::view::words::Words;

pub(super) fn learn_section(ui: &mut egui::Ui, learn: &Learn, w: Words, actions: &mut MessageWriter<Action>) {
    let done = learn.done.iter().filter(|d| **d).count();
    let title = w.say(&format!("Learn ({done} of {} done)", LESSONS.len())).into_owned();
    egui::CollapsingHeader::new(title).id_salt("Learn").default_open(learn.current.is_some()).show(ui, |ui| match learn.current {
        Some(n) => {
            ui.strong(w.say(&format!("Lesson {}: {}", n + 1, LESSONS[n].title)));
            if learn.finished {
                ui.label(w.t(LESSONS[n].shows));
            } else {
                ui.label(w.t(LESSONS[n].task));
            }
            ui.horizontal(|ui| {
                if learn.finished && n + 1 < LESSONS.len() && ui.button(w.t("Next lesson")).clicked() {
                    actions.write(Action::Lesson(Some(n + 1)));
                }
                if ui.button(w.t("Again")).clicked() {
                    actions.write(Action::Lesson(Some(n)));
                }
                if ui.button(w.t("All lessons")).clicked() {
                    actions.write(Action::Lesson(None));
                }
            });
        }
        None => {
            for (n, lesson) in LESSONS.iter().enumerate() {
                let mark = if learn.done[n] { "\u{2713}" } else { " " };
                if ui.button(format!("{mark} {}. {}", n + 1, w.t(lesson.title))).clicked() {
                    actions.write(Action::Lesson(Some(n)));
                }
            }
        }
    });
}
