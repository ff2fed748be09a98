//! Which games the overview lists, and in what order: the filters
//! (`--player`, `--event`, `--ongoing`, `--finished`, `--overdue`) and
//! the sorts (`--sort file|deadline|event`), with names in natural order
//! (`g2` before `g10`).

use std::cmp::Ordering;
use std::path::Path;

use chrono::{DateTime, Utc};
use clap::ValueEnum;
use dynamo::game::player::Mailbox;
use dynamo_core::{Color, quoted};

use super::facts::Facts;
use crate::exit::{Exit, Failure};

/// The order of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Sort {
    /// By file name, numbers in them by value: g1, g2, g10, g100.
    File,
    /// The most urgent first: soonest deadline (the most overdue first),
    /// then games without a deadline, then finished games.
    Deadline,
    /// By event, then round, then file name, numbers by value.
    Event,
}

/// The player `--player` names: an address, or part of a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum PlayerFilter {
    /// An address (the text has an `@`): equal to a player's, any case.
    Address(String),
    /// Part of a player's name, any case.
    Name(String),
}

impl PlayerFilter {
    /// Reads `--player`: text with an `@` is an address in any form a
    /// mail shows, other text part of a name.
    pub(super) fn parse(text: &str) -> anyhow::Result<PlayerFilter> {
        if !text.contains('@') {
            return Ok(PlayerFilter::Name(text.trim().to_lowercase()));
        }
        let mailbox = Mailbox::parse(text)
            .map_err(|e| Failure::new(Exit::Usage, format!("--player {}: {e}", quoted(text))))?;
        Ok(PlayerFilter::Address(
            mailbox.address.as_str().to_lowercase(),
        ))
    }

    fn plays(&self, facts: &Facts) -> bool {
        [Color::White, Color::Black].into_iter().any(|side| {
            let player = &facts.players[side];
            match self {
                PlayerFilter::Address(a) => player
                    .email
                    .as_ref()
                    .is_some_and(|e| e.as_str().to_lowercase() == *a),
                PlayerFilter::Name(part) => player.name.to_lowercase().contains(part.as_str()),
            }
        })
    }
}

/// The filters given; a game is listed when it passes all of them.
#[derive(Debug, Clone, Default)]
pub(super) struct Filter {
    pub(super) player: Option<PlayerFilter>,
    /// Part of the event's name, lower case.
    pub(super) event: Option<String>,
    pub(super) ongoing: bool,
    pub(super) finished: bool,
    pub(super) overdue: bool,
}

impl Filter {
    pub(super) fn passes(&self, facts: &Facts) -> bool {
        let finished = facts.ending.is_some();
        self.player.as_ref().is_none_or(|w| w.plays(facts))
            && self
                .event
                .as_ref()
                .is_none_or(|e| facts.event.to_lowercase().contains(e.as_str()))
            && (!self.ongoing || !finished)
            && (!self.finished || finished)
            && (!self.overdue || facts.overdue())
    }
}

/// Compares `a` and `b` with runs of digits by their value (`g2` before
/// `g10`, `g02` next to `g2`), other characters one by one without
/// regard to case; ties broken by the plain text, so that the order is
/// total.
pub(crate) fn natural(a: &str, b: &str) -> Ordering {
    // The files of one folder share a long beginning, and a sort of
    // 100,000 of them compares about two million pairs: what both begin
    // with is passed over at once, back to a character's start and to the
    // start of a run of digits it ends in (a run compares by its whole
    // value). The order is the same; the tie-break on the plain text too,
    // the beginnings being equal.
    let same = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut start = same;
    while start > 0 && (!a.is_char_boundary(start) || a.as_bytes()[start - 1].is_ascii_digit()) {
        start -= 1;
    }
    natural_from(&a[start..], &b[start..])
}

/// [`natural`] of `a` and `b` from their first character on.
fn natural_from(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        let order = match (x.chars().next(), y.chars().next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (m, rest_x) = digits(x);
                let (n, rest_y) = digits(y);
                (x, y) = (rest_x, rest_y);
                m.len().cmp(&n.len()).then_with(|| m.cmp(n))
            }
            (Some(c), Some(d)) => {
                (x, y) = (&x[c.len_utf8()..], &y[d.len_utf8()..]);
                if c.is_ascii() && d.is_ascii() {
                    c.to_ascii_lowercase().cmp(&d.to_ascii_lowercase())
                } else {
                    c.to_lowercase().cmp(d.to_lowercase())
                }
            }
        };
        if order != Ordering::Equal {
            return order;
        }
    }
}

