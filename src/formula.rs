//! Heuristics written as formulas: `max(abs(dx), abs(dy))`, `sqrt(dx^2 + dy^2) * 1.5`. The
//! heuristic lab and the command line's `--heuristic 'FORMULA'` read them; the engine takes the
//! result as an [`Estimate`](crate::engine::search::Estimate), a function like any other.
//!
//! The language:
//! - numbers (`2`, `1.5`, `.5`, `1e3`), `+ - * /`, `^` (power, right to left), unary `-`,
//!   parentheses;
//! - the cell and the goal: `x`, `y`, `z` (the cell), `gx`, `gy`, `gz` (the goal), and
//!   `dx`, `dy`, `dz` (the goal minus the cell: signed, so `abs(dx)` is the distance across);
//!   `z`, `gz` and `dz` are 0 on a flat board;
//! - the move costs: `straight` and `diagonal` (1 and sqrt 2, or 10 and 14 with tutorial
//!   costs);
//! - constants `sqrt2` and `pi`;
//! - functions `abs`, `sqrt`, `floor`, `ceil`, `round`, `min` and `max` (two or more
//!   arguments), `hypot` (two or three).
//!
//! A formula that does not parse is an error naming the column and what was expected there.
//! One that parses may still give NaN, an infinity or a negative number at some cell: the
//! engine refuses that estimate there, naming the cell ([`SearchError::BadEstimate`]).
//!
//! [`SearchError::BadEstimate`]: crate::engine::search::SearchError::BadEstimate

use std::fmt;
use std::sync::Arc;

use crate::engine::{
    grid::{CostModel, Pos},
    search::Estimate,
    world::Pos3,
};

/// What a formula reads, at one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vars {
    /// The cell.
    pub at: [f64; 3],
    /// The goal.
    pub goal: [f64; 3],
    /// The straight and diagonal move costs.
    pub straight: f64,
    pub diagonal: f64,
}

/// A formula that does not parse: where (a column, counted in characters from 1) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct FormulaError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for FormulaError {}

/// The names a formula may read.
const NAMES: [&str; 13] = ["x", "y", "z", "gx", "gy", "gz", "dx", "dy", "dz", "straight", "diagonal", "sqrt2", "pi"];
/// The functions, with the fewest and most arguments each takes.
const FUNCTIONS: [(&str, usize, usize); 8] =
    [("abs", 1, 1), ("sqrt", 1, 1), ("floor", 1, 1), ("ceil", 1, 1), ("round", 1, 1), ("min", 2, 64), ("max", 2, 64), ("hypot", 2, 3)];
/// The longest formula read, in characters.
pub const MAX_LEN: usize = 1000;
/// The deepest nesting of parentheses and calls read.
const MAX_DEPTH: usize = 64;

/// A parsed formula.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    root: Expr,
    text: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Number(f64),
    Name(usize),
    Neg(Box<Expr>),
    Binary(char, Box<Expr>, Box<Expr>),
    Call(usize, Vec<Expr>),
}

