//! The static evaluation: simple, explained, and the same on every run.
//!
//! In Dynamo material leaves only over the edge (§1): a piece is lost when
//! it is pushed or pulled off, or walks off itself (§5). So the terms are
//!
//! 1. **Material.** Pawn 100, knight 300, bishop 325, rook 500, queen 900
//!    centipawns. The order is argued from the rules: a slider pushes and
//!    pulls along every line it moves on, from any distance (§2), so its
//!    reach to the edge is its moves; the queen has both kinds of line, the
//!    rook the straight ones, which reach every edge square of its rank and
//!    file, the bishop the diagonals, which meet the edge sooner but only on
//!    one colour. A knight acts only on the eight squares a jump away and
//!    takes only by pushing (§3), about a bishop's short range; a pawn
//!    pushes enemies only diagonally forward, one square (§4). The king is
//!    not counted: losing it is losing the game, which the search sees.
//! 2. **Mobility.** 4 centipawns for each empty square a queen, rook or
//!    bishop sees along its lines, and for each empty square a knight jumps
//!    to: a piece that sees far can push and pull from far.
//! 3. **King exposure.** A king is taken off at the edge (§6), so a king
//!    costs 25 centipawns for each rank or file it stands from the centre
//!    towards the nearest edge (0 in the centre four, 75 in a corner), and
//!    40 more for each enemy slider with a clear line to it along which
//!    that slider moves: such a slider can push the king along the line,
//!    or pull it, the first step of every check by a slider.
//!
//! The sum is White's minus Black's, returned from the side to move's view.
//! Every term is read from the core's bitboards: the pieces' sets, the
//! lines from each square and the knight's jumps, a few bit operations a
//! piece (a walk along the lines square by square cost a third of the
//! search's time).

use dynamo_core::PieceSets;
use dynamo_core::{Bitboard, Color, Piece, Position, Role, Square};
use dynamo_core::{DIAGONAL, STRAIGHT, empty_along, knight_jumps, ray};

/// A piece's value in centipawns; the king's is 0 (see the module text).
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 300,
        Role::Bishop => 325,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

const MOBILITY: i32 = 4;
const EDGE: i32 = 25;
const LINE_TO_KING: i32 = 40;

/// The sliders and the directions they move along.
const SLIDERS: [(Role, &[usize]); 3] = [
    (Role::Bishop, &DIAGONAL),
    (Role::Rook, &STRAIGHT),
    (Role::Queen, &dynamo_core::ALL_LINES),
];

/// The evaluation of `pos` from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let sets = board.piece_sets();
    let occupied = board.occupied();
    let white = side(&sets, occupied, Color::White) - side(&sets, occupied, Color::Black);
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// One side's material, mobility and king exposure.
fn side(sets: &PieceSets, occupied: Bitboard, color: Color) -> i32 {
    let of = |role| sets.of(Piece::new(color, role));
    let mut total = 0;
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        total += value(role) * of(role).count() as i32;
    }
    let mut seen = 0;
    for sq in of(Role::Knight) {
        seen += (knight_jumps(sq) & !occupied).count();
    }
    for (role, dirs) in SLIDERS {
        for sq in of(role) {
            for &dir in dirs {
                seen += empty_along(sq, dir, occupied).count();
            }
        }
    }
    total += MOBILITY * seen as i32;
    for king in of(Role::King) {
        total -= exposure(sets, occupied, king, color);
    }
    total
}

/// How exposed `color`'s king on `sq` is to being pushed or pulled off.
fn exposure(sets: &PieceSets, occupied: Bitboard, sq: Square, color: Color) -> i32 {
    let from_centre = |x: u8| if x < 4 { 3 - x } else { x - 4 };
    let edge = i32::from(from_centre(sq.file()).max(from_centre(sq.rank())));
    let enemy = |role| sets.of(Piece::new(!color, role));
    // Even directions are ranks and files, odd ones diagonals.
    let sliders = [
        enemy(Role::Rook) | enemy(Role::Queen),
        enemy(Role::Bishop) | enemy(Role::Queen),
    ];
    let mut lines = 0;
    for dir in 0..8 {
        if let Some(first) = (ray(sq, dir) & occupied).nearest(dir)
            && sliders[dir & 1].contains(first)
        {
            lines += 1;
        }
    }
    EDGE * edge + LINE_TO_KING * lines
}

#[cfg(test)]
mod tests;
