//! A board as a short text that fits in a link ([`board_code`], [`read_board_code`]):
//! `2.WxH.K.DATA.SUM`, where `K` is `b` when every cell is floor or barrier (one bit a cell)
//! or `t` for terrain (four bits a cell: the cell's code), `DATA` those bits in URL-safe
//! base64 without padding, and `SUM` four hex digits of a checksum over the rest, so a code cut
//! short or mistyped is refused with the reason instead of read wrong.
//!
//! The checksum of version 2 is the sum of each character times its place (from 1), modulo
//! the prime 65,521: one character changed, by `d`, at place `p` moves it by `p * d`, which no
//! prime larger than both divides, so **every** code with one character changed is refused
//! (for codes under 65,521 characters: every board of up to 256 x 256 cells). Version 1 codes
//! (an FNV-1a hash folded to 16 bits, which let one change in 65,536 through as another board)
//! are still read, for the links already shared.

use crate::files::map::{FileError, err};
use crate::grid::board::{Cell, Grid, MAX_WEIGHT};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The board's code (see the module documentation).
///
/// ```
/// use cubepath_search::{grid::{Cell, Grid}, files::{board_code, read_board_code}};
/// let mut grid = Grid::new(4, 2).unwrap();
/// grid.set(1, 0, Cell::Blocked).unwrap();
/// let code = board_code(&grid);
/// assert!(code.starts_with("2.4x2.b."));
/// assert_eq!(read_board_code(&code).unwrap(), grid);
/// ```
pub fn board_code(grid: &Grid) -> String {
    let cells: Vec<Cell> = grid.cells().map(|(_, c)| c).collect();
    let plain = cells.iter().all(|&c| c == Cell::Blocked || c == Cell::FLOOR);
    let bits = if plain { 1 } else { 4 };
    let mut bytes = vec![0u8; (cells.len() * bits).div_ceil(8)];
    for (i, &c) in cells.iter().enumerate() {
        let value = if plain { u8::from(c == Cell::Blocked) } else { nibble(c) };
        let at = i * bits;
        bytes[at / 8] |= value << (at % 8);
    }
    let head = format!("2.{}x{}.{}.{}", grid.width(), grid.height(), if plain { 'b' } else { 't' }, encode(&bytes));
    format!("{head}.{:04x}", placed_sum(&head))
}

/// The board a code stands for. Errors name what is wrong: another version, a size out of
/// range, an unknown kind, a character outside the alphabet, a code cut short or too long, a
/// checksum that does not match, a cell value that is no cell.
pub fn read_board_code(code: &str) -> Result<Grid, FileError> {
    let bad = |message: String| err("board code", 0, message);
    let code = code.trim();
    let parts: Vec<&str> = code.split('.').collect();
    if parts.len() != 5 {
        return Err(bad(format!("expected 5 parts separated by '.', found {} (cut short?)", parts.len())));
    }
    let sum: fn(&str) -> u16 = match parts[0] {
        "1" => fnv_checksum,
        "2" => placed_sum,
        other => return Err(bad(format!("version '{}' is not one this reader knows (1, 2)", short(other)))),
    };
    let head = &code[..code.len() - parts[4].len() - 1];
    // one spelling only (lower-case hex), so a code is refused unless it is exactly as written
    if parts[4] != format!("{:04x}", sum(head)) {
        return Err(bad("the checksum does not match: the code was cut short or changed".into()));
    }
    let (w, h) = parts[1]
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .ok_or_else(|| bad(format!("size '{}' is not WxH", short(parts[1]))))?;
    let mut grid = Grid::new(w, h).map_err(|e| bad(e.to_string()))?;
    let bits = match parts[2] {
        "b" => 1,
        "t" => 4,
        other => return Err(bad(format!("kind '{}' is neither b nor t", short(other)))),
    };
    let bytes = decode(parts[3]).map_err(bad)?;
    if bytes.len() != (w * h * bits).div_ceil(8) {
        return Err(bad(format!("the cells take {} bytes, the code holds {}", (w * h * bits).div_ceil(8), bytes.len())));
    }
    for i in 0..w * h {
        let at = i * bits;
        let value = (bytes[at / 8] >> (at % 8)) & ((1 << bits) - 1);
        let cell = if bits == 1 {
            if value == 1 { Cell::Blocked } else { Cell::FLOOR }
        } else {
            from_nibble(value).ok_or_else(|| bad(format!("cell {} has no cell value {value}", i)))?
        };
        grid.set(i % w, i / w, cell).expect("inside");
    }
    Ok(grid)
}

/// A cell as four bits: 0 blocked, 1 to 9 ground of that weight, 10 swamp, 11 water.
fn nibble(c: Cell) -> u8 {
    match c {
        Cell::Blocked => 0,
        Cell::Ground(w) => w.clamp(1, MAX_WEIGHT),
        Cell::Swamp => 10,
        Cell::Water => 11,
    }
}

fn from_nibble(v: u8) -> Option<Cell> {
    Some(match v {
        0 => Cell::Blocked,
        1..=9 => Cell::Ground(v),
        10 => Cell::Swamp,
        11 => Cell::Water,
        _ => return None,
    })
}

/// URL-safe base64 without padding.
fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (k, &b)| n | (b as u32) << (16 - 8 * k));
        for k in 0..chunk.len() + 1 {
            out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

fn decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let values: Vec<u32> = text
        .bytes()
        .map(|c| {
            ALPHABET.iter().position(|&a| a == c).map(|p| p as u32).ok_or_else(|| format!("'{}' is not a code character", c.escape_ascii()))
        })
        .collect::<Result<_, _>>()?;
    for chunk in values.chunks(4) {
        if chunk.len() == 1 {
            return Err("the cells end in the middle of a byte (cut short?)".into());
        }
        let n = chunk.iter().enumerate().fold(0u32, |n, (k, &v)| n | v << (18 - 6 * k));
        for k in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    Ok(out)
}

/// Version 2's checksum: each byte times its place (from 1), summed modulo 65,521 (a prime).
fn placed_sum(text: &str) -> u16 {
    let sum = text.bytes().enumerate().fold(0u64, |s, (i, b)| (s + (i as u64 + 1) * b as u64) % 65_521);
    sum as u16
}

/// Version 1's checksum: FNV-1a, folded to 16 bits.
fn fnv_checksum(text: &str) -> u16 {
    let hash = text.bytes().fold(0x811C_9DC5u32, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193));
    (hash >> 16) as u16 ^ hash as u16
}

fn short(s: &str) -> String {
    s.chars().take(20).collect()
}
