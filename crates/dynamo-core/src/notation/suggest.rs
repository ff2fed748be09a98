//! The legal moves closest to a text that names none, for "did you
//! mean …?" (docs/RULES.md §10).

use std::collections::HashMap;

use super::nost::{Dest, Notation, Short};
use super::short::format_short_in;
use super::write::{format, format_numeric};
use crate::excerpt::EXCERPT_CHARS;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// How many moves a refusal suggests at most.
const SUGGESTIONS: usize = 3;

/// The legal moves closest to `text`, in canonical notation, at most
/// three. First the moves of the same kind of piece to the same square as
/// the text says, when it reads as a move (`Bc5` blocked on d6: the
/// bishop's push `Bf8c5/d6b4`); then those at the smallest edit distance
/// (letters inserted, deleted or replaced; case and blanks ignored, a
/// leading move number and trailing check marks dropped) from the move's
/// canonical form (without the mover's letter when the text has none),
/// short or numeric form, when that distance is at most half
/// the text's length (at least 1). Within each, the closer first, then
/// those whose canonical form is closer, then in alphabetical order.
/// Empty for a text longer than [`EXCERPT_CHARS`] characters.
pub fn closest_moves(pos: &Position, text: &str) -> Vec<String> {
    // Blanks aside, a text this long is longer than any it is compared
    // with by far more than half: nothing is close.
    if text.len() > 4 * EXCERPT_CHARS {
        return Vec::new();
    }
    let written = normalise(text);
    let length = written.len();
    if length == 0 || length > EXCERPT_CHARS {
        return Vec::new();
    }
    let notation = Notation::parse(text).ok();
    let aim = notation.as_ref().and_then(|n| aim(pos, n));
    // Of the moves aimed at, a text that names no pushed or pulled piece
    // meant the move that disturbs least: the shortest push or pull.
    let by_travel = matches!(
        notation,
        Some(Notation::Short(Short { target: None, .. }) | Notation::Move { target: None, .. })
    );
    let letterless = matches!(written[..], ['a'..='h', '1'..='8', ..]);
    let legal = pos.legal_moves();
    // A move's short form depends only on the moves of the same kind of
    // piece to the same square.
    let mut rivals: HashMap<(Role, Option<Square>), Vec<Move>> = HashMap::new();
    for m in &legal {
        rivals.entry((m.role(), m.to())).or_default().push(*m);
    }
    let mut row = Vec::with_capacity(length + 1);
    // (not the piece and square aimed at, the target's travel when that
    // counts, distance, distance to the canonical form, canonical form):
    // sorted, the order of suggestion.
    let mut scored: Vec<(bool, u8, usize, usize, String)> = legal
        .iter()
        .map(|m| {
            let canonical = format(m);
            // A text written as engines write moves, without the mover's
            // letter (`g1g3`), is compared with the canonical form written
            // so too (`g1f3`).
            let canonical_form = if letterless {
                without_letter(&canonical)
            } else {
                &canonical
            };
            let to_canonical = edit_distance(&written, canonical_form, &mut row);
            let same = rivals
                .get(&(m.role(), m.to()))
                .map_or(&[][..], Vec::as_slice);
            let distance = [format_short_in(m, pos, same), format_numeric(m, pos.turn())]
                .iter()
                .map(|form| edit_distance(&written, form, &mut row))
                .fold(to_canonical, usize::min);
            let aimed = aim == Some((m.role(), m.to()));
            let travel = if aimed && by_travel { travel(m) } else { 0 };
            (!aimed, travel, distance, to_canonical, canonical)
        })
        .collect();
    let nearest = scored
        .iter()
        .filter(|(other, ..)| *other)
        .map(|(_, _, d, ..)| *d)
        .min()
        .filter(|&d| d <= (length / 2).max(1));
    scored.retain(|(other, _, d, ..)| !other || Some(*d) == nearest);
    scored.sort();
    let mut names: Vec<String> = scored.into_iter().map(|(.., name)| name).collect();
    names.dedup();
    names.truncate(SUGGESTIONS);
    names
}

/// `g1f3` for `Ng1f3`: a canonical form without its piece letter. Only
/// the long forms start with a capital piece letter and a square.
fn without_letter(canonical: &str) -> &str {
    match canonical.as_bytes() {
        [b'K' | b'Q' | b'R' | b'B' | b'N', b'a'..=b'h', ..] => &canonical[1..],
        _ => canonical,
    }
}

/// How far a move takes the piece it pushes or pulls, in king steps; off
/// the board is farther than any square.
fn travel(m: &Move) -> u8 {
    m.shove().map_or(0, |s| {
        s.target_to.map_or(8, |to| {
            let d = |a: u8, b: u8| a.abs_diff(b);
            d(s.target_from.file(), to.file()).max(d(s.target_from.rank(), to.rank()))
        })
    })
}

/// The kind of piece a move text moves and the square it ends on (`None`:
/// off the board), when the text says both: not for descriptive
/// notation, which names squares from each side's point of view.
fn aim(pos: &Position, notation: &Notation) -> Option<(Role, Option<Square>)> {
    match notation {
        Notation::Castle(side) => Some((Role::King, Some(side.king_target(pos.turn())))),
        Notation::Short(short) => Some((short.role.unwrap_or(Role::Pawn), short.square.square())),
        Notation::Move { mover, .. } => {
            // The piece on the square written, if it is the mover's own;
            // else the letter written.
            let role = pos
                .board()
                .piece_at(mover.from)
                .filter(|p| p.color == pos.turn())
                .map(|p| p.role)
                .or(mover.role)?;
            let to = match mover.to {
                // A mover written without a destination stays.
                None => Some(mover.from),
                Some(Dest::Square(sq)) => Some(sq),
                Some(Dest::Off) => None,
            };
            Some((role, to))
        }
        Notation::Descriptive(_) => None,
    }
}

/// The text as compared: lower case, no blanks, no leading move number,
/// no trailing check marks.
fn normalise(text: &str) -> Vec<char> {
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let body = match body[digits..].trim_start_matches(['.', '…']) {
        rest if digits > 0 && rest.len() < body.len() - digits => rest,
        _ => body,
    };
    body.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Levenshtein distance: the fewest letters inserted, deleted or replaced
/// to turn the normalised text `a` into the move text `b` (compared in
/// lower case); `row` is scratch space.
fn edit_distance(a: &[char], b: &str, row: &mut Vec<usize>) -> usize {
    row.clear();
    row.extend(0..=a.len());
    for (j, cb) in b.chars().enumerate() {
        let cb = cb.to_ascii_lowercase();
        let mut diagonal = row[0];
        row[0] = j + 1;
        for (i, ca) in a.iter().enumerate() {
            let replaced = diagonal + usize::from(*ca != cb);
            diagonal = row[i + 1];
            row[i + 1] = replaced.min(row[i] + 1).min(diagonal + 1);
        }
    }
    row[a.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_letter_changes() {
        let d = |a: &str, b: &str| edit_distance(&normalise(a), b, &mut Vec::new());
        assert_eq!(d("ng1g3", "Ng1f3"), 1);
        assert_eq!(d("e4", "e2e4"), 2);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("kitten", "sitting"), 3);
    }

    #[test]
    fn normalising_drops_number_marks_case_and_blanks() {
        assert_eq!(
            normalise(" 23... Qd8 / d7d5+ "),
            "qd8/d7d5".chars().collect::<Vec<_>>()
        );
        assert_eq!(normalise("4143"), "4143".chars().collect::<Vec<_>>());
    }
}
