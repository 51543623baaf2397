//! Search traces in ShortestPathLab's Posthoc format, read: the events of a search another
//! planner (Warthog, or any that writes the format) made, for replaying it.
//!
//! Read: a JSON document or a YAML one of the kind these traces are (a top-level `events:`
//! list of mappings, each block style `- type: source` with its keys on the lines below, or
//! flow style `- { type: closing, x: 1, y: 2 }`), any version (1.4.0's `views` or the older
//! `render` are not needed to replay a grid search and are skipped), and Warthog's own
//! output before Posthoc (`eventList`, with the cell under `variables`). Each event's `type`,
//! `id`, `pId`, `x`, `y`, `z`, `g`, `h` and `f` are kept; other keys are skipped.

use super::map::{FileError, err};

/// The most events read from one trace.
pub const MAX_EVENTS: usize = 10_000_000;

/// One event of a search trace.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TraceEvent {
    /// `source`, `destination`, `generating`, `updating`, `expanding`, `closing`, `end`, or
    /// whatever the planner named it.
    pub kind: String,
    /// The node's id, as written (a number or a string).
    pub id: String,
    /// Its parent's id, if it has one.
    pub parent: Option<String>,
    /// Its cell's x, where given.
    pub x: Option<f64>,
    /// Its cell's y, where given.
    pub y: Option<f64>,
    /// Its voxel's z, where given.
    pub z: Option<f64>,
    /// The cost from the start the planner gave it.
    pub g: Option<f64>,
    /// The planner's estimate to the goal.
    pub h: Option<f64>,
    /// What the planner ordered by (g + h for A*).
    pub f: Option<f64>,
    /// The line it starts on (1-based).
    pub line: usize,
}

/// A value in a trace: what the events hold.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Null,
    Text(String),
    Number(f64),
    List(Vec<(Value, usize)>),
    Map(Vec<(String, Value)>),
}

/// Reads a Posthoc search trace (or Warthog's `eventList`); `file` names it in errors.
///
/// ```
/// use cubepath_search::files::read_posthoc;
/// let yaml = "version: 1.4.0\nevents:\n  - type: source\n    id: 7\n    x: 1\n    y: 2\n  - { type: expanding, id: 7, x: 1, y: 2, g: 0, f: 3.5 }\n";
/// let events = read_posthoc("a.trace.yaml", yaml).unwrap();
/// assert_eq!(events.len(), 2);
/// assert_eq!((events[1].kind.as_str(), events[1].x, events[1].f, events[1].line), ("expanding", Some(1.0), Some(3.5), 7));
/// assert!(read_posthoc("b.trace.json", "{\"events\": [{\"type\": \"source\", \"x\": 1}").unwrap_err().to_string().starts_with("b.trace.json:1:"));
/// ```
pub fn read_posthoc(file: &str, text: &str) -> Result<Vec<TraceEvent>, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let events = match text.trim_start().starts_with('{') {
        true => {
            let mut p = Json { bytes: text.as_bytes(), i: 0, line: 1, file, depth: 0 };
            let value = p.value()?;
            p.space();
            if p.i < p.bytes.len() {
                return Err(err(file, p.line, "more after the end of the document"));
            }
            match value {
                Value::Map(top) => top.into_iter().find(|(k, _)| k == "events" || k == "eventList").map(|(_, v)| v),
                _ => return Err(err(file, 1, "a trace is an object with its events under 'events'")),
            }
        }
        false => yaml_events(file, text)?,
    };
    let Some(Value::List(items)) = events else {
        return Err(err(file, 0, "no events: a search trace lists them under 'events' (or Warthog's 'eventList')"));
    };
    if items.len() > MAX_EVENTS {
        return Err(err(file, 0, format!("{} events: at most {MAX_EVENTS} are read", items.len())));
    }
    items.into_iter().map(|(item, line)| event(file, item, line)).collect()
}

