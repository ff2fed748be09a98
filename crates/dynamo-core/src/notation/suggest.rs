//! The legal moves closest to a text that names none, for "did you
//! mean …?" (docs/RULES.md §10).

use std::collections::HashMap;

use super::short::format_short_in;
use super::write::{format, format_numeric};
use crate::excerpt::EXCERPT_CHARS;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// How many moves a refusal suggests at most.
const SUGGESTIONS: usize = 3;

/// The legal moves closest to `text`, in canonical notation: those at the
/// smallest edit distance (letters inserted, deleted or replaced; case and
/// blanks ignored, a leading move number and trailing check marks
/// dropped) from the move's canonical, short or numeric form, when that
/// distance is at most half the text's length (at least 1). At most
/// three: of moves equally close, those whose canonical form is closer,
/// then in alphabetical order. Empty for a text longer than
/// [`EXCERPT_CHARS`] characters.
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
    let legal = pos.legal_moves();
    // A move's short form depends only on the moves of the same kind of
    // piece to the same square.
    let mut rivals: HashMap<(Role, Option<Square>), Vec<Move>> = HashMap::new();
    for m in &legal {
        rivals.entry((m.role(), m.to())).or_default().push(*m);
    }
    let mut row = Vec::with_capacity(length + 1);
    let mut scored: Vec<(usize, usize, String)> = legal
        .iter()
        .map(|m| {
            let canonical = format(m);
            let to_canonical = edit_distance(&written, &canonical, &mut row);
            let same = rivals
                .get(&(m.role(), m.to()))
                .map_or(&[][..], Vec::as_slice);
            let distance = [format_short_in(m, pos, same), format_numeric(m, pos.turn())]
                .iter()
                .map(|form| edit_distance(&written, form, &mut row))
                .fold(to_canonical, usize::min);
            (distance, to_canonical, canonical)
        })
        .collect();
    let Some(best) = scored.iter().map(|(d, _, _)| *d).min() else {
        return Vec::new();
    };
    if best > (length / 2).max(1) {
        return Vec::new();
    }
    scored.retain(|(d, _, _)| *d == best);
    scored.sort();
    let mut names: Vec<String> = scored.into_iter().map(|(_, _, name)| name).collect();
    names.dedup();
    names.truncate(SUGGESTIONS);
    names
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
