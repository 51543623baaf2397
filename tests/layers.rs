//! House rules read off the `use` lines and the paths in the code, so they hold themselves:
//! - the engine's modules import each other without a circle;
//! - in the game, no module imports an item of a module above it (its parent or further up:
//!   the shared phases live in a leaf, `game::phases`), the logic never imports the view, and no
//!   two siblings import each other, even by way of others;
//! - no source file outside the tests is over 600 lines, and no function over 60 lines without a
//!   reason in a `// Long:` comment just above it.
//!
//! Paths are resolved from `crate::`, `super::` and `self::` to the module that defines the
//! item (the longest run of segments that are modules); the engine's root re-exports are
//! followed to their modules. Test modules (`#[cfg(test)] mod tests`) and comments are skipped.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;
/// (module, name) to the module that defines the name, for each `pub use` of a child module.
type Reexports = BTreeMap<(Module, String), Module>;

/// Every `.rs` file under `dir` as its module path (`src/game/view/panel/mod.rs` is
/// `game::view::panel`; `lib.rs` and `main.rs` are the root) and its code.
fn modules(dir: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, prefix: &Module, out: &mut BTreeMap<Module, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut sub = prefix.clone();
                sub.push(name);
                walk(&path, &sub, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module = prefix.clone();
                if !matches!(name.as_str(), "mod" | "lib" | "main") {
                    module.push(name);
                }
                let text = std::fs::read_to_string(&path).unwrap();
                out.entry(module).or_default().push_str(&code_of(&text));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, &Vec::new(), &mut out);
    out
}

/// The code without comments and without the test module at the end.
fn code_of(text: &str) -> String {
    let text = text.find("#[cfg(test)]\nmod tests").map_or(text, |k| &text[..k]);
    text.lines().map(|l| l.find("//").map_or(l, |k| &l[..k])).collect::<Vec<_>>().join("\n")
}

