//! One player's copy of a notice, as plain text and as HTML: the same
//! lines in the same order, the board from that player's side.
//!
//! The HTML is made for small screens: the picture scales down with the
//! window (never wider than the window, never wider than drawn), long
//! lines such as the FEN wrap, and nothing sets a fixed width.

use std::fmt::Write;

use dynamo_core::Color;

use super::notice::{Notice, long_date, numbered};
use super::reply::how_to_reply;
use super::text::one_line;
use crate::diagram::{self, Charset};
use crate::game::EventKind;
use crate::game::clock::format_time_short;
use crate::html::escape;
use crate::render::BOARD_PX;

const SIGNATURE: &str = "Sent by dynamo, the Dynamo Chess adjudicator.";

impl Notice {
    /// The lines about the game, before the board: what happened and
    /// whose move it is.
    fn opening(&self, side: Color) -> Vec<String> {
        let mut lines = vec![
            format!("Dear {},", self.name(side)),
            String::new(),
            self.headline(),
            self.turn_line(side),
        ];
        if let Some(event) = self.event_line() {
            lines.push(event);
        }
        lines.push(format!(
            "{} – {}",
            self.named(Color::White),
            self.named(Color::Black)
        ));
        lines
    }

    /// The lines after the board: last move, losses, clocks, the draw
    /// offer, the result.
    fn details(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match self.moves.last() {
            Some(m) => lines.push(format!(
                "Last move: {} by {}, received {}",
                numbered(m),
                self.name(m.mover),
                format_time_short(m.received)
            )),
            None => lines.push("No moves yet.".to_string()),
        }
        if let Some(exits) = self.exits_line() {
            lines.push(exits);
        }
        lines.push(self.lost_line());
        lines.extend(self.clock_lines());
        lines.extend(self.leave_lines());
        if let Some(draw) = self.draw_line() {
            lines.push(draw);
        }
        if let Some(ending) = &self.ending {
            lines.push(format!(
                "Result: {} — {}",
                ending.outcome,
                one_line(&ending.reason)
            ));
        }
        lines
    }

    /// How to reply, for the player of `side`, ending with where replies
    /// go (`reply_to`, in words).
    pub(super) fn reply_lines(&self, side: Color, reply_to: &str) -> Vec<String> {
        let opponent = self.name(!side);
        match how_to_reply(
            &self.position,
            side,
            &opponent,
            self.draw_offer,
            self.ending.is_some(),
        ) {
            Some(mut lines) => {
                lines.push(format!("Replies go to {reply_to}."));
                lines
            }
            None => vec!["The game is over: no reply is needed.".to_string()],
        }
    }

    /// The plain-text copy for the player of `side`; `reply_to` is where
    /// replies go, in words.
    pub fn text(&self, side: Color, reply_to: &str) -> String {
        let mut out = String::new();
        for line in self.opening(side) {
            let _ = writeln!(out, "{line}");
        }
        out.push('\n');
        out.push_str(&diagram::board_from(&self.position, Charset::Ascii, side));
        out.push('\n');
        for line in self.details() {
            let _ = writeln!(out, "{line}");
        }
        out.push_str("\nHow to reply\n------------\n");
        for line in self.reply_lines(side, reply_to) {
            let _ = writeln!(out, "{line}");
        }
        out.push_str("\nMoves:\n");
        out.push_str(&self.move_list());
        let (fen, previous) = self.fen_lines();
        let _ = writeln!(out, "\nFEN: {fen}");
        if let Some(previous) = previous {
            let _ = writeln!(out, "Board before the last move (no-undo rule): {previous}");
        }
        let _ = write!(out, "\n-- \n{SIGNATURE}\n");
        out
    }

