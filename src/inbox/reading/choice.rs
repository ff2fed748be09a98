//! The words of a reply that choose the piece for a pawn awaiting its
//! owner's choice, under `promotion=owner` (docs/RULES.md §9.1): `=Q`
//! (`=q`, `=1` … `=4`, §13.15), the piece's name (`queen`, `rook`,
//! `bishop`, `knight`, in any case) or its letter alone (`Q e2e4`). They
//! are looked for only when the player's pawn awaits the choice: then
//! no other reading of those words is in play, and a reply of the owner
//! always holds one.

use dynamo_core::Role;

use super::words::words;
use crate::game::read_choice;

/// The pieces the words of `text` choose, each once, in order.
pub fn choice_words(text: &str) -> Vec<Role> {
    found(text, choice_word)
}

/// The pieces `text` chooses in the written form alone, `=R` (`=r`,
/// `=2`): after a choice made alone, where a reply need hold none and a
/// piece's name is more likely talk than a choice.
pub fn written_choices(text: &str) -> Vec<Role> {
    found(text, read_choice)
}

/// The pieces the words of `text` that `choose` reads choose, each once,
/// in order, within the reader's budget of words.
fn found(text: &str, choose: fn(&str) -> Option<Role>) -> Vec<Role> {
    let mut found = Vec::new();
    let mut budget = super::words::MAX_WORDS;
    for line in text.lines() {
        if budget == 0 {
            break;
        }
        let mut words = words(line);
        words.truncate(budget);
        budget -= words.len();
        for word in &words {
            if let Some(role) = choose(&word.text)
                && !found.contains(&role)
            {
                found.push(role);
            }
        }
    }
    found
}

fn choice_word(text: &str) -> Option<Role> {
    if let Some(role) = read_choice(text) {
        return Some(role);
    }
    if let [c] = text.as_bytes() {
        return Role::from_upper_char(char::from(*c)).filter(|r| Role::PROMOTIONS.contains(r));
    }
    Role::PROMOTIONS
        .into_iter()
        .find(|r| text.eq_ignore_ascii_case(r.name()))
}

#[cfg(test)]
mod tests {
    use super::{choice_words, written_choices};
    use dynamo_core::Role;

    #[test]
    fn each_form_of_the_choice_is_found_once() {
        assert_eq!(choice_words("=Q e8e4"), [Role::Queen]);
        assert_eq!(choice_words("queen, e8e4"), [Role::Queen]);
        assert_eq!(choice_words("Q e8e4"), [Role::Queen]);
        assert_eq!(choice_words("Knight."), [Role::Knight]);
        assert_eq!(choice_words("=4"), [Role::Knight]);
        assert_eq!(choice_words("a queen, yes: =Q"), [Role::Queen]);
        assert_eq!(choice_words("rook or bishop?"), [Role::Rook, Role::Bishop]);
    }

    #[test]
    fn the_written_choice_alone_is_found_where_a_choice_is_not_awaited() {
        assert_eq!(written_choices("=R Ka1b1"), [Role::Rook]);
        assert_eq!(written_choices("Ka1b1, =r"), [Role::Rook]);
        assert!(written_choices("my rook, Ka1b1").is_empty());
        assert!(written_choices("R Ka1b1").is_empty());
    }

    #[test]
    fn other_words_choose_nothing() {
        for text in ["e8e4", "q e8e4", "K", "king", "queenside", "Qd1d3", "=K"] {
            assert!(choice_words(text).is_empty(), "{text}");
        }
    }
}
