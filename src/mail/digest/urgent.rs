//! Which notices a digest player still gets at once, and which wait for
//! their digest.
//!
//! At once (a demanding player must not learn of these a day late):
//! - the start of a game: its first notice is the game's thread, with the
//!   players, the rules and the time control;
//! - the game's end, by any route (mate, resignation, agreement,
//!   adjudication);
//! - a draw offer standing from the opponent: it lapses if the player
//!   moves without answering it;
//! - a deadline within a day: the player's own clock with a day or less
//!   left after the event;
//! - the director's corrections (`undo`, `set`): the game changed under
//!   the player;
//! - the end of the player's own conditional lines: they counted on a
//!   reply being played for them, and must now answer themselves.
//!
//! Held for the digest: the opponent's moves (with more than a day
//! left), leave, a declined draw, and the player's own move: its
//! confirmation is the next digest, and a move sent in a reply to the
//! digest is confirmed at once by the answer to that reply.

use chrono::Duration;
use dynamo_core::Color;

use super::super::notice::Notice;
use crate::game::EventKind;

/// Whether the player of `side` must get `notice` at once.
pub fn urgent(notice: &Notice, side: Color) -> bool {
    if notice.happened.seq == 0 || notice.ending.is_some() {
        return true;
    }
    if notice.draw_offer == Some(!side) {
        return true;
    }
    if notice.private.iter().any(|(owner, _)| *owner == side) {
        return true;
    }
    if matches!(
        notice.happened.kind,
        EventKind::Created
            | EventKind::DrawOffered { .. }
            | EventKind::Undone { .. }
            | EventKind::Corrected(_)
    ) {
        return true;
    }
    notice
        .clocks
        .as_ref()
        .is_some_and(|c| c.running.side == side && c.running.left <= Duration::days(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::notice::{sample, sample_game, sample_start};

    #[test]
    fn a_move_waits_but_the_start_and_a_near_deadline_do_not() {
        // Alice (White) moved; Bob has 50 days: waits for both.
        let moved = sample(&["e2e4"]);
        assert!(!urgent(&moved, Color::Black));
        assert!(!urgent(&moved, Color::White));
        let start = Notice::from_game(&sample_game(&[]), sample_start());
        assert!(urgent(&start, Color::White) && urgent(&start, Color::Black));
        // Bob's deadline is 50 days after the move: within a day of it,
        // his notice goes at once, Alice's still waits.
        let late = Notice::from_game(
            &sample_game(&["e2e4"]),
            sample_start() + Duration::days(49) + Duration::hours(12),
        );
        assert!(urgent(&late, Color::Black));
        assert!(!urgent(&late, Color::White));
    }

    #[test]
    fn the_end_of_a_players_conditional_lines_goes_at_once_to_them_alone() {
        let mut ended = sample(&["e2e4"]);
        ended
            .private
            .push((Color::Black, "Ended line: 1... e7e5".to_string()));
        assert!(urgent(&ended, Color::Black));
        assert!(!urgent(&ended, Color::White));
    }
}
