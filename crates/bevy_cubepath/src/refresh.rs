//! A subgoal graph worn by many repairs, prepared again off the frame. The in-frame searcher
//! repairs its subgoal graph after each edit; repairs keep edges and subgoals a preparation
//! from scratch would not, so after some hundreds of edits its queries slow down
//! ([`Prepared::worn`]). Then a task prepares a clone of it afresh ([`Prepared::afresh`])
//! while requests go on being answered by the worn one, and the fresh one takes its place
//! between searches, to be repaired by the edits made meanwhile at the next search. (With
//! [`PathTasks`](crate::PathTasks), each task's searcher does the same after its search.)

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use cubepath_search::search::Prepared;

use crate::request::PathQueue;

/// The task preparing the in-frame searcher's worn subgoal graph afresh, if one is under way.
#[derive(Resource, Default)]
pub(crate) struct Refreshing {
    task: Option<Task<Prepared>>,
}

/// Whether the in-frame searcher's subgoal graph is worn, or a task is making it afresh.
pub(crate) fn worn_or_refreshing(queue: Res<PathQueue>, refreshing: Res<Refreshing>) -> bool {
    refreshing.task.is_some() || queue.prepared().is_some_and(Prepared::is_worn)
}

/// Starts a task that prepares the worn graph afresh, or, when it is done and no search is
/// under way across frames, hands its result to the searcher.
pub(crate) fn refresh_worn_graph(mut queue: ResMut<PathQueue>, mut refreshing: ResMut<Refreshing>) {
    match refreshing.task.as_mut() {
        None => {
            let worn = queue.prepared().cloned().expect("worn: the run condition");
            refreshing.task = Some(AsyncComputeTaskPool::get().spawn(async move { worn.afresh() }));
        }
        Some(task) if queue.under_way().is_none() => {
            if let Some(fresh) = check_ready(task) {
                refreshing.task = None;
                queue.take_afresh(fresh);
            }
        }
        Some(_) => {}
    }
}
