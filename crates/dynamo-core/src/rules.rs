//! The rule set a game is played under (docs/RULES.md §9, §11).

use std::fmt;
use std::str::FromStr;

use crate::excerpt::quoted;

/// How castling rights are lost (docs/RULES.md §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingRule {
    /// NOST: a king or rook loses its right only by moving under its own
    /// power; pushed or pulled, it keeps the right wherever it stands.
    #[default]
    Nost,
    /// vchess: the right ends as soon as the piece leaves its original square.
    Strict,
}

/// The options of docs/RULES.md §9. `Rules::default()` is the NOST rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A slider may pull without moving (m = 0).
    pub stationary_pull: bool,
    /// How castling rights are lost.
    pub castling: CastlingRule,
    /// No push or pull may carry a king over a square where it would be in check.
    pub king_transit_check: bool,
    /// An a- or h-file pawn that has just stepped two squares may be pushed off
    /// by an enemy pawn beside it (Pritchard).
    pub en_passant_edge: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::NOST
    }
}

/// Why a rule-set text is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The text does not start with the rule set `nost`; holds what it
    /// starts with.
    #[error("unknown rule set {} (the rule set is 'nost', optionally followed by overrides)", quoted(.0))]
    UnknownBase(String),
    /// An override names no option of docs/RULES.md §9.
    #[error(
        "unknown rule option {} (options: stationary_pull, castling, king_transit_check, en_passant_edge)",
        quoted(.0)
    )]
    UnknownOption(String),
    /// An override has no value after `=`.
    #[error("rule option '{option}' needs a value: {option}={expected}")]
    MissingValue {
        /// The option named.
        option: String,
        /// The values it takes.
        expected: &'static str,
    },
    /// An override's value is not one the option takes.
    #[error("rule option '{option}' cannot be {}: expected {expected}", quoted(.value))]
    BadValue {
        /// The option named.
        option: String,
        /// The value written.
        value: String,
        /// The values it takes.
        expected: &'static str,
    },
}

impl Rules {
    /// The NOST rule set, the default (docs/RULES.md §9).
    pub const NOST: Rules = Rules {
        stationary_pull: true,
        castling: CastlingRule::Nost,
        king_transit_check: true,
        en_passant_edge: false,
    };
}

fn parse_bool(option: &str, value: &str) -> Result<bool, RulesError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(RulesError::BadValue {
            option: option.to_string(),
            value: value.to_string(),
            expected: "true or false",
        }),
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// `nost`, optionally followed by overrides:
    /// `nost,stationary_pull=false,castling=strict`.
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut parts = text.split(',').map(str::trim);
        let base = parts.next().unwrap_or_default();
        if base != "nost" {
            return Err(RulesError::UnknownBase(base.to_string()));
        }
        let mut rules = Rules::NOST;
        for part in parts {
            let (option, value) = match part.split_once('=') {
                Some((o, v)) => (o.trim(), v.trim().trim_matches('"')),
                None => (part, ""),
            };
            let expected = match option {
                "stationary_pull" | "king_transit_check" | "en_passant_edge" => "true or false",
                "castling" => "\"nost\" or \"strict\"",
                _ => return Err(RulesError::UnknownOption(option.to_string())),
            };
            if value.is_empty() {
                return Err(RulesError::MissingValue {
                    option: option.to_string(),
                    expected,
                });
            }
            match option {
                "stationary_pull" => rules.stationary_pull = parse_bool(option, value)?,
                "king_transit_check" => rules.king_transit_check = parse_bool(option, value)?,
                "en_passant_edge" => rules.en_passant_edge = parse_bool(option, value)?,
                _ => {
                    rules.castling = match value {
                        "nost" => CastlingRule::Nost,
                        "strict" => CastlingRule::Strict,
                        _ => {
                            return Err(RulesError::BadValue {
                                option: option.to_string(),
                                value: value.to_string(),
                                expected,
                            });
                        }
                    }
                }
            }
        }
        Ok(rules)
    }
}

impl fmt::Display for Rules {
    /// The shortest text that names this rule set: `nost` and the options
    /// that differ from it, in a fixed order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nost")?;
        if self.stationary_pull != Rules::NOST.stationary_pull {
            write!(f, ",stationary_pull={}", self.stationary_pull)?;
        }
        if self.castling == CastlingRule::Strict {
            f.write_str(",castling=strict")?;
        }
        if self.king_transit_check != Rules::NOST.king_transit_check {
            write!(f, ",king_transit_check={}", self.king_transit_check)?;
        }
        if self.en_passant_edge != Rules::NOST.en_passant_edge {
            write!(f, ",en_passant_edge={}", self.en_passant_edge)?;
        }
        Ok(())
    }
}
