//! A digest's business in the inbox (docs/players.md, "The daily digest"): a
//! player's `digest daily` / `digest off` in a reply to a notice, and a
//! reply to a digest, one labelled line per game.
//!
//! **A reply to a digest.** Its token names the player and the day's
//! digest, whose record says which game each label named and at which
//! event (`mail::digest::record`). The labelled-lines finder
//! ([`super::reading::labelled`]) gives each game its words; each part
//! is read by the one reader against its own game, judged as a reply in
//! that game's thread would be (recorded already, by this mail or an
//! earlier one; the game moved on since the digest), and recorded
//! through the same recorder, with the same notices, the mail's
//! reference noted on each event: so a mail handled again after a kill
//! records nothing twice. One answer lists what was recorded and what
//! was not, with the refusal's words.

use chrono::Utc;
use dynamo_core::{Color, clipped, quoted};

use super::command::Command;
use super::disposition::{Disposition, ReplyFate, SetAside};
use super::error::InboxError;
use super::games::Target;
use super::handle::{Inbox, Work};
use super::judge::{Judged, judge, read_command};
use super::reading::labelled::{Stray, labelled_parts, stray_lines};
use super::reading::phrases::phrase_words;
use super::reading::verdict::Unread;
use super::record::Recording;
use crate::game::Game;
use crate::game::clock::format_time_short;
use crate::mail::digest::answer::{Answered, answer};
use crate::mail::digest::record::{DigestGame, DigestRecord};
use crate::mail::digest::token::DigestToken;
use crate::mail::digest::{Choice, Choices};
use crate::mail::{self, Answer, Built, Notice, Outbox, Sender};

/// The most lines for no game an answer names one by one.
const MAX_STRAYS: usize = 10;

/// A line for no game of the digest, for the answer: what it is taken
/// as, and why nothing came of it.
fn stray_words(stray: &Stray) -> (String, String) {
    match stray {
        Stray::NotYours { label } => (
            clipped(label).to_string(),
            "not recorded: not one of your games in this digest".to_string(),
        ),
        Stray::Unlabelled { text } => (
            quoted(text).to_string(),
            "not recorded: the line names no game: write it after its game's label and a colon"
                .to_string(),
        ),
    }
}

fn choice_words(choice: Choice) -> &'static str {
    match choice {
        Choice::Daily => {
            "from now on you get one mail a day, a digest of all your games in progress, \
             instead of a notice of every move. The start and end of a game, a draw offer \
             and a deadline within a day still come at once. To go back, reply with: digest off"
        }
        Choice::Off => {
            "from now on you get a notice of every event again. Anything held back for \
             your digest comes in one last digest. To go back, reply with: digest daily"
        }
    }
}

impl<'a> Inbox<'a> {
    /// Records the sender's choice of mail, made in a reply to a notice
    /// of the game of `target`, and answers with what it means.
    pub(super) fn choose_digest(
        &mut self,
        work: &mut Work,
        target: &Target,
        from: &str,
        choice: Choice,
    ) -> Result<Disposition, InboxError> {
        let what = format!("{} for {from}", choice.phrase());
        if self.settings.dry_run {
            return Ok(Disposition::Digest {
                to: from.to_string(),
                what: format!("would set {what}"),
                reply: ReplyFate::Queued,
            });
        }
        let config = self.settings.mail;
        Choices::set(&config.outbox, from, choice, self.settings.lock_wait)?;
        let notice = Notice::from_game(&target.game, Utc::now());
        let incoming = work.incoming;
        let thread: Vec<String> = incoming
            .references
            .iter()
            .chain(&incoming.in_reply_to)
            .cloned()
            .collect();
        let lines = vec![format!(
            "Your mail of {} was read: {}",
            format_time_short(work.arrived),
            choice_words(choice)
        )];
        let secret = self.settings.signing_secret()?;
        let built = notice.answer(
            &Sender::new(config, secret),
            &Answer {
                side: target.side,
                to: from,
                subject: &incoming.subject,
                message_id: incoming.message_id.as_deref(),
                thread: &thread,
                mail_key: &work.key.name,
                lines,
                position: false,
            },
        )?;
        let reply = self.queue_answer(work, built, from, &notice.game_id)?;
        Ok(Disposition::Digest {
            to: from.to_string(),
            what: format!("set {what}"),
            reply,
        })
    }

