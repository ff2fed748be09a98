//! What the director's letters say ([`Letter`]): a player's address or
//! name changed across their games, a section's settings corrected
//! before play, a section cancelled, a player withdrawn (to them, and to
//! each opponent once). The words only; who gets each is
//! the command's to say.

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
        "The director recorded your withdrawal from the section {} ({}) on {date}, under          the rule {rule}. Your games:",
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
            "{} withdrew from the section {} ({}) on {date}. Under the rule {rule}, your              games with them:",
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
