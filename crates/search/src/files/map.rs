//! Moving AI benchmark files: `.map` grids (read and write) and `.scen` problem lists (read).
//!
//! Map characters: `.` and `G` ground, `@` `O` `T` blocked, `S` swamp, `W` water. cubepath's
//! extension for weighted ground: a digit `2` to `9` is ground of that weight. Height and width
//! are read by keyword, each once, and the type must be `octile`; CRLF line ends, a UTF-8
//! byte-order mark and trailing spaces are accepted. The readers go line by line, so memory
//! follows the grid, not the file. Every error names the file and the line, and no input
//! panics.

use std::fmt;
use std::io::{BufRead, Read};
use std::path::Path;

use crate::grid::board::{Cell, Grid, MAX_SIDE};

/// A malformed file: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file's name as given to the reader.
    pub file: String,
    /// 1-based line, 0 when the error concerns the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for FileError {}

pub(crate) fn err(file: &str, line: usize, message: impl Into<String>) -> FileError {
    FileError { file: file.to_string(), line, message: message.into() }
}

/// The longest header, trailing or scenario line read, and how far a map row may run past
/// the width (trailing spaces): a longer line is an error, so memory stays bounded.
pub(crate) const LINE_LIMIT: usize = 1 << 20;

/// Reads one line at a time (1-based numbers) into a buffer it reuses, after a UTF-8
/// byte-order mark, stripping `\r\n` or `\n`; each line must be UTF-8 and at most a given
/// length. A final line end makes no empty last line.
pub(crate) struct LineReader<'f, R> {
    file: &'f str,
    reader: R,
    buf: Vec<u8>,
    n: usize,
}

impl<'f, R: BufRead> LineReader<'f, R> {
    pub(crate) fn new(file: &'f str, mut reader: R) -> Self {
        if reader.fill_buf().is_ok_and(|b| b.starts_with(b"\xEF\xBB\xBF")) {
            reader.consume(3);
        }
        LineReader { file, reader, buf: Vec::new(), n: 0 }
    }

