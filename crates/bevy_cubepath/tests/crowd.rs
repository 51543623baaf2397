//! A crowd as components, headless: members as entities where the engine's agents are, goals
//! sent through components, grid edits reaching the agents' searches, problems reported.

mod common;

use bevy::prelude::*;
use bevy_cubepath::prelude::*;
use bevy_cubepath::{CrowdProblem, engine::crowd::CrowdError, engine::grid::Cell};
use common::app;

fn members(app: &mut App) -> Vec<(CrowdMember, Vec3)> {
    let mut q = app.world_mut().query::<(&CrowdMember, &Transform)>();
    let mut out: Vec<_> = q.iter(app.world()).map(|(m, t)| (*m, t.translation)).collect();
    out.sort_by_key(|(m, _)| m.index);
    out
}

/// What `f` reads of the one crowd and its grid.
fn with_crowd<R>(app: &mut App, f: impl FnOnce(&NavGrid, &cubepath_search::crowd::Crowd) -> R) -> R {
    let mut q = app.world_mut().query::<(&NavGrid, &NavCrowd)>();
    let (nav, c) = q.single(app.world()).unwrap();
    f(nav, c.crowd().expect("made"))
}

#[test]
fn members_stand_where_their_agents_are_and_the_crowd_keeps_its_rules() {
    let mut app = app();
    let rows: Vec<String> = (0..16).map(|y| (0..16).map(|x| if (x * 7 + y * 3) % 11 == 0 { '@' } else { '.' }).collect()).collect();
    let rows: Vec<&str> = rows.iter().map(|r| r.as_str()).collect();
    app.world_mut().spawn((NavGrid::from_rows(&rows).unwrap(), NavCrowd::new(40, CrowdMode::Wander)));
    app.update();
    assert_eq!(members(&mut app).len(), 40);
    for _ in 0..200 {
        app.update();
    }
    let (ticks, conflicts, arrivals, faults) =
        with_crowd(&mut app, |_, c| (c.stats().ticks, c.stats().conflicts, c.stats().arrivals, c.check()));
    assert!(ticks >= 55, "6 ticks a second for 10 s: {ticks}");
    assert_eq!(conflicts, 0);
    assert!(faults.is_empty(), "{faults:?}");
    assert!(arrivals > 0);
    let ends: Vec<(Vec3, Vec3)> =
        with_crowd(&mut app, |nav, c| c.agents().iter().map(|a| (nav.to_world(a.prev), nav.to_world(a.pos))).collect());
    for (m, at) in members(&mut app) {
        let (a, b) = ends[m.index];
        // on the segment from its last cell to its cell
        let t = ((at - a).dot(b - a) / (b - a).length_squared().max(1e-9)).clamp(0.0, 1.0);
        assert!((a + (b - a) * t).distance(at) < 1e-4, "member {} at {at:?}, agent from {a:?} to {b:?}", m.index);
    }
}

#[test]
fn a_goal_on_a_member_sends_its_agent_and_edits_reach_the_searches() {
    let mut app = app();
    let rows = ["....................", "....................", "....................", "...................."];
    app.world_mut().spawn((NavGrid::from_rows(&rows).unwrap(), NavCrowd::new(3, CrowdMode::Command)));
    app.update();
    let first = {
        let mut q = app.world_mut().query::<(Entity, &CrowdMember)>();
        q.iter(app.world()).find(|(_, m)| m.index == 0).unwrap().0
    };
    let goal = (19, 3);
    app.world_mut().entity_mut(first).insert(CrowdGoal(goal));
    app.update();
    assert!(app.world().get::<CrowdGoal>(first).is_none(), "the goal was taken");
    // until it has planned and is on its way
    for _ in 0..60 {
        if with_crowd(&mut app, |_, c| c.agents()[0].path().count()) >= 8 {
            break;
        }
        app.update();
    }
    // a wall across its way, on cells no agent stands on
    let taken: Vec<Pos> = with_crowd(&mut app, |_, c| c.agents().iter().map(|a| a.pos).collect());
    let wall: Vec<Pos> = with_crowd(&mut app, |_, c| c.agents()[0].path().skip(3).take(1).collect());
    assert!(!wall.is_empty() && !taken.contains(&wall[0]), "a cell ahead on its way: {wall:?}");
    {
        let mut q = app.world_mut().query::<&mut NavGrid>();
        let mut nav = q.single_mut(app.world_mut()).unwrap();
        nav.grid.set(wall[0].0, wall[0].1, Cell::Blocked).unwrap();
    }
    let mut arrived = false;
    for _ in 0..400 {
        app.update();
        if with_crowd(&mut app, |_, c| c.agents()[0].pos) == goal {
            arrived = true;
            break;
        }
    }
    assert!(arrived, "agent 0 at {:?}", with_crowd(&mut app, |_, c| c.agents()[0].pos));
    assert_eq!(with_crowd(&mut app, |_, c| c.grid().get(wall[0].0, wall[0].1)), Some(Cell::Blocked), "the crowd's grid has the wall");
    assert!(with_crowd(&mut app, |_, c| c.stats().replans) > 0, "the edit reached the agent's search");
}