    /// Handles a reply to the digest `token` names, from `from`.
    pub(super) fn digest_reply(
        &mut self,
        work: &mut Work,
        token: &DigestToken,
        from: &str,
    ) -> Result<Disposition, InboxError> {
        let config = self.settings.mail;
        let Some(secret) = self.settings.secret else {
            return Ok(Disposition::SetAside(SetAside::InvalidToken));
        };
        if !token.verify(secret, from) {
            return Ok(Disposition::SetAside(SetAside::InvalidToken));
        }
        let Some(record) = DigestRecord::load(&config.outbox, from, token.day)? else {
            return Ok(Disposition::SetAside(SetAside::InvalidToken));
        };
        let labels: Vec<&str> = record.games.iter().map(|g| g.label.as_str()).collect();
        let text = &work.incoming.text;
        let parts = labelled_parts(text, &labels);
        let mut lines = vec![format!(
            "Your mail of {} was read.",
            format_time_short(work.arrived)
        )];
        if parts.is_empty() {
            let choice = phrase_words(text)
                .into_iter()
                .find_map(|p| match p.command {
                    Command::Digest(choice) => Some(choice),
                    _ => None,
                });
            if let Some(choice) = choice {
                if !self.settings.dry_run {
                    Choices::set(&config.outbox, from, choice, self.settings.lock_wait)?;
                }
                lines[0] = format!("{} {}", lines[0], choice_words(choice));
            } else {
                lines.push(format!(
                    "Nothing was recorded: no line starts with a game's label. Write each move \
                     on its own line after its game's label, as the digest shows them: {}",
                    labels
                        .iter()
                        .map(|l| format!("{l}: …"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        let mut summary = Vec::new();
        // A `digest daily` alone is answered above: no game was asked.
        let chose = parts.is_empty() && lines.len() == 1;
        let strays = if chose {
            Vec::new()
        } else {
            stray_lines(text, &labels)
        };
        for part in &parts {
            let line = match self.digest_part(work, &record, &part.label, &part.text, from) {
                Ok(line) => line,
                Err(InboxError::Game(e)) => format!("not recorded: {e}"),
                Err(e) => return Err(e),
            };
            summary.push(format!("{}: {line}", part.label));
            lines.push(format!("  {}: {line}", part.label));
        }
        for stray in strays.iter().take(MAX_STRAYS) {
            let (label, line) = stray_words(stray);
            summary.push(format!("{label}: {line}"));
            lines.push(format!("  {label}: {line}"));
        }
        if strays.len() > MAX_STRAYS {
            lines.push(format!(
                "  … and {} more lines for no game of this digest: nothing was recorded for them",
                strays.len() - MAX_STRAYS
            ));
        }
        let what = match summary.is_empty() {
            true => "digest reply: nothing recorded".to_string(),
            false => format!("digest reply: {}", summary.join("; ")),
        };
        if self.settings.dry_run {
            return Ok(Disposition::Digest {
                to: from.to_string(),
                what,
                reply: ReplyFate::Queued,
            });
        }
        let answered = Answered {
            to: from,
            message_id: work.incoming.message_id.as_deref(),
            mail_key: &work.key.name,
            token,
        };
        let built = answer(&Sender::new(config, secret), &answered, &lines)?;
        let reply = self.queue_answer(work, built, from, "digest")?;
        Ok(Disposition::Digest {
            to: from.to_string(),
            what,
            reply,
        })
    }

    /// One game's part of a reply to a digest: what became of it, in a
    /// line for the answer.
    fn digest_part(
        &mut self,
        work: &mut Work,
        record: &DigestRecord,
        label: &str,
        text: &str,
        from: &str,
    ) -> Result<String, InboxError> {
        let Some(entry) = record.game(label) else {
            return Ok("not a game of this digest".to_string());
        };
        let side = match entry.side.as_str() {
            "black" => Color::Black,
            _ => Color::White,
        };
        let game = Game::load(&entry.path)?;
        if game.game_id() != entry.game_id || !game.player(side).has_address(from) {
            return Ok("not recorded: this game is no longer yours as the digest named it".into());
        }
        // The digest's event, found by its key: the director may have
        // taken moves back since.
        let Some(seq) = game
            .events()
            .iter()
            .position(|e| e.seq == entry.seq && e.key() == entry.key)
            .map(|_| entry.seq)
        else {
            return Ok(moved_on());
        };
        let command = match read_command(&game, seq, side, text) {
            Ok(Command::Digest(_)) => {
                return Ok("not recorded: digest daily and digest off go on a line of \
                           their own"
                    .to_string());
            }
            // Lines are kept from a reply in the game's own thread, where
            // the answer lists them; here they would pass unseen.
            Ok(Command::Conditional { first: None, .. } | Command::CancelConditionals) => {
                return Ok(LINES_ELSEWHERE.to_string());
            }
            Ok(Command::Conditional {
                first: Some(first), ..
            }) => {
                let said = self.digest_command(work, entry, game, side, seq, &first)?;
                return Ok(format!("{said}; {LINES_ELSEWHERE}"));
            }
            Ok(command) => command,
            Err(Unread::Refused(e)) => return Ok(format!("not recorded: rejected: {e}")),
            Err(other) => return Ok(format!("not recorded: {other}")),
        };
        self.digest_command(work, entry, game, side, seq, &command)
    }

    /// Judges and records one game's command of a digest reply.
    fn digest_command(
        &mut self,
        work: &mut Work,
        entry: &DigestGame,
        game: Game,
        side: Color,
        seq: u32,
        command: &Command,
    ) -> Result<String, InboxError> {
        let reference = work.key.reference.clone();
        match judge(&game, side, seq, command, &reference) {
            Judged::Current => {}
            other => return Ok(judged_words(other)),
        }
        let target = Target {
            path: entry.path.clone(),
            game,
            side,
            seq,
        };
        self.digest_record(work, &target, command)
    }

    /// Records one game's command as a reply in its own thread is
    /// recorded ([`Inbox::record_mail`]), in a line for the answer.
    fn digest_record(
        &mut self,
        work: &mut Work,
        target: &Target,
        command: &Command,
    ) -> Result<String, InboxError> {
        Ok(match self.record_mail(work, target, command)? {
            Recording::Done(what) if self.settings.dry_run => format!("would record {what}"),
            Recording::Done(what) => format!("recorded {what}"),
            Recording::Judged(_, judged) => judged_words(judged),
            Recording::Rejected(_, why) => format!("not recorded: {why}"),
            Recording::NotOfTheGame => "not recorded: not a command of the game".to_string(),
            Recording::Cancelled { section } => {
                format!("not recorded: the section {section} was cancelled")
            }
        })
    }

    /// Queues an answer unless this mail was answered before, within the
    /// hourly limit of answers (as every answer of the inbox).
    pub(super) fn queue_answer(
        &mut self,
        work: &mut Work,
        built: Built,
        to: &str,
        game_id: &str,
    ) -> Result<ReplyFate, InboxError> {
        let config = self.settings.mail;
        let Some(held) = work.held else {
            return Ok(ReplyFate::Queued);
        };
        if Outbox::new(&config.outbox).holds(&built.message_id) {
            return Ok(ReplyFate::Before);
        }
        let limit = config.replies_per_hour;
        if !self
            .state
            .allow_reply(held, to, &built.message_id, Utc::now(), limit)?
        {
            return Ok(ReplyFate::OverLimit(limit));
        }
        let what = format!("answer to {to}");
        work.pending
            .extend(mail::queue(config, &[built], game_id, &what, 0, None)?);
        Ok(ReplyFate::Queued)
    }
}

/// The answer to conditional lines in a reply to a digest.
const LINES_ELSEWHERE: &str = "conditional lines not kept: send them in a reply to the \
                               game's own notice, where the answer lists them";

fn moved_on() -> String {
    "not recorded: the game has moved on since the digest; see its latest notice".to_string()
}

/// What a command judged not to be done now comes to, for the answer.
fn judged_words(judged: Judged) -> String {
    match judged {
        Judged::Duplicate(what) => format!("recorded {what}"),
        Judged::Already { what, at } => format!(
            "already recorded as {what} at {}; nothing else was done",
            format_time_short(at)
        ),
        Judged::MovedOn | Judged::Current => moved_on(),
    }
}
