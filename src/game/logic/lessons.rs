//! Lessons: short guided tours of grid search, in the order of the tutorials cubepath grew from.
//! Each sets up its board, says what to do, notices when it is done from the game's own state
//! and actions (never a timer), then says what it showed. Progress is kept (a file in the data
//! folder; local storage in the browser).

use bevy::prelude::*;

use super::boards::agent::AgentArrived;
use super::boards::board::Hover;
use super::boards::crowd::BoardCrowd;
use super::boards::lab::LabReport;
use super::boards::race::Race;
use super::boards::stepview::StepView;
use super::boards::walk::Walk;
use super::shared::files;
use super::shared::input::Action;
use super::shared::settings::{
    BoardSettings, CrowdSettings, Heat, PlaySettings, RaceSettings, SearchSettings, StepLayers, StepViewOn, WalkMode,
};
use super::shared::setup::GameSetup;
use super::shared::status::Status;
use crate::engine::{
    crowd::CrowdKind,
    grid::Topology,
    search::{Algorithm, SearchOptions},
};
use crate::game::phases::{AppSystems, Turn};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Learn>()
        .add_systems(Startup, (load_progress, start_setup_lesson).chain())
        .add_systems(Update, (start_lesson.in_set(Turn::Lesson), notice_done.in_set(AppSystems::Notice)));
}

/// One lesson: its title, what to do, and what it showed.
pub struct Lesson {
    /// A few words.
    pub title: &'static str,
    /// What to do, in one to three sentences.
    pub task: &'static str,
    /// What it showed, said when it is done.
    pub shows: &'static str,
}

/// The lessons, in order.
pub const LESSONS: [Lesson; 10] = [
    Lesson {
        title: "A path on a cube grid",
        task: "Click a floor cube for the start, another for the end: A* finds the shortest path (gold). Then press Space.",
        shows: "The path's cubes turned black one by one: A* searched outward from the start, always taking the cube whose F = G + H was least.",
    },
    Lesson {
        title: "An agent walks it",
        task: "Press Space: an agent walks the path, turning smoothly at each corner.",
        shows: "The agent followed the path cell by cell, its turns spread over time (a slerp) instead of snapping.",
    },
    Lesson {
        title: "F = G + H, step by step",
        task: "Press Space a dozen times to expand the search one cube at a time, then point at a green (open) or lilac (closed) cube.",
        shows: "G is the cost from the start, H the estimate to the end, F their sum: A* always expands the open cube with the least F.",
    },
    Lesson {
        title: "Hexagonal tiles",
        task: "The board is made of hexagons now, six neighbours each. Press Space to walk the path.",
        shows: "Nothing in A* changed: only the neighbours and the estimate (the hex distance).",
    },
    Lesson {
        title: "Your own map",
        task: "Right-click cubes to paint barriers, then in the Maps section Save the board and Open it again.",
        shows: "A board is a Moving AI .map file: rows of '.' for floor and '@' for barriers, readable by any benchmark tool.",
    },
    Lesson {
        title: "Dijkstra against A*",
        task: "Dijkstra and A* race on the same board: press Run in the Race section (or Space, a step at a time) until both are done.",
        shows: "Both found the same cost, but Dijkstra spread in every direction while A*'s estimate pulled it toward the goal.",
    },
    Lesson {
        title: "Greedy is fast, not right",
        task: "Greedy best-first races A*: press Run in the Race section until both are done, and compare the paths.",
        shows: "Greedy chases the estimate alone: it often arrives first, with a longer path; A* is never worse than the best.",
    },
    Lesson {
        title: "Why JPS jumps",
        task: "Step through Jump Point Search with Space (or Run in the Step view section) until it reaches the end.",
        shows: "JPS skips runs of cells a straight or diagonal move would cross anyway, stopping only at jump points: cells beside a barrier where a shorter way may turn.",
    },
    Lesson {
        title: "A crowd and a barrier",
        task: "Sixty agents wander. Right-click a cube in their way to drop a barrier.",
        shows: "The agents whose paths crossed it repaired their searches (D* Lite) instead of starting again, and walked round.",
    },
    Lesson {
        title: "Break the estimate",
        task: "The heuristic lab's estimate is three times the straight line: pink cells are over the true cost, and A*'s black path costs more than the least. Now pick 'on odd columns only' in the Heuristic lab: never over, but it drops by more than a move costs (cyan).",
        shows: "An estimate over the true cost lets A* settle for a dearer path. One never over but dropping too fast (inconsistent) still gives the least cost, but A* must take cells back and expand them again.",
    },
];

/// The lab lesson's two estimates: over the true cost; then never over but inconsistent.
pub const LAB_LESSON: (&str, &str) = ("3 * hypot(dx, dy)", "max(abs(dx), abs(dy)) * (round(x / 2) - floor(x / 2))");

/// Where the player is in the lessons.
#[derive(Resource, Default)]
pub struct Learn {
    /// The lesson under way.
    pub current: Option<usize>,
    /// Whether it is done.
    pub finished: bool,
    /// Lessons done so far (kept between sessions).
    pub done: [bool; LESSONS.len()],
    painted: bool,
    saved: bool,
    opened: bool,
}

/// The setup's `--lesson` (or `?lesson=`) begins at the start.
fn start_setup_lesson(setup: Res<GameSetup>, mut actions: MessageWriter<Action>) {
    if let Some(n) = setup.lesson {
        actions.write(Action::Lesson(Some(n)));
    }
}

