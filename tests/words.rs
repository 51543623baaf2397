//! The Chinese panel is whole: every text the game can show (each string in the game's source
//! that is not a name, a file or a log line, and the engine's names, explanations and refusals)
//! has a translation, and the Chinese font has a glyph for every character the translations use.
//! Read off the source, so a new English text without its translation fails here.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cubepath::engine::{
    crowd::{AgentState, CrowdError, CrowdKind},
    grid::{DiagonalRule, Heuristic, MazeKind},
    search::{Algorithm, SearchError},
    world::{VoxelMoves, WorldKind},
};
use cubepath::game::logic::settings::Language;
use cubepath::game::view::words::{Words, entries};

const ZH: Words = Words(Language::Chinese);

/// Texts in the game's source that the player never reads: names of entities and ids, files,
/// link and command-line pieces, and parts the view joins to a translated whole.
const NOT_SHOWN: &[&str] = &[
    // egui's keys of the panel's own data, and the browser test's line of where the lab's
    // formula field is
    "cubepath lab field",
    "cubepath lab revealed",
    "cubepath panel in the drawer",
    "hidden",
    "shown",
    "typing",
    "idle",
    "pressed",
    // a link's and a command line's parts (names of options, not words to read)
    "&estimate=",
    ".trace.json",
    ".trace.yaml",
    ".trace.yml",
    "search.trace.json",
    ".trace.",
    "{}.map",
    // the event types of Posthoc's format, read from traces
    "expand",
    "expanding",
    "generate",
    "generating",
    "opening",
    "source",
    "update",
    "updating",
    " --estimate '{}'",
    // entity names, egui ids
    "Board navigation",
    "Player's path",
    "Agent",
    "Agent nose",
    "Camera",
    "Sun",
    "Crowd agent {}",
    "Cube {},{}",
    "Flat board",
    "cell labels",
    "lane titles",
    "cubepath-root",
    "cubepath-unfold",
    "cubepath-drawer",
    "cubepath",
    "maze kind",
    "language",
    "lane",
    "duel",
    "help",
    "help-inputs",
    "Learn",
    "Screenshot",
    "#cubepath",
    // languages, named in themselves or by code; environment variables
    "English",
    "en",
    "zh",
    "HOME",
    "XDG_DATA_HOME",
    "CUBEPATH_DATA_DIR",
    // files, storage keys, page globals
    "board.map",
    "trace.json",
    "last.map",
    ".scen",
    ".tmp",
    "png.tmp",
    "cubepath.last.map",
    "cubepath.lessons",
    "lessons.txt",
    ".local/share/cubepath",
    "cubepath-open",
    ".3dmap",
    ".vox",
    "application/octet-stream",
    "World",
    "World agent",
    "World chunk {},{}",
    "World endpoint",
    "World ground",
    "World path",
    "World step",
    "World lane",
    "World navigation",
    "cubepath world: {}x{}x{} start={} end={} cost={} voxels={} walked={} slice={} over={}",
    "cubepath camera: yaw={} pitch={} distance={}",
    "cubepathMaps",
    "cubepathFont",
    "dropped.map",
    "text/plain",
    "local storage",
    "no document",
    "no PNG encoder",
    "none",
    "goal",
    "arena.map",
    "lak304d.map",
    "maze.map",
    "rooms.map",
    "field.map",
    "64room_000.map",
    "../../../../assets/maps/arena.map",
    "../../../../assets/maps/lak304d.map",
    "../../../../assets/maps/maze.map",
    "../../../../assets/maps/rooms.map",
    "../../../../assets/maps/field.map",
    "../../../../assets/maps/64room_000.map",
    "../../../assets/fonts/cubepath-zh.otf",
    "../../../assets/fonts/cubepath-zh-name.otf",
    "cubepath-zh",
    "cubepath-zh-name",
    // the link and the command that opens it (printed for the terminal)
    "&algorithm={}",
    "&costs={}",
    "&diagonal={}",
    "&heuristic={}",
    "&hex=1",
    "&weight={}",
    "&slice={}",
    "levels={}&world={}&moves={}&cols={}&rows={}&seed={}",
    "&{}={},{}",
    " --hex",
    " --map board:{}",
    "link: #{}\nthe same board here: {}",
    // the state line the browser test reads, and the roles the screenshot's swatches name
    "open",
    "closed",
    "path",
    "floor",
    "cubepath state: start={} end={} cost={} cells={} walked={} seed={} blocked={} hover={}",
    // where the panel is, in the log line the phone test reads
    "a drawer",
    "beside the board",
    // parts of a longer text that is translated whole
    " (recording cut short)",
    "undone",
    "redone",
    "{} ({} more)",
    "{}{}",
    "{} {}",
];

