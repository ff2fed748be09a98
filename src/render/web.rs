//! The board for the web pages: the notice's drawing (the same squares,
//! pieces, coordinates and marks, from [`super::board`]), with the last
//! move's paths drawn as arrows, and the parts every board of a page
//! shares drawn once, in [`web_defs`], and referred to (`<use>`) by each
//! board, so that a game's page of a hundred positions stays small.
//!
//! The page turns a board over with CSS (`.flipped`): the whole drawing
//! turns, each piece turns back upright about its own centre (its `up`
//! group), and the coordinates drawn for Black's side take the place of
//! White's.

use std::fmt::Write;

use dynamo_core::Color;
use dynamo_core::Position;
use dynamo_core::Square;
use dynamo_core::{Piece, Role};

use super::board::{
    FRAME, Marks, border, coordinates, corner, exit_mark, path_arrow, pending_ring, piece_shape,
    square, square_marks,
};
use super::drawing::TOTAL;

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The id of a piece's drawing: `dynamo-wk`, `dynamo-bp`.
fn piece_id(piece: Piece) -> String {
    let side = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!(
        "dynamo-{side}{}",
        piece.role.upper_char().to_ascii_lowercase()
    )
}

/// What every board of a page refers to: the empty board with its frame,
/// the coordinates from either side, and the twelve pieces. Once per page,
/// before its first board.
pub fn web_defs() -> String {
    let mut out = String::new();
    out.push_str(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="defs" width="0" height="0" aria-hidden="true"><defs>"#,
    );
    let _ = write!(
        out,
        r#"<g id="dynamo-board"><rect width="{TOTAL}" height="{TOTAL}" fill="{FRAME}"/>"#
    );
    for sq in Square::all() {
        square(&mut out, sq, false);
    }
    out.push_str("</g>");
    out.push_str(r#"<g id="dynamo-coords">"#);
    coordinates(&mut out, false);
    out.push_str("</g>");
    // Drawn for Black's side and turned a half turn, so that the page's
    // half turn of the whole board brings them upright where they belong.
    let centre = TOTAL / 2.0;
    let _ = write!(
        out,
        r#"<g id="dynamo-coords-turned" transform="rotate(180 {centre} {centre})">"#
    );
    coordinates(&mut out, true);
    out.push_str("</g>");
    for color in [Color::White, Color::Black] {
        for role in ROLES {
            let piece = Piece { color, role };
            let _ = write!(out, r#"<g id="{}">"#, piece_id(piece));
            piece_shape(&mut out, piece, 0.0, 0.0, 1.0);
            out.push_str("</g>");
        }
    }
    out.push_str("</defs></svg>");
    out
}

/// The position from White's side, with the last move's marks and its
/// paths as arrows; its `<use>`s need [`web_defs`] on the same page.
pub fn web_board(pos: &Position, marks: Option<&Marks>) -> String {
    let mut out = String::with_capacity(2048);
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {TOTAL} {TOTAL}" width="{TOTAL}" height="{TOTAL}" aria-hidden="true"><use href="#dynamo-board"/>"##
    );
    let checked_king = pos.is_check().then(|| pos.king(pos.turn()));
    for sq in Square::all() {
        let changed = marks.is_some_and(|m| m.squares.contains(&sq));
        let check = checked_king == Some(sq);
        if changed || check {
            square_marks(&mut out, sq, false, changed, check);
        }
    }
    border(&mut out);
    out.push_str(
        r##"<use class="coords" href="#dynamo-coords"/><use class="coords-turned" href="#dynamo-coords-turned"/>"##,
    );
    for sq in Square::all() {
        if let Some(piece) = pos.board().piece_at(sq) {
            let (x, y) = corner(sq, false);
            let _ = write!(
                out,
                r##"<g class="up"><use href="#{}" x="{x}" y="{y}"/></g>"##,
                piece_id(piece)
            );
        }
    }
    if let Some(m) = marks {
        for exit in &m.exits {
            exit_mark(&mut out, exit, false);
        }
        for &(from, to) in &m.paths {
            path_arrow(&mut out, from, to, false);
        }
    }
    // The pawn awaiting its owner's choice, ringed as in the notices'
    // pictures (docs/RULES.md §9.1).
    if let Some(sq) = pos.pending() {
        pending_ring(&mut out, sq, false);
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::Rules;

    /// Every piece a board refers to is drawn in the page's definitions.
    #[test]
    fn every_reference_has_its_drawing() {
        let defs = web_defs();
        let board = web_board(&Position::startpos(Rules::NOST), None);
        for (i, _) in board.match_indices("href=\"#") {
            let rest = &board[i + 7..];
            let id = &rest[..rest.find('"').expect("a closing quote")];
            assert!(
                defs.contains(&format!("id=\"{id}\"")),
                "{id} is not defined"
            );
        }
        assert_eq!(board.matches("class=\"up\"").count(), 32);
    }
}