/// A lesson begins: its board and settings come as actions, applied this frame.
fn start_lesson(mut actions: ParamSet<(MessageReader<Action>, MessageWriter<Action>)>, mut learn: ResMut<Learn>) {
    let chosen: Vec<Option<usize>> = actions.p0().read().filter_map(|a| if let Action::Lesson(n) = a { Some(*n) } else { None }).collect();
    for n in chosen {
        let n = n.filter(|&n| n < LESSONS.len());
        *learn = Learn { current: n, done: learn.done, ..Learn::default() };
        let Some(n) = n else { continue };
        info!("cubepath lesson: {} started: {}", n + 1, LESSONS[n].title);
        let mut w = actions.p1();
        for action in setup_actions(n) {
            w.write(action);
        }
    }
}

/// The actions that set lesson `n` up.
fn setup_actions(n: usize) -> Vec<Action> {
    let board = |rows, cols, barrier_pct, seed| Action::NewBoard(BoardSettings { rows, cols, barrier_pct, seed });
    let search = |algorithm, topology| Action::Search(SearchOptions { algorithm, topology, ..SearchOptions::default() });
    let square = SearchOptions::default().topology;
    let mode = |mode| Action::Play(PlaySettings { mode, ..PlaySettings::default() });
    let race = |algorithms: &[Algorithm]| Action::Race(RaceSettings { on: !algorithms.is_empty(), algorithms: algorithms.to_vec() });
    let crowd = |agents| Action::Crowd(CrowdSettings { agents, clicks: CrowdKind::Wander, ..CrowdSettings::default() });
    let mut out = vec![race(&[]), crowd(0), Action::ShowSteps(false), mode(WalkMode::Cubes), search(Algorithm::AStar, square)];
    out.extend(match n {
        0 => vec![board(12, 12, 20.0, 7)],
        1 => vec![board(12, 12, 20.0, 8), mode(WalkMode::Agent)],
        2 => vec![board(10, 10, 20.0, 3), Action::ShowSteps(true)],
        3 => vec![search(Algorithm::AStar, Topology::Hex), board(12, 12, 20.0, 5)],
        4 => vec![board(10, 10, 0.0, 1)],
        5 => vec![board(16, 16, 22.0, 7), race(&[Algorithm::Dijkstra, Algorithm::AStar])],
        6 => vec![board(16, 16, 22.0, 9), race(&[Algorithm::Greedy, Algorithm::AStar])],
        7 => vec![search(Algorithm::Jps, square), board(16, 16, 20.0, 4), Action::ShowSteps(true)],
        8 => vec![board(24, 24, 15.0, 3), crowd(60)],
        _ => vec![
            // a board where three times the straight line costs 19 % more than the least, and
            // the odd columns' estimate takes 19 cells back (tests/lessons.rs checks both)
            board(16, 16, 22.0, 16),
            Action::Estimate(LAB_LESSON.0.into()),
            Action::ShowSteps(true),
            Action::StepLayers(StepLayers { heat: Heat::Estimate, ..StepLayers::default() }),
        ],
    });
    out
}

/// Whether the lesson under way is done, from the game's own state and the actions seen.
#[allow(clippy::too_many_arguments)]
fn notice_done(
    mut actions: MessageReader<Action>,
    mut arrived: MessageReader<AgentArrived>,
    mut learn: ResMut<Learn>,
    walk: Res<Walk>,
    (steps, step_view, hover): (Res<StepView>, Res<StepViewOn>, Res<Hover>),
    race: Res<Race>,
    crowd: BoardCrowd,
    (search, lab): (Res<SearchSettings>, Res<LabReport>),
    mut status: ResMut<Status>,
) {
    let arrived = arrived.read().count() > 0;
    let Some(n) = learn.current.filter(|_| !learn.finished) else {
        actions.clear();
        return;
    };
    for action in actions.read() {
        match action {
            Action::ToggleBarrier(_) | Action::Paint(..) => learn.painted = true,
            Action::SaveMap(_) => learn.saved = learn.painted,
            Action::OpenMap(_) | Action::LoadMap { .. } => learn.opened = learn.saved,
            _ => {}
        }
    }
    let walked = !walk.active && walk.total > 0 && walk.walked == walk.total;
    let race_over = !race.is_empty() && race.shown >= race.len();
    let done = match n {
        // (lesson numbers count from 1 for the player, from 0 here)
        0 => walked,
        1 => arrived,
        2 => step_view.0 && steps.shown >= 10 && hover.0.is_some(),
        3 => walked && search.0.topology == Topology::Hex,
        4 => learn.opened,
        5 | 6 => race_over,
        7 => step_view.0 && search.0.algorithm == Algorithm::Jps && !steps.steps.is_empty() && steps.shown >= steps.steps.len(),
        8 => crowd.get().is_some_and(|c| c.stats().replans > 0),
        _ => lab.over == 0 && lab.inconsistent > 0 && lab.again > 0,
    };
    if done {
        learn.finished = true;
        learn.done[n] = true;
        info!("cubepath lesson: {} done", n + 1);
        status.say(format!("lesson {} done: {}", n + 1, LESSONS[n].shows));
        files::save_progress(&learn.done);
    }
}

/// The kept progress, at the start.
fn load_progress(mut learn: ResMut<Learn>) {
    for (d, kept) in learn.done.iter_mut().zip(files::load_progress()) {
        *d = kept;
    }
}