/// The string literals of a source file, outside comments, the test module, log lines and
/// attributes, with each format argument (`{}`, `{x}`, `{:.2}`) written `{}`.
fn literals(text: &str) -> Vec<String> {
    let text = text.find("#[cfg(test)]\nmod tests").map_or(text, |k| &text[..k]);
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = text[i..].find('\n').map_or(bytes.len(), |k| i + k),
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 3,
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => i += text[i + 2..].find('\'').map_or(bytes.len(), |k| i + k + 3),
            b'"' => {
                let (literal, end) = read_literal(text, i + 1);
                let before = &text[text[..i].rfind([';', '{', '}']).unwrap_or(0)..i];
                let logged = ["info!(", "warn!(", "error!(", "debug!(", "panic!(", "expect(", "unreachable!(", "#["]
                    .iter()
                    .any(|m| before.contains(m));
                if !logged {
                    out.push(normalise(&literal));
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    out
}

/// A literal's text from just after its opening quote, and where it ends.
fn read_literal(text: &str, start: usize) -> (String, usize) {
    let mut s = String::new();
    let mut chars = text[start..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return (s, start + k + 1),
            '\\' => match chars.next().map(|(_, e)| e) {
                Some('n') => s.push('\n'),
                Some('u') => {
                    let rest: String = chars.by_ref().map(|(_, c)| c).take_while(|c| *c != '}').collect();
                    s.push(char::from_u32(u32::from_str_radix(rest.trim_start_matches('{'), 16).unwrap()).unwrap());
                }
                // a line continuation: the newline and the next line's indent go
                Some('\n') => {
                    let indent = chars.clone().take_while(|(_, c)| c.is_whitespace()).count();
                    if indent > 0 {
                        chars.nth(indent - 1);
                    }
                }
                Some(e) => s.push(e),
                None => {}
            },
            c => s.push(c),
        }
    }
    (s, text.len())
}

/// `{name}`, `{:.2}`, `{x:?}` become `{}`; `{{` stays.
fn normalise(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        match rest[open..].find('}') {
            Some(close) if !rest[open + 1..].starts_with('{') => {
                out.push_str("{}");
                rest = &rest[open + close + 1..];
            }
            _ => {
                out.push('{');
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !(path.parent().is_some_and(|d| d.ends_with("words"))
                && path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("zh")))
        {
            out.push(path);
        }
    }
}

/// Every text of the game's source that has words in it (two letters in a row).
fn game_texts() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("src/game"), &mut files);
    let mut texts = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        texts.extend(literals(&text).into_iter().filter(|l| l.as_bytes().windows(2).any(|w| w.iter().all(u8::is_ascii_alphabetic))));
    }
    texts
}

