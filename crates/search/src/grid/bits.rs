//! Block-based jumps (Harabor and Grastien, "Improving Jump Point Search", ICAPS 2014): the
//! grid's passable cells as bit rows and bit columns, so a straight jump reads 64 cells at a
//! time and finds the next blocked cell or forced neighbour by counting zeros.

use crate::grid::board::{BLOCKED, Grid};

/// Passable cells as bits: each padded row, and each padded column, as a run of 64-bit words
/// (bit `k` of word `w` is position `64 w + k`; 1 passable). The border is blocked, and so is
/// every bit past the end of a line, so scans always stop inside a line.
#[derive(Clone, Debug)]
pub(crate) struct BitGrid {
    row_words: usize,
    rows: Vec<u64>,
    col_words: usize,
    cols: Vec<u64>,
    /// The grid's identity and revision these bits were made from.
    pub(crate) version: (u64, u64),
}

impl BitGrid {
    pub(crate) fn new(grid: &Grid) -> BitGrid {
        let (pw, ph) = (grid.stride(), grid.padded_len() / grid.stride());
        let (row_words, col_words) = (pw.div_ceil(64), ph.div_ceil(64));
        let mut bits =
            BitGrid { row_words, rows: vec![0u64; ph * row_words], col_words, cols: vec![0u64; pw * col_words], version: grid.version() };
        for (i, &code) in grid.codes().iter().enumerate() {
            if code != BLOCKED {
                bits.put(i % pw, i / pw, true);
            }
        }
        bits
    }

    /// Sets the bit of padded cell (x, y) in its row and its column.
    fn put(&mut self, x: usize, y: usize, open: bool) {
        let (r, c) = (y * self.row_words + x / 64, x * self.col_words + y / 64);
        let (rb, cb) = (1u64 << (x % 64), 1u64 << (y % 64));
        if open {
            self.rows[r] |= rb;
            self.cols[c] |= cb;
        } else {
            self.rows[r] &= !rb;
            self.cols[c] &= !cb;
        }
    }

    /// Brings the bits up to date with `grid`: the cells changed since they were made, or all
    /// of them again when the grid no longer remembers (another grid, too many changes).
    pub(crate) fn update(&mut self, grid: &Grid) {
        if self.version == grid.version() {
            return;
        }
        match grid.changes_since(self.version) {
            Some(cells) => {
                for (x, y) in cells {
                    self.put(x + 1, y + 1, grid.is_passable(x, y));
                }
                self.version = grid.version();
            }
            None => *self = BitGrid::new(grid),
        }
    }

    /// Memory held, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        (self.rows.len() + self.cols.len()) * 8
    }

    /// Whether padded cell (x, y) is passable.
    #[inline]
    pub(crate) fn open(&self, x: usize, y: usize) -> bool {
        self.rows[y * self.row_words + x / 64] >> (x % 64) & 1 == 1
    }

    /// Moving along row `y` from column `x` (east when `forward`, else west): the first
    /// column where the row is blocked or a row beside it opens where it was blocked one
    /// column back (a forced neighbour under the no-corner-cutting rule).
    #[inline]
    pub(crate) fn stop_in_row(&self, y: usize, x: usize, forward: bool) -> usize {
        stop(&self.rows, self.row_words, y, x, forward)
    }

    /// The same down (`forward`) or up column `x` from row `y`.
    #[inline]
    pub(crate) fn stop_in_col(&self, x: usize, y: usize, forward: bool) -> usize {
        stop(&self.cols, self.col_words, x, y, forward)
    }
}

/// In line `l` of `lines` (`n` words each), the first position past `from` in the direction
/// where line `l` is blocked, or line `l - 1` or `l + 1` is open where it was blocked one
/// position back. Lines `l - 1` and `l + 1` exist: `l` is never a border line.
#[inline]
fn stop(lines: &[u64], n: usize, l: usize, from: usize, forward: bool) -> usize {
    let (above, here, below) = ((l - 1) * n, l * n, (l + 1) * n);
    let mut w = from / 64;
    let k = from % 64;
    // stops in word w of the three lines, given each side line's bit one position back
    let hits = |w: usize, back_a: u64, back_b: u64| {
        let (a, b) = (lines[above + w], lines[below + w]);
        !lines[here + w] | (a & !back_a) | (b & !back_b)
    };
    if forward {
        // bits after `from` in its word, then whole words; one position back is the next
        // lower bit, carried across words
        let mut mask = !0u64 << k << 1;
        let mut carry = if w > 0 { (lines[above + w - 1] >> 63, lines[below + w - 1] >> 63) } else { (0, 0) };
        loop {
            let (a, b) = (lines[above + w], lines[below + w]);
            let found = hits(w, (a << 1) | carry.0, (b << 1) | carry.1) & mask;
            if found != 0 {
                return w * 64 + found.trailing_zeros() as usize;
            }
            carry = (a >> 63, b >> 63);
            w += 1;
            mask = !0;
        }
    } else {
        let mut mask = (1u64 << k) - 1;
        let mut carry = if w + 1 < n { (lines[above + w + 1] << 63, lines[below + w + 1] << 63) } else { (0, 0) };
        loop {
            let (a, b) = (lines[above + w], lines[below + w]);
            let found = hits(w, (a >> 1) | carry.0, (b >> 1) | carry.1) & mask;
            if found != 0 {
                return w * 64 + 63 - found.leading_zeros() as usize;
            }
            carry = (a << 63, b << 63);
            w -= 1;
            mask = !0;
        }
    }
}
