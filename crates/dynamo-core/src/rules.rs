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

/// Who chooses the piece a pawn promotes to (docs/RULES.md §4, §9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Promotion {
    /// NOST: the player making the move chooses, for either side's pawn.
    #[default]
    Mover,
    /// The pawn's owner chooses, at the start of their own turn, when the
    /// opponent's move promoted it (Wikipedia's variant).
    Owner,
}

/// The named rule sets of docs/RULES.md §9.2, each a set of options a
/// rule-set text may override.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RuleSetName {
    /// The NOST rules, the default.
    #[default]
    Nost,
    /// The Wikipedia article's reading after Pritchard:
    /// `nost,stationary_pull=false`.
    Wikipedia,
    /// vchess.club's: `nost,stationary_pull=false,castling=strict,king_transit_check=false`.
    Vchess,
}

impl RuleSetName {
    /// Every name, in the order the book lists them.
    pub const ALL: [RuleSetName; 3] = [
        RuleSetName::Nost,
        RuleSetName::Wikipedia,
        RuleSetName::Vchess,
    ];

    /// The name as written: `nost`, `wikipedia`, `vchess`.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleSetName::Nost => "nost",
            RuleSetName::Wikipedia => "wikipedia",
            RuleSetName::Vchess => "vchess",
        }
    }

    /// The options the name stands for, before any override.
    pub fn rules(self) -> Rules {
        match self {
            RuleSetName::Nost => Rules::NOST,
            RuleSetName::Wikipedia => Rules::WIKIPEDIA,
            RuleSetName::Vchess => Rules::VCHESS,
        }
    }
}

/// The options of docs/RULES.md §9. `Rules::default()` is the NOST rule set.
///
/// Two rule sets are equal when every option is: `wikipedia` and
/// `nost,stationary_pull=false` play the same game. The name is kept only
/// so that a rule set prints as it was written (§9.2).
#[derive(Debug, Clone, Copy)]
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
    /// Who chooses the piece a pawn promotes to.
    pub promotion: Promotion,
    /// The name the options were written after; overrides print relative
    /// to it.
    pub name: RuleSetName,
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.options() == other.options()
    }
}

impl Eq for Rules {}

impl std::hash::Hash for Rules {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.options().hash(state);
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::NOST
    }
}

/// Why a rule-set text is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The text does not start with a rule set's name; holds what it
    /// starts with.
    #[error("unknown rule set {} (a rule set is 'nost', 'wikipedia' or 'vchess', optionally followed by overrides)", quoted(.0))]
    UnknownBase(String),
    /// An override names no option of docs/RULES.md §9.
    #[error(
        "unknown rule option {} (options: stationary_pull, castling, king_transit_check, en_passant_edge, promotion)",
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
        promotion: Promotion::Mover,
        name: RuleSetName::Nost,
    };

    /// The Wikipedia article's reading after Pritchard (docs/RULES.md
    /// §9.2): a pull needs the puller to move. Its two variants are the
    /// options `en_passant_edge` and `promotion=owner`.
    pub const WIKIPEDIA: Rules = Rules {
        stationary_pull: false,
        name: RuleSetName::Wikipedia,
        ..Rules::NOST
    };

    /// vchess.club's rules and program (docs/RULES.md §9.2).
    pub const VCHESS: Rules = Rules {
        stationary_pull: false,
        castling: CastlingRule::Strict,
        king_transit_check: false,
        name: RuleSetName::Vchess,
        ..Rules::NOST
    };

    /// Every option, without the name: what equality compares.
    fn options(&self) -> (bool, CastlingRule, bool, bool, Promotion) {
        (
            self.stationary_pull,
            self.castling,
            self.king_transit_check,
            self.en_passant_edge,
            self.promotion,
        )
    }

    /// The rule set with every option written out after its name
    /// (docs/RULES.md §9.2):
    /// `wikipedia,stationary_pull=false,castling=nost,king_transit_check=true,en_passant_edge=false,promotion=mover`.
    /// It reads back as the same rule set.
    pub fn expanded(&self) -> String {
        format!("{},{}", self.name.as_str(), self.every_option(","))
    }

    /// The rule set for a reader who needs every option: as written, then
    /// each option's value, `wikipedia,promotion=owner (stationary_pull=false,
    /// castling=nost, king_transit_check=true, en_passant_edge=false,
    /// promotion=owner)`. Plain `nost`, every option at the book's
    /// default, is just `nost`.
    pub fn described(&self) -> String {
        if self.name == RuleSetName::Nost && *self == Rules::NOST {
            return "nost".to_string();
        }
        format!("{self} ({})", self.every_option(", "))
    }

    fn every_option(&self, separator: &str) -> String {
        [
            format!("stationary_pull={}", self.stationary_pull),
            format!("castling={}", castling_word(self.castling)),
            format!("king_transit_check={}", self.king_transit_check),
            format!("en_passant_edge={}", self.en_passant_edge),
            format!("promotion={}", promotion_word(self.promotion)),
        ]
        .join(separator)
    }
}

fn castling_word(rule: CastlingRule) -> &'static str {
    match rule {
        CastlingRule::Nost => "nost",
        CastlingRule::Strict => "strict",
    }
}

fn promotion_word(promotion: Promotion) -> &'static str {
    match promotion {
        Promotion::Mover => "mover",
        Promotion::Owner => "owner",
    }
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

    /// A name, `nost`, `wikipedia` or `vchess`, optionally followed by
    /// overrides: `nost,stationary_pull=false,castling=strict`,
    /// `wikipedia,en_passant_edge=true,promotion=owner`.
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut parts = text.split(',').map(str::trim);
        let base = parts.next().unwrap_or_default();
        let Some(name) = RuleSetName::ALL.into_iter().find(|n| n.as_str() == base) else {
            return Err(RulesError::UnknownBase(base.to_string()));
        };
        let mut rules = name.rules();
        for part in parts {
            let (option, value) = match part.split_once('=') {
                Some((o, v)) => (o.trim(), v.trim().trim_matches('"')),
                None => (part, ""),
            };
            let expected = match option {
                "stationary_pull" | "king_transit_check" | "en_passant_edge" => "true or false",
                "castling" => "\"nost\" or \"strict\"",
                "promotion" => "\"mover\" or \"owner\"",
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
                "promotion" => {
                    rules.promotion = match value {
                        "mover" => Promotion::Mover,
                        "owner" => Promotion::Owner,
                        _ => {
                            return Err(RulesError::BadValue {
                                option: option.to_string(),
                                value: value.to_string(),
                                expected,
                            });
                        }
                    }
                }
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
    /// The rule set as written, in its shortest form: its name and the
    /// options that differ from what the name stands for, in a fixed
    /// order (`wikipedia,en_passant_edge=true,promotion=owner`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.name.rules();
        f.write_str(self.name.as_str())?;
        if self.stationary_pull != base.stationary_pull {
            write!(f, ",stationary_pull={}", self.stationary_pull)?;
        }
        if self.castling != base.castling {
            write!(f, ",castling={}", castling_word(self.castling))?;
        }
        if self.king_transit_check != base.king_transit_check {
            write!(f, ",king_transit_check={}", self.king_transit_check)?;
        }
        if self.en_passant_edge != base.en_passant_edge {
            write!(f, ",en_passant_edge={}", self.en_passant_edge)?;
        }
        if self.promotion != base.promotion {
            write!(f, ",promotion={}", promotion_word(self.promotion))?;
        }
        Ok(())
    }
}