    /// The HTML copy for the player of `side`; `board_cid` names the
    /// inline picture (no `<>`).
    pub fn html(&self, side: Color, board_cid: &str, reply_to: &str) -> String {
        let mut out = String::new();
        out.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n");
        out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        let _ = writeln!(out, "<title>{}</title>", escape(&self.subject(side)));
        out.push_str(
            "</head>\n<body style=\"margin:0;padding:8px;font-family:sans-serif;\
             line-height:1.4;overflow-wrap:anywhere\">\n<div style=\"max-width:640px\">\n",
        );
        let opening = self.opening(side);
        let _ = writeln!(out, "<p>{}</p>", escape(&opening[0]));
        let _ = writeln!(
            out,
            "<p>{}<br>\n<b>{}</b></p>",
            escape(&opening[2]),
            escape(&opening[3])
        );
        for line in &opening[4..] {
            let _ = writeln!(out, "<p>{}</p>", escape(line));
        }
        let (fen, previous) = self.fen_lines();
        let _ = writeln!(
            out,
            "<p><img id=\"board\" src=\"cid:{}\" width=\"{BOARD_PX}\" height=\"{BOARD_PX}\" \
             style=\"display:block;width:100%;max-width:{BOARD_PX}px;height:auto\" alt=\"{}\"></p>",
            escape(board_cid),
            escape(&format!(
                "The board from {}'s side. FEN: {fen}",
                side.title()
            ))
        );
        out.push_str("<ul style=\"padding-left:1.2em\">\n");
        for line in self.details() {
            let _ = writeln!(out, "<li>{}</li>", escape(&line));
        }
        out.push_str("</ul>\n<h3 style=\"margin-bottom:0.3em\">How to reply</h3>\n<p>");
        let reply = self.reply_lines(side, reply_to);
        let mut first = true;
        for line in &reply {
            if !first {
                out.push_str("<br>\n");
            }
            first = false;
            match line.strip_prefix("  ") {
                Some(phrase) => {
                    let (word, rest) = phrase.split_at(phrase.len().min(13));
                    let _ = write!(
                        out,
                        "&nbsp;&nbsp;<code><b>{}</b></code> {}",
                        escape(word.trim_end()),
                        escape(rest.trim_start())
                    );
                }
                None => out.push_str(&escape(line)),
            }
        }
        out.push_str("</p>\n");
        let _ = writeln!(
            out,
            "<p>Moves:</p>\n<pre style=\"white-space:pre-wrap\">{}</pre>",
            escape(&self.move_list())
        );
        let _ = writeln!(
            out,
            "<details><summary>Text diagram</summary><pre>{}</pre></details>",
            escape(&diagram::board_from(&self.position, Charset::Ascii, side))
        );
        let _ = writeln!(
            out,
            "<p>FEN: <code style=\"word-break:break-all\">{}</code></p>",
            escape(&fen)
        );
        if let Some(previous) = previous {
            let _ = writeln!(
                out,
                "<p>Board before the last move (no-undo rule): \
                 <code style=\"word-break:break-all\">{}</code></p>",
                escape(&previous)
            );
        }
        let _ = writeln!(out, "<p style=\"color:#777\">{SIGNATURE}</p>");
        out.push_str("</div>\n</body></html>\n");
        out
    }
}

/// The lines about clocks, losses, the draw offer, the moves and the
/// position: the same in every copy.
impl Notice {
    /// The clock lines: each player's time, then the next deadline.
    pub fn clock_lines(&self) -> Vec<String> {
        let Some(clocks) = &self.clocks else {
            return Vec::new();
        };
        let running = &clocks.running;
        let describe = crate::game::clock::describe;
        let left = if running.is_over() {
            format!("{} over the time limit", describe(running.left))
        } else {
            format!("{} left", describe(running.left))
        };
        let on_leave = self
            .leave
            .iter()
            .any(|l| l.side == running.side && l.current);
        let state = if on_leave {
            "stopped for leave"
        } else {
            "running"
        };
        let mut lines = vec![format!(
            "Clock of {}: {left}, {state}",
            self.named(running.side)
        )];
        if let Some(other) = clocks.other_left {
            lines.push(format!(
                "Clock of {}: {} for the next move, not running",
                self.named(!running.side),
                describe(other)
            ));
        }
        lines.push(format!(
            "Next deadline: {}, for {}'s move",
            format_time_short(running.deadline),
            self.name(running.side)
        ));
        lines
    }

    /// Each player's leave, going on or to come, in a sentence:
    /// `Leave: Ada is on leave until 10 December 2026; Ada's clock is
    /// stopped.`
    pub fn leave_lines(&self) -> Vec<String> {
        self.leave
            .iter()
            .map(|l| {
                let name = self.name(l.side);
                if l.current {
                    format!(
                        "Leave: {name} is on leave until {}; {name}'s clock is stopped.",
                        long_date(l.days.to())
                    )
                } else {
                    format!(
                        "Leave: {name} will be on leave from {} to {}; {name}'s clock will not run on those days.",
                        long_date(l.days.from()),
                        long_date(l.days.to())
                    )
                }
            })
            .collect()
    }

    /// The standing draw offer, in a sentence.
    pub fn draw_line(&self) -> Option<String> {
        self.draw_offer.map(|by| {
            format!(
                "Draw offer: {} has offered a draw; it stands until {} accepts or declines it, or moves.",
                self.name(by),
                self.name(!by)
            )
        })
    }

