//! What players and the director do to a game: moves, resignations, draw
//! offers and adjudications. Each returns a new game, or the rule that
//! refuses it; the game it was called on is never changed.

use chrono::{DateTime, Utc};
use dynamo_core::{Color, Illegal, Move, MoveError, Position, Status, notation, parse_game_move};

use super::choosing::Choosing;
use super::clock;
use super::event::EventKind;
use super::leave::LeaveDays;
use super::outcome::{Ending, Outcome};
use super::pgn::{BadValue, PgnAction, check_value};
use super::player::Player;
use super::record::Game;

/// Why a move, a resignation or a draw action is refused. Nothing is
/// written when one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Rejection {
    #[error("the game is over ({}: {}); nothing more can be recorded", .0.outcome, .0.reason)]
    GameOver(Ending),
    #[error("it is {}'s turn, not {}'s", .to_move.title(), .by.title())]
    NotYourTurn { by: Color, to_move: Color },
    #[error("{} is not the address of either player in this game", dynamo_core::clipped(.0))]
    UnknownAddress(String),
    #[error("{address} is {}'s address, but the submitter was given as {}", .side.title(), .by.title())]
    AddressMismatch {
        address: String,
        side: Color,
        by: Color,
    },
    #[error("both players have the address {}: say which side with --by", dynamo_core::clipped(.0))]
    AmbiguousAddress(String),
    #[error("{0}")]
    Move(MoveError),
    #[error("the time {at} is before the last recorded time {last}")]
    TimeOrder { at: String, last: String },
    #[error("the time {at} is in the future (now {now})")]
    Future { at: String, now: String },
    #[error("{} has already offered a draw", .0.title())]
    AlreadyOffered(Color),
    #[error("{} cannot offer a draw: {} has offered one; accept or decline it", .by.title(), .offerer.title())]
    OfferPending { by: Color, offerer: Color },
    #[error("there is no draw offer for {} to answer", .0.title())]
    NoOffer(Color),
    #[error("result must be 1-0, 0-1 or 1/2-1/2, not {}", dynamo_core::quoted(.0))]
    BadResult(String),
    #[error("the reason must not be empty")]
    EmptyReason,
    #[error(transparent)]
    BadValue(BadValue),
    /// A choice written (`=R`, alone or before a move) after the owner
    /// chose alone already (docs/RULES.md §13.18): no pawn awaits one,
    /// and the choice made stands. `made` names it, so that a choice
    /// that contradicts it is never dropped unseen; one ruling for the
    /// command line and for a reply by mail.
    #[error(
        "{}: no pawn awaits a choice: {made}: write it without =Q, =R, =B or =N before it",
        dynamo_core::clipped(.text)
    )]
    ChoiceMade {
        /// The text as written.
        text: String,
        /// The choice recorded, [`Choosing::Chose`].
        made: Choosing,
    },
    /// The owner's choice alone would leave them no legal move
    /// (docs/RULES.md §13.18).
    #[error("with a {} on the pawn's square you would have no legal move: choose {others}", .role.name())]
    ChoiceLeavesNoMove {
        role: dynamo_core::Role,
        /// The choices that leave a move, `queen or rook`.
        others: String,
    },
}

/// How the Termination tag begins for a director's decision.
pub(super) const ADJUDICATED: &str = "adjudicated: ";

/// A move that has been checked against the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub mv: Move,
    pub mover: Color,
    /// Canonical notation without check marks.
    pub notation: String,
    /// With `+` or `#` when it gives check or mate.
    pub display: String,
    pub after: Position,
}

impl Game {
    /// Who is submitting, from `--by` and/or a sender address; `None` when
    /// neither is given.
    pub fn identify(
        &self,
        by: Option<Color>,
        from: Option<&str>,
    ) -> Result<Option<Color>, Rejection> {
        let Some(address) = from else {
            return Ok(by);
        };
        let matches = |p: &Player| p.has_address(address);
        let side = match (matches(&self.white), matches(&self.black)) {
            (true, false) => Color::White,
            (false, true) => Color::Black,
            (true, true) => match by {
                Some(by) => return Ok(Some(by)),
                None => return Err(Rejection::AmbiguousAddress(address.to_string())),
            },
            (false, false) => return Err(Rejection::UnknownAddress(address.to_string())),
        };
        match by {
            Some(by) if by != side => Err(Rejection::AddressMismatch {
                address: address.to_string(),
                side,
                by,
            }),
            _ => Ok(Some(side)),
        }
    }

