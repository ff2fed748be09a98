//! The header of a game file read into its types: the seven tags every
//! PGN file has, the variant and its rules, the time control, the players
//! and their addresses and languages, the start time and position, a
//! pending draw offer.
//! Apart from the moves because it reads the tags alone, before any move
//! is replayed, and each tag's error names the tag and its line.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use dynamo_core::{Color, Position, Rules, quoted};

use super::super::clock::TimeControl;
use super::super::error::RecordError;
use super::super::language::Language;
use super::super::pgn::{Record, Tag};
use super::super::player::{Address, Player};

/// The seven tags every PGN file has, in their order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn tag_error(tag: &Tag, message: impl Into<String>) -> RecordError {
    RecordError::Tag {
        line: tag.line,
        tag: tag.name.clone(),
        message: message.into(),
    }
}

/// What the header says, read into types.
pub(super) struct Header {
    pub(super) rules: Rules,
    pub(super) time_control: TimeControl,
    pub(super) white: Player,
    pub(super) black: Player,
    pub(super) started: Option<DateTime<Utc>>,
    pub(super) start: Position,
    pub(super) draw_offer: Option<Color>,
}

pub(super) fn read_header(rec: &Record) -> Result<Header, RecordError> {
    for name in ROSTER {
        if rec.tag(name).is_none() {
            return Err(RecordError::MissingTag(name));
        }
    }
    if let Some(tag) = rec.tag("Variant")
        && !tag.value.eq_ignore_ascii_case("dynamo")
    {
        return Err(tag_error(
            tag,
            format!("this tool plays Dynamo, not {}", quoted(&tag.value)),
        ));
    }
    let rules = match rec.tag("Rules") {
        Some(tag) => tag
            .value
            .parse::<Rules>()
            .map_err(|e| tag_error(tag, e.to_string()))?,
        None => Rules::NOST,
    };
    let time_control = match rec.tag("TimeControl") {
        Some(tag) => tag
            .value
            .parse::<TimeControl>()
            .map_err(|e| tag_error(tag, e.to_string()))?,
        None => TimeControl::None,
    };
    let player = |name_tag: &str, email_tag: &str| -> Result<Player, RecordError> {
        let name = rec
            .tag(name_tag)
            .map(|t| t.value.clone())
            .unwrap_or_default();
        let email = match rec.tag(email_tag) {
            Some(tag) if tag.value.trim().is_empty() => None,
            Some(tag) => Some(Address::parse(tag.value.trim()).map_err(|_| {
                tag_error(
                    tag,
                    format!("{} is not an email address", quoted(&tag.value)),
                )
            })?),
            None => None,
        };
        Ok(Player { name, email })
    };
    for side in [Color::White, Color::Black] {
        if let Some(tag) = rec.tag(Language::tag(side)) {
            tag.value
                .parse::<Language>()
                .map_err(|e| tag_error(tag, e.to_string()))?;
        }
    }
    let white = player("White", "WhiteEmail")?;
    let black = player("Black", "BlackEmail")?;
    let started = match (rec.tag("UTCDate"), rec.tag("UTCTime")) {
        (Some(d), Some(t)) => {
            let date = NaiveDate::parse_from_str(&d.value, "%Y.%m.%d").map_err(|_| {
                tag_error(
                    d,
                    format!("{} is not a date such as 2026.11.20", quoted(&d.value)),
                )
            })?;
            let time = NaiveTime::parse_from_str(&t.value, "%H:%M:%S").map_err(|_| {
                tag_error(
                    t,
                    format!("{} is not a time such as 09:14:00", quoted(&t.value)),
                )
            })?;
            Some(date.and_time(time).and_utc())
        }
        _ => None,
    };
    let setup = rec.tag("SetUp").map(|t| t.value.as_str());
    let start = match (setup, rec.tag("FEN")) {
        (Some("1") | None, Some(fen)) => {
            Position::from_fen(&fen.value, rules).map_err(|e| tag_error(fen, e.to_string()))?
        }
        (Some("1"), None) => {
            return Err(tag_error(
                rec.tag("SetUp").expect("just found"),
                "SetUp \"1\" needs a FEN tag with the start position",
            ));
        }
        (Some("0") | None, None) => Position::startpos(rules),
        (Some("0"), Some(fen)) => {
            return Err(tag_error(fen, "a FEN tag needs [SetUp \"1\"]"));
        }
        (Some(other), _) => {
            return Err(tag_error(
                rec.tag("SetUp").expect("just found"),
                format!("'{other}' must be 0 or 1"),
            ));
        }
    };
    let draw_offer = match rec.tag("DrawOffer") {
        Some(tag) => Some(tag.value.parse::<Color>().map_err(|()| {
            tag_error(
                tag,
                format!("{} must be White or Black", quoted(&tag.value)),
            )
        })?),
        None => None,
    };
    Ok(Header {
        rules,
        time_control,
        white,
        black,
        started,
        start,
        draw_offer,
    })
}