/// One event from its mapping: the cell under `variables` too (Warthog's own format).
fn event(file: &str, item: Value, line: usize) -> Result<TraceEvent, FileError> {
    let Value::Map(pairs) = item else { return Err(err(file, line, "an event is a mapping of keys to values")) };
    let mut e = TraceEvent { line, ..TraceEvent::default() };
    let mut all = pairs;
    if let Some(i) = all.iter().position(|(k, _)| k == "variables")
        && let (_, Value::Map(inner)) = all.remove(i)
    {
        all.extend(inner);
    }
    for (key, value) in all {
        let number = |v: &Value| match v {
            Value::Number(n) => Ok(Some(*n)),
            Value::Null => Ok(None),
            Value::Text(t) => {
                t.trim().parse::<f64>().map(Some).map_err(|_| err(file, line, format!("the event's {key} is '{t}', not a number")))
            }
            _ => Err(err(file, line, format!("the event's {key} is not a number"))),
        };
        let text = |v: &Value| match v {
            Value::Text(t) => Some(t.clone()),
            Value::Number(n) => Some(format!("{n}")),
            _ => None,
        };
        match key.as_str() {
            "type" => e.kind = text(&value).unwrap_or_default(),
            "id" => e.id = text(&value).unwrap_or_default(),
            "pId" => e.parent = text(&value),
            "x" => e.x = number(&value)?,
            "y" => e.y = number(&value)?,
            "z" => e.z = number(&value)?,
            "g" => e.g = number(&value)?,
            "h" => e.h = number(&value)?,
            "f" => e.f = number(&value)?,
            _ => {}
        }
    }
    Ok(e)
}

/// A JSON reader (YAML's flow mappings too, whose keys and words need no quotes), counting
/// lines for its errors.
struct Json<'a> {
    bytes: &'a [u8],
    i: usize,
    line: usize,
    file: &'a str,
    depth: usize,
}

impl Json<'_> {
    fn space(&mut self) {
        while let Some(&c) = self.bytes.get(self.i) {
            match c {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => return,
            }
            self.i += 1;
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, FileError> {
        Err(err(self.file, self.line, what.to_string()))
    }

    fn value(&mut self) -> Result<Value, FileError> {
        self.space();
        self.depth += 1;
        if self.depth > 64 {
            return self.fail("nested more than 64 deep");
        }
        let v = match self.bytes.get(self.i) {
            None => self.fail("the document ends where a value was expected"),
            Some(b'{') => self.map(),
            Some(b'[') => self.list(),
            Some(b'"') | Some(b'\'') => self.quoted().map(Value::Text),
            Some(_) => Ok(scalar(&self.word())),
        };
        self.depth -= 1;
        v
    }

    fn map(&mut self) -> Result<Value, FileError> {
        self.i += 1;
        let mut pairs = Vec::new();
        loop {
            self.space();
            match self.bytes.get(self.i) {
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Map(pairs));
                }
                None => return self.fail("a '{' is never closed"),
                _ => {}
            }
            let key = match self.bytes[self.i] {
                b'"' | b'\'' => self.quoted()?,
                _ => self.word(),
            };
            self.space();
            if self.bytes.get(self.i) != Some(&b':') {
                return self.fail(&format!("expected ':' after the key '{key}'"));
            }
            self.i += 1;
            let value = self.value()?;
            pairs.push((key, value));
            self.space();
            match self.bytes.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {}
                _ => return self.fail("expected ',' or '}' between a mapping's entries"),
            }
        }
    }

    fn list(&mut self) -> Result<Value, FileError> {
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.space();
            match self.bytes.get(self.i) {
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::List(items));
                }
                None => return self.fail("a '[' is never closed"),
                _ => {}
            }
            let line = self.line;
            items.push((self.value()?, line));
            if items.len() > MAX_EVENTS {
                return self.fail(&format!("more than {MAX_EVENTS} items in a list"));
            }
            self.space();
            match self.bytes.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {}
                _ => return self.fail("expected ',' or ']' between a list's items"),
            }
        }
    }

    /// A quoted string, its escapes read (`\uXXXX` too).
    fn quoted(&mut self) -> Result<String, FileError> {
        let quote = self.bytes[self.i];
        self.i += 1;
        let mut out = Vec::new();
        while let Some(&c) = self.bytes.get(self.i) {
            self.i += 1;
            match c {
                c if c == quote => return String::from_utf8(out).or_else(|_| self.fail("a string is not UTF-8")),
                b'\n' => return self.fail("a string runs past the end of its line"),
                b'\\' if quote == b'"' => {
                    let escaped = self.bytes.get(self.i).copied();
                    self.i += 1;
                    match escaped {
                        Some(b'n') => out.push(b'\n'),
                        Some(b't') => out.push(b'\t'),
                        Some(b'r') => out.push(b'\r'),
                        Some(b'b') => out.push(8),
                        Some(b'f') => out.push(12),
                        Some(b'u') => {
                            let hex = self.bytes.get(self.i..self.i + 4).and_then(|h| std::str::from_utf8(h).ok());
                            let ch = hex.and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32).unwrap_or('\u{fffd}');
                            self.i += 4;
                            out.extend(ch.to_string().bytes());
                        }
                        Some(c) => out.push(c),
                        None => return self.fail("a string ends in a '\\'"),
                    }
                }
                c => out.push(c),
            }
        }
        self.fail("a string is never closed")
    }

    /// A bare word: a number, true, false, null, or (in YAML) plain text up to a delimiter.
    fn word(&mut self) -> String {
        let start = self.i;
        while let Some(&c) = self.bytes.get(self.i) {
            if matches!(c, b',' | b'}' | b']' | b':' | b'\n' | b'{' | b'[') {
                break;
            }
            self.i += 1;
        }
        String::from_utf8_lossy(&self.bytes[start..self.i]).trim().to_string()
    }
}

