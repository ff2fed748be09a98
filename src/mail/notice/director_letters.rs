//! What the director's letters say ([`Letter`]): a player's address or
//! name changed across their games, a section's settings corrected
//! before play, a section cancelled, a player withdrawn (to them, and to
//! each opponent once), a substitute taking a player's seat (to the
//! substitute, the player and each opponent once). The words only; who
//! gets each is the command's to say.

use super::letter::Letter;
use crate::mail::text::{digest, one_line};

/// To the player whose address (or name) changed, at the old address and
/// the new: their games, and that nothing changes for their opponents
/// (replies go to the director, never between players). `key` tells this
/// change from another of the same player: the old and new address, the
/// name and the time of the change.
pub fn address_changed(
    old: &str,
    new: &str,
    name: Option<&str>,
    games: usize,
    reason: Option<&str>,
    key: &str,
) -> Letter {
    let mut what = format!("the director changed your address from {old} to {new}");
    if let Some(name) = name {
        what.push_str(&format!(", and your name to \"{}\"", one_line(name)));
    }
    let games = match games {
        1 => "your game".to_string(),
        n => format!("all {n} of your games"),
    };
    let mut paragraphs = vec![format!("{} in {games}.", capital(&what))];
    if let Some(reason) = reason {
        paragraphs.push(format!("Reason: {}.", one_line(reason)));
    }
    paragraphs.push(format!(
        "From now on the notices of your games go to {new} only. Your opponents need do \
         nothing: replies go to the director, never from player to player. This copy goes \
         to both addresses, so that you see it whichever you read."
    ));
    Letter {
        key: format!("player-{}", digest(key)),
        subject: "your address is changed".to_string(),
        paragraphs,
    }
}

/// To each player of a section whose settings the director corrected
/// before play: each change as `Start: … (was …)`.
pub fn section_corrected(
    section: &str,
    event: &str,
    changes: &[String],
    reason: Option<&str>,
    key: &str,
) -> Letter {
    let mut paragraphs = vec![format!(
        "The director corrected the section {} ({}) before its first move:",
        one_line(section),
        one_line(event)
    )];
    paragraphs.push(
        changes
            .iter()
            .map(|c| format!("  {}", one_line(c)))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    if let Some(reason) = reason {
        paragraphs.push(format!("Reason: {}.", one_line(reason)));
    }
    paragraphs
        .push("Your games' notices stand as they are; play them under these settings.".to_string());
    Letter {
        key: format!("section-set-{}", digest(key)),
        subject: format!("section {} corrected", one_line(section)),
        paragraphs,
    }
}

/// To each player of a section the director cancelled before its first
/// move.
pub fn section_cancelled(section: &str, event: &str, reason: Option<&str>, key: &str) -> Letter {
    let mut paragraphs = vec![format!(
        "The director cancelled the section {} ({}) before its first move: its games will \
         not be played, and any notice of them you receive from now on can be ignored.",
        one_line(section),
        one_line(event)
    )];
    if let Some(reason) = reason {
        paragraphs.push(format!("Reason: {}.", one_line(reason)));
    }
    Letter {
        key: format!("section-cancelled-{}", digest(key)),
        subject: format!("section {} cancelled", one_line(section)),
        paragraphs,
    }
}

/// To a player withdrawn from a section: what became of each of their
/// games (`lines`, one a game), and the rule.
pub fn withdrawn(
    section: &str,
    event: &str,
    date: &str,
    rule: &str,
    lines: &[String],
    reason: Option<&str>,
    key: &str,
) -> Letter {
    let mut paragraphs = vec![format!(
        "The director recorded your withdrawal from the section {} ({}) on {date}, under \
            the rule {rule}. Your games:",
        one_line(section),
        one_line(event)
    )];
    paragraphs.push(listed(lines));
    if let Some(reason) = reason {
        paragraphs.push(format!("Reason: {}.", one_line(reason)));
    }
    paragraphs.push("You need not reply to any notice of these games.".to_string());
    Letter {
        key: format!("withdrawn-{}", digest(key)),
        subject: format!("your withdrawal from section {}", one_line(section)),
        paragraphs,
    }
}

/// To an opponent of a player withdrawn from a section: what became of
/// their games with that player (`lines`, one a game).
pub fn opponent_withdrew(
    section: &str,
    event: &str,
    player: &str,
    date: &str,
    rule: &str,
    lines: &[String],
    key: &str,
) -> Letter {
    let paragraphs = vec![
        format!(
            "{} withdrew from the section {} ({}) on {date}. Under the rule {rule}, your \
                games with them:",
            one_line(player),
            one_line(section),
            one_line(event)
        ),
        listed(lines),
        "Nothing more is to be played in these games; your other games go on.".to_string(),
    ];
    Letter {
        key: format!("withdrew-{}", digest(key)),
        subject: format!(
            "{} withdrew from section {}",
            one_line(player),
            one_line(section)
        ),
        paragraphs,
    }
}

/// What a substitution is: the section, the two players, the date, the
/// director's reason and the key that tells it from another (the
/// section, the seat's old address and the time).
pub struct Seat<'a> {
    pub section: &'a str,
    pub event: &'a str,
    pub old: &'a str,
    pub new: &'a str,
    pub date: &'a str,
    pub reason: Option<&'a str>,
    pub key: &'a str,
}

