//! The verdict on a move, the report of `move` and `check`: in words the
//! move and the board after it, as JSON one line with a stable name for
//! the rule that refuses a move. Scripts read these keys and names: they
//! are part of the interface (docs/reference.md, "JSON").

use std::fmt;
use std::io::Write;

use anyhow::Result;
use dynamo::game::clock::format_time;
use dynamo::game::{Checked, Ending, Rejection};
use dynamo::render::diagram;
use dynamo_core::{Illegal, MoveError, Position, Status};
use serde::Serialize;

use super::report::AlreadyRecorded;
use crate::cli::support::args::charset;
use crate::cli::support::printer::{Printer, Report};
use crate::exit::Exit;

/// What `move` or `check` says of a move: the verdict's JSON, and its
/// words.
#[derive(Serialize)]
#[serde(transparent)]
pub(super) struct Verdict<'a> {
    json: VerdictJson<'a>,
    #[serde(skip)]
    words: Words,
}

/// A verdict in words: its first line, the board after the move, then
/// lines that follow it (a result or the clock, the replies a move set
/// off, a note).
struct Words {
    head: String,
    board: Option<Board>,
    notes: Vec<String>,
}

/// The board after the move; `status` when the line under it says the
/// position's state (check, mate, stalemate) rather than only whose
/// turn it is.
struct Board {
    after: Position,
    ascii: bool,
    status: bool,
}

impl<'a> Verdict<'a> {
    /// A legal move: `label display`, the board after it with its state,
    /// then `notes`.
    pub(super) fn legal(
        json: VerdictJson<'a>,
        label: &str,
        display: &str,
        after: &Position,
        ascii: bool,
        notes: Vec<String>,
    ) -> Verdict<'a> {
        Verdict {
            json,
            words: Words {
                head: format!("{label} {display}"),
                board: Some(Board {
                    after: after.clone(),
                    ascii,
                    status: true,
                }),
                notes,
            },
        }
    }

    /// The owner's choice alone, `2. =Q (White chose the queen)`: the
    /// board with the chosen piece, then `notes` (who is to move, the
    /// clock).
    pub(super) fn chosen(
        json: VerdictJson<'a>,
        head: String,
        after: &Position,
        ascii: bool,
        notes: Vec<String>,
    ) -> Verdict<'a> {
        Verdict {
            json,
            words: Words {
                head,
                board: Some(Board {
                    after: after.clone(),
                    ascii,
                    status: false,
                }),
                notes,
            },
        }
    }

    /// A move sent again: one line in words, the recorded move as JSON.
    pub(super) fn duplicate(text: &'a str, dup: &AlreadyRecorded) -> Verdict<'a> {
        Verdict {
            json: VerdictJson::duplicate(text, dup),
            words: Words {
                head: dup.to_string(),
                board: None,
                notes: Vec::new(),
            },
        }
    }

    /// Says that a move was sent again; exit 0.
    pub(super) fn already(
        dup: &AlreadyRecorded,
        printer: &Printer,
        text: &str,
        out: &mut impl Write,
    ) -> Result<Exit> {
        printer.out(&Verdict::duplicate(text, dup), out)?;
        Ok(Exit::Ok)
    }

    /// A refused move; nothing was recorded. As JSON, the refused move's
    /// verdict, with the refusal's exit code; in words (and any other
    /// error), the error passed on (see [`Printer::refused`]).
    pub(super) fn or_error(
        err: anyhow::Error,
        printer: &Printer,
        text: &str,
        out: &mut impl Write,
    ) -> Result<Exit> {
        printer.refused(err, |r| VerdictJson::rejected(text, &r.0), out)
    }
}

impl fmt::Display for Verdict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = &self.words;
        writeln!(f, "{}", words.head)?;
        if let Some(board) = &words.board {
            let after = &board.after;
            write!(f, "{}", diagram::board(after, charset(board.ascii)))?;
            if board.status {
                let side = after.turn().title();
                match after.status() {
                    Status::Ongoing => writeln!(f, "{side} to move")?,
                    Status::Check => writeln!(f, "{side} to move, in check")?,
                    Status::Checkmate => {
                        writeln!(f, "Checkmate: {} wins", (!after.turn()).title())?
                    }
                    Status::Stalemate => {
                        writeln!(f, "Stalemate: {side} has no legal move; the game is drawn")?
                    }
                }
            }
        }
        for note in &words.notes {
            writeln!(f, "{note}")?;
        }
        Ok(())
    }
}