/// The paths a module's code names: each `use` tree expanded, and every other
/// `crate::`/`super::`/`self::` path.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    let mut others = String::new();
    while let Some(k) = find_word(rest, "use ") {
        others.push_str(&rest[..k]);
        let end = rest[k..].find(';').map_or(rest.len(), |e| k + e);
        expand_tree(&Vec::new(), &rest[k + 4..end], &mut out);
        rest = &rest[end..];
    }
    others.push_str(rest);
    let chars: Vec<char> = others.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let at_start = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == ':');
        if at_start && (chars[i].is_alphabetic() || chars[i] == '_') {
            let mut j = i;
            let mut segments = Vec::new();
            loop {
                let s = j;
                while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
                    j += 1;
                }
                segments.push(chars[s..j].iter().collect::<String>());
                if j + 2 < chars.len() && chars[j] == ':' && chars[j + 1] == ':' && (chars[j + 2].is_alphabetic() || chars[j + 2] == '_') {
                    j += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 && matches!(segments[0].as_str(), "crate" | "super" | "self") {
                out.push(segments);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Where `word` starts at a word boundary in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        if at == 0 || !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Expands a `use` tree (`a::{b, c::{d, e as f}}`) into its full paths.
fn expand_tree(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
        let inner = &tree[open + 1..tree.rfind('}').expect("a use tree's braces close")];
        let (mut depth, mut start) = (0, 0);
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_tree(&base, &inner[start..k], out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand_tree(&base, &inner[start..], out);
    } else if !tree.is_empty() {
        let tree = tree.split(" as ").next().unwrap();
        let mut path = prefix.to_vec();
        path.extend(tree.split("::").map(|s| s.trim().to_string()));
        out.push(path);
    }
}

/// The module defining what `path`, named in `from`, points at; `None` for paths outside the
/// crate (`std::`, `bevy::`, ...). `reexports` maps (module, name) for the names a module
/// re-exports (`pub use sub::{A, B};`) to the module that defines them.
fn target(modules: &BTreeMap<Module, String>, reexports: &Reexports, from: &Module, path: &[String]) -> Option<Module> {
    let mut at: Module = match path[0].as_str() {
        "crate" => Vec::new(),
        "self" => from.clone(),
        "super" => from[..from.len() - 1].to_vec(),
        _ => return None,
    };
    let mut k = 1;
    while k < path.len() && path[k] == "super" {
        at.pop();
        k += 1;
    }
    for segment in &path[k..] {
        let mut next = at.clone();
        next.push(segment.clone());
        if !modules.contains_key(&next) {
            if let Some(m) = reexports.get(&(at.clone(), segment.clone())) {
                return Some(m.clone());
            }
            break;
        }
        at = next;
    }
    Some(at)
}

/// Each module's edges to the modules its paths point at (itself left out).
fn edges(modules: &BTreeMap<Module, String>, reexports: &Reexports) -> BTreeMap<Module, BTreeSet<Module>> {
    modules
        .iter()
        .map(|(m, code)| {
            let targets = paths(code).iter().filter_map(|p| target(modules, reexports, m, p)).filter(|t| t != m).collect();
            (m.clone(), targets)
        })
        .collect()
}

/// A circle in `graph`, if any, as the modules along it.
fn circle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        m: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        state: &mut BTreeMap<Module, u8>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for next in graph.get(m).into_iter().flatten() {
            match state.get(next) {
                Some(1) => {
                    let from = stack.iter().position(|s| s == next).unwrap();
                    let mut around = stack[from..].to_vec();
                    around.push(next.clone());
                    return Some(around);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(next, graph, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if !state.contains_key(m)
            && let Some(c) = visit(m, graph, &mut state, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

fn name(m: &Module) -> String {
    if m.is_empty() { "(root)".into() } else { m.join("::") }
}

fn root() -> PathBuf {
    PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo test"))
}

/// Every module's re-exports of its children's items (`pub use board::{A, B};` in `grid`):
/// (module, name) to the child that defines it.
fn reexports(modules: &BTreeMap<Module, String>) -> Reexports {
    let mut out = BTreeMap::new();
    for (module, code) in modules {
        let mut found = Vec::new();
        for line in code.split(';') {
            if let Some(k) = find_word(line, "pub use ") {
                expand_tree(&Vec::new(), &line[k + 8..], &mut found);
            }
        }
        for path in found {
            let mut child = module.clone();
            child.push(path[0].clone());
            if path.len() == 2 && modules.contains_key(&child) {
                out.insert((module.clone(), path[1].clone()), child);
            }
        }
    }
    out
}

/// The engine's rooms and the rooms each may use (the arrows in `lib.rs`'s map). Modules at the
/// root outside the rooms (`rng`, `names`, `caches`) are shared helpers anyone may use.
const ROOMS: [(&str, &[&str]); 6] = [
    ("grid", &[]),
    ("world", &["grid"]),
    ("files", &["grid", "world"]),
    ("search", &["grid", "world"]),
    ("mapf", &["grid", "search"]),
    ("crowd", &["grid", "search", "mapf"]),
];

/// The search room's parts (its folders, the map in `search/mod.rs`) and the parts each may
/// use: the core below all, the searches of each kind above it, the way searches are run
/// (`run`) on top. The search module itself only declares and re-exports.
const SEARCH_PARTS: [(&str, &[&str]); 8] = [
    ("core", &[]),
    ("general", &["core"]),
    ("prepared", &["core"]),
    ("plane", &["core", "prepared"]),
    ("solid", &["core", "general"]),
    ("hpa", &["core"]),
    ("replan", &["core"]),
    ("run", &["core", "general", "prepared", "plane", "solid", "hpa", "replan"]),
];

/// Each import from one room into another that `rooms` does not allow, as "a::b imports c::d":
/// the rooms are the modules just below `within` (the crate's root for the engine's rooms).
/// Modules outside `within`, and `within` itself, belong to no room.
fn violations(graph: &BTreeMap<Module, BTreeSet<Module>>, within: &[&str], rooms: &[(&str, &[&str])]) -> Vec<String> {
    let room = |m: &Module| {
        let inside = m.len() > within.len() && m.iter().zip(within).all(|(a, b)| a == b);
        inside.then(|| rooms.iter().find(|(name, _)| *name == m[within.len()])).flatten()
    };
    let mut wrong = Vec::new();
    for (from, targets) in graph {
        let Some((from_room, may)) = room(from) else { continue };
        for to in targets {
            if let Some((to_room, _)) = room(to)
                && to_room != from_room
                && !may.contains(to_room)
            {
                wrong.push(format!("{} imports {}", name(from), name(to)));
            }
        }
    }
    wrong
}

/// Each import against the engine's rooms (`ROOMS`) or the search room's parts (`SEARCH_PARTS`).
fn room_violations(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let mut wrong = violations(graph, &[], &ROOMS);
    wrong.extend(violations(graph, &["search"], &SEARCH_PARTS));
    wrong
}

#[test]
fn the_engine_imports_without_a_circle() {
    let modules = modules(&root().join("crates/search/src"));
    assert!(modules.len() > 20, "the engine's modules were not found");
    let reexports = reexports(&modules);
    let mut graph = edges(&modules, &reexports);
    // the root declares and re-exports everything: it is above all, not part of a circle
    graph.remove(&Vec::new());
    for targets in graph.values_mut() {
        targets.remove(&Vec::new());
    }
    // the rule sees the edges that matter: the dispatcher calls the algorithms, re-exports are
    // followed to the module that defines the item
    let module = |p: &str| p.split("::").map(String::from).collect::<Module>();
    assert!(graph[&module("search::plane::step")].contains(&module("search::plane::jps")), "{:?}", graph[&module("search::plane::step")]);
    assert!(graph[&module("search::core::searcher")].contains(&module("grid::board")), "{:?}", graph[&module("search::core::searcher")]);
    assert!(graph[&module("search::run::find")].contains(&module("search::solid::jps3d")), "{:?}", graph[&module("search::run::find")]);
    // every folder of the search room is one of its parts
    let parts: BTreeSet<&str> = modules.keys().filter(|m| m.len() == 2 && m[0] == "search").map(|m| m[1].as_str()).collect();
    assert_eq!(parts, SEARCH_PARTS.iter().map(|(p, _)| *p).collect(), "the search room's parts and SEARCH_PARTS differ");
    let wrong = room_violations(&graph);
    assert!(wrong.is_empty(), "imports against the rooms' one-way arrows (lib.rs's map):\n{}", wrong.join("\n"));
    if let Some(c) = circle(&graph) {
        panic!("the engine's imports run in a circle: {}", c.iter().map(name).collect::<Vec<_>>().join(" -> "));
    }
}

/// The plugin crate's modules (one plugin concern a file) import one another without a circle:
/// the grid below the requests, the requests below following, the debug view and the voxels.
#[test]
fn the_plugin_imports_without_a_circle() {
    let modules = modules(&root().join("crates/bevy_cubepath/src"));
    assert!(modules.len() >= 8, "the plugin's modules were not found: {:?}", modules.keys().collect::<Vec<_>>());
    let reexports = reexports(&modules);
    let mut graph = edges(&modules, &reexports);
    // the root declares and re-exports everything: it is above all, not part of a circle
    graph.remove(&Vec::new());
    for targets in graph.values_mut() {
        targets.remove(&Vec::new());
    }
    let module = |p: &str| p.split("::").map(String::from).collect::<Module>();
    assert!(graph[&module("voxels")].contains(&module("request")), "the rule sees the edges: {:?}", graph[&module("voxels")]);
    assert!(graph[&module("follow")].contains(&module("grid")), "{:?}", graph[&module("follow")]);
    if let Some(c) = circle(&graph) {
        panic!("the plugin's imports run in a circle: {}", c.iter().map(name).collect::<Vec<_>>().join(" -> "));
    }
}

#[test]
fn the_game_never_imports_back_up_and_its_logic_never_imports_the_view() {
    let modules = modules(&root().join("src"));
    let game = |m: &Module| m.first().is_some_and(|s| s == "game");
    assert!(modules.keys().filter(|m| game(m)).count() > 30, "the game's modules were not found");
    // `crate::engine` is the engine crate, re-exported at the root: outside the game
    let engine: Reexports = [((Vec::new(), "engine".to_string()), vec!["(the engine crate)".to_string()])].into();
    let mut wrong = Vec::new();
    for (from, targets) in edges(&modules, &engine) {
        if !game(&from) {
            continue;
        }
        for to in targets {
            let above = to.len() < from.len() && from.starts_with(&to);
            let logic_to_view = from.get(1).is_some_and(|s| s == "logic") && to.get(1).is_some_and(|s| s == "view");
            let to_cli = to.first().is_some_and(|s| s == "cli");
            if above || logic_to_view || to_cli {
                wrong.push(format!("{} imports {}", name(&from), name(&to)));
            }
        }
    }
    assert!(wrong.is_empty(), "imports that run back up:\n{}", wrong.join("\n"));
}

/// For each module with children, the edges between its children: one child imports another
/// when any module in the first (itself or below) imports any module in the second.
fn sibling_graphs(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeMap<Module, BTreeSet<Module>>> {
    let mut out: BTreeMap<Module, BTreeMap<Module, BTreeSet<Module>>> = BTreeMap::new();
    for (from, targets) in graph {
        for to in targets {
            // the parent both share, and the child of it each is in
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common >= from.len() || common >= to.len() {
                continue; // one within the other: the rule above
            }
            let (a, b) = (from[..=common].to_vec(), to[..=common].to_vec());
            out.entry(from[..common].to_vec()).or_default().entry(a).or_default().insert(b);
        }
    }
    out
}

/// In the game no two siblings import each other, even by way of others: the logic's parts
/// (`shared` below `boards` below `worlds`, and the modules beside them) and each part's
/// modules, the view's panels, and every other folder.
#[test]
fn the_game_has_no_circle_between_siblings() {
    let modules = modules(&root().join("src"));
    let engine: Reexports = [((Vec::new(), "engine".to_string()), vec!["(the engine crate)".to_string()])].into();
    let mut reexports = reexports(&modules);
    reexports.extend(engine);
    let graph: BTreeMap<Module, BTreeSet<Module>> =
        edges(&modules, &reexports).into_iter().filter(|(m, _)| m.first().is_some_and(|s| s == "game")).collect();
    let siblings = sibling_graphs(&graph);
    let module = |p: &str| p.split("::").map(String::from).collect::<Module>();
    let logic = &siblings[&module("game::logic")];
    assert!(logic[&module("game::logic::worlds")].contains(&module("game::logic::boards")), "the rule sees the parts: {logic:?}");
    assert!(logic[&module("game::logic::boards")].contains(&module("game::logic::shared")), "{logic:?}");
    let mut circles = Vec::new();
    for (parent, graph) in &siblings {
        if let Some(c) = circle(graph) {
            circles.push(format!("in {}: {}", name(parent), c.iter().map(name).collect::<Vec<_>>().join(" -> ")));
        }
    }
    assert!(circles.is_empty(), "siblings that import each other:\n{}", circles.join("\n"));
}

/// Every `.rs` file of the game, the command line and the engine crates (not their tests).
fn source_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = ["src", "crates/search/src", "crates/search-web/src"].iter().map(|d| root().join(d)).collect();
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 60, "the sources were not found");
    files
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut long = Vec::new();
    for path in source_files() {
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        if lines > 600 {
            long.push(format!("{}: {lines} lines", path.display()));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The functions of `text` over 60 lines (rustfmt's layout: a body ends at the first line that
/// is the `fn` line's indent and `}`) with no `// Long:` comment in the lines just above, as
/// (line, name, length).
fn long_functions(text: &str) -> Vec<(usize, String, usize)> {
    let code = text.find("#[cfg(test)]\nmod tests").map_or(text, |k| &text[..k]);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(at) = find_word(trimmed, "fn ") else { continue };
        let head = &trimmed[..at];
        let is_fn = ["", "pub ", "pub(crate) ", "pub(super) ", "const ", "pub const ", "unsafe ", "pub(crate) unsafe "].contains(&head);
        // a declaration without a body (in a trait) ends with ';' before any '{', on its first
        // line or a later one
        let has_body =
            lines[k..].iter().map(|l| l.trim_end()).find(|l| l.contains('{') || l.ends_with(';')).is_some_and(|l| l.contains('{'));
        if !is_fn || !has_body {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        let Some(end) = lines[k..].iter().position(|l| *l == format!("{indent}}}")) else { continue };
        let length = end + 1;
        let above = lines[..k].iter().rev().take_while(|l| l.trim_start().starts_with("//") || l.trim_start().starts_with("#["));
        let reason = above.into_iter().any(|l| l.contains("// Long:"));
        if length > 60 && !reason {
            let name = trimmed[at + 3..].split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("").to_string();
            out.push((k + 1, name, length));
        }
    }
    out
}

#[test]
fn no_function_is_over_60_lines_without_a_reason() {
    let mut long = Vec::new();
    for path in source_files() {
        for (line, name, length) in long_functions(&std::fs::read_to_string(&path).unwrap()) {
            long.push(format!("{}:{line}: {name}, {length} lines", path.display()));
        }
    }
    assert!(long.is_empty(), "functions over 60 lines with no `// Long:` reason:\n{}", long.join("\n"));
}

#[test]
fn the_rules_see_what_they_check() {
    // a long function is found, and its reason accepted
    let body = format!("fn short() {{\n}}\n\npub(crate) fn long() {{\n{}}}\n", "    x();\n".repeat(61));
    assert_eq!(long_functions(&body), vec![(4, "long".to_string(), 63)]);
    assert!(long_functions(&body.replace("pub(crate) fn long", "// Long: a reason\npub(crate) fn long")).is_empty());
    // a trait's declaration written over several lines has no body to measure, whatever follows
    let declared = format!(
        "trait T {{\n    fn declared(\n        a: u8,\n    ) -> u8;\n}}\nimpl S {{\n    fn f() {{\n{}    }}\n}}\n",
        "        x();\n".repeat(61)
    );
    assert_eq!(long_functions(&declared), vec![(7, "f".to_string(), 63)]);
    // a use tree with nesting, renames and `super`
    let mut out = Vec::new();
    expand_tree(&Vec::new(), "super::{a::B, c::{D, e as f}}", &mut out);
    let joined: Vec<String> = out.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["super::a::B", "super::c::D", "super::c::e"]);
    // paths in code, and an import that runs back up
    let modules: BTreeMap<Module, String> = [
        (vec![], String::new()),
        (vec!["game".into()], "pub struct Phase;".into()),
        (vec!["game".into(), "logic".into()], "fn f() { crate::game::Phase; }".into()),
        (vec!["game".into(), "view".into()], "use super::logic::G;".into()),
    ]
    .into_iter()
    .collect();
    let graph = edges(&modules, &BTreeMap::new());
    assert!(graph[&vec!["game".to_string(), "logic".to_string()]].contains(&vec!["game".to_string()]));
    assert!(graph[&vec!["game".to_string(), "view".to_string()]].contains(&vec!["game".to_string(), "logic".to_string()]));
    // a planted import against the rooms: a search naming a crowd, files naming a search
    let engine: BTreeMap<Module, String> = [
        (vec![], "pub mod search; pub mod crowd; pub mod files;".into()),
        (vec!["search".into()], "pub use find::find_path;".into()),
        (vec!["search".into(), "find".into()], "pub fn find_path() { crate::crowd::Crowd::new(); }".into()),
        (vec!["crowd".into()], "use crate::search::find_path;".into()),
        (vec!["files".into()], "fn read() { crate::search::find_path(); }".into()),
        (vec!["search".into(), "core".into()], "fn f() { crate::search::plane::Jump; }".into()),
        (vec!["search".into(), "plane".into()], "pub struct Jump; fn f() { crate::search::core::Kept; }".into()),
    ]
    .into_iter()
    .collect();
    let reexports = reexports(&engine);
    let graph = edges(&engine, &reexports);
    assert!(graph[&vec!["crowd".to_string()]].contains(&vec!["search".to_string(), "find".to_string()]));
    assert_eq!(room_violations(&graph), ["files imports search::find", "search::find imports crowd", "search::core imports search::plane"]);
    // a circle is found
    let a = vec!["a".to_string()];
    let b = vec!["b".to_string()];
    let g: BTreeMap<Module, BTreeSet<Module>> = [(a.clone(), [b.clone()].into()), (b.clone(), [a.clone()].into())].into_iter().collect();
    assert!(circle(&g).is_some());
}

/// Every root test binary includes `tests/common`, whose start-up code points the game's data
/// folder at the tests' own (so no test overwrites the player's last board or lessons), and
/// here, in one of them, the folder is set as it says.
#[test]
fn every_test_binary_keeps_to_the_tests_data_folder() {
    let tests = root().join("tests");
    let mut lacking = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") && !std::fs::read_to_string(&path).unwrap().lines().any(|l| l == "mod common;") {
            lacking.push(path);
        }
    }
    assert!(lacking.is_empty(), "test binaries without `mod common;`: {lacking:?}");
    let want = concat!(env!("CARGO_TARGET_TMPDIR"), "/player-data");
    assert_eq!(std::env::var("CUBEPATH_DATA_DIR").ok().as_deref(), Some(want));
}
