//! The lessons, each performed headless as a player would, noticed done from the game's own
//! state, and the progress kept.

mod common;

use std::time::Duration;

use bevy::prelude::*;

use cubepath::engine::{
    grid::{Pos, Topology},
    search::Algorithm,
};
use cubepath::game::GameSetup;
use cubepath::game::harness::Headless;
use cubepath::game::logic::board::Board;
use cubepath::game::logic::crowd::board_crowd;
use cubepath::game::logic::files::load_progress;
use cubepath::game::logic::input::Action;
use cubepath::game::logic::lab::LabReport;
use cubepath::game::logic::lessons::{LAB_LESSON, LESSONS, Learn};
use cubepath::game::logic::settings::{RaceSettings, SearchSettings};

/// Frames until `done` holds or `limit` frames pass; whether it held.
fn until(app: &mut Headless, limit: usize, done: impl Fn(&Headless) -> bool) -> bool {
    for _ in 0..limit {
        if done(app) {
            return true;
        }
        app.frames(1);
    }
    done(app)
}

fn finished(app: &Headless) -> bool {
    app.world().resource::<Learn>().finished
}

fn free_cells(app: &Headless) -> Vec<Pos> {
    app.world().resource::<Board>().grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect()
}

/// Performs lesson `n` (from 0) as its task says.
fn perform(app: &mut Headless, n: usize) {
    match n {
        0 => {
            let free = free_cells(app);
            app.act(Action::Select(free[3]));
            app.act(Action::Select(free[free.len() - 4]));
            app.act(Action::Walk);
        }
        1 | 3 => app.act(Action::Walk),
        2 => {
            for _ in 0..12 {
                app.act(Action::Step);
            }
            app.act(Action::Hover(Some(free_cells(app)[1])));
        }
        4 => {
            let path = std::env::temp_dir().join(format!("cubepath-lesson-{}.map", std::process::id())).display().to_string();
            app.act(Action::ToggleBarrier((5, 5)));
            app.act(Action::SaveMap(path.clone()));
            app.act(Action::OpenMap(path));
        }
        5..=7 => app.act(Action::SeekStep(1_000_000)),
        9 => {
            // what the lesson set up: over the true cost, and a dearer path
            let r = app.world().resource::<LabReport>().clone();
            assert!(r.over > 0 && r.cost.unwrap() > r.optimum.unwrap() + 1e-9, "{r:?}");
            app.act(Action::Estimate(LAB_LESSON.1.into()));
        }
        _ => {
            // a barrier on a walking agent's way
            let cell = {
                let crowd = board_crowd(app.world_mut()).expect("the lesson's crowd");
                let taken: Vec<Pos> = crowd.agents().iter().map(|a| a.pos).collect();
                crowd.agents().iter().flat_map(|a| a.path().skip(1)).find(|p| !taken.contains(p)).expect("an agent on its way")
            };
            app.act(Action::ToggleBarrier(cell));
        }
    }
}

#[test]
fn every_lesson_is_noticed_done_when_performed_and_the_progress_is_kept() {
    let dir = std::env::temp_dir().join(format!("cubepath-lessons-{}", std::process::id()));
    // SAFETY: this test binary runs this one test; nothing else reads the environment.
    unsafe { std::env::set_var("CUBEPATH_DATA_DIR", &dir) };
    // --lesson 1 begins the first
    let mut app = Headless::new(GameSetup { lesson: Some(0), ..default() }, Duration::from_millis(50)).with_cubes();
    app.frames(3);
    for (n, lesson) in LESSONS.iter().enumerate() {
        if n > 0 {
            app.act(Action::Lesson(Some(n)));
            app.frames(3);
        }
        assert_eq!(app.world().resource::<Learn>().current, Some(n));
        assert!(!finished(&app), "lesson {} is not done before it is performed", n + 1);
        // the setup took: a few of them checked
        let world = app.world_mut();
        match n {
            3 => assert_eq!(world.resource::<SearchSettings>().0.topology, Topology::Hex),
            5 => assert_eq!(world.resource::<RaceSettings>().algorithms, vec![Algorithm::Dijkstra, Algorithm::AStar]),
            7 => assert_eq!(world.resource::<SearchSettings>().0.algorithm, Algorithm::Jps),
            8 => assert!(board_crowd(world).is_some()),
            _ => {}
        }
        if n == 8 {
            app.frames(20); // the agents' first searches
        }
        perform(&mut app, n);
        assert!(until(&mut app, 600, finished), "lesson {} ({}) was performed but not noticed", n + 1, lesson.title);
    }
    assert!(app.world().resource::<Learn>().done.iter().all(|d| *d));
    // lessons done out of their order are not done: a map opened before it was painted and
    // saved, then saved and not opened again
    app.act(Action::Lesson(Some(4)));
    app.frames(3);
    let path = std::env::temp_dir().join(format!("cubepath-order-{}.map", std::process::id())).display().to_string();
    app.act(Action::OpenMap(path.clone()));
    app.act(Action::ToggleBarrier((6, 6)));
    app.act(Action::SaveMap(path.clone()));
    app.frames(10);
    assert!(!finished(&app), "lesson 5: opened before it was saved");
    app.act(Action::OpenMap(path.clone()));
    assert!(until(&mut app, 60, finished), "lesson 5: painted, saved, then opened");
    let _ = std::fs::remove_file(&path);
    // a cube pointed at before any step is shown; then a few steps, fewer than the lesson asks
    app.act(Action::Lesson(Some(2)));
    app.frames(3);
    app.act(Action::Hover(Some(free_cells(&app)[1])));
    app.frames(10);
    assert!(!finished(&app), "lesson 3: pointed at a cube with no step shown");
    for _ in 0..5 {
        app.act(Action::Step);
    }
    app.act(Action::Hover(Some(free_cells(&app)[2])));
    app.frames(10);
    assert!(!finished(&app), "lesson 3: five steps are not a dozen");
    perform(&mut app, 2);
    assert!(until(&mut app, 60, finished), "lesson 3 done in order");
    assert!(load_progress().iter().take(LESSONS.len()).all(|d| *d), "the progress was kept");
    let _ = std::fs::remove_dir_all(&dir);
}
