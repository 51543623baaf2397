//! The panel's words in the player's language. The logic speaks English (its messages are also
//! the logs' and the tests'); the view translates what it shows through [`Words`], from one
//! table per language ([`zh`]): English text to its translation. Adding a language is adding a
//! table and a [`Language`] variant.
//!
//! A table entry is either plain text, looked up whole, or a template whose `{}` holes stand
//! for what changes (numbers, cells, file names, other messages): `"agent {} sent to {},{}"`.
//! Its translation fills the holes in order, or by number (`{1}` is the second hole) when the
//! language orders them otherwise. A hole's text is translated in turn, so a message that
//! quotes another (`"lesson {} done: {}"`) comes out whole in the one language.

mod zh;
mod zh_lab;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::game::logic::settings::Language;

/// Translates into one language. Copy it into the functions that draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words(pub Language);

impl Words {
    /// Fixed text: its translation, or the text itself when the table has none (English, or
    /// a name that stays as it is).
    pub fn t(self, english: &'static str) -> &'static str {
        table(self.0).map_or(english, |t| t.exact.get(english).copied().unwrap_or(english))
    }

    /// Any text, fixed or made up of parts (a message, a formatted line): the whole text's
    /// translation, else the first template that frames it with its holes translated, else the
    /// text itself.
    pub fn say<'a>(self, text: &'a str) -> Cow<'a, str> {
        match table(self.0) {
            Some(t) => t.say(text, 0),
            None => Cow::Borrowed(text),
        }
    }

    /// Whether the table has this text, whole or through a template (the tests' check that
    /// every message is translated).
    pub fn knows(self, text: &str) -> bool {
        table(self.0).is_none_or(|t| t.exact.contains_key(text) || t.templates.iter().any(|tp| tp.holes(text).is_some()))
    }
}

/// One language's table, as written: (English, translation) pairs.
pub fn entries(language: Language) -> &'static [(&'static str, &'static str)] {
    static ZH: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    match language {
        Language::English => &[],
        Language::Chinese => ZH.get_or_init(|| [zh::TABLE, zh_lab::TABLE].concat()),
    }
}

/// A table ready for lookups: whole texts in a map; templates with the longest fixed start
/// first (so "crowd: {}" frames "crowd: 9 agents do not fit: ..." before a template that starts
/// with a hole could swallow "crowd: 9"), then the longest in all (the most specific frame).
struct Table {
    exact: HashMap<&'static str, &'static str>,
    templates: Vec<Template>,
}

/// An English template cut at its holes, and its translation.
struct Template {
    parts: Vec<&'static str>,
    into: &'static str,
}

/// How deep a hole's text is translated in turn.
const DEPTH: usize = 3;

fn table(language: Language) -> Option<&'static Table> {
    static ZH: OnceLock<Table> = OnceLock::new();
    match language {
        Language::English => None,
        Language::Chinese => Some(ZH.get_or_init(|| Table::new(entries(language)))),
    }
}

impl Table {
    fn new(pairs: &'static [(&'static str, &'static str)]) -> Table {
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for &(english, into) in pairs {
            if english.contains("{}") {
                templates.push(Template { parts: english.split("{}").collect(), into });
            } else {
                exact.insert(english, into);
            }
        }
        templates.sort_by_key(|t| std::cmp::Reverse((t.parts[0].len(), t.parts.iter().map(|p| p.len()).sum::<usize>())));
        Table { exact, templates }
    }

    fn say<'a>(&self, text: &'a str, depth: usize) -> Cow<'a, str> {
        if let Some(into) = self.exact.get(text) {
            return Cow::Borrowed(into);
        }
        if depth < DEPTH {
            for t in &self.templates {
                if let Some(holes) = t.holes(text) {
                    let holes: Vec<Cow<str>> = holes.into_iter().map(|h| self.say(h, depth + 1)).collect();
                    return Cow::Owned(fill(t.into, &holes));
                }
            }
        }
        Cow::Borrowed(text)
    }
}

impl Template {
    /// The texts in the holes, when the template's fixed parts frame `text` (each part found
    /// leftmost after the one before; the last must end the text).
    fn holes<'a>(&self, text: &'a str) -> Option<Vec<&'a str>> {
        let (first, rest) = self.parts.split_first()?;
        let (last, middle) = rest.split_last()?;
        let mut at = text.strip_prefix(first)?;
        let mut holes = Vec::with_capacity(self.parts.len() - 1);
        for part in middle {
            let k = if part.is_empty() { 0 } else { at.find(part)? };
            holes.push(&at[..k]);
            at = &at[k + part.len()..];
        }
        holes.push(at.strip_suffix(last)?);
        Some(holes)
    }
}

/// The translation with its holes filled: `{}` takes the next hole, `{N}` hole N.
fn fill(into: &str, holes: &[Cow<str>]) -> String {
    let mut out = String::with_capacity(into.len() + holes.iter().map(|h| h.len()).sum::<usize>());
    let mut next = 0;
    let mut rest = into;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').filter(|&close| after[..close].bytes().all(|b| b.is_ascii_digit())) {
            Some(close) => {
                let n = if close == 0 {
                    next += 1;
                    next - 1
                } else {
                    after[..close].parse().unwrap_or(usize::MAX)
                };
                out.push_str(holes.get(n).map_or("", |h| h));
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ZH: Words = Words(Language::Chinese);

    #[test]
    fn fixed_text_and_templates_translate_and_the_rest_stays() {
        assert_eq!(ZH.t("Board"), "棋盘");
        assert_eq!(Words(Language::English).t("Board"), "Board");
        assert_eq!(ZH.say("agent 7 sent to 3,4"), "7 号智能体前往 3,4");
        // a hole holding another message is translated too
        assert_eq!(ZH.say("crowd: click an agent first"), "群体：请先点击一个智能体");
        assert_eq!(ZH.say("astar"), "astar");
        assert!(!ZH.knows("no such words"));
    }

    #[test]
    fn holes_fill_in_order_or_by_number() {
        let holes = [Cow::Borrowed("a"), Cow::Borrowed("b")];
        assert_eq!(fill("{}-{}", &holes), "a-b");
        assert_eq!(fill("{1} then {0}", &holes), "b then a");
        assert_eq!(fill("{x} {}", &holes), "{x} a");
    }

    /// Every template has a fixed part with a letter in it (a template of holes alone would
    /// frame any text), its translation has as many holes, and no English text is listed twice.
    #[test]
    fn every_table_is_well_formed() {
        for language in Language::ALL {
            let pairs = entries(language);
            let mut seen = std::collections::HashSet::new();
            for (english, into) in pairs {
                assert!(seen.insert(english), "{language:?}: '{english}' is listed twice");
                let holes = english.matches("{}").count();
                if holes > 0 {
                    assert!(english.split("{}").any(|p| p.chars().any(char::is_alphabetic)), "'{english}' frames anything");
                }
                let filled = fill(into, &vec![Cow::Borrowed("\u{1}"); holes]);
                assert_eq!(filled.matches('\u{1}').count(), holes, "{language:?}: '{into}' does not use the {holes} holes of '{english}'");
            }
        }
    }
}
