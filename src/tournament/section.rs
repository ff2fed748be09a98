//! The section file, `NAME/section.toml`: who plays (with their
//! numbers), and which game file holds which round and board. The game
//! files hold the results; the section file only says what belongs
//! together.
//!
//! ```toml
//! name = "club"
//! event = "Club championship"
//! double = false
//! rules = "nost"
//! time_control = "10/50d"
//! start = "2026-11-20T09:00:00Z"
//!
//! [[players]]
//! number = 1
//! name = "Ada Lovelace"
//! email = "ada@example.org"
//!
//! [[games]]
//! round = 1
//! board = 1
//! white = 1
//! black = 4
//! file = "r01-b01.pgn"
//!
//! [[byes]]
//! round = 1
//! player = 5
//!
//! [[substituted]]
//! player = 2
//! old_name = "Alan Adams"
//! old_email = "alan@example.org"
//! new_name = "Bob Brown"
//! at = "2026-12-01T10:00:00Z"
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::SectionError;
use super::standings::Competitor;
use crate::durable;

/// The section file's name in its folder.
pub const SECTION_FILE: &str = "section.toml";

/// The largest section file read: far above any real section.
const MAX_SECTION_BYTES: u64 = 1 << 20;

/// What a section file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The folder's name in the games folder.
    pub name: String,
    /// The games' Event tag.
    pub event: String,
    /// Whether every pair meets twice.
    pub double: bool,
    /// The games' rule set, as their Rules tag.
    pub rules: String,
    /// The games' time control, as their TimeControl tag.
    pub time_control: String,
    /// When every game started (RFC 3339, UTC).
    pub start: String,
    /// In the order of their numbers.
    pub players: Vec<Entrant>,
    /// In the order of rounds and boards.
    pub games: Vec<SectionGame>,
    /// Who sits out which round (an odd number of players only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<Bye>,
    /// The players withdrawn, in the order they withdrew
    /// (`tournament withdraw`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawn: Vec<Withdrawal>,
    /// The seats taken over by a substitute, in the order they were
    /// (`tournament replace`). The seat's entry in `players` is the
    /// substitute; this keeps who held it before, whose finished games
    /// still count for the seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub substituted: Vec<Substitution>,
}

/// A seat taken over by a substitute: the player who held it before,
/// and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Substitution {
    /// The seat's number.
    pub player: u32,
    /// Who held it before, as the section file had them.
    pub old_name: String,
    pub old_email: String,
    /// The substitute's name (the seat's entry has it too, until a later
    /// substitution).
    pub new_name: String,
    /// When the substitute took over (RFC 3339, UTC).
    pub at: String,
    /// The director's reason, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A player's withdrawal from the section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    /// The player's number.
    pub player: u32,
    /// When they withdrew (RFC 3339, UTC).
    pub at: String,
    /// The rule their games were settled under (`iccf`, `forfeit`,
    /// `cancel`).
    pub rule: String,
    /// The director's reason, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A player of the section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// From 1, as the Berger tables number players.
    pub number: u32,
    pub name: String,
    pub email: String,
}

/// One game of the section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionGame {
    pub round: u32,
    pub board: u32,
    /// White's number.
    pub white: u32,
    /// Black's number.
    pub black: u32,
    /// The game file's name in the section's folder.
    pub file: String,
}

/// A round a player sits out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bye {
    pub round: u32,
    /// The player's number.
    pub player: u32,
}

impl Section {
    /// The file's text: a line saying what it is, then the TOML.
    pub fn to_text(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!(
            "# A round-robin section, written by `dynamo tournament new`. The game\n\
             # files hold the results; this file says who plays which game.\n\n{body}"
        )
    }

