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

use dynamo_core::{Board, Color, Piece, Position, Role, Square, Step};

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

/// The evaluation of `pos` from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let mut white = 0;
    for (sq, piece) in board.pieces() {
        let sign = if piece.color == Color::White { 1 } else { -1 };
        white += sign * (value(piece.role) + MOBILITY * mobility(board, sq, piece.role));
        if piece.role == Role::King {
            white -= sign * exposure(board, sq, piece.color);
        }
    }
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

fn directions(role: Role) -> &'static [Step] {
    match role {
        Role::Rook => &Step::STRAIGHT,
        Role::Bishop => &Step::DIAGONAL,
        _ => &Step::KING,
    }
}

fn offset(sq: Square, d: Step, n: i8) -> Option<Square> {
    Square::new(sq.file() as i8 + d.file * n, sq.rank() as i8 + d.rank * n)
}

/// Empty squares seen along the lines, or jumped to.
fn mobility(board: &Board, sq: Square, role: Role) -> i32 {
    match role {
        Role::Knight => Step::KNIGHT
            .iter()
            .filter(|&&d| offset(sq, d, 1).is_some_and(|to| board.is_empty(to)))
            .count() as i32,
        Role::Queen | Role::Rook | Role::Bishop => directions(role)
            .iter()
            .map(|&d| {
                (1..8)
                    .map_while(|n| offset(sq, d, n).filter(|&to| board.is_empty(to)))
                    .count() as i32
            })
            .sum(),
        _ => 0,
    }
}

/// How exposed `color`'s king on `sq` is to being pushed or pulled off.
fn exposure(board: &Board, sq: Square, color: Color) -> i32 {
    let from_centre = |x: u8| if x < 4 { 3 - x } else { x - 4 };
    let edge = i32::from(from_centre(sq.file()).max(from_centre(sq.rank())));
    let mut lines = 0;
    for &d in directions(Role::Queen) {
        let first = (1..8)
            .map_while(|n| offset(sq, d, n))
            .find_map(|to| board.piece_at(to));
        if let Some(Piece { color: c, role }) = first
            && c != color
            && role.is_slider()
            && directions(role).contains(&d)
        {
            lines += 1;
        }
    }
    EDGE * edge + LINE_TO_KING * lines
}