#[test]
fn a_crowd_that_cannot_be_made_says_why() {
    let mut app = app();
    let grid = app.world_mut().spawn((NavGrid::from_rows(&["..@", "..."]).unwrap(), NavCrowd::new(9, CrowdMode::Wander))).id();
    app.update();
    let problems: Vec<CrowdProblem> = app.world_mut().resource_mut::<Messages<CrowdProblem>>().drain().collect();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].crowd, grid);
    assert!(problems[0].error.to_string().contains("9 agents do not fit: there is room for 5"), "{}", problems[0].error);
    assert!(members(&mut app).is_empty());
}

#[test]
fn a_crowd_is_made_anew_for_a_new_count_takes_modes_and_goes_with_its_component() {
    let mut app = app();
    let rows = ["........", "........", "...@....", "........"];
    let grid = app.world_mut().spawn((NavGrid::from_rows(&rows).unwrap(), NavCrowd::new(10, CrowdMode::Wander))).id();
    app.update();
    assert_eq!(members(&mut app).len(), 10);
    let made = |app: &mut App| app.world().get::<NavCrowd>(grid).unwrap().made_count();
    assert_eq!(made(&mut app), 1);
    // another count: new agents, new members (the old ones gone)
    app.world_mut().get_mut::<NavCrowd>(grid).unwrap().agents = 4;
    app.update();
    assert_eq!((members(&mut app).len(), made(&mut app)), (4, 2));
    assert_eq!(with_crowd(&mut app, |_, c| c.agents().len()), 4);
    // a mode set through the component: taken at once, or refused with nothing changed
    let mut nav_crowd = app.world_mut().get_mut::<NavCrowd>(grid).unwrap();
    assert_eq!(nav_crowd.set_mode(CrowdMode::Gather((3, 2))), Err(CrowdError::NotFree((3, 2))), "a blocked cell");
    assert_eq!((nav_crowd.mode, nav_crowd.crowd().unwrap().mode()), (CrowdMode::Wander, CrowdMode::Wander));
    nav_crowd.set_mode(CrowdMode::Gather((7, 3))).unwrap();
    assert_eq!(nav_crowd.crowd().unwrap().mode(), CrowdMode::Gather((7, 3)));
    // a mode assigned: applied in the next frame, the same crowd
    app.world_mut().get_mut::<NavCrowd>(grid).unwrap().mode = CrowdMode::Command;
    app.update();
    assert_eq!(with_crowd(&mut app, |_, c| c.mode()), CrowdMode::Command);
    assert_eq!(made(&mut app), 2);
    // remake: the same count, new agents
    app.world_mut().get_mut::<NavCrowd>(grid).unwrap().remake();
    app.update();
    assert_eq!((members(&mut app).len(), made(&mut app)), (4, 3));
    // a slow frame: at most four ticks
    app.world_mut().get_mut::<NavCrowd>(grid).unwrap().ticks_per_second = 1000.0;
    let before = with_crowd(&mut app, |_, c| c.stats().ticks);
    app.update();
    assert_eq!(with_crowd(&mut app, |_, c| c.stats().ticks), before + 4, "capped at max_ticks_per_frame");
    // the component removed: its members go
    app.world_mut().entity_mut(grid).remove::<NavCrowd>();
    app.update();
    assert!(members(&mut app).is_empty());
}

/// Frames on which the crowd counted as changed.
#[derive(Resource, Default)]
struct ChangedFrames(usize);

#[test]
fn a_crowd_counts_as_changed_only_on_frames_it_ticks() {
    let mut app = app();
    app.init_resource::<ChangedFrames>().add_systems(Last, |q: Query<(), Changed<NavCrowd>>, mut seen: ResMut<ChangedFrames>| {
        seen.0 += q.iter().count();
    });
    let mut crowd = NavCrowd::new(5, CrowdMode::Wander);
    crowd.ticks_per_second = 0.0;
    let e = app.world_mut().spawn((NavGrid::from_rows(&["........"; 6]).unwrap(), crowd)).id();
    app.update();
    app.update();
    app.world_mut().resource_mut::<ChangedFrames>().0 = 0;
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(app.world().resource::<ChangedFrames>().0, 0, "standing still, the crowd never changed");
    // 4 ticks a second at 20 frames a second: a tick every fifth frame
    app.world_mut().get_mut::<NavCrowd>(e).unwrap().ticks_per_second = 4.0;
    app.update();
    app.world_mut().resource_mut::<ChangedFrames>().0 = 0;
    let before = with_crowd(&mut app, |_, c| c.stats().ticks);
    for _ in 0..40 {
        app.update();
    }
    let ticks = with_crowd(&mut app, |_, c| c.stats().ticks) - before;
    let changed = app.world().resource::<ChangedFrames>().0;
    assert!((7..=9).contains(&ticks), "{ticks} ticks in 2 s");
    assert_eq!(changed, ticks, "changed on the frames that ticked, and those only");
}