impl Formula {
    /// Reads `text`; see the module's docs for the language.
    ///
    /// ```
    /// use cubepath::formula::{Formula, Vars};
    /// let f = Formula::parse("max(abs(dx), abs(dy))").unwrap();
    /// let at = Vars { at: [1.0, 1.0, 0.0], goal: [4.0, 3.0, 0.0], straight: 1.0, diagonal: 2f64.sqrt() };
    /// assert_eq!(f.eval(&at), 3.0);
    /// assert_eq!(Formula::parse("abs(dx) +").unwrap_err().to_string(), "column 10: expected a number, a name or '(' after '+'");
    /// ```
    pub fn parse(text: &str) -> Result<Formula, FormulaError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > MAX_LEN {
            return Err(FormulaError { column: MAX_LEN + 1, message: format!("a formula is at most {MAX_LEN} characters") });
        }
        let tokens = tokens(&chars)?;
        let mut p = Parser { tokens, i: 0, depth: 0 };
        if p.tokens.len() == 1 {
            return Err(FormulaError { column: 1, message: "the formula is empty".into() });
        }
        let root = p.sum()?;
        let t = &p.tokens[p.i];
        if t.kind != Kind::End {
            let what = match t.kind {
                Kind::Close => "a ')' with no '(' before it".to_string(),
                _ => format!("expected an operator (+ - * / ^) or the end, found {}", t.describe()),
            };
            return Err(FormulaError { column: t.column, message: what });
        }
        Ok(Formula { root, text: text.trim().to_string() })
    }

    /// The formula as it was written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The formula's value at `vars`.
    pub fn eval(&self, vars: &Vars) -> f64 {
        eval(&self.root, vars)
    }

    /// The formula as an estimate for a board's searches, with `costs`' move costs.
    pub fn estimate(&self, costs: CostModel) -> Estimate<Pos> {
        let (root, straight, diagonal) = (Arc::new(self.root.clone()), costs.straight(), costs.diagonal());
        Estimate::new(move |(x, y): Pos, (gx, gy): Pos| {
            let at = [x as f64, y as f64, 0.0];
            eval(&root, &Vars { at, goal: [gx as f64, gy as f64, 0.0], straight, diagonal })
        })
    }

    /// The formula as an estimate for a voxel world's searches (a straight move costs 1, a
    /// diagonal one sqrt 2).
    pub fn world_estimate(&self) -> Estimate<Pos3> {
        let root = Arc::new(self.root.clone());
        Estimate::new(move |(x, y, z): Pos3, (gx, gy, gz): Pos3| {
            let at = [x as f64, y as f64, z as f64];
            let goal = [gx as f64, gy as f64, gz as f64];
            eval(&root, &Vars { at, goal, straight: 1.0, diagonal: std::f64::consts::SQRT_2 })
        })
    }
}