    /// The next line (at most `limit` bytes), or `None` at the end.
    pub(crate) fn next_line(&mut self, limit: usize) -> Option<Result<(usize, &str), FileError>> {
        self.buf.clear();
        let read = (&mut self.reader).take(limit as u64 + 2).read_until(b'\n', &mut self.buf);
        let n = self.n + 1;
        match read {
            Ok(0) => return None,
            Ok(_) => self.n = n,
            Err(e) => return Some(Err(err(self.file, n, format!("cannot read: {e}")))),
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > limit {
            return Some(Err(err(self.file, n, format!("line is longer than {limit} characters"))));
        }
        Some(std::str::from_utf8(&self.buf).map(|l| (n, l)).map_err(|_| err(self.file, n, "line is not text (invalid UTF-8)")))
    }
}

fn parse_side(file: &str, line: usize, key: &str, value: Option<&str>) -> Result<usize, FileError> {
    let v = value.ok_or_else(|| err(file, line, format!("'{key}' needs a number")))?;
    let n: usize = v.parse().map_err(|_| err(file, line, format!("'{key}' value '{v}' is not a whole number")))?;
    if n == 0 || n > MAX_SIDE {
        return Err(err(file, line, format!("{key} {n} is out of range: must be 1 to {MAX_SIDE}")));
    }
    Ok(n)
}

/// Reads a `.map` file's bytes; `file` names it in errors.
///
/// ```
/// use cubepath_search::{files::read_map, grid::Cell};
/// let grid = read_map("tiny.map", b"type octile\nheight 2\nwidth 3\nmap\n.@.\nT.3\n").unwrap();
/// assert_eq!(grid.get(1, 0), Some(Cell::Blocked));
/// assert_eq!(grid.get(2, 1), Some(Cell::Ground(3)));
/// assert!(read_map("bad.map", b"type octile\nheight 2\nwidth 3\nmap\n...\n").is_err());
/// ```
pub fn read_map(file: &str, bytes: &[u8]) -> Result<Grid, FileError> {
    read_map_from(file, bytes)
}

/// Reads a `.map` file line by line from `reader` (see [`read_map`]): memory follows the
/// grid, whatever the file holds beyond it.
// Long: the header's keys and the rows are read from one line reader, in file order, each
// error naming its line; the parts share the reader and the sizes read so far.
pub fn read_map_from(file: &str, reader: impl BufRead) -> Result<Grid, FileError> {
    let mut it = LineReader::new(file, reader);
    let (mut height, mut width, mut typ) = (None, None, None);
    let mut last = 0;
    loop {
        let Some(line) = it.next_line(LINE_LIMIT) else {
            return Err(err(file, last, "the header ends before the 'map' line"));
        };
        let (n, line) = line?;
        last = n;
        let mut words = line.split_whitespace();
        let Some(key) = words.next() else { continue };
        let value = words.next();
        if words.next().is_some() {
            return Err(err(file, n, format!("header line '{}' has too many words", short(line))));
        }
        let once = |seen: bool| if seen { Err(err(file, n, format!("'{key}' is given twice in the header"))) } else { Ok(()) };
        match key {
            "type" => {
                once(typ.is_some())?;
                let t = value.ok_or_else(|| err(file, n, "'type' needs a value"))?;
                if t != "octile" {
                    return Err(err(file, n, format!("map type '{}' is not supported: only 'octile' maps can be read", short(t))));
                }
                typ = Some(());
            }
            "height" => {
                once(height.is_some())?;
                height = Some(parse_side(file, n, "height", value)?);
            }
            "width" => {
                once(width.is_some())?;
                width = Some(parse_side(file, n, "width", value)?);
            }
            "map" if value.is_none() => break,
            _ => return Err(err(file, n, format!("unexpected header line '{}'", short(line)))),
        }
    }
    if typ.is_none() {
        return Err(err(file, last, "the header lacks a 'type' line"));
    }
    let height = height.ok_or_else(|| err(file, last, "the header lacks a 'height' line"))?;
    let width = width.ok_or_else(|| err(file, last, "the header lacks a 'width' line"))?;
    let mut grid = Grid::new(width, height).map_err(|e| err(file, last, e.to_string()))?;
    for y in 0..height {
        let Some(line) = it.next_line(width + LINE_LIMIT) else {
            return Err(err(file, last, format!("the map has {y} rows, the header says {height}")));
        };
        let (n, line) = line?;
        last = n;
        let line = line.trim_end_matches([' ', '\t']);
        let row = line.as_bytes();
        if row.len() != width {
            return Err(err(file, n, format!("row {y} has {} characters, the header says width {width}", line.chars().count())));
        }
        for (x, &c) in row.iter().enumerate() {
            let Some(cell) = Cell::from_symbol(c) else {
                return Err(err(file, n, format!("unknown map character '{}' at column {x}", c.escape_ascii())));
            };
            grid.set(x, y, cell).expect("inside the grid");
        }
    }
    while let Some(line) = it.next_line(LINE_LIMIT) {
        let (n, line) = line?;
        if !line.trim().is_empty() {
            return Err(err(file, n, format!("the map has more than the {height} rows the header says")));
        }
    }
    Ok(grid)
}

pub(crate) fn short(line: &str) -> String {
    line.chars().take(40).collect()
}

/// Reads and parses the map file at `path`, line by line; errors name the path (and the line).
pub fn load_map(path: &Path) -> Result<Grid, FileError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| err(&name, 0, format!("cannot read: {e}")))?;
    read_map_from(&name, std::io::BufReader::new(file))
}

/// Reads and parses the scenario file at `path`, line by line; errors name the path and line.
pub fn load_scen(path: &Path) -> Result<Vec<Problem>, FileError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| err(&name, 0, format!("cannot read: {e}")))?;
    read_scen_from(&name, std::io::BufReader::new(file))
}

/// Writes a grid in `.map` format (weights as digits `2` to `9`).
pub fn write_map(grid: &Grid) -> String {
    let mut out = format!("type octile\nheight {}\nwidth {}\nmap\n", grid.height(), grid.width());
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            out.push(grid.get(x, y).expect("inside the grid").symbol());
        }
        out.push('\n');
    }
    out
}