    fn ensure_ongoing(&self) -> Result<(), Rejection> {
        match &self.ending {
            Some(ending) => Err(Rejection::GameOver(ending.clone())),
            None => Ok(()),
        }
    }

    /// The verdict on a move submitted by `by` (when known): nothing is
    /// changed.
    pub fn check_move(&self, text: &str, by: Option<Color>) -> Result<Checked, Rejection> {
        self.ensure_ongoing()?;
        let to_move = self.position.turn();
        if let Some(by) = by
            && by != to_move
        {
            return Err(Rejection::NotYourTurn { by, to_move });
        }
        let m = parse_game_move(&self.position, text).map_err(|e| self.refused_choice(text, e))?;
        let after = self.position.play(&m).map_err(|reason| {
            Rejection::Move(MoveError::Illegal {
                text: text.trim().to_string(),
                reason,
                closest: Box::default(),
            })
        })?;
        let mut display = notation::format(&m);
        match after.status() {
            Status::Check => display.push('+'),
            Status::Checkmate => display.push('#'),
            _ => {}
        }
        Ok(Checked {
            notation: notation::format(&m),
            display,
            mover: to_move,
            after,
            mv: m,
        })
    }

    /// A move refused for the choice written before it where no pawn
    /// awaits one: when the owner chose alone already, the refusal names
    /// that choice ([`Rejection::ChoiceMade`]).
    pub(super) fn refused_choice(&self, text: &str, e: MoveError) -> Rejection {
        match (&e, self.choosing()) {
            (
                MoveError::Illegal {
                    reason: Illegal::NoChoicePending,
                    ..
                },
                Some(made @ Choosing::Chose { .. }),
            ) => Rejection::ChoiceMade {
                text: text.trim().to_string(),
                made,
            },
            _ => Rejection::Move(e),
        }
    }

    fn check_time(&self, at: DateTime<Utc>) -> Result<(), Rejection> {
        if let Some(last) = self.last_event_time()
            && at < last
        {
            return Err(Rejection::TimeOrder {
                at: clock::format_time(at),
                last: clock::format_time(last),
            });
        }
        Ok(())
    }