    /// Reads and checks the text of a section file; `path` is where it
    /// came from, for the errors.
    pub fn parse(text: &str, path: &Path) -> Result<Section, SectionError> {
        let invalid = |why: String| SectionError::Invalid {
            path: path.to_path_buf(),
            why,
        };
        let section: Section = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| 1 + text[..s.start].matches('\n').count())
                .map_or(String::new(), |l| format!("line {l}: "));
            invalid(format!("{line}{}", e.message()))
        })?;
        section.check().map_err(invalid)?;
        Ok(section)
    }

    /// The seats as they are now, in the order of their numbers: what
    /// the standings know before any game is read.
    pub fn competitors(&self) -> Vec<Competitor> {
        self.players
            .iter()
            .map(|p| Competitor {
                name: p.name.clone(),
                email: Some(p.email.clone()),
            })
            .collect()
    }

    /// Who held a seat before its substitute, with the seat's number:
    /// their games count for the seat
    /// ([`super::Standings::compute_seated`]).
    pub fn predecessors(&self) -> Vec<(u32, Competitor)> {
        self.substituted
            .iter()
            .map(|s| {
                let before = Competitor {
                    name: s.old_name.clone(),
                    email: Some(s.old_email.clone()),
                };
                (s.player, before)
            })
            .collect()
    }

    /// Reads the section file in `folder`.
    pub fn load(folder: &Path) -> Result<Section, SectionError> {
        let path = folder.join(SECTION_FILE);
        let bytes = durable::read_regular(&path, MAX_SECTION_BYTES)?;
        let text = String::from_utf8(bytes).map_err(|_| SectionError::Invalid {
            path: path.clone(),
            why: "not UTF-8 text".to_string(),
        })?;
        Section::parse(&text, &path)
    }

    /// What a hand-edited file could get wrong: numbers out of order or
    /// naming nobody, and file names that leave the folder.
    fn check(&self) -> Result<(), String> {
        for (i, p) in self.players.iter().enumerate() {
            if p.number as usize != i + 1 {
                return Err(format!(
                    "player {} ({}) should be number {}: players are numbered from 1 in order",
                    p.number,
                    p.name,
                    i + 1
                ));
            }
        }
        let n = self.players.len() as u32;
        let known = |number: u32| (1..=n).contains(&number);
        for g in &self.games {
            if !known(g.white) || !known(g.black) || g.white == g.black {
                return Err(format!(
                    "game {}: White {} and Black {} must be two players' numbers",
                    g.file, g.white, g.black
                ));
            }
            if !is_plain_game_name(&g.file) {
                return Err(format!(
                    "game file {}: a game file's name in the section's folder, \
                     ending in .pgn, is wanted",
                    dynamo_core::quoted(&g.file)
                ));
            }
        }
        if let Some(b) = self.byes.iter().find(|b| !known(b.player)) {
            return Err(format!("bye in round {}: no player {}", b.round, b.player));
        }
        if let Some(w) = self.withdrawn.iter().find(|w| !known(w.player)) {
            return Err(format!("withdrawal at {}: no player {}", w.at, w.player));
        }
        if let Some(s) = self.substituted.iter().find(|s| !known(s.player)) {
            return Err(format!("substitution at {}: no player {}", s.at, s.player));
        }
        Ok(())
    }
}

/// A file name in the folder itself: no folder part, not hidden, `.pgn`.
fn is_plain_game_name(name: &str) -> bool {
    !name.contains(['/', '\\'])
        && !name.starts_with('.')
        && name.len() > ".pgn".len()
        && name.ends_with(".pgn")
        && !name.chars().any(char::is_control)
}

/// The game file of `round` and `board`: `r01-b01.pgn`, which sorts in
/// round and board order (a section has at most 46 rounds of 12 boards).
pub fn game_file_name(round: u32, board: u32) -> String {
    format!("r{round:02}-b{board:02}.pgn")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section() -> Section {
        Section {
            name: "club".into(),
            event: "Club \"open\"".into(),
            double: false,
            rules: "nost".into(),
            time_control: "10/50d".into(),
            start: "2026-11-20T09:00:00Z".into(),
            players: vec![
                Entrant {
                    number: 1,
                    name: "Ada".into(),
                    email: "ada@example.org".into(),
                },
                Entrant {
                    number: 2,
                    name: "Lefèvre, Jean-Pierre".into(),
                    email: "jp@example.fr".into(),
                },
            ],
            games: vec![SectionGame {
                round: 1,
                board: 1,
                white: 1,
                black: 2,
                file: game_file_name(1, 1),
            }],
            byes: Vec::new(),
            withdrawn: Vec::new(),
            substituted: Vec::new(),
        }
    }

    #[test]
    fn the_text_reads_back() {
        let s = section();
        let text = s.to_text();
        assert!(text.contains("\n[[players]]\nnumber = 1\n"), "{text}");
        assert_eq!(Section::parse(&text, Path::new("x")).expect("reads"), s);
    }

    #[test]
    fn a_game_file_outside_the_folder_is_refused() {
        let mut s = section();
        s.games[0].file = "../other/r01-b01.pgn".into();
        let err = Section::parse(&s.to_text(), Path::new("club/section.toml")).expect_err("bad");
        assert_eq!(
            err.to_string(),
            "club/section.toml: game file '../other/r01-b01.pgn': a game file's name in the \
             section's folder, ending in .pgn, is wanted"
        );
    }

    #[test]
    fn an_unknown_key_is_named_with_its_line() {
        let text = section()
            .to_text()
            .replace("double = false", "doubled = false");
        let err = Section::parse(&text, Path::new("s.toml")).expect_err("bad");
        assert!(
            err.to_string()
                .starts_with("s.toml: line 6: unknown field `doubled`"),
            "{err}"
        );
    }
}
