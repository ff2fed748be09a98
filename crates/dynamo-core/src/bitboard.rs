//! Sets of squares, one bit a square (a1 = bit 0 … h8 = bit 63), and the
//! lines between squares, built at compile time.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::square::{Square, Step};

/// A set of squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The eight squares of rank `rank` (0 for the first).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * rank))
    }

    /// The set holding `sq` alone.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// `sq` alone, or no square for `None` (off the board).
    #[inline]
    pub fn from_option(sq: Option<Square>) -> Bitboard {
        sq.map_or(Bitboard::EMPTY, Bitboard::from_square)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// How many squares the set holds.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// The square with the lowest index (nearest a1), if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        Square::from_index(self.0.trailing_zeros() as usize)
    }

    /// The square with the highest index (nearest h8), if any.
    #[inline]
    pub fn last(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_const(63 - self.0.leading_zeros() as u8))
    }

    /// The square of the set furthest from the start of the ray `dir`:
    /// the nearest seen from the other end.
    #[inline]
    pub fn furthest(self, dir: usize) -> Option<Square> {
        self.nearest(reverse(dir))
    }

    /// The square of the set nearest to the start of the ray `dir`
    /// (`Step::KING` order index): rays towards h8 run up the indices,
    /// rays towards a1 down.
    #[inline]
    pub fn nearest(self, dir: usize) -> Option<Square> {
        if RAY_RISES[dir] {
            self.first()
        } else {
            self.last()
        }
    }
}

/// The squares of the set, a1 first.
impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Whether the ray in each direction of [`Step::KING`] goes up the square
/// indices (north, north-east, east, north-west) or down.
const RAY_RISES: [bool; 8] = [true, true, true, false, false, false, false, true];

/// The squares from a square (exclusive) to the edge in each direction of
/// [`Step::KING`]: even directions are ranks and files, odd ones
/// diagonals, and direction `d + 4` is the reverse of `d`.
pub fn ray(sq: Square, dir: usize) -> Bitboard {
    RAYS[sq.index()][dir]
}

/// The squares from `sq` (exclusive) to the edge in direction `dir` of
/// [`Step::KING`], nearest first: the ray of [`ray`] in walking order.
#[inline]
pub(crate) fn ray_squares(sq: Square, dir: usize) -> &'static [Square] {
    let (squares, len) = &RAY_SQUARES[sq.index()][dir];
    &squares[..*len as usize]
}

/// How many squares the ray from `sq` in direction `dir` has: its
/// distance to the edge.
#[inline]
pub(crate) fn ray_len(sq: Square, dir: usize) -> usize {
    RAY_SQUARES[sq.index()][dir].1 as usize
}

/// The directions of [`Step::KING`] along ranks and files.
pub const STRAIGHT: [usize; 4] = [0, 2, 4, 6];
/// The directions of [`Step::KING`] along diagonals.
pub const DIAGONAL: [usize; 4] = [1, 3, 5, 7];
/// Every direction of [`Step::KING`].
pub const ALL_LINES: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The direction opposite `dir`.
#[inline]
pub(crate) const fn reverse(dir: usize) -> usize {
    (dir + 4) % 8
}

type RaySquares = [[([Square; 7], u8); 8]; 64];

const fn build_ray_squares() -> RaySquares {
    let mut table = [[([Square::A1; 7], 0u8); 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut dir = 0;
        while dir < 8 {
            let step: Step = Step::KING[dir];
            let (mut file, mut rank) = ((sq % 8) as i8, (sq / 8) as i8);
            let mut len = 0;
            loop {
                file += step.file;
                rank += step.rank;
                if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
                    break;
                }
                table[sq][dir].0[len] = Square::from_index_const((rank * 8 + file) as u8);
                len += 1;
            }
            table[sq][dir].1 = len as u8;
            dir += 1;
        }
        sq += 1;
    }
    table
}

static RAY_SQUARES: RaySquares = build_ray_squares();

/// Each ray of [`RAY_SQUARES`] as a set: the same walk, taken once.
const fn build_rays() -> [[Bitboard; 8]; 64] {
    let squares = build_ray_squares();
    let mut rays = [[Bitboard::EMPTY; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut dir = 0;
        while dir < 8 {
            let (list, len) = squares[sq][dir];
            let mut bits = 0u64;
            let mut i = 0;
            while i < len as usize {
                bits |= 1 << list[i].index();
                i += 1;
            }
            rays[sq][dir] = Bitboard(bits);
            dir += 1;
        }
        sq += 1;
    }
    rays
}

static RAYS: [[Bitboard; 8]; 64] = build_rays();

/// The squares a knight on `sq` jumps to (§3), on the board.
#[inline]
pub fn knight_jumps(sq: Square) -> Bitboard {
    KNIGHT_JUMPS[sq.index()]
}

static KNIGHT_JUMPS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq: i8 = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < Step::KNIGHT.len() {
            let (file, rank) = (sq % 8 + Step::KNIGHT[i].file, sq / 8 + Step::KNIGHT[i].rank);
            if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                bits |= 1 << (rank * 8 + file);
            }
            i += 1;
        }
        table[sq as usize] = Bitboard(bits);
        sq += 1;
    }
    table
};

/// The empty squares from `sq` (exclusive) along `dir` up to the first
/// piece of `occupied` or the edge: how far a slider on `sq` sees.
#[inline]
pub fn empty_along(sq: Square, dir: usize, occupied: Bitboard) -> Bitboard {
    let line = ray(sq, dir);
    match (line & occupied).nearest(dir) {
        Some(blocker) => {
            Bitboard(line.0 & !ray(blocker, dir).0 & !Bitboard::from_square(blocker).0)
        }
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_rise_as_their_steps_do() {
        for (dir, step) in Step::KING.iter().enumerate() {
            let rises = step.rank > 0 || (step.rank == 0 && step.file > 0);
            assert_eq!(RAY_RISES[dir], rises, "direction {dir}");
        }
        let d4 = Square::new(3, 3).unwrap();
        for dir in 0..8 {
            let from_ray: Vec<Square> = d4.ray(Step::KING[dir]).collect();
            assert_eq!(ray(d4, dir).nearest(dir), from_ray.first().copied());
            let count = ray(d4, dir).0.count_ones() as usize;
            assert_eq!(count, from_ray.len());
            assert_eq!(ray_squares(d4, dir), &from_ray[..]);
        }
    }
}
