//! Which mail brought an event: `{[%mail <id@host>]}` right after the
//! event it brought, in the file itself, so that the record says where a
//! move came from and the inbox knows a mail it has recorded already,
//! even if it stopped between writing the game and noting the mail as
//! handled.
//!
//! To the reader it is a comment like any the director writes: kept where
//! it stands, written back, accepted by `verify`, unknown to other
//! programs' readers but harmless to them.

use super::event::{Event, EventKind};
use super::pgn::Note;
use super::record::{Game, Gap};

/// The longest mail reference a file records.
pub const MAX_MAIL_REF: usize = 250;

/// Whether `reference` can stand in a `{[%mail …]}` comment and read back
/// the same: printable ASCII without spaces, braces or brackets, at most
/// [`MAX_MAIL_REF`] characters.
pub fn is_mail_ref(reference: &str) -> bool {
    !reference.is_empty()
        && reference.len() <= MAX_MAIL_REF
        && reference
            .bytes()
            .all(|b| b.is_ascii_graphic() && !matches!(b, b'{' | b'}' | b'[' | b']'))
}

/// The comment's text, braces not included.
fn note_text(reference: &str) -> String {
    format!("[%mail {reference}]")
}

impl Game {
    /// The game with a note that the mail `reference` (a Message-ID in
    /// `<…>`, or a digest of the mail) brought its latest event; `None`
    /// when the reference cannot stand in the file ([`is_mail_ref`]).
    pub fn with_mail_source(&self, reference: &str) -> Option<Game> {
        if !is_mail_ref(reference) {
            return None;
        }
        let mut game = self.clone();
        game.push_note(Note::Comment(note_text(reference)));
        Some(game)
    }

    /// The game without its `{[%mail …]}` notes, for a bulletin, where
    /// which mail brought each event is clutter. Never to be written
    /// back: the inbox reads them to know a mail it has recorded.
    pub fn without_mail_sources(&self) -> Game {
        let mut game = self.clone();
        for gap in &mut game.gaps {
            gap.retain(|item| {
                !matches!(item, Gap::Note(Note::Comment(text))
                    if text.strip_prefix("[%mail ")
                        .and_then(|rest| rest.strip_suffix(']'))
                        .is_some_and(is_mail_ref))
            });
        }
        game
    }

    /// The event the mail `reference` brought, if the file records one.
    pub fn event_from_mail(&self, reference: &str) -> Option<&Event> {
        if !is_mail_ref(reference) {
            return None;
        }
        let wanted = note_text(reference);
        let moves: Vec<usize> = (0..self.events.len())
            .filter(|&i| self.events[i].kind == EventKind::Moved)
            .collect();
        for (ply, items) in self.gaps.iter().enumerate() {
            // The event a note follows: the gap's last event so far, else
            // the move that opens the gap, else the creation.
            let mut current = match ply {
                0 => 0,
                p => *moves.get(p - 1)?,
            };
            for item in items {
                match item {
                    Gap::Event(i) => current = *i,
                    Gap::Note(Note::Comment(text)) if *text == wanted => {
                        return self.events.get(current);
                    }
                    Gap::Note(_) => {}
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NewGame, Player, clock};
    use dynamo_core::Color;

    #[test]
    fn the_mail_of_a_move_or_an_action_is_found_after_a_rewrite() {
        let start = clock::parse_time("2026-11-20T09:00:00Z").expect("time");
        let white = Player::parse("Alice <a@example.org>").expect("white");
        let black = Player::parse("Bob <b@example.org>").expect("black");
        let game = Game::create(NewGame::new(white, black, start)).expect("a game");
        let checked = game.check_move("e2e4", None).expect("legal");
        let game = game
            .with_move(&checked, start)
            .map(|g| g.with_mail_source("<m1@x>").expect("tame"))
            .expect("recorded");
        let game = game
            .offer_draw(Color::Black, start)
            .map(|g| g.with_mail_source("sha256-abc").expect("tame"))
            .expect("offered");
        let text = game.to_text();
        assert!(
            text.contains("1. e2e4 {2026-11-20T09:00:00Z} {[%mail <m1@x>]}"),
            "{text}"
        );
        let again = Game::parse(&text).expect("replays");
        assert_eq!(again.to_text(), text);
        let moved = again.event_from_mail("<m1@x>").expect("found");
        assert_eq!((moved.seq, &moved.kind), (1, &EventKind::Moved));
        let offered = again.event_from_mail("sha256-abc").expect("found");
        assert_eq!(offered.kind, EventKind::DrawOffered { by: Color::Black });
        assert!(again.event_from_mail("<m2@x>").is_none());
        assert!(game.with_mail_source("<a b@x>").is_none());
        assert!(game.with_mail_source("<a}@x>").is_none());
    }
}
