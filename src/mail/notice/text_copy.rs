//! One player's copy of a notice as plain text: the notice's lines in
//! their order, the board as a text diagram from that player's side.

use std::fmt::Write;

use dynamo_core::Color;

use super::facts::Notice;
use crate::mail::messages::Args;
use crate::render::diagram::{self, Charset};

impl Notice {
    /// The plain-text copy for the player of `side`; `reply_to` is where
    /// replies go, in words.
    pub fn text(&self, side: Color, reply_to: &str) -> String {
        self.speaking(self.languages[side])
            .text_said(side, reply_to)
    }

    fn text_said(&self, side: Color, reply_to: &str) -> String {
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
        let heading = self.say("how-to-reply", &Args::new());
        let rule = "-".repeat(heading.chars().count());
        let _ = write!(out, "\n{heading}\n{rule}\n");
        for line in self.reply_lines(side, reply_to) {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "\n{}", self.say("moves-heading", &Args::new()));
        out.push_str(&self.move_list());
        let (fen, previous) = self.fen_lines();
        let _ = writeln!(out, "\nFEN: {fen}");
        if let Some(previous) = previous {
            let before = self.say("fen-before", &Args::new().text("fen", previous));
            let _ = writeln!(out, "{before}");
        }
        let _ = write!(out, "\n-- \n{}\n", self.say("signature", &Args::new()));
        out
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use dynamo_core::Color;

    use crate::game::LeaveDays;
    use crate::game::sample::on_leave;
    use crate::mail::notice::facts::{Notice, sample_game, sample_start};

    /// The notice of Bob's leave says whose it is, for which days, that
    /// his clock stops, and each copy carries the line about it.
    #[test]
    fn a_leave_notice_names_the_days_and_the_stopped_clock() {
        let leave = LeaveDays::parse("2024-04-25", "2024-05-10").expect("dates");
        let at = sample_start() + Duration::days(1);
        let game = on_leave(&sample_game(&["e2e4"]), Color::Black, leave, at);
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
