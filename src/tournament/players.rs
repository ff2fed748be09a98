//! The players file of a section: one `Name <address>` a line, in the
//! order of their numbers (the drawing of lots), `#` comments and blank
//! lines allowed; a line may end with the player's language,
//! `Name <address> lang=it`.

use crate::game::pgn::check_value;
use crate::game::{Language, Player};

/// One player of a players file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub player: Player,
    /// The `lang=` field; `None` leaves it to the command or the config.
    pub language: Option<Language>,
}

/// Splits a line's `lang=CODE` field off its end.
fn language_field(line: &str) -> Result<(&str, Option<Language>), String> {
    match line.rsplit_once(char::is_whitespace) {
        Some((rest, field)) if field.starts_with("lang=") => {
            let code = &field["lang=".len()..];
            let language = code.parse::<Language>().map_err(|e| e.to_string())?;
            Ok((rest.trim_end(), Some(language)))
        }
        _ => Ok((line, None)),
    }
}

/// The fewest players of a section: two play a match.
pub const MIN_PLAYERS: usize = 2;

/// The most players of a section: 276 games (552 in a double round
/// robin), each created under its own recording lock when notices are
/// mailed, all held until the section is in place.
pub const MAX_PLAYERS: usize = 24;

/// Why a players file is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayersError {
    /// A line that does not name one player well.
    #[error("line {line}: {why}")]
    Line {
        /// From 1.
        line: usize,
        /// What is wrong, in words.
        why: String,
    },
    /// Fewer than [`MIN_PLAYERS`] or more than [`MAX_PLAYERS`].
    #[error(
        "{found} player(s); a section needs {MIN_PLAYERS} to {MAX_PLAYERS}, one `Name <address>` a line"
    )]
    Count {
        /// How many players the file names.
        found: usize,
    },
}

/// Reads a players file: player 1 on the first player line, and so on.
/// Every player needs an address, as notices go there and standings know
/// a player by it; names and addresses must differ (without regard to
/// letter case).
pub fn parse_players(text: &str) -> Result<Vec<Listed>, PlayersError> {
    // A byte-order mark, as some editors write, is no part of player 1's
    // name (the defect "a byte-order mark at the start of a players file").
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut players: Vec<(usize, Listed)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let bad = |why: String| PlayersError::Line { line, why };
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (trimmed, language) = language_field(trimmed).map_err(bad)?;
        let player = Player::parse(trimmed).map_err(|e| bad(e.to_string()))?;
        let Some(email) = &player.email else {
            return Err(bad(format!(
                "{}: no address; write it as Name <address>",
                dynamo_core::quoted(trimmed)
            )));
        };
        check_value("name", &player.name).map_err(|e| bad(e.to_string()))?;
        for (earlier, Listed { player: other, .. }) in &players {
            if other.name.to_lowercase() == player.name.to_lowercase() {
                return Err(bad(format!(
                    "the name '{}' is already on line {earlier}",
                    player.name
                )));
            }
            if other.has_address(email.as_str()) {
                return Err(bad(format!(
                    "the address {email} is already on line {earlier}"
                )));
            }
        }
        players.push((line, Listed { player, language }));
    }
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
        return Err(PlayersError::Count {
            found: players.len(),
        });
    }
    Ok(players.into_iter().map(|(_, p)| p).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_blank_lines_and_every_address_form() {
        let text = "# club 2026\n\nAda Lovelace <ada@example.org>\n  \"Babbage, Charles\" <Charles@Example.org>  \n<carol@example.org>\n";
        let players = parse_players(text).expect("three players");
        let names: Vec<&str> = players.iter().map(|p| p.player.name.as_str()).collect();
        assert_eq!(
            names,
            ["Ada Lovelace", "Babbage, Charles", "carol@example.org"]
        );
    }

    #[test]
    fn a_line_may_end_with_the_players_language() {
        let text = "Ada <ada@example.org> lang=it\nBob <bob@example.org>\n\"Dupont, Jean\" <j@example.fr>  lang=fr-CH\n";
        let players = parse_players(text).expect("three players");
        let languages: Vec<_> = players.iter().map(|p| p.language).collect();
        assert_eq!(
            languages,
            [Some(Language::Italian), None, Some(Language::French)]
        );
        assert_eq!(players[0].player.name, "Ada");
        assert_eq!(players[2].player.name, "Dupont, Jean");
        let bad = parse_players("Ada <ada@example.org> lang=pt\nBob <bob@example.org>\n");
        assert_eq!(
            bad.map_err(|e| e.to_string()),
            Err("line 1: language 'pt': write one of en, it, fr, de, es".to_string())
        );
    }

    #[test]
    fn each_bad_line_is_named_with_its_reason() {
        let cases = [
            (
                "Ada <ada@example.org>\nBob\n",
                "line 2: 'Bob': no address; write it as Name <address>",
            ),
            (
                "Ada <ada@example.org>\nBob <bob@example.org\n",
                "line 2: player 'Bob <bob@example.org': the address must end with '>'",
            ),
            (
                "Ada <ada@example.org>\n# x\nADA <b@example.org>\n",
                "line 3: the name 'ADA' is already on line 1",
            ),
            (
                "Ada <ada@example.org>\nBob <ADA@example.org>\n",
                "line 2: the address ADA@example.org is already on line 1",
            ),
            (
                "Bob <bob@example.org>\nAda\u{7}Lovelace <ada@example.org>\n",
                "line 2: name: the control character U+0007 cannot be recorded: the value must be one line of printable text",
            ),
            (
                "# nobody\nAda <ada@example.org>\n",
                "1 player(s); a section needs 2 to 24, one `Name <address>` a line",
            ),
        ];
        for (text, expected) in cases {
            let err = parse_players(text).expect_err(text);
            assert_eq!(err.to_string(), expected, "{text:?}");
        }
    }
}
