//! Squares of the board and the steps between them.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, `a1` = 0 … `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square a1.
    pub const A1: Square = Square(0);
    /// The square b1.
    pub const B1: Square = Square(1);
    /// The square c1.
    pub const C1: Square = Square(2);
    /// The square d1.
    pub const D1: Square = Square(3);
    /// The square e1.
    pub const E1: Square = Square(4);
    /// The square f1.
    pub const F1: Square = Square(5);
    /// The square g1.
    pub const G1: Square = Square(6);
    /// The square h1.
    pub const H1: Square = Square(7);
    /// The square a8.
    pub const A8: Square = Square(56);
    /// The square b8.
    pub const B8: Square = Square(57);
    /// The square c8.
    pub const C8: Square = Square(58);
    /// The square d8.
    pub const D8: Square = Square(59);
    /// The square e8.
    pub const E8: Square = Square(60);
    /// The square f8.
    pub const F8: Square = Square(61);
    /// The square g8.
    pub const G8: Square = Square(62);
    /// The square h8.
    pub const H8: Square = Square(63);

    /// Every square, a1, b1, … h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The square on `file` and `rank`, both 0-based; `None` off the board.
    pub fn new(file: i8, rank: i8) -> Option<Square> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The square numbered `index`, a1 = 0 … h8 = 63; `None` from 64 up.
    pub fn from_index(index: usize) -> Option<Square> {
        (index < 64).then_some(Square(index as u8))
    }

    /// The square's number, a1 = 0 … h8 = 63.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// For tables built at compile time; `index` must be below 64.
    pub(crate) const fn from_index_const(index: u8) -> Square {
        assert!(index < 64);
        Square(index)
    }

    /// 0 for the a-file … 7 for the h-file.
    pub fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 for the first rank … 7 for the eighth.
    pub fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `step` away, or `None` when that is off the board.
    #[inline]
    pub fn offset(self, step: Step) -> Option<Square> {
        Square::new(self.file() as i8 + step.file, self.rank() as i8 + step.rank)
    }

    /// The file letter, `a` … `h`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` … `8`.
    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// Squares strictly between `self` and `other` along the step `dir`,
    /// walking from `self`.
    pub fn between(self, other: Square, dir: Step) -> impl Iterator<Item = Square> {
        let mut cur = self;
        std::iter::from_fn(move || {
            let next = cur.offset(dir)?;
            if next == other {
                return None;
            }
            cur = next;
            Some(next)
        })
    }

    /// Squares from `self` (exclusive) to the edge along `dir`.
    pub fn ray(self, dir: Step) -> impl Iterator<Item = Square> {
        let mut cur = self;
        std::iter::from_fn(move || {
            cur = cur.offset(dir)?;
            Some(cur)
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ();
    fn from_str(s: &str) -> Result<Square, ()> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                Square::new((f - b'a') as i8, (r - b'1') as i8).ok_or(())
            }
            _ => Err(()),
        }
    }
}

/// A step on the board: a line direction, a king step or a knight jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Files to move towards the h-file; negative towards the a-file.
    pub file: i8,
    /// Ranks to move towards the eighth rank; negative towards the first.
    pub rank: i8,
}

impl Step {
    /// The step of `file` files and `rank` ranks.
    pub const fn new(file: i8, rank: i8) -> Step {
        Step { file, rank }
    }

    /// The same step the other way.
    pub const fn reverse(self) -> Step {
        Step {
            file: -self.file,
            rank: -self.rank,
        }
    }

    /// Whether this is a rank or file direction (as opposed to a diagonal).
    pub const fn is_straight(self) -> bool {
        self.file == 0 || self.rank == 0
    }

    /// The four rank and file directions.
    pub const STRAIGHT: [Step; 4] = [
        Step::new(0, 1),
        Step::new(1, 0),
        Step::new(0, -1),
        Step::new(-1, 0),
    ];
    /// The four diagonal directions.
    pub const DIAGONAL: [Step; 4] = [
        Step::new(1, 1),
        Step::new(1, -1),
        Step::new(-1, -1),
        Step::new(-1, 1),
    ];
    /// The eight king steps, which are also the eight line directions.
    pub const KING: [Step; 8] = [
        Step::new(0, 1),
        Step::new(1, 1),
        Step::new(1, 0),
        Step::new(1, -1),
        Step::new(0, -1),
        Step::new(-1, -1),
        Step::new(-1, 0),
        Step::new(-1, 1),
    ];
    /// The eight knight jumps.
    pub const KNIGHT: [Step; 8] = [
        Step::new(1, 2),
        Step::new(2, 1),
        Step::new(2, -1),
        Step::new(1, -2),
        Step::new(-1, -2),
        Step::new(-2, -1),
        Step::new(-2, 1),
        Step::new(-1, 2),
    ];

    /// The line direction from `from` to `to` when they share a rank, file
    /// or diagonal, with the distance in steps.
    pub fn line_between(from: Square, to: Square) -> Option<(Step, u8)> {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        if (df, dr) == (0, 0) {
            return None;
        }
        if df == 0 || dr == 0 || df.abs() == dr.abs() {
            let n = df.abs().max(dr.abs());
            Some((Step::new(df.signum(), dr.signum()), n as u8))
        } else {
            None
        }
    }
}