/// The run of digits `text` begins with, without leading zeros, and the
/// rest.
fn digits(text: &str) -> (&str, &str) {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    (text[..end].trim_start_matches('0'), &text[end..])
}

/// What the sorts read of a game, kept by the table's rows and the
/// JSON's facts alike.
pub(super) trait Sorted {
    /// Going on with a deadline (0, and the deadline), going on without
    /// one (1), finished (2): the most urgent first.
    fn urgency(&self) -> (u8, Option<DateTime<Utc>>);
    fn event(&self) -> &str;
    fn round(&self) -> &str;
}

impl Sorted for Facts {
    fn urgency(&self) -> (u8, Option<DateTime<Utc>>) {
        match (&self.ending, &self.clock) {
            (None, Some(c)) => (0, Some(c.deadline)),
            (None, None) => (1, None),
            (Some(_), _) => (2, None),
        }
    }

    fn event(&self) -> &str {
        &self.event
    }

    fn round(&self) -> &str {
        &self.round
    }
}

/// The order of two files listed under `sort`, each with its game or
/// why it does not replay: games by `sort`, then files that do not
/// replay by name (under `--sort file` all by name).
pub(super) fn compare<T: Sorted, E>(
    sort: Sort,
    (p, a): (&Path, &Result<T, E>),
    (q, b): (&Path, &Result<T, E>),
) -> Ordering {
    let file = || natural(&p.to_string_lossy(), &q.to_string_lossy());
    match (a, b, sort) {
        (_, _, Sort::File) => file(),
        (Ok(a), Ok(b), Sort::Deadline) => a.urgency().cmp(&b.urgency()).then_with(file),
        (Ok(a), Ok(b), Sort::Event) => natural(a.event(), b.event())
            .then_with(|| natural(a.round(), b.round()))
            .then_with(file),
        (Err(_), Ok(_), _) => Ordering::Greater,
        (Ok(_), Err(_), _) => Ordering::Less,
        (Err(_), Err(_), _) => file(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_names_sort_by_value() {
        let mut names = vec![
            "g100", "g10", "G2", "g1", "g02", "g", "h1", "g10a", "g10-b", "g.pgn", "g1.pgn",
        ];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(
            names,
            [
                "g", "g.pgn", "g1", "g1.pgn", "G2", "g02", "g10", "g10-b", "g10a", "g100", "h1"
            ]
        );
        assert_eq!(natural("round 9", "round 10"), Ordering::Less);
        assert_eq!(natural("a", "a"), Ordering::Equal);
    }

    /// The order before the shared beginning was passed over: every
    /// character one by one, runs of digits by value.
    fn natural_whole(a: &str, b: &str) -> Ordering {
        let (mut x, mut y) = (a, b);
        loop {
            let order = match (x.chars().next(), y.chars().next()) {
                (None, None) => return a.cmp(b),
                (None, Some(_)) => return Ordering::Less,
                (Some(_), None) => return Ordering::Greater,
                (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                    let (m, rest_x) = digits(x);
                    let (n, rest_y) = digits(y);
                    (x, y) = (rest_x, rest_y);
                    m.len().cmp(&n.len()).then_with(|| m.cmp(n))
                }
                (Some(c), Some(d)) => {
                    (x, y) = (&x[c.len_utf8()..], &y[d.len_utf8()..]);
                    c.to_lowercase().cmp(d.to_lowercase())
                }
            };
            if order != Ordering::Equal {
                return order;
            }
        }
    }

    /// Passing over the shared beginning changes no order: every pair of
    /// texts of up to three characters from digits, letters of both
    /// cases, accented ones and a dot, each also after beginnings
    /// that end in a digit, a letter, an accented letter or a folder.
    #[test]
    fn the_shared_beginning_changes_no_order() {
        let alphabet = ['0', '1', 'a', 'A', 'é', 'É', '.'];
        let mut texts = vec![String::new()];
        let mut level = vec![String::new()];
        for _ in 0..3 {
            level = level
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(level.iter().cloned());
        }
        for before in ["", "g1", "g", "dé", "g10/r0"] {
            for a in &texts {
                for b in &texts {
                    let (a, b) = (format!("{before}{a}"), format!("{before}{b}"));
                    assert_eq!(natural(&a, &b), natural_whole(&a, &b), "{a:?} {b:?}");
                }
            }
        }
    }
}