impl Report for Verdict<'_> {
    const ONE_LINE: bool = true;
}

/// A refused move's verdict is printed only as JSON: in words, the
/// refusal is the command's error (see [`Verdict::or_error`]).
impl fmt::Display for VerdictJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(reason) = &self.reason {
            writeln!(f, "{reason}")?;
        }
        Ok(())
    }
}

impl Report for VerdictJson<'_> {
    const ONE_LINE: bool = true;
}

/// One verdict. A legal move fills the move's keys, a refused one
/// `reason` and `rule`, a move sent again (`duplicate`) the recorded
/// move's keys and `received`; the others are `null`.
#[derive(Serialize)]
pub(super) struct VerdictJson<'a> {
    /// `legal`, `rejected` or `duplicate`.
    verdict: &'static str,
    /// Whether the move is now in the game file.
    recorded: bool,
    /// The move as submitted.
    text: &'a str,
    /// Canonical notation.
    #[serde(rename = "move")]
    mv: Option<String>,
    /// Canonical notation with `+` or `#`.
    display: Option<String>,
    /// The side that moves.
    side: Option<&'static str>,
    /// Its move number.
    number: Option<u32>,
    /// The position after the move.
    fen: Option<String>,
    /// `ongoing`, `check`, `checkmate` or `stalemate` after the move.
    status: Option<&'static str>,
    /// The result, when the move ends the game.
    result: Option<&'static str>,
    /// Why the move is refused, in words.
    reason: Option<String>,
    /// The rule that refuses it, as a stable name (see [`rule_name`]).
    rule: Option<&'static str>,
    /// For a duplicate, when the move was recorded.
    received: Option<String>,
}

impl<'a> VerdictJson<'a> {
    /// A legal move numbered `number`; `ending` when recording it ended
    /// the game.
    pub(super) fn legal(
        text: &'a str,
        checked: &Checked,
        number: u32,
        recorded: bool,
        ending: Option<&Ending>,
    ) -> VerdictJson<'a> {
        VerdictJson {
            verdict: "legal",
            recorded,
            text,
            mv: Some(checked.notation.clone()),
            display: Some(checked.display.clone()),
            side: Some(checked.mover.name()),
            number: Some(number),
            fen: Some(checked.after.to_fen()),
            status: Some(checked.after.status().as_str()),
            result: ending.map(|e| e.outcome.pgn()),
            reason: None,
            rule: None,
            received: None,
        }
    }

    /// The owner's choice alone, `=Q`, recorded for `side` at move
    /// `number`: the position after it, the owner still to move
    /// (docs/RULES.md §9.1).
    pub(super) fn chosen(
        text: &'a str,
        role: dynamo_core::Role,
        side: dynamo_core::Color,
        number: u32,
        after: &Position,
    ) -> VerdictJson<'a> {
        VerdictJson {
            verdict: "legal",
            recorded: true,
            text,
            mv: Some(format!("={}", role.upper_char())),
            display: Some(format!("={}", role.upper_char())),
            side: Some(side.name()),
            number: Some(number),
            fen: Some(after.to_fen()),
            status: Some(after.status().as_str()),
            result: None,
            reason: None,
            rule: None,
            received: None,
        }
    }

    /// A move sent again: the move as recorded, nothing new recorded.
    pub(super) fn duplicate(text: &'a str, dup: &AlreadyRecorded) -> VerdictJson<'a> {
        let (m, after) = (&dup.recorded, &dup.after);
        let mut display = m.notation.clone();
        match after.status() {
            Status::Check => display.push('+'),
            Status::Checkmate => display.push('#'),
            _ => {}
        }
        VerdictJson {
            verdict: "duplicate",
            recorded: true,
            text,
            mv: Some(m.notation.clone()),
            display: Some(display),
            side: Some(m.mover.name()),
            number: Some(m.number),
            fen: Some(after.to_fen()),
            status: Some(after.status().as_str()),
            result: Ending::forced_by(after).map(|e| e.outcome.pgn()),
            reason: None,
            rule: None,
            received: Some(format_time(m.received)),
        }
    }

    pub(super) fn rejected(text: &'a str, why: &Rejection) -> VerdictJson<'a> {
        let reason = match why {
            // The move's text is a key of its own.
            Rejection::Move(e @ MoveError::Illegal { .. }) => e.why(),
            other => other.to_string(),
        };
        VerdictJson {
            verdict: "rejected",
            recorded: false,
            text,
            mv: None,
            display: None,
            side: None,
            number: None,
            fen: None,
            status: None,
            result: None,
            reason: Some(reason),
            rule: Some(rule_name(why)),
            received: None,
        }
    }
}

/// The stable name of what refuses an action: the rule of the game a move
/// breaks, or why it cannot be recorded. `rejected` stands for a refusal
/// this version has no name for yet.
pub(super) fn rule_name(why: &Rejection) -> &'static str {
    match why {
        Rejection::Move(MoveError::Syntax(_)) => "notation",
        Rejection::Move(MoveError::Illegal { reason, .. }) => illegal_name(reason),
        Rejection::GameOver(_) => "game-over",
        Rejection::NotYourTurn { .. } => "not-your-turn",
        Rejection::UnknownAddress(_) => "unknown-address",
        Rejection::AddressMismatch { .. } => "address-mismatch",
        Rejection::AmbiguousAddress(_) => "ambiguous-address",
        Rejection::TimeOrder { .. } => "time-order",
        Rejection::Future { .. } => "future-time",
        Rejection::AlreadyOffered(_) => "draw-already-offered",
        Rejection::OfferPending { .. } => "draw-offer-pending",
        Rejection::NoOffer(_) => "no-draw-offer",
        Rejection::BadResult(_) => "bad-result",
        Rejection::EmptyReason => "empty-reason",
        Rejection::BadValue(_) => "bad-value",
        _ => "rejected",
    }
}