/// A plain scalar: a number, null (`null`, `~`, nothing), or text.
fn scalar(word: &str) -> Value {
    let word = word.trim();
    match word {
        "" | "null" | "~" | "Null" | "NULL" => Value::Null,
        _ => word.parse::<f64>().map(Value::Number).unwrap_or_else(|_| Value::Text(word.trim_matches(['"', '\'']).to_string())),
    }
}

/// The top-level `events:` list of a YAML trace: its items, each a flow mapping on its dash's
/// line or a block mapping on the lines below (one level of nesting, such as `variables:`).
fn yaml_events(file: &str, text: &str) -> Result<Option<Value>, FileError> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = lines.iter().position(|l| l.trim_end() == "events:" || l.trim_end() == "eventList:") else { return Ok(None) };
    let mut items = Vec::new();
    let mut k = at + 1;
    while k < lines.len() {
        let line = lines[k];
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            k += 1;
            continue;
        }
        if indent == 0 && !trimmed.starts_with('-') {
            break; // the next top-level key
        }
        let Some(first) = trimmed.strip_prefix('-') else {
            return Err(err(file, k + 1, "expected '- ' beginning an event"));
        };
        // the item's keys stand where its first key does (`-   type:` too)
        let first_at = line.len() - first.trim_start().len();
        let first = first.trim_start();
        if first.starts_with('{') {
            let mut p = Json { bytes: first.as_bytes(), i: 0, line: k + 1, file, depth: 0 };
            items.push((p.value()?, k + 1));
            k += 1;
            continue;
        }
        // a block mapping: this line's `key: value`, then the lines indented past the dash
        let item_line = k + 1;
        let mut entries = vec![(first.to_string(), first_at, k + 1)];
        k += 1;
        while k < lines.len() {
            let l = lines[k];
            let t = l.trim_start();
            let i = l.len() - t.len();
            if !t.is_empty() && (i <= indent || t.starts_with('#')) {
                if t.starts_with('#') {
                    k += 1;
                    continue;
                }
                break;
            }
            if !t.is_empty() {
                entries.push((t.to_string(), i, k + 1));
            }
            k += 1;
        }
        let pairs = block_item(file, entries)?;
        items.push((pairs, item_line));
        if items.len() > MAX_EVENTS {
            return Err(err(file, k, format!("more than {MAX_EVENTS} events")));
        }
    }
    Ok(Some(Value::List(items)))
}

/// One block-style item from its lines (text, indent, line number): its `key: value` pairs,
/// a key with lines indented below it a mapping of them (Warthog's `variables`), a key with
/// nothing after it null (`pId:` in Posthoc's own examples).
fn block_item(file: &str, entries: Vec<(String, usize, usize)>) -> Result<Value, FileError> {
    let base = entries[0].1;
    let mut pairs = Vec::new();
    let mut nested: Option<(String, Vec<(String, Value)>)> = None;
    let close = |nested: Option<(String, Vec<(String, Value)>)>, pairs: &mut Vec<(String, Value)>| {
        if let Some((name, inner)) = nested {
            pairs.push((name, if inner.is_empty() { Value::Null } else { Value::Map(inner) }));
        }
    };
    for (entry, i, n) in entries {
        let Some((key, value)) = entry.split_once(':') else { return Err(err(file, n, format!("expected 'key: value', found '{entry}'"))) };
        let (key, value) = (key.trim().trim_matches(['"', '\'']).to_string(), value.trim());
        if i > base {
            match nested.as_mut() {
                Some((_, inner)) => inner.push((key, scalar(value))),
                None => return Err(err(file, n, "indented past its event's keys")),
            }
            continue;
        }
        close(nested.take(), &mut pairs);
        match value.is_empty() {
            true => nested = Some((key, Vec::new())),
            false => pairs.push((key, scalar(value))),
        }
    }
    close(nested, &mut pairs);
    Ok(Value::Map(pairs))
}