    /// The game with `checked` (from [`Game::check_move`] on this game)
    /// recorded as received at `at`; mate or stalemate ends it.
    pub fn with_move(&self, checked: &Checked, at: DateTime<Utc>) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        let at = clock::truncate(at);
        self.check_time(at)?;
        let mut game = self.clone();
        game.push_move(checked.notation.clone(), checked.after.clone(), at);
        game.sync_draw_tag();
        if let Some(outcome) = Ending::forced_by(&game.position) {
            game.set_ending(outcome);
        }
        Ok(game)
    }

    /// `side` resigns at `at`.
    pub fn resign(&self, side: Color, at: DateTime<Utc>) -> Result<Game, Rejection> {
        self.with_action(PgnAction::Resign(side), Some(at), "")
    }

    /// `side` offers a draw at `at`; it stands until answered or until
    /// the opponent moves.
    pub fn offer_draw(&self, side: Color, at: DateTime<Utc>) -> Result<Game, Rejection> {
        self.with_action(PgnAction::OfferDraw(side), Some(at), "")
    }

    /// `side` accepts the opponent's standing offer at `at`: the game is
    /// drawn.
    pub fn accept_draw(&self, side: Color, at: DateTime<Utc>) -> Result<Game, Rejection> {
        self.with_action(PgnAction::AcceptDraw(side), Some(at), "")
    }

    /// `side` declines the opponent's standing offer at `at`.
    pub fn decline_draw(&self, side: Color, at: DateTime<Utc>) -> Result<Game, Rejection> {
        self.with_action(PgnAction::DeclineDraw(side), Some(at), "")
    }

    /// The director's decision at `at`: `result` with `reason` (a time
    /// forfeit, an adjudicated position, …).
    pub fn adjudicate(
        &self,
        result: &str,
        reason: &str,
        at: DateTime<Utc>,
    ) -> Result<Game, Rejection> {
        let outcome =
            Outcome::from_pgn(result).ok_or_else(|| Rejection::BadResult(result.to_string()))?;
        self.with_action(PgnAction::Adjudicate(outcome), Some(at), reason)
    }

    /// Leave for `side` on `days`, recorded at `at`: their clock does not
    /// run on those days. Leave already recorded for some of the days
    /// counts once; see [`Game::leave`] for whether it adds anything.
    pub fn take_leave(
        &self,
        side: Color,
        days: LeaveDays,
        at: DateTime<Utc>,
    ) -> Result<Game, Rejection> {
        self.with_action(PgnAction::Leave { by: side, days }, Some(at), "")
    }

    fn with_action(
        &self,
        action: PgnAction,
        at: Option<DateTime<Utc>>,
        reason: &str,
    ) -> Result<Game, Rejection> {
        let mut game = self.clone();
        game.apply(action, at.map(clock::truncate), reason)?;
        Ok(game)
    }

    /// Applies `action`, from a command or replayed from the file, or
    /// says which rule refuses it.
    pub(super) fn apply(
        &mut self,
        action: PgnAction,
        at: Option<DateTime<Utc>>,
        reason: &str,
    ) -> Result<(), Rejection> {
        self.ensure_ongoing()?;
        if let Some(at) = at {
            self.check_time(at)?;
        }
        let offer = |side: Color| match self.draw_offer {
            Some(c) if c == !side => Ok(()),
            _ => Err(Rejection::NoOffer(side)),
        };
        let kind = match action {
            PgnAction::OfferDraw(side) => {
                match self.draw_offer {
                    Some(c) if c == side => return Err(Rejection::AlreadyOffered(side)),
                    Some(c) => {
                        return Err(Rejection::OfferPending {
                            by: side,
                            offerer: c,
                        });
                    }
                    None => {}
                }
                self.draw_offer = Some(side);
                self.sync_draw_tag();
                EventKind::DrawOffered { by: side }
            }
            PgnAction::AcceptDraw(side) => {
                offer(side)?;
                self.set_ending(Ending {
                    outcome: Outcome::Draw,
                    // No parentheses: the reason is often said inside
                    // them, `1/2-1/2 (draw agreed: …)`.
                    reason: format!(
                        "draw agreed: {} offered, {} accepted",
                        (!side).title(),
                        side.title()
                    ),
                });
                EventKind::DrawAccepted { by: side }
            }
            PgnAction::DeclineDraw(side) => {
                offer(side)?;
                self.draw_offer = None;
                self.sync_draw_tag();
                EventKind::DrawDeclined { by: side }
            }
            PgnAction::Resign(side) => {
                self.set_ending(Ending {
                    outcome: Outcome::loss_for(side),
                    reason: format!("{} resigns", side.title()),
                });
                EventKind::Resigned { by: side }
            }
            PgnAction::Adjudicate(outcome) => {
                let reason = reason.trim();
                if reason.is_empty() {
                    return Err(Rejection::EmptyReason);
                }
                check_value("--reason", reason).map_err(Rejection::BadValue)?;
                self.set_ending(Ending {
                    outcome,
                    reason: format!("{ADJUDICATED}{reason}"),
                });
                EventKind::Adjudicated {
                    outcome,
                    reason: reason.to_string(),
                }
            }
            PgnAction::Leave { by, days } => {
                self.add_leave(by, days);
                EventKind::Leave { by, days }
            }
            PgnAction::Choose { by, role } => self.apply_choice(by, role)?,
        };
        self.record_event(kind, at, "", true);
        Ok(())
    }
}