#[test]
fn the_source_reader_finds_the_panel_texts_and_skips_the_rest() {
    let texts = game_texts();
    for shown in ["Board", "Copy link", "the agent arrived at {},{}", "{} of {} expansions; open {}, closed {}{}"] {
        assert!(texts.contains(shown), "'{shown}' was not read");
    }
    // the jump point sentence is written over three source lines
    assert!(texts.iter().any(|t| t.starts_with("A jump point is") && t.ends_with("the only cells JPS queues.")));
    assert!(!texts.iter().any(|t| t.starts_with("the lessons' progress could not be kept")), "a warn! line was read");
    assert!(texts.len() > 250, "only {} texts read", texts.len());
}

#[test]
fn every_text_of_the_game_has_a_chinese_translation() {
    let missing: Vec<String> = game_texts().into_iter().filter(|t| !NOT_SHOWN.contains(&t.as_str()) && !ZH.knows(t)).collect();
    assert!(missing.is_empty(), "{} texts have no Chinese translation:\n{}", missing.len(), missing.join("\n"));
}

#[test]
fn the_engines_names_explanations_refusals_and_crowd_words_have_chinese_translations() {
    let mut texts: Vec<String> = Vec::new();
    for a in Algorithm::ALL {
        texts.push(a.explain().into());
        texts.push(SearchError::NotSteppable(a).to_string());
    }
    texts.extend(MazeKind::ALL.iter().map(|k| k.name().into()));
    texts.extend(CrowdKind::ALL.iter().map(|k| k.name().into()));
    texts.extend(DiagonalRule::ALL.iter().map(|k| k.name().into()));
    texts.extend(Heuristic::ALL.iter().map(|k| k.name().into()));
    texts.extend(WorldKind::ALL.iter().map(|k| k.name().into()));
    texts.extend(VoxelMoves::ALL.iter().map(|k| k.name().into()));
    texts.push(SearchError::NotIn3d(Algorithm::Jps).to_string());
    texts.push(SearchError::NotStandable { which: "start", at: (1, 2, 3), walking: true }.to_string());
    texts.push(SearchError::NotStandable { which: "goal", at: (1, 2, 3), walking: false }.to_string());
    for e in [
        SearchError::JpsTopology,
        SearchError::JpsWeighted,
        SearchError::BadWeight(0.5),
        SearchError::AnyAngle,
        SearchError::NeedsPlainBoard(Algorithm::Subgoal),
        SearchError::NeedsPlainBoard(Algorithm::Hpa),
    ] {
        texts.push(e.to_string());
    }
    for state in [AgentState::Idle, AgentState::Planning, AgentState::Moving, AgentState::Arrived] {
        texts.push(format!("{state:?}"));
    }
    for e in [CrowdError::TooMany { agents: 9, room: 5 }, CrowdError::NotFree((1, 2)), CrowdError::NoAgent(3)] {
        texts.push(e.to_string());
    }
    texts.extend(["no joint plan exists".into(), "no joint plan within the time limit".into()]);
    let missing: Vec<&String> = texts.iter().filter(|t| !ZH.knows(t)).collect();
    assert!(missing.is_empty(), "no Chinese for {missing:?}");
}

#[test]
fn the_formula_languages_errors_come_out_in_chinese_parts_and_all() {
    // every kind of error the formula reader gives; what is left in Latin letters is the
    // formula's own names, numbers and the language's names and functions
    let bad = [
        "",
        "dx +",
        "dx dy",
        "dx 2",
        "2 * (dx",
        "max(dx dy)",
        "min(dx)",
        "hypot(dx)",
        "abs(dx, dy)",
        "sqrt + 1",
        "foo * 2",
        "dx # 2",
        "1.2.3",
        ")",
        "abs",
        "min(dx, (dy +))",
    ];
    let deep = format!("{}1{}", "(".repeat(70), ")".repeat(70));
    let long = "1+".repeat(600);
    let names = "x y z gx gy gz dx dy dz straight diagonal sqrt2 pi abs sqrt floor ceil round min max hypot foo";
    for text in bad.iter().copied().chain([deep.as_str(), long.as_str()]) {
        let e = cubepath::formula::Formula::parse(text).expect_err(text).to_string();
        let zh = ZH.say(&e);
        let latin: Vec<&str> =
            zh.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty() && !names.split(' ').any(|n| n == *w)).collect();
        assert!(latin.is_empty(), "'{text}': {e} -> {zh}: {latin:?} left in English");
    }
}

