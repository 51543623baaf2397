//! A board in a link: the board (barriers and terrain, as the engine's board code), the
//! endpoints, the algorithm and the search options, as the page URL's fragment
//! (`#b=CODE&start=X,Y&end=X,Y&algorithm=...`); a world as what makes it (levels, kind, moves,
//! size, seed) with its endpoints, slice and search (`#levels=12&world=caves&...`). "Copy link"
//! puts it in the address bar and on the clipboard in the browser, and prints it on the
//! desktop; opening the page with it restores all of it (see `PlayArgs::from_query`, which reads
//! the same names).

use bevy::prelude::*;

use super::boards::board::{Board, Selection};
use super::boards::lab::Lab;
use super::shared::input::Action;
use super::shared::settings::{BoardSettings, SearchSettings, WorldSettings};
use super::shared::status::Status;
use super::worlds::world::{WorldBoard, generated_world, world_on};
use crate::engine::{
    files::board_code,
    grid::{CostModel, DiagonalRule, Topology},
    search::SearchOptions,
};
use crate::game::phases::Turn;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (copy_link.run_if(not(world_on)), copy_world_link.run_if(world_on)).chain().in_set(Turn::Links));
}

/// The fragment (without its `#`) that opens this board with these endpoints and options.
pub fn board_link(board: &Board, selection: &Selection, search: &SearchOptions) -> String {
    let mut link = format!("b={}", board_code(&board.grid));
    for (name, cell) in [("start", selection.start), ("end", selection.end)] {
        if let Some((x, y)) = cell {
            link.push_str(&format!("&{name}={x},{y}"));
        }
    }
    link.push_str(&format!("&algorithm={}", search.algorithm));
    match search.topology {
        Topology::Hex => link.push_str("&hex=1"),
        Topology::Square(d) if d != DiagonalRule::default() => link.push_str(&format!("&diagonal={d}")),
        Topology::Square(_) => {}
    }
    if let Some(h) = search.heuristic {
        link.push_str(&format!("&heuristic={h}"));
    }
    if search.weight != 1.0 {
        link.push_str(&format!("&weight={}", search.weight));
    }
    if search.costs != CostModel::default() {
        link.push_str(&format!("&costs={}", search.costs));
    }
    link
}

/// A URL parameter's value with its `%XX` escapes read (a formula's spaces, `+` and `/`); an
/// escape that is not one stays as it is.
pub fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `fragment` with the heuristic lab's formula, if it has one (`&estimate=`, escaped).
pub fn with_estimate(mut fragment: String, lab: &Lab) -> String {
    if let Some(f) = &lab.formula {
        fragment.push_str("&estimate=");
        for b in f.text().bytes() {
            match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b',' | b'(' | b')' | b'*' => fragment.push(b as char),
                _ => fragment.push_str(&format!("%{b:02X}")),
            }
        }
    }
    fragment
}

/// The fragment that opens this world, made again from its kind, size and seed, with its
/// endpoints, slice and search; or why a link cannot hold it: a link holds what makes a world,
/// not its voxels, so a world opened from a file, edited, or made with other board settings
/// than those now set is refused (a `.3dmap` saved from Maps carries it).
pub fn world_link(world: &WorldBoard, board: &BoardSettings, settings: &WorldSettings, search: &SearchOptions) -> Result<String, String> {
    let grid = world.grid.as_ref().ok_or("no world is played")?;
    if generated_world(board, settings).ok().is_none_or(|(made, _)| made != *grid) {
        return Err("a link holds what makes a world, not its voxels: this one was opened, edited or made with other board settings; save it as a .3dmap to share it".into());
    }
    let (b, s) = (board.clamped(), settings.clamped());
    let mut link = format!("levels={}&world={}&moves={}&cols={}&rows={}&seed={}", s.levels, s.kind, s.moves, b.cols, b.rows, b.seed);
    for (name, voxel) in [("start", world.start), ("end", world.end)] {
        if let Some((x, y, z)) = voxel {
            link.push_str(&format!("&{name}={x},{y},{z}"));
        }
    }
    if world.slice + 1 < grid.depth() {
        link.push_str(&format!("&slice={}", world.slice));
    }
    link.push_str(&format!("&algorithm={}", search.algorithm));
    if search.weight != 1.0 {
        link.push_str(&format!("&weight={}", search.weight));
    }
    Ok(link)
}

/// "Copy link" while a world is played: its link shared (with the heuristic lab's formula),
/// or why it cannot be.
fn copy_world_link(
    mut actions: MessageReader<Action>,
    world: Res<WorldBoard>,
    (board, settings): (Res<BoardSettings>, Res<WorldSettings>),
    (search, lab): (Res<SearchSettings>, Res<Lab>),
    mut status: ResMut<Status>,
) {
    for _ in actions.read().filter(|a| **a == Action::CopyLink) {
        match world_link(&world, &board, &settings, &search.0) {
            Ok(fragment) => status.say(share(&with_estimate(fragment, &lab))),
            Err(why) => status.say(why),
        }
    }
}

/// "Copy link": the fragment into the address bar and onto the clipboard (browser), or printed
/// with the command line that opens the same (desktop).
fn copy_link(
    mut actions: MessageReader<Action>,
    board: Res<Board>,
    selection: Res<Selection>,
    (search, lab): (Res<SearchSettings>, Res<Lab>),
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        if *action != Action::CopyLink {
            continue;
        }
        let fragment = with_estimate(board_link(&board, &selection, &search.0), &lab);
        status.say(share(&fragment));
    }
}

/// Shares the link; returns the message for the player.
#[cfg(target_arch = "wasm32")]
fn share(fragment: &str) -> String {
    let Some(window) = web_sys::window() else { return "no page to put the link in".into() };
    let _ = window.location().set_hash(fragment);
    let _ = window.navigator().clipboard().write_text(&window.location().href().unwrap_or_default());
    format!("link copied ({} characters): the address bar holds it too", fragment.len() + 1)
}

/// Shares the link; returns the message for the player.
#[cfg(not(target_arch = "wasm32"))]
fn share(fragment: &str) -> String {
    let command = fragment.split('&').map(|kv| kv.split_once('=').unwrap_or((kv, "1"))).fold(String::from("cubepath"), |mut c, (k, v)| {
        match k {
            "b" => c.push_str(&format!(" --map board:{v}")),
            "hex" => c.push_str(" --hex"),
            "estimate" => c.push_str(&format!(" --estimate '{}'", percent_decoded(v))),
            _ => c.push_str(&format!(" --{k} {v}")),
        }
        c
    });
    println!("link: #{fragment}\nthe same board here: {command}");
    format!("link printed on the terminal ({} characters), with the command that opens it", fragment.len() + 1)
}
