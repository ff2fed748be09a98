//! Reminders of deadlines, for `dynamo remind` run from cron: the player
//! to move is mailed when their deadline is within one of `[mail]
//! remind_days`, and once more when it has passed (with a copy to the
//! director, the `from` address).
//!
//! Each reminder is sent once per deadline and threshold however often
//! `remind` runs: its Message-ID is made from the game, the deadline and
//! the threshold, and a reminder whose message is already in the outbox
//! (queued, sent or refused) is not made again. A nearer threshold
//! covers the farther ones: a first run two days before the deadline
//! sends the two-day reminder only.

use chrono::{DateTime, Duration, Utc};

use lettre::Message;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;

use super::envelope::Built;
use super::error::MailError;
use super::mail_config::MailConfig;
use super::notice::Notice;
use super::outbox::{Outbox, State};
use super::secret::Secret;
use super::text::one_line;
use crate::game::Game;
use crate::game::clock::{describe, format_time_short};
use crate::id;
use dynamo_core::Color;

/// Which reminder is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threshold {
    /// The deadline is within this many days.
    Days(u32),
    /// The deadline has passed.
    Overdue,
}

impl Threshold {
    fn tag(self) -> String {
        match self {
            Threshold::Days(d) => format!("{d}d"),
            Threshold::Overdue => "overdue".to_string(),
        }
    }
}

/// A reminder that is due for one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    /// The side whose move it is.
    pub side: Color,
    /// Their deadline.
    pub deadline: DateTime<Utc>,
    /// `deadline - now`: negative once passed.
    pub left: Duration,
    /// The threshold it is due for.
    pub threshold: Threshold,
}

/// The reminder due for `game` at `now` under the thresholds `days`, if
/// any: the nearest threshold the deadline is within, or `Overdue`. None
/// while the player to move is on leave: their clock is stopped and they
/// are away; a reminder due then goes when the leave is over.
pub fn due(game: &Game, now: DateTime<Utc>, days: &[u32]) -> Option<Due> {
    let clock = game.clock(now)?;
    if game.leave(clock.side).at(now).is_some() {
        return None;
    }
    let threshold = if clock.left < Duration::zero() {
        Threshold::Overdue
    } else {
        let within = days
            .iter()
            .copied()
            .filter(|&d| clock.left <= Duration::days(i64::from(d)))
            .min()?;
        Threshold::Days(within)
    };
    Some(Due {
        side: clock.side,
        deadline: clock.deadline,
        left: clock.left,
        threshold,
    })
}

/// ` (time control 10/50d: 50 days for every 10 moves, so …)`: what the
/// control gives `side` up to the move now due, in its own terms.
fn control_words(game: &Game, side: Color) -> String {
    let made = game.moves().iter().filter(|m| m.mover == side).count();
    let n = u32::try_from(made).unwrap_or(u32::MAX).saturating_add(1);
    game.time_control().allows(n).map_or(String::new(), |a| {
        format!(" (time control {}: {a})", game.time_control())
    })
}

/// The Message-ID of a reminder: `who` is `white`, `black` or `director`.
fn reminder_id(
    game_id: &str,
    deadline: DateTime<Utc>,
    threshold: Threshold,
    who: &str,
    domain: &str,
) -> String {
    format!(
        "<dynamo.{}.remind-{}-{}.{who}@{}>",
        super::text::bounded(&id::sanitize(game_id, "-"), 60),
        deadline.timestamp(),
        threshold.tag(),
        id::sanitize(domain, "-.")
    )
}

/// Whether the reminder for this deadline at this threshold, or a nearer
/// one, is in the outbox already (in any state).
pub fn already_made(
    config: &MailConfig,
    game_id: &str,
    due: &Due,
    days: &[u32],
) -> Result<bool, MailError> {
    let domain = sender(config)?.email.domain().to_string();
    let outbox = Outbox::new(&config.outbox);
    let mut nearer = vec![Threshold::Overdue];
    if let Threshold::Days(d) = due.threshold {
        nearer.extend(
            days.iter()
                .filter(|&&x| x <= d)
                .map(|&x| Threshold::Days(x)),
        );
    }
    let who = due.side.name();
    Ok(nearer.into_iter().any(|t| {
        let id = reminder_id(game_id, due.deadline, t, who, &domain);
        [State::Queued, State::Sending, State::Sent, State::Failed]
            .into_iter()
            .any(|s| outbox.path(s, &id).exists())
    }))
}

fn sender(config: &MailConfig) -> Result<Mailbox, MailError> {
    config.from.parse().map_err(|e| MailError::Address {
        who: "the configured sender (mail.from)".to_string(),
        address: config.from.clone(),
        reason: format!("{e}"),
    })
}

