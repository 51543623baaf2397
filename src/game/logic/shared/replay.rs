//! What plays back an expansion at a time ([`Replay`]: the step views and the races, on boards
//! and worlds), and the systems that drive every kind alike: Space steps, Run plays, the rate
//! and the scrubber.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use crate::game::logic::shared::input::Action;

/// Something recorded that plays back an expansion at a time: the step views and the
/// races, flat or on a world. Space, Run, the rate and the scrubber drive them all alike.
pub trait Replay {
    /// Expansions shown.
    fn shown(&self) -> usize;
    /// Expansions recorded.
    fn total(&self) -> usize;
    /// Shows the state after `k` expansions (clamped).
    fn seek_to(&mut self, k: usize);
    /// Whether it plays, at how many expansions a second, and the part of an expansion owed.
    fn clock(&mut self) -> (&mut bool, &mut f32, &mut f32);
    /// Whether it plays.
    fn is_running(&self) -> bool;
}

/// Whether an action is one of the replay's own (Space's step, Run, the scrubber, the rate).
pub fn is_replay_action(action: &Action) -> bool {
    matches!(action, Action::Step | Action::RunSteps(_) | Action::SeekStep(_) | Action::StepRate(_))
}

/// Applies a replay action.
pub fn control_replay(replay: &mut impl Replay, action: &Action) {
    match *action {
        Action::Step => {
            let next = replay.shown() + 1;
            *replay.clock().0 = false;
            replay.seek_to(next);
        }
        Action::RunSteps(run) => {
            let more = replay.shown() < replay.total();
            *replay.clock().0 = run && more;
        }
        Action::SeekStep(k) => {
            *replay.clock().0 = false;
            replay.seek_to(k);
        }
        Action::StepRate(rate) => *replay.clock().1 = rate.clamp(1.0, 1000.0),
        _ => {}
    }
}

/// Plays forward by `seconds` at the rate; stops at the end. Whether anything was shown anew.
pub fn advance_replay(replay: &mut impl Replay, seconds: f32) -> bool {
    let (_, rate, budget) = replay.clock();
    *budget += rate.clamp(1.0, 1000.0) * seconds;
    let n = budget.floor() as usize;
    if n == 0 {
        return false;
    }
    *budget -= n as f32;
    let target = replay.shown() + n;
    replay.seek_to(target);
    if replay.shown() >= replay.total() {
        *replay.clock().0 = false;
    }
    true
}

/// Space, Run, the rate and the scrubber, applied to the replay `R` (the step views and the
/// races, flat or on a world).
pub fn control_replays<R: Replay + Resource + Component<Mutability = Mutable>>(mut actions: MessageReader<Action>, mut replay: ResMut<R>) {
    for action in actions.read().filter(|a| is_replay_action(a)) {
        control_replay(&mut *replay, action);
    }
}

/// Plays the replay `R` forward while running.
pub fn play_replay<R: Replay + Resource + Component<Mutability = Mutable>>(time: Res<Time>, mut replay: ResMut<R>) {
    if advance_replay(replay.bypass_change_detection(), time.delta_secs()) {
        replay.set_changed();
    }
}

/// Whether the replay `R` plays (a run condition).
pub fn replay_running<R: Replay + Resource>(replay: Res<R>) -> bool {
    replay.is_running()
}
