//! A move back to its text: canonical NOST notation and numeric notation.

use std::fmt::{self, Write as _};

use crate::color::Color;
use crate::moves::Move;
use crate::role::Role;
use crate::square::Square;

/// A square as two characters, without the formatting machinery: every
/// replayed move of a game file is written back this way.
fn write_square(out: &mut String, sq: Square) {
    out.push(sq.file_char());
    out.push(sq.rank_char());
}

fn write_dest(out: &mut String, to: Option<Square>) {
    match to {
        Some(sq) => write_square(out, sq),
        None => out.push('E'),
    }
}

fn write_promotion(out: &mut String, promotion: Option<Role>) {
    if let Some(role) = promotion {
        out.push('=');
        out.push(role.upper_char());
    }
}

/// The owner's choice before the move (docs/RULES.md §9.1): `=Q `.
fn write_choice(out: &mut String, m: &Move, letter: impl Fn(Role) -> char) {
    if let Some(role) = m.choice() {
        out.push('=');
        out.push(letter(role));
        out.push(' ');
    }
}

/// The digit NOST's numeric notation gives a promotion piece: 1–4 for
/// Q, R, B, N.
fn promotion_digit(role: Role) -> char {
    let digit = Role::PROMOTIONS
        .iter()
        .position(|&r| r == role)
        .expect("a promotion role");
    char::from(b'1' + digit as u8)
}

/// The canonical NOST form of a move (docs/RULES.md §10), without check
/// marks; the owner's choice, if the turn began with one, before it:
/// `=Q e2e4` (§9.1).
pub fn format(m: &Move) -> String {
    let mut out = String::with_capacity(16);
    write_choice(&mut out, m, Role::upper_char);
    match m {
        Move::Castle { side, .. } => out.push_str(side.notation()),
        Move::Plain {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            if *role != Role::Pawn {
                out.push(role.upper_char());
            }
            write_square(&mut out, *from);
            write_dest(&mut out, *to);
            write_promotion(&mut out, *promotion);
        }
        Move::Push(s) | Move::Pull(s) => {
            if s.role != Role::Pawn {
                out.push(s.role.upper_char());
            }
            write_square(&mut out, s.from);
            if !s.is_stationary() {
                write_dest(&mut out, s.to);
            }
            let mover_promotes = s.mover_promotes();
            if mover_promotes {
                write_promotion(&mut out, s.promotion);
            }
            out.push('/');
            write_square(&mut out, s.target_from);
            write_dest(&mut out, s.target_to);
            if !mover_promotes {
                write_promotion(&mut out, s.promotion);
            }
        }
    }
    out
}

fn write_numeric(out: &mut String, sq: Option<Square>) {
    match sq {
        Some(sq) => {
            let _ = write!(out, "{}{}", sq.file() + 1, sq.rank() + 1);
        }
        None => out.push_str("00"),
    }
}

fn write_numeric_promotion(out: &mut String, promotion: Option<Role>) {
    if let Some(role) = promotion {
        out.push(promotion_digit(role));
    }
}

/// NOST numeric notation: `4143/4246`, `61/7200`, castling as the king's
/// move (`5171`), promotion as a fifth digit 1–4 = Q, R, B, N; the
/// owner's choice as that digit after `=`, before the move: `=1 5254`
/// (docs/RULES.md §13).
pub fn format_numeric(m: &Move, turn: Color) -> String {
    let mut out = String::with_capacity(12);
    write_choice(&mut out, m, promotion_digit);
    match m {
        Move::Castle { side, king, .. } => {
            write_numeric(&mut out, Some(*king));
            write_numeric(&mut out, Some(side.king_target(turn)));
        }
        Move::Plain {
            from,
            to,
            promotion,
            ..
        } => {
            write_numeric(&mut out, Some(*from));
            write_numeric(&mut out, *to);
            write_numeric_promotion(&mut out, *promotion);
        }
        Move::Push(s) | Move::Pull(s) => {
            write_numeric(&mut out, Some(s.from));
            if !s.is_stationary() {
                write_numeric(&mut out, s.to);
            }
            let mover_promotes = s.mover_promotes();
            if mover_promotes {
                write_numeric_promotion(&mut out, s.promotion);
            }
            out.push('/');
            write_numeric(&mut out, Some(s.target_from));
            write_numeric(&mut out, s.target_to);
            if !mover_promotes {
                write_numeric_promotion(&mut out, s.promotion);
            }
        }
    }
    out
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format(self))
    }
}