/// The reminder messages: to the player to move, and for an overdue
/// move a copy to the director. A player without an address gets none.
pub fn build(
    config: &MailConfig,
    secret: &Secret,
    game: &Game,
    due: &Due,
    now: DateTime<Utc>,
) -> Result<Vec<Built>, MailError> {
    let notice = Notice::from_game(game, now);
    let from = sender(config)?;
    let reply_to: Mailbox = match &config.reply_to {
        Some(r) => r.parse().map_err(|e| MailError::Address {
            who: "the reply address (mail.reply_to)".to_string(),
            address: r.clone(),
            reason: format!("{e}"),
        })?,
        None => from.clone(),
    };
    let domain = from.email.domain().to_string();
    let player = notice.name(due.side);
    let opponent = notice.name(!due.side);
    let when = format_time_short(due.deadline);
    let (subject, lead) = match due.threshold {
        Threshold::Overdue => (
            format!("your deadline {when} has passed"),
            format!(
                "your move against {opponent} was due by {when}, {} ago, and no move has \
                 been recorded{}. {opponent} may claim the game on time: the director has a \
                 copy of this reminder and may adjudicate it as a time forfeit. Until the \
                 director decides, the game goes on and your move is still recorded, as late.",
                describe(-due.left),
                control_words(game, due.side)
            ),
        ),
        Threshold::Days(_) => (
            format!("your move is due by {when}"),
            format!(
                "this is a reminder that it is your move against {opponent}. Your deadline \
                 is {when}, {} from now.",
                describe(due.left)
            ),
        ),
    };
    let (fen, _) = notice.fen_lines();
    let last = notice
        .last_move()
        .map_or("No moves yet.".to_string(), |m| format!("Last move: {m}"));
    let event = notice
        .event_line()
        .map(|e| format!("{e}\n"))
        .unwrap_or_default();
    let body = format!(
        "Dear {player},\n\n{lead}\n\n{event}{} – {}\n{last}\nFEN: {fen}\n\n\
         Reply to the last notice of the game, or to this message, with one move, alone \
         or in a sentence.\nReplies go to {reply_to}.\n\n-- \nSent by dynamo, the Dynamo Chess adjudicator.\n",
        notice.named(Color::White),
        notice.named(Color::Black),
    );
    let names = format!(
        "{} – {}",
        notice.name(Color::White),
        notice.name(Color::Black)
    );
    // The token of the notice it follows, so that a reply to the
    // reminder is read as a reply to that notice.
    let (seq, key) = (notice.happened.seq, &notice.happened.key);
    let token = notice.token(secret, seq, key, due.side);
    let subject = format!(
        "{} {}",
        super::text::header_text(&format!("Dynamo: {names} — reminder: {subject}")),
        token.subject_tag()
    );
    let thread = notice.message_id(secret, seq, key, due.side, &domain);

    let mut recipients = Vec::new();
    if let Some(email) = &notice.player(due.side).email {
        let address = email
            .as_str()
            .parse()
            .map_err(|e: lettre::address::AddressError| MailError::Address {
                who: format!("{} ({})", due.side.title(), one_line(&player)),
                address: email.to_string(),
                reason: e.to_string(),
            })?;
        recipients.push((
            Mailbox::new(Some(super::text::header_text(&player)), address),
            due.side.name(),
            body.clone(),
        ));
    }
    if due.threshold == Threshold::Overdue {
        let copy = format!(
            "Copy for the director: {player} ({}) has not moved by the deadline.\n\n{body}",
            due.side.title()
        );
        recipients.push((from.clone(), "director", copy));
    }
    let mut built = Vec::new();
    for (to, who, text) in recipients {
        let message_id = reminder_id(&notice.game_id, due.deadline, due.threshold, who, &domain);
        let mut builder = Message::builder()
            .from(from.clone())
            .reply_to(reply_to.clone())
            .to(to.clone())
            .subject(subject.clone())
            .message_id(Some(message_id.clone()))
            .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")));
        if who != "director" {
            builder = builder
                .in_reply_to(thread.clone())
                .references(thread.clone());
        }
        let message = builder
            .header(ContentType::TEXT_PLAIN)
            .body(text)
            .map_err(|e| MailError::Build(e.to_string()))?;
        built.push(Built {
            message_id,
            subject: subject.clone(),
            from: from.email.clone(),
            to: to.email,
            side: due.side,
            raw: message.formatted(),
        });
    }
    Ok(built)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sample::on_leave;
    use crate::mail::notice::{sample_game, sample_start};

    #[test]
    fn the_nearest_threshold_is_due_then_overdue() {
        // Alice moved at 13:00; Bob has 50 days from then.
        let game = sample_game(&["e2e4"]);
        let deadline = sample_start() + Duration::hours(1) + Duration::days(50);
        let at = |before: Duration| deadline - before;
        assert_eq!(due(&game, at(Duration::days(10)), &[7, 2]), None);
        let d = due(&game, at(Duration::days(6)), &[7, 2]).expect("due");
        assert_eq!((d.side, d.threshold), (Color::Black, Threshold::Days(7)));
        let d = due(&game, at(Duration::days(1)), &[7, 2]).expect("due");
        assert_eq!(d.threshold, Threshold::Days(2));
        let d = due(&game, at(-Duration::hours(1)), &[]).expect("overdue");
        assert_eq!(d.threshold, Threshold::Overdue);
        assert_eq!(due(&game, at(Duration::days(1)), &[]), None);
    }

    #[test]
    fn no_reminder_while_on_leave_and_the_deadline_moves_with_it() {
        use crate::game::LeaveDays;
        // Bob's 50 days run from 2024-04-21 13:00; ten days of leave at
        // the end move his deadline from 10 June 13:00 to 20 June 13:00.
        let leave = LeaveDays::parse("2024-06-05", "2024-06-14").expect("dates");
        let game = on_leave(
            &sample_game(&["e2e4"]),
            Color::Black,
            leave,
            sample_start() + Duration::days(1),
        );
        let deadline = sample_start() + Duration::hours(1) + Duration::days(60);
        let on_leave = sample_start() + Duration::days(46);
        assert_eq!(due(&game, on_leave, &[7, 2]), None);
        let back = leave.end() + Duration::hours(1);
        let d = due(&game, back, &[7, 2]).expect("due once back");
        assert_eq!((d.deadline, d.threshold), (deadline, Threshold::Days(7)));
    }
}