/// One problem of a scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// 1-based line in the file.
    pub line: usize,
    /// The file's bucket (problems of similar length).
    pub bucket: u32,
    /// The map file the problem is for.
    pub map: String,
    /// The map's width as the scenario states it.
    pub width: usize,
    /// The map's height as the scenario states it.
    pub height: usize,
    /// Start cell (x, y).
    pub start: (usize, usize),
    /// Goal cell (x, y).
    pub goal: (usize, usize),
    /// The optimal length the file gives.
    pub optimal: f64,
    /// The optimal length as the file writes it (at most 40 characters kept).
    pub stated: String,
    /// How far a cost may be from `optimal` and match: see [`stated_tolerance`].
    pub tolerance: f64,
}

/// The unit of the last digit a scenario's optimal length states. Files written the old way
/// print 6 significant digits and drop trailing zeros (`1`, `3.41421`, `420.6` mean `1.00000`,
/// `3.41421`, `420.600`); newer ones print 8 decimals. So a length states the finer of its
/// last written digit and its sixth significant digit.
///
/// ```
/// use cubepath_search::files::stated_unit;
/// assert_eq!(stated_unit("1", 1.0), 1e-5);
/// assert_eq!(stated_unit("420.6", 420.6), 1e-3);
/// assert_eq!(stated_unit("3.41421356", 3.41421356), 1e-8);
/// ```
pub fn stated_unit(text: &str, value: f64) -> f64 {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(k) => (&text[..k], text[k + 1..].parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let decimals = mantissa.split_once('.').map_or(0, |(_, d)| d.len()).min(400) as i32;
    let written = 10f64.powi(exponent.clamp(-400, 400) - decimals);
    written.min(sixth_digit(value))
}

/// How far, relative to the length, the current benchmark files' lengths may be from the exact
/// path cost beyond their rounding to 8 decimals. Current files were made by a generator that
/// did not sum the sqrt 2 steps exactly: a written length differs from the exact `a + b sqrt 2`
/// by up to 1.5e-7 (745.79098053 written for 745.79098065). Measured against the exact costs of
/// the paths found here (the engine's test `current_files_err_by_less_than_the_allowed_sum_error`):
/// at most 1.4e-10 of the length beyond the rounding on 8room_000 (2,006 of 2,140 lengths off),
/// 2.1e-10 on the MAPF benchmark's random-32-32-10-random-1. This allows about ten times that.
pub const SUM_ERROR: f64 = 2e-9;

/// How far a cost may be from a scenario's stated optimal length and still match it: half a
/// unit of the last stated digit ([`stated_unit`]), plus the error of the sum that made the
/// length, relative to the length:
/// - lengths stated to 6 significant digits (the old files) were summed in single precision by
///   the benchmark's generator (85.88225099 is written 85.8822): one single-precision epsilon;
/// - finer lengths (the current files' 8 decimals) carry the generator's summing error:
///   [`SUM_ERROR`].
///
/// Why this tells a right answer from a wrong one: every cost on the benchmark's grids is
/// `a + b sqrt 2` with whole `a` and `b`, and two different such costs, both at most `M`,
/// differ by more than `1 / (2M + 1)` (their difference `p + q sqrt 2` times its conjugate is a
/// whole number `p^2 - 2 q^2`, not 0, and the conjugate is at most `2M` in size). A wrong cost
/// within a unit of the length `L` is thus at least `1 / (2L + 3)` from the right one, and the
/// check rejects it whenever that gap is over twice the tolerance: the right cost lies within
/// the tolerance of the written length, a wrong one beyond it. For 8-decimal lengths that
/// holds up to a length of about 11,000 (longer than any path in the benchmark's current
/// files: 855.9 on 8room_000, 4,847 on a 512 x 512 maze); 6-significant-digit lengths are
/// exact up to about 450. Past that a verdict is only approximate: a different path cost could
/// lie within the tolerance ([`Problem::exact_verdict`] says which).
///
/// ```
/// use cubepath_search::files::stated_tolerance;
/// // `1` states 1.00000: a diagonal (1.41421) is far outside, 1.000004 inside
/// assert!(stated_tolerance("1", 1.0) < 1e-5);
/// // 8 decimals: half a unit of the last, and the generator's error on 3.4
/// assert!(stated_tolerance("3.41421356", 3.41421356) < 1.2e-8);
/// ```
pub fn stated_tolerance(text: &str, value: f64) -> f64 {
    let unit = stated_unit(text, value);
    let single_precision = unit >= sixth_digit(value);
    let slack = if single_precision { f32::EPSILON as f64 } else { SUM_ERROR };
    unit / 2.0 + slack * value.max(1.0)
}

/// Whether a check with `tolerance` around the length `length` tells every other path cost
/// apart from the right one (see [`stated_tolerance`]): the least gap between two different
/// costs near `length`, `1 / (2 length + 3)`, is over twice the tolerance.
pub(crate) fn tells_costs_apart(length: f64, tolerance: f64) -> bool {
    2.0 * tolerance < 1.0 / (2.0 * length + 3.0)
}

/// The unit of the sixth significant digit of `value` (1e-5 for 0).
fn sixth_digit(value: f64) -> f64 {
    if value > 0.0 { 10f64.powi(value.log10().floor() as i32 - 5) } else { 1e-5 }
}

impl Problem {
    /// Whether `cost` is the file's optimal length to the precision the file states
    /// (see [`stated_tolerance`]).
    pub fn matches(&self, cost: f64) -> bool {
        (cost - self.optimal).abs() <= self.tolerance
    }

    /// Whether [`matches`](Problem::matches) is exact for this problem: it accepts the right
    /// cost as the file wrote it and rejects every other path cost on a square grid with
    /// straight steps 1 and diagonal steps sqrt 2. True for every 8-decimal length up to about
    /// 11,000 and every 6-digit one up to about 450 (see [`stated_tolerance`]); past that a
    /// wrong cost very close to the right one might still match.
    ///
    /// ```
    /// use cubepath_search::files::read_scen;
    /// let p = &read_scen("s", b"version 1\n0 m 9 9 0 0 1 1 1.41421356\n").unwrap()[0];
    /// assert!(p.exact_verdict());
    /// ```
    pub fn exact_verdict(&self) -> bool {
        tells_costs_apart(self.optimal, self.tolerance)
    }
}

/// Reads a `.scen` file's bytes: an optional `version` line, then one problem a line of nine
/// fields (bucket, map, width, height, start x, start y, goal x, goal y, optimal length).
/// Blank lines are skipped; any other line that is not a well-formed problem, or whose cells
/// lie outside the size it states, is an error naming the file and line.
///
/// ```
/// use cubepath_search::files::read_scen;
/// let problems = read_scen("tiny.scen", b"version 1\n0\tm.map\t5\t5\t0\t0\t1\t1\t1.41421\n").unwrap();
/// assert_eq!(problems[0].goal, (1, 1));
/// assert!(problems[0].matches(2f64.sqrt()));
/// assert!(!problems[0].matches(1.0));
/// assert!(read_scen("cut.scen", b"version 1\n0\tm.map\t5\t5\t0\t0\t1\n").is_err());
/// ```
pub fn read_scen(file: &str, bytes: &[u8]) -> Result<Vec<Problem>, FileError> {
    read_scen_from(file, bytes)
}

/// Reads a `.scen` file line by line from `reader` (see [`read_scen`]).
pub fn read_scen_from(file: &str, reader: impl BufRead) -> Result<Vec<Problem>, FileError> {
    let mut problems = Vec::new();
    let mut it = LineReader::new(file, reader);
    while let Some(line) = it.next_line(LINE_LIMIT) {
        let (n, line) = line?;
        let fields: Vec<&str> = line.split_whitespace().take(10).collect();
        if fields.is_empty() || (n == 1 && fields[0] == "version") {
            continue;
        }
        if fields.len() != 9 {
            let count = if fields.len() == 10 { "more than 9".to_string() } else { fields.len().to_string() };
            return Err(err(file, n, format!("a problem line needs 9 fields, this one has {count}")));
        }
        problems.push(problem(file, n, &fields)?);
    }
    if problems.is_empty() {
        return Err(err(file, 0, "no problems found (expected lines of nine fields)"));
    }
    Ok(problems)
}

/// One problem line's nine fields.
fn problem(file: &str, n: usize, fields: &[&str]) -> Result<Problem, FileError> {
    let num = |k: usize, what: &str| -> Result<usize, FileError> {
        fields[k].parse().map_err(|_| err(file, n, format!("{what} '{}' is not a whole number", short(fields[k]))))
    };
    let bucket = fields[0]
        .parse::<u32>()
        .map_err(|_| err(file, n, format!("bucket '{}' is not a whole number up to {}", short(fields[0]), u32::MAX)))?;
    let optimal: f64 = fields[8]
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| err(file, n, format!("optimal length '{}' is not a number", short(fields[8]))))?;
    let (width, height) = (num(2, "map width")?, num(3, "map height")?);
    let start = (num(4, "start x")?, num(5, "start y")?);
    let goal = (num(6, "goal x")?, num(7, "goal y")?);
    for (which, (x, y)) in [("start", start), ("goal", goal)] {
        if x >= width || y >= height {
            return Err(err(file, n, format!("{which} {x},{y} lies outside the {width} x {height} map the line states")));
        }
    }
    Ok(Problem {
        line: n,
        bucket,
        map: short(fields[1]),
        width,
        height,
        start,
        goal,
        optimal,
        stated: short(fields[8]),
        tolerance: stated_tolerance(fields[8], optimal),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &[u8] = b"type octile\r\nheight 3\r\nwidth 4\r\nmap\r\n.@..\r\nTSW5\r\n....\r\n";

    #[test]
    fn reads_and_writes() {
        let g = read_map("m", MAP).unwrap();
        assert_eq!((g.width(), g.height()), (4, 3));
        assert_eq!(g.get(1, 1), Some(Cell::Swamp));
        assert_eq!(g.get(2, 1), Some(Cell::Water));
        assert_eq!(g.get(3, 1), Some(Cell::Ground(5)));
        let again = read_map("m", write_map(&g).as_bytes()).unwrap();
        assert_eq!(again, g);
    }

    #[test]
    fn errors_name_the_line() {
        let e = read_map("x.map", b"type octile\nheight 2\nwidth 2\nmap\n..\n.?\n").unwrap_err();
        assert_eq!(e.line, 6);
        assert!(e.to_string().starts_with("x.map:6:"), "{e}");
        let e = read_map("x.map", b"type octile\nheight 1000000000\nwidth 1000000000\nmap\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = read_map("x.map", b"type octile\nheight 2\nwidth 2\nmap\n..\n...\n").unwrap_err();
        assert_eq!(e.line, 6);
        let e = read_map("x.map", b"type octile\nheight 2\nwidth 2\nmap\n..\n..\n..\n").unwrap_err();
        assert_eq!(e.line, 7);
        let e = read_map("x.map", b"type octile\nwidth 2\nmap\n..\n").unwrap_err();
        assert!(e.message.contains("height"));
        let e = read_map("x.map", b"\xff\xfe\x00junk").unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (1, "line is not text (invalid UTF-8)"));
        let e = read_map("x.map", b"").unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (0, "the header ends before the 'map' line"));
    }

    #[test]
    fn scen_tolerance() {
        let s = read_scen("s", b"version 1\n0\tm.map\t5\t5\t0\t0\t1\t1\t1.41421\n\n").unwrap();
        assert_eq!(s.len(), 1);
        assert!(s[0].tolerance < 1e-5);
        assert!(s[0].matches(2f64.sqrt()));
        assert!(!s[0].matches(1.4143));
        let e = read_scen("s", b"version 1\n0 m 5 5 0 x 1 1 1.0\n").unwrap_err();
        assert_eq!(e.line, 2);
    }
}
