//! The owner's choice for a pawn awaiting it, under `promotion=owner`
//! (docs/RULES.md §9.1), as the record keeps it. Made with the move
//! (`=Q Qe8/e7e6`), it completes the mover's move: the record shows
//! `Re6e7/e7e8=Q` with the note `White chose the queen`, then
//! `Qe8/e7e6`. Made alone (`=Q`, §13.18), it is an event of its own,
//! `{[%choose White Q TIME]}`, after the mover's move: the pawn is the
//! chosen piece from then on, the owner is still to move, and their
//! clock still runs, as the choice and the move are one turn.
//!
//! A recorded move with the choice written on it is read here too
//! (`read_recorded`), the one way replay, the director's corrections and
//! the moves read again as played all read it.

use chrono::{DateTime, Utc};
use dynamo_core::{Color, Illegal, MoveError, Position, Role, Square, parse_and_play};

use super::actions::Rejection;
use super::choosing::Choosing;
use super::event::EventKind;
use super::pgn::PgnAction;
use super::record::{Game, RecordedMove};

impl RecordedMove {
    /// `after`, the position this move left, with the owner's choice
    /// written on it made: the board `Re6e7/e7e8=Q` stands for in the
    /// record (docs/RULES.md §9.1). `after` itself for any other move.
    pub fn completed(&self, after: Position) -> Position {
        match self.owner_chose {
            Some(role) if after.pending().is_some() => match after.choose(role) {
                Ok(chosen) => chosen,
                Err(_) => after,
            },
            _ => after,
        }
    }
}

/// The choice alone as a player writes it: `=Q` (or `=q`, or NOST's digit
/// `=1` … `=4`, docs/RULES.md §13.15); `None` for anything else.
pub fn read_choice(text: &str) -> Option<Role> {
    let rest = text.trim().strip_prefix('=')?;
    let mut chars = rest.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    match c {
        '1'..='4' => Some(Role::PROMOTIONS[c as usize - '1' as usize]),
        c => Role::from_upper_char(c.to_ascii_uppercase()).filter(|r| Role::PROMOTIONS.contains(r)),
    }
}

impl Game {
    /// The side to move and the square of its pawn that awaits their
    /// choice, if one does.
    pub fn awaiting_choice(&self) -> Option<(Color, Square)> {
        self.position.pending().map(|sq| (self.position.turn(), sq))
    }

    /// Where the game stands on an owner's choice: a pawn awaiting it,
    /// or chosen alone with the owner's move still to come; `None` for
    /// neither, or a game over.
    pub fn choosing(&self) -> Option<Choosing> {
        if self.ending().is_some() {
            return None;
        }
        if let Some(awaits) = Choosing::awaited(&self.position) {
            return Some(awaits);
        }
        let owner = self.position.turn();
        // A choice alone stands on the last move, the owner still to move.
        let last = self.moves.last().filter(|m| m.mover != owner)?;
        let role = last.owner_chose?;
        let (_, pending) = self.played().last()?.ok()?;
        Some(Choosing::Chose {
            owner,
            square: pending.pending()?,
            role,
        })
    }

    /// `side` chooses `role` for their pawn awaiting it, alone, at `at`;
    /// their move follows later.
    pub fn choose(&self, side: Color, role: Role, at: DateTime<Utc>) -> Result<Game, Rejection> {
        let mut game = self.clone();
        game.apply(
            PgnAction::Choose { by: side, role },
            Some(super::clock::truncate(at)),
            "",
        )?;
        Ok(game)
    }

    /// The choice alone applied, as [`Game::apply`] does every action:
    /// the pawn becomes `role`, the mover's move is completed by it.
    pub(super) fn apply_choice(&mut self, by: Color, role: Role) -> Result<EventKind, Rejection> {
        let to_move = self.position.turn();
        let text = format!("={}", role.upper_char());
        let refused = |reason: Illegal| {
            self.refused_choice(
                &text,
                MoveError::Illegal {
                    text: text.clone(),
                    reason,
                    closest: Box::default(),
                },
            )
        };
        if self.position.pending().is_none() {
            return Err(refused(Illegal::NoChoicePending));
        }
        if by != to_move {
            return Err(Rejection::NotYourTurn { by, to_move });
        }
        let chosen = self.position.choose(role).map_err(refused)?;
        // A choice after which the owner has no move cannot begin their
        // turn: another choice must be made (§9.1, "the end of the game";
        // §13.18).
        if !chosen.has_legal_move() {
            let others: Vec<&str> = Role::PROMOTIONS
                .into_iter()
                .filter(|&r| self.position.choose(r).is_ok_and(|p| p.has_legal_move()))
                .map(Role::name)
                .collect();
            return Err(Rejection::ChoiceLeavesNoMove {
                role,
                others: others.join(" or "),
            });
        }
        self.position = chosen;
        self.complete_last_move(role);
        Ok(EventKind::Chose { by, role })
    }

    /// Writes the owner's choice on the mover's move, `Re6e7/e7e8=Q`.
    pub(super) fn complete_last_move(&mut self, role: Role) {
        if let Some(last) = self.moves.last_mut() {
            last.notation.push('=');
            last.notation.push(role.upper_char());
            last.owner_chose = Some(role);
        }
    }
}

/// Reads a recorded move, `text`, after the one before it, writing the
/// position after it into `after` (as [`parse_and_play`]); `choice` is
/// the owner's choice written on that one, returned by the reading before
/// (see [`read_completed`]), unless the choice was recorded alone since
/// and the pawn awaits none.
pub(super) fn read_recorded(
    pos: &Position,
    choice: Option<String>,
    text: &str,
    after: &mut Position,
) -> Result<(dynamo_core::Move, Option<String>), MoveError> {
    match choice.filter(|_| pos.pending().is_some()) {
        Some(choice) => read_completed(pos, &format!("{choice} {text}"), after),
        None => read_completed(pos, text, after),
    }
}

/// Reads a recorded move. Under `promotion=owner` the record shows the
/// mover's move completed by the owner's choice, `Re6e7/e7e8=Q`
/// (docs/RULES.md §9.1): the move is played without the piece, which is
/// returned for the owner's move that follows.
fn read_completed(
    pos: &Position,
    text: &str,
    after: &mut Position,
) -> Result<(dynamo_core::Move, Option<String>), MoveError> {
    match parse_and_play(pos, text, after) {
        Err(MoveError::Illegal {
            reason: Illegal::OwnerChooses(_),
            ..
        }) => {
            let body = text.trim_end_matches(['+', '#', '!', '?']);
            let split = body.len().saturating_sub(2);
            let (played, choice) = (body.get(..split), body.get(split..));
            match (played, choice) {
                (Some(played), Some(choice)) if choice.starts_with('=') => {
                    let m = parse_and_play(pos, played, after)?;
                    Ok((m, Some(choice.to_string())))
                }
                _ => parse_and_play(pos, text, after).map(|m| (m, None)),
            }
        }
        read => read.map(|m| (m, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::read_choice;
    use dynamo_core::Role;

    #[test]
    fn the_choice_alone_reads_in_every_spelling_of_section_13_15() {
        for (text, role) in [
            ("=Q", Role::Queen),
            (" =q ", Role::Queen),
            ("=R", Role::Rook),
            ("=b", Role::Bishop),
            ("=N", Role::Knight),
            ("=1", Role::Queen),
            ("=4", Role::Knight),
        ] {
            assert_eq!(read_choice(text), Some(role), "{text}");
        }
        for text in ["Q", "=K", "=P", "=5", "=QQ", "=Q e2e4", "", "="] {
            assert_eq!(read_choice(text), None, "{text}");
        }
    }
}