#[test]
fn a_message_quoting_another_comes_out_in_one_language() {
    let said = ZH.say("lesson 4 done: Nothing in A* changed: only the neighbours and the estimate (the hex distance).");
    assert_eq!(said, "第 4 课完成：A* 本身没有任何改变：变的只是邻居和估计（六边形距离）。");
    assert_eq!(ZH.say("end set to 3,4"), "终点设在 3,4");
    assert_eq!(
        ZH.say("crowd: 9 agents do not fit: there is room for 5 (one per free cell, at most 100000)"),
        "群体：放不下 9 个智能体：只有 5 个位置（每个空格一个，最多 100000 个）"
    );
}

/// The code points a font maps to glyphs (its `cmap`, formats 4 and 12).
fn font_chars(font: &[u8]) -> BTreeSet<u32> {
    let u16_at = |k: usize| u16::from_be_bytes([font[k], font[k + 1]]) as usize;
    let u32_at = |k: usize| u32::from_be_bytes([font[k], font[k + 1], font[k + 2], font[k + 3]]) as usize;
    let tables = u16_at(4);
    let cmap = (0..tables).map(|t| 12 + 16 * t).find(|&r| &font[r..r + 4] == b"cmap").map(|r| u32_at(r + 8)).expect("a cmap table");
    let mut chars = BTreeSet::new();
    for record in 0..u16_at(cmap + 2) {
        let sub = cmap + u32_at(cmap + 4 + 8 * record + 4);
        match u16_at(sub) {
            4 => {
                let segs = u16_at(sub + 6) / 2;
                let (ends, starts) = (sub + 14, sub + 16 + 2 * segs);
                let (deltas, ranges) = (starts + 2 * segs, starts + 4 * segs);
                for s in 0..segs {
                    let (lo, hi) = (u16_at(starts + 2 * s), u16_at(ends + 2 * s));
                    let (delta, range) = (u16_at(deltas + 2 * s), u16_at(ranges + 2 * s));
                    for c in lo..=hi.min(0xfffe) {
                        let glyph = if range == 0 { (c + delta) & 0xffff } else { u16_at(ranges + 2 * s + range + 2 * (c - lo)) };
                        if glyph != 0 {
                            chars.insert(c as u32);
                        }
                    }
                }
            }
            12 => {
                for g in 0..u32_at(sub + 12) {
                    let group = sub + 16 + 12 * g;
                    chars.extend(u32_at(group) as u32..=u32_at(group + 4) as u32);
                }
            }
            _ => {}
        }
    }
    chars
}

#[test]
fn the_chinese_font_draws_every_character_of_the_translations() {
    let font =
        std::fs::read(Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("assets/fonts/cubepath-zh.otf")).unwrap();
    let has = font_chars(&font);
    assert!(has.contains(&('路' as u32)));
    let used: BTreeSet<char> = entries(Language::Chinese).iter().flat_map(|(_, zh)| zh.chars()).filter(|c| !c.is_ascii()).collect();
    // egui's own fonts draw Latin and a few symbols; the CJK font must draw the rest
    let missing: String = used.into_iter().filter(|c| !has.contains(&(*c as u32)) && !"‹›µ".contains(*c)).collect();
    assert!(missing.is_empty(), "cubepath-zh.otf has no glyph for '{missing}': run assets/fonts/subset.sh");
    let name =
        std::fs::read(Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("assets/fonts/cubepath-zh-name.otf"))
            .unwrap();
    assert_eq!(font_chars(&name).into_iter().filter(|c| *c > 127).collect::<Vec<_>>(), vec!['中' as u32, '文' as u32]);
}