    /// The pieces each side has lost off the board:
    /// `Off the board: White lost 2 pawns, rook; Black lost nothing.`
    pub fn lost_line(&self) -> String {
        let side = |color: Color| {
            let pieces = &self.replayed.lost[color];
            let mut parts = Vec::new();
            for role in dynamo_core::Role::ALL {
                let n = pieces.iter().filter(|p| p.role == role).count();
                match n {
                    0 => {}
                    1 => parts.push(role.name().to_string()),
                    n => parts.push(format!("{n} {}s", role.name())),
                }
            }
            let what = if parts.is_empty() {
                "nothing".to_string()
            } else {
                parts.join(", ")
            };
            format!("{} lost {what}", color.title())
        };
        format!(
            "Off the board: {}; {}.",
            side(Color::White),
            side(Color::Black)
        )
    }

    /// The pieces the last move took off the board:
    /// `Left the board: the white rook from h8, the black pawn from h7.`
    pub fn exits_line(&self) -> Option<String> {
        let (before, mv) = self.replayed.last.as_ref()?;
        if !matches!(self.happened.kind, EventKind::Moved) {
            return None;
        }
        let exits = super::picture::marks(before, mv).exits;
        if exits.is_empty() {
            return None;
        }
        let each: Vec<String> = exits
            .iter()
            .map(|e| {
                format!(
                    "the {} {} from {}",
                    e.piece.color.name(),
                    e.piece.role.name(),
                    e.from
                )
            })
            .collect();
        Some(format!("Left the board: {}.", each.join(", ")))
    }

    /// The move list, one full move a line: ` 1. e2e4      f7f6`.
    pub fn move_list(&self) -> String {
        if self.moves.is_empty() {
            return "(none)\n".to_string();
        }
        let width = self
            .moves
            .iter()
            .map(|m| one_line(&m.notation).chars().count())
            .max()
            .unwrap_or(0)
            + 2;
        let digits = self.moves.last().map_or(1, |m| m.number.to_string().len());
        let mut out = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let n = mv.number;
            let notation = one_line(&mv.notation);
            match mv.mover {
                Color::White => out.push_str(&format!("{n:>digits$}. {notation:<width$}")),
                Color::Black => {
                    let continues = i > 0 && self.moves[i - 1].mover == Color::White;
                    if !continues {
                        out.push_str(&format!("{n:>digits$}. {:<width$}", "..."));
                    }
                    out.push_str(&notation);
                }
            }
            if mv.mover == Color::Black || i + 1 == self.moves.len() {
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
        }
        out
    }

    /// The position as standard FEN (six fields), and the board before the
    /// last move that the no-undo rule needs, when there is one.
    pub fn fen_lines(&self) -> (String, Option<String>) {
        let full = self.position.to_fen();
        let fields: Vec<&str> = full.split(' ').collect();
        let standard = fields[..fields.len().min(6)].join(" ");
        let previous = fields.get(6).filter(|f| **f != "-").map(|f| f.to_string());
        (standard, previous)
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use dynamo_core::Color;

    use crate::game::LeaveDays;
    use crate::mail::notice::{Notice, sample_game, sample_start};

    /// The notice of Bob's leave says whose it is, for which days, that
    /// his clock stops, and each copy carries the line about it.
    #[test]
    fn a_leave_notice_names_the_days_and_the_stopped_clock() {
        let leave = LeaveDays::parse("2024-04-25", "2024-05-10").expect("dates");
        let at = sample_start() + Duration::days(1);
        let game = sample_game(&["e2e4"])
            .take_leave(Color::Black, leave, at)
            .expect("leave");
        let before = Notice::from_game(&game, at);
        assert_eq!(
            before.headline(),
            "Bob (Black) is on leave from 25 April 2024 to 10 May 2024: Bob's clock does not \
             run on those days (2024-04-22 12:00 UTC)."
        );
        assert_eq!(before.summary(), "Bob on leave 2024-04-25 to 2024-05-10");
        assert_eq!(
            before.leave_lines(),
            [
                "Leave: Bob will be on leave from 25 April 2024 to 10 May 2024; Bob's clock \
              will not run on those days."
            ]
        );
        let during = Notice::from_game(&game, sample_start() + Duration::days(5));
        let line = "Leave: Bob is on leave until 10 May 2024; Bob's clock is stopped.";
        assert_eq!(during.leave_lines(), [line]);
        assert!(
            during.clock_lines()[0].ends_with(", stopped for leave"),
            "{:?}",
            during.clock_lines()
        );
        assert!(before.clock_lines()[0].ends_with(", running"));
        assert!(during.text(Color::White, "td").contains(line));
        let html = during.html(Color::Black, "b", "td");
        assert!(html.contains(&line.replace('\'', "&#39;")), "{html}");
        let after = Notice::from_game(&game, sample_start() + Duration::days(20));
        assert!(after.leave_lines().is_empty());
    }
}