fn eval(e: &Expr, v: &Vars) -> f64 {
    match e {
        Expr::Number(n) => *n,
        Expr::Name(i) => match i {
            0..3 => v.at[*i],
            3..6 => v.goal[i - 3],
            6..9 => v.goal[i - 6] - v.at[i - 6],
            9 => v.straight,
            10 => v.diagonal,
            11 => std::f64::consts::SQRT_2,
            _ => std::f64::consts::PI,
        },
        Expr::Neg(a) => -eval(a, v),
        Expr::Binary(op, a, b) => {
            let (a, b) = (eval(a, v), eval(b, v));
            match op {
                '+' => a + b,
                '-' => a - b,
                '*' => a * b,
                '/' => a / b,
                _ => a.powf(b),
            }
        }
        Expr::Call(f, args) => {
            let mut values = args.iter().map(|a| eval(a, v));
            let first = values.next().unwrap_or(f64::NAN);
            match FUNCTIONS[*f].0 {
                "abs" => first.abs(),
                "sqrt" => first.sqrt(),
                "floor" => first.floor(),
                "ceil" => first.ceil(),
                "round" => first.round(),
                "min" => values.fold(first, |m, x| if x < m || x.is_nan() { x } else { m }),
                "max" => values.fold(first, |m, x| if x > m || x.is_nan() { x } else { m }),
                _ => (first * first + values.map(|x| x * x).sum::<f64>()).sqrt(),
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Number(f64),
    Word(String),
    Op(char),
    Open,
    Close,
    Comma,
    End,
}

#[derive(Clone, Debug)]
struct Token {
    kind: Kind,
    column: usize,
}

impl Token {
    fn describe(&self) -> String {
        match &self.kind {
            Kind::Number(n) => format!("the number {n}"),
            Kind::Word(w) => format!("'{w}'"),
            Kind::Op(c) => format!("'{c}'"),
            Kind::Open => "'('".into(),
            Kind::Close => "')'".into(),
            Kind::Comma => "','".into(),
            Kind::End => "the end".into(),
        }
    }
}

fn tokens(chars: &[char]) -> Result<Vec<Token>, FormulaError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() || c == '.' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            // an exponent: e or E, a sign perhaps, digits
            if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
                let mut j = i + 1;
                if j < chars.len() && (chars[j] == '+' || chars[j] == '-') {
                    j += 1;
                }
                if j < chars.len() && chars[j].is_ascii_digit() {
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            let text: String = chars[start..i].iter().collect();
            let value = text.parse::<f64>().map_err(|_| FormulaError { column, message: format!("'{text}' is not a number") })?;
            out.push(Token { kind: Kind::Number(value), column });
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token { kind: Kind::Word(chars[start..i].iter().collect::<String>().to_lowercase()), column });
            continue;
        }
        let kind = match c {
            '+' | '-' | '*' | '/' | '^' => Kind::Op(c),
            '(' => Kind::Open,
            ')' => Kind::Close,
            ',' => Kind::Comma,
            _ => {
                return Err(FormulaError {
                    column,
                    message: format!("'{c}' is not part of the language (numbers, names, + - * / ^, parentheses, commas)"),
                });
            }
        };
        out.push(Token { kind, column });
        i += 1;
    }
    out.push(Token { kind: Kind::End, column: chars.len() + 1 });
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    i: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.tokens[self.i]
    }

    fn op(&self) -> Option<char> {
        match self.peek().kind {
            Kind::Op(c) => Some(c),
            _ => None,
        }
    }

    /// sum := product (('+' | '-') product)*
    fn sum(&mut self) -> Result<Expr, FormulaError> {
        let mut e = self.product()?;
        while let Some(op @ ('+' | '-')) = self.op() {
            self.i += 1;
            e = Expr::Binary(op, Box::new(e), Box::new(self.product()?));
        }
        Ok(e)
    }

    /// product := unary (('*' | '/') unary)*
    fn product(&mut self) -> Result<Expr, FormulaError> {
        let mut e = self.unary()?;
        while let Some(op @ ('*' | '/')) = self.op() {
            self.i += 1;
            e = Expr::Binary(op, Box::new(e), Box::new(self.unary()?));
        }
        Ok(e)
    }

    /// unary := '-' unary | power  (so -x^2 is -(x^2))
    fn unary(&mut self) -> Result<Expr, FormulaError> {
        if self.op() == Some('-') {
            self.i += 1;
            self.deeper()?;
            let e = Expr::Neg(Box::new(self.unary()?));
            self.depth -= 1;
            return Ok(e);
        }
        self.power()
    }

    /// power := atom ('^' unary)?  (right to left: 2^3^2 is 2^9)
    fn power(&mut self) -> Result<Expr, FormulaError> {
        let base = self.atom()?;
        if self.op() == Some('^') {
            self.i += 1;
            self.deeper()?;
            let e = Expr::Binary('^', Box::new(base), Box::new(self.unary()?));
            self.depth -= 1;
            return Ok(e);
        }
        Ok(base)
    }

    fn deeper(&mut self) -> Result<(), FormulaError> {
        self.depth += 1;
        match self.depth > MAX_DEPTH {
            true => Err(FormulaError { column: self.peek().column, message: format!("nested more than {MAX_DEPTH} deep") }),
            false => Ok(()),
        }
    }

    fn atom(&mut self) -> Result<Expr, FormulaError> {
        let t = self.peek().clone();
        self.i += 1;
        match t.kind {
            Kind::Number(n) => Ok(Expr::Number(n)),
            Kind::Open => {
                self.deeper()?;
                let e = self.sum()?;
                self.expect_close(t.column)?;
                self.depth -= 1;
                Ok(e)
            }
            Kind::Word(w) => {
                if let Some(f) = FUNCTIONS.iter().position(|(name, _, _)| *name == w) {
                    return self.call(f, &w, t.column);
                }
                match NAMES.iter().position(|n| *n == w) {
                    Some(i) => Ok(Expr::Name(i)),
                    None => Err(FormulaError {
                        column: t.column,
                        message: format!(
                            "unknown name '{w}' (the names are {}; the functions {})",
                            NAMES.join(", "),
                            FUNCTIONS.iter().map(|f| f.0).collect::<Vec<_>>().join(", ")
                        ),
                    }),
                }
            }
            _ => {
                let after = match self.i >= 2 {
                    true => format!(" after {}", self.tokens[self.i - 2].describe()),
                    false => String::new(),
                };
                let found = match t.kind {
                    Kind::End => String::new(),
                    _ => format!(", found {}", t.describe()),
                };
                Err(FormulaError { column: t.column, message: format!("expected a number, a name or '('{after}{found}") })
            }
        }
    }

    fn call(&mut self, f: usize, name: &str, column: usize) -> Result<Expr, FormulaError> {
        let (_, fewest, most) = FUNCTIONS[f];
        if self.peek().kind != Kind::Open {
            return Err(FormulaError { column: self.peek().column, message: format!("'{name}' is a function: write {name}(...)") });
        }
        self.i += 1;
        self.deeper()?;
        let mut args = vec![self.sum()?];
        while self.peek().kind == Kind::Comma {
            self.i += 1;
            args.push(self.sum()?);
        }
        self.expect_close(column)?;
        self.depth -= 1;
        if args.len() < fewest || args.len() > most {
            let takes = match (fewest, most) {
                (a, b) if a == b => format!("{a}"),
                (a, 64) => format!("{a} or more"),
                (a, b) => format!("{a} to {b}"),
            };
            return Err(FormulaError { column, message: format!("{name} takes {takes} arguments, given {}", args.len()) });
        }
        Ok(Expr::Call(f, args))
    }

    fn expect_close(&mut self, open: usize) -> Result<(), FormulaError> {
        let t = self.peek().clone();
        match t.kind {
            Kind::Close => {
                self.i += 1;
                Ok(())
            }
            Kind::End => Err(FormulaError { column: t.column, message: format!("the '(' at column {open} is never closed") }),
            _ => Err(FormulaError { column: t.column, message: format!("expected ',' or ')', found {}", t.describe()) }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(cell: (f64, f64), goal: (f64, f64)) -> Vars {
        Vars { at: [cell.0, cell.1, 0.0], goal: [goal.0, goal.1, 0.0], straight: 1.0, diagonal: std::f64::consts::SQRT_2 }
    }

    #[test]
    fn formulas_evaluate_as_written() {
        let v = at((1.0, 2.0), (4.0, 6.0)); // dx 3, dy 4
        for (text, want) in [
            ("dx", 3.0),
            ("-dx", -3.0),
            ("abs(x - gx)", 3.0),
            ("sqrt(dx^2 + dy^2)", 5.0),
            ("hypot(dx, dy)", 5.0),
            ("max(abs(dx), abs(dy)) + (sqrt2 - 1) * min(abs(dx), abs(dy))", 4.0 + (2f64.sqrt() - 1.0) * 3.0),
            ("2^3^2", 512.0),
            ("-2^2", -4.0),
            ("1 - 2 - 3", -4.0),
            ("8 / 4 / 2", 1.0),
            ("1 + 2 * 3", 7.0),
            ("(1 + 2) * 3", 9.0),
            ("1.5e1 + .5", 15.5),
            ("floor(2.7) + ceil(2.1) + round(2.5)", 8.0),
            ("straight * abs(dx) + diagonal * 0", 3.0),
            ("max(1, 5, 3)", 5.0),
            ("DX + Dy", 7.0),
            ("dz + z + gz", 0.0),
        ] {
            let f = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!((f.eval(&v) - want).abs() < 1e-12, "{text} = {} not {want}", f.eval(&v));
        }
        assert!(Formula::parse("sqrt(-dx)").unwrap().eval(&v).is_nan());
        assert!(Formula::parse("1 / 0").unwrap().eval(&v).is_infinite());
    }

    #[test]
    fn bad_formulas_name_the_column_and_why() {
        for (text, column, says) in [
            ("", 1, "empty"),
            ("   ", 1, "empty"),
            ("dx +", 5, "expected a number, a name or '(' after '+'"),
            ("dx dy", 4, "expected an operator"),
            ("abs(dx", 7, "the '(' at column 1 is never closed"),
            ("(dx", 4, "never closed"),
            ("dx)", 3, "a ')' with no '('"),
            ("dq + 1", 1, "unknown name 'dq'"),
            ("abs dx", 5, "'abs' is a function"),
            ("min(dx)", 1, "min takes 2 or more arguments, given 1"),
            ("abs(dx, dy)", 1, "abs takes 1 arguments, given 2"),
            ("dx $ 2", 4, "'$' is not part of the language"),
            ("1.2.3", 1, "'1.2.3' is not a number"),
            ("abs(dx,)", 8, "expected a number"),
            ("*2", 1, "expected a number, a name or '(', found '*'"),
        ] {
            let e = Formula::parse(text).expect_err(text);
            assert_eq!(e.column, column, "{text}: {e}");
            assert!(e.message.contains(says), "{text}: {e}");
        }
        let deep = "(".repeat(100) + "1" + &")".repeat(100);
        assert!(Formula::parse(&deep).unwrap_err().message.contains("nested"));
        assert!(Formula::parse(&"1+".repeat(600)).unwrap_err().message.contains("at most"));
    }
}
