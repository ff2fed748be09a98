//! The evaluation on bitboards against its first reading, which walked
//! every line square by square: the same value in every position met.

use dynamo_core::{Board, Color, Piece, Position, Role, Rules, Square, Step};

use super::{EDGE, LINE_TO_KING, MOBILITY, evaluate, value};

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

fn walked_mobility(board: &Board, sq: Square, role: Role) -> i32 {
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

fn walked_exposure(board: &Board, sq: Square, color: Color) -> i32 {
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

fn walked(pos: &Position) -> i32 {
    let board = pos.board();
    let mut white = 0;
    for (sq, piece) in board.pieces() {
        let sign = if piece.color == Color::White { 1 } else { -1 };
        white += sign * (value(piece.role) + MOBILITY * walked_mobility(board, sq, piece.role));
        if piece.role == Role::King {
            white -= sign * walked_exposure(board, sq, piece.color);
        }
    }
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

#[test]
fn bitboards_give_the_walked_value_in_every_position_of_many_games() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r4rk1/pp3ppp/2n5/3q4/3P4/2N2N2/PP3PPP/R2Q1RK1 w - - 0 1",
        "2r2rk1/1b2qppp/p3pn2/1p6/3N4/P1B1P3/1P2BPPP/2RQ1RK1 b - - 0 17",
    ];
    let mut checked = 0;
    for fen in starts {
        let start = Position::from_fen(fen, Rules::NOST).expect("a valid position");
        // Games picked by strides through the legal moves: pieces walk and
        // are pushed off, kings reach the edges, lines open.
        for stride in 1..25usize {
            let mut pos = start.clone();
            for ply in 0..120usize {
                assert_eq!(evaluate(&pos), walked(&pos), "{}", pos.to_fen());
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(ply * stride + stride * stride) % moves.len()];
                pos = pos.play(&m).expect("a listed move is legal");
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}