/// The rule an illegal move breaks (docs/RULES.md), by name.
fn illegal_name(why: &Illegal) -> &'static str {
    match why {
        Illegal::NoPiece(_) => "no-piece",
        Illegal::NotYourPiece { .. } => "not-your-piece",
        Illegal::WrongPiece { .. } => "wrong-piece",
        Illegal::NoTarget(_) => "nothing-to-shove",
        Illegal::SelfTarget => "self-shove",
        Illegal::KingLeavesBoard => "king-leaves-board",
        Illegal::PawnLeavesBoard => "pawn-leaves-board",
        Illegal::PawnPull => "pawn-pull",
        Illegal::Capture => "capture",
        Illegal::Occupied(_) => "occupied",
        Illegal::Blocked { .. } => "blocked",
        Illegal::NotAMove { .. } => "piece-movement",
        Illegal::CannotLeave { .. } => "cannot-leave-board",
        Illegal::NotInReach { .. } => "out-of-reach",
        Illegal::StationaryPull => "stationary-pull",
        Illegal::NoSuchShove(_) => "shove-squares",
        Illegal::NotInPosition(_) => "not-in-position",
        Illegal::NoFit { .. } => "no-fit",
        Illegal::WrongMoveNumber { .. } => "wrong-move-number",
        Illegal::WrongSideNumbered { .. } => "wrong-side-numbered",
        Illegal::Ambiguous(_) => "ambiguous",
        Illegal::PromotionMissing(_) => "promotion-missing",
        Illegal::PromotionNotAllowed => "promotion-not-allowed",
        Illegal::BadPromotion(_) => "bad-promotion",
        Illegal::ChoiceMissing { .. } => "choice-missing",
        Illegal::NoChoicePending => "no-choice-pending",
        Illegal::OwnerChooses(_) => "owner-chooses",
        Illegal::OwnKingOffBoard => "own-king-off-board",
        Illegal::LeavesKingInCheck => "king-in-check",
        Illegal::KingTransit { .. } => "king-transit",
        Illegal::NoUndo => "no-undo",
        Illegal::CastlingRightLost { .. } => "castling-right-lost",
        Illegal::CastlingNotPossible { .. } => "castling-blocked",
        Illegal::CastlingOutOfCheck => "castling-out-of-check",
        Illegal::CastlingThroughCheck(_) => "castling-through-check",
        _ => "illegal",
    }
}