impl Seat<'_> {
    /// `the section club (Club championship)`.
    fn section_words(&self) -> String {
        format!(
            "the section {} ({})",
            one_line(self.section),
            one_line(self.event)
        )
    }

    fn reason_paragraph(&self, paragraphs: &mut Vec<String>) {
        if let Some(reason) = self.reason {
            paragraphs.push(format!("Reason: {}.", one_line(reason)));
        }
    }
}

/// To the substitute: the seat they take and each game they take over
/// (`lines`, one a game); `to_move` of them are theirs to move, whose
/// notices come each in its own mail, since a reply finds its game by
/// the token of the notice it answers.
pub fn seat_taken(seat: &Seat, lines: &[String], to_move: usize) -> Letter {
    let mut paragraphs = vec![format!(
        "The director gave you the seat of {} in {} on {}: you take over their games in \
            progress, listed below. Their finished games stay theirs as played, and count \
            for the seat, which is yours from now on: the standings show its results under \
            your name.",
        one_line(seat.old),
        seat.section_words(),
        seat.date
    )];
    paragraphs.push(listed(lines));
    seat.reason_paragraph(&mut paragraphs);
    paragraphs.push(match to_move {
        0 => "In each of these games your opponent is to move: you will get a notice of \
            their move, and reply to it."
            .to_string(),
        1 => "In one of them it is your move: its notice, with the board and how to reply, \
            comes in a mail of its own. Reply to that mail to move; in the other games you \
            will get a notice of your opponent's move."
            .to_string(),
        n => format!(
            "In {n} of them it is your move: each game's notice, with the board and how to \
                reply, comes in a mail of its own. Reply to each of those mails to move in its \
                game (one reply per game); in the other games you will get a notice of your \
                opponent's move."
        ),
    });
    Letter {
        key: format!("seat-taken-{}", digest(seat.key)),
        subject: format!("you take a seat in section {}", one_line(seat.section)),
        paragraphs,
    }
}

/// To the player who leaves: who takes their seat and which games
/// (`lines`, one a game).
pub fn seat_given(seat: &Seat, lines: &[String]) -> Letter {
    let mut paragraphs = vec![format!(
        "The director gave your seat in {} to {} on {}.",
        seat.section_words(),
        one_line(seat.new),
        seat.date
    )];
    if lines.is_empty() {
        paragraphs.push("None of your games was in progress.".to_string());
    } else {
        paragraphs.push(format!(
            "{} takes over your games in progress:",
            one_line(seat.new)
        ));
        paragraphs.push(listed(lines));
        paragraphs
            .push("A reply of yours to a notice of these games is no longer recorded.".to_string());
    }
    paragraphs
        .push("Your finished games stay yours, as played, and count for the seat.".to_string());
    seat.reason_paragraph(&mut paragraphs);
    Letter {
        key: format!("seat-given-{}", digest(seat.key)),
        subject: format!("your seat in section {}", one_line(seat.section)),
        paragraphs,
    }
}

/// To an opponent of the seat: their games with it (`lines`, one a
/// game) now against the substitute, and that their replies keep working.
pub fn opponent_substituted(seat: &Seat, lines: &[String]) -> Letter {
    let mut paragraphs = vec![
        format!(
            "{} takes over the seat of {} in {} from {}. Your games with the seat go on \
                against {}:",
            one_line(seat.new),
            one_line(seat.old),
            seat.section_words(),
            seat.date,
            one_line(seat.new)
        ),
        listed(lines),
        "Nothing changes for you: your replies keep working as before (they go to the \
            director, never from player to player), and the notices of these games name your \
            new opponent."
            .to_string(),
    ];
    seat.reason_paragraph(&mut paragraphs);
    Letter {
        key: format!("seat-opponent-{}", digest(seat.key)),
        subject: format!(
            "{} replaces {} in section {}",
            one_line(seat.new),
            one_line(seat.old),
            one_line(seat.section)
        ),
        paragraphs,
    }
}

/// Lines indented as a list.
fn listed(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| format!("  {}", one_line(l)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` with its first letter in upper case.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
