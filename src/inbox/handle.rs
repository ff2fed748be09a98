//! Handling one mail, wherever it came from (a pipe, a Maildir, an IMAP
//! mailbox): read it, find the game, the player and the notice it answers
//! from its reply tokens, check that the sender is that player, read the
//! command, then record it exactly as `dynamo move` (or `resign`, `draw`)
//! would, with the time the mail arrived, and queue both players'
//! notices; or answer the sender why nothing was recorded; or set the
//! mail aside, unanswered.
//!
//! **Exactly once.** The whole of it runs under the inbox's lock, and ends
//! by noting the mail as handled ([`InboxState`]); a mail noted is not handled
//! again. Should the process stop between recording the command and
//! noting the mail, the game file itself says which mail brought its
//! event ([`crate::game::source`]), and the next run does not record it
//! again. An answer's Message-ID is made from the mail it answers, and one
//! the outbox holds already is not queued again.

use std::path::Path;

use chrono::{DateTime, Utc};
use dynamo_core::Color;

use super::command::Command;
use super::disposition::{Disposition, ReplyFate, SetAside, Why, conditional_answer};
use super::error::InboxError;
use super::games::{Found, Games, Target};
use super::judge::{Judged, judge, read_command};
use super::key::MailKey;
use super::message::{self, Incoming, MessageError, RawMessage};
use super::reading::verdict::Unread;
use super::record::{Mail, Recording, record};
use super::settings::Settings;
use super::state::{InboxLock, InboxState, MailNote, OpenBatch, time_text};
use super::text::notice_lines::without_notice;
use crate::game::Game;
use crate::game::clock::format_time_short;
use crate::game::player::Mailbox;
use crate::mail::digest::token::DigestToken;
use crate::mail::messages::{self, Args};
use crate::mail::{self, Answer, Courier, Notice, Outbox, Pending, Sender, Token};
use crate::recorder::Pages;

/// One mail handled.
#[derive(Debug)]
pub struct Handled {
    /// What became of it.
    pub disposition: Disposition,
    /// The notices and answers it queued, to be delivered.
    pub pending: Vec<Pending>,
    /// Its From address as written, or empty.
    pub from: String,
    /// Its subject.
    pub subject: String,
    /// What went wrong with the web pages after its move was recorded
    /// (the move stands; `dynamo site DIR` puts the pages right).
    pub warnings: Vec<String>,
}

/// The inbox: its settings, its state folder and the games; the batch
/// under way and the SMTP session of the run (`batch.rs`).
pub struct Inbox<'a> {
    pub(super) settings: Settings<'a>,
    pub(super) state: InboxState,
    games: Games,
    pub(super) batch: Option<OpenBatch>,
    pub(super) courier: Option<Courier>,
}

impl std::fmt::Debug for Inbox<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox")
            .field("settings", &self.settings)
            .field("state", &self.state)
            .field("batch", &self.batch)
            .finish_non_exhaustive()
    }
}

/// One mail being handled.
pub(super) struct Work<'w> {
    pub(super) key: MailKey,
    pub(super) incoming: &'w Incoming,
    pub(super) arrived: DateTime<Utc>,
    pub(super) held: Option<&'w InboxLock>,
    pub(super) pending: Vec<Pending>,
}

impl<'a> Inbox<'a> {
    pub fn new(settings: Settings<'a>) -> Inbox<'a> {
        Inbox {
            state: InboxState::new(&settings.mail.inbox_state),
            games: Games::new(&settings.games_dir),
            settings,
            batch: None,
            courier: None,
        }
    }

    pub fn settings(&self) -> &Settings<'a> {
        &self.settings
    }

    pub fn state(&self) -> &InboxState {
        &self.state
    }

    /// Handles one mail as its mailbox handed it over: alone, under the
    /// inbox's lock and noted handled before it returns, or as one of the
    /// batch under way ([`Inbox::begin_batch`]), noted with the batch.
    pub fn handle(&mut self, mail: &RawMessage) -> Result<Handled, InboxError> {
        let mut batch = self.batch.take();
        let handled = self.handle_in(mail, batch.as_mut());
        self.batch = batch;
        handled
    }

    fn handle_in(
        &mut self,
        mail: &RawMessage,
        batch: Option<&mut OpenBatch>,
    ) -> Result<Handled, InboxError> {
        let (raw, arrived) = (mail.raw.as_slice(), mail.arrived);
        let read = match mail.too_large {
            true => message::read_head(raw),
            false => message::read(raw),
        };
        let key = MailKey::of(read.as_ref().ok(), raw);
        let empty = Incoming::default();
        let incoming = read.as_ref().unwrap_or(&empty);
        let from = incoming.from.clone().unwrap_or_default();
        let subject = incoming.subject.clone();
        let own;
        let (held, notes) = match (self.settings.dry_run, batch) {
            (true, _) => (None, None),
            (false, Some(batch)) => (Some(&batch.lock), Some(&mut batch.notes)),
            (false, None) => {
                own = self.state.lock(self.settings.lock_wait)?;
                (Some(&own), None)
            }
        };
        let noted = notes
            .as_deref()
            .and_then(|notes| notes.iter().find(|(k, _)| k.name == key.name))
            .map(|(_, note)| note.clone());
        if let Some(note) = noted.map_or_else(|| self.state.handled(&key), |n| Ok(Some(n)))? {
            return Ok(Handled {
                disposition: Disposition::HandledBefore(note.what),
                pending: Vec::new(),
                from,
                subject,
                warnings: Vec::new(),
            });
        }
        let mut work = Work {
            key,
            incoming,
            arrived,
            held,
            pending: Vec::new(),
        };
        let disposition = self.decide(&mut work, read.as_ref().err())?;
        if let Some(held) = held {
            let note = |what: String| MailNote {
                mail: work.key.reference.clone(),
                arrived: time_text(arrived),
                from: from.clone(),
                subject: subject.clone(),
                what,
                handled: time_text(Utc::now()),
            };
            if let Some(why) = disposition.unmatched() {
                self.state.set_aside(held, &work.key, &note(why), raw)?;
            }
            let done = note(disposition.describe(false));
            match notes {
                // Noted once the batch's records are on disk.
                Some(notes) => notes.push((work.key.clone(), done)),
                None => self.state.note_handled(held, &work.key, &done)?,
            }
        }
        let warnings = self
            .settings
            .pages
            .as_mut()
            .map(Pages::take_problems)
            .unwrap_or_default();
        Ok(Handled {
            disposition,
            pending: work.pending,
            from,
            subject,
            warnings,
        })
    }

    fn decide(
        &mut self,
        work: &mut Work,
        unreadable: Option<&MessageError>,
    ) -> Result<Disposition, InboxError> {
        if let Some(e) = unreadable {
            return Ok(Disposition::SetAside(SetAside::Unreadable(e.to_string())));
        }
        let incoming = work.incoming;
        if let Some(automatic) = &incoming.automatic {
            return Ok(Disposition::SetAside(SetAside::Automatic(
                automatic.clone(),
            )));
        }
        let Some(from) = incoming
            .from
            .as_deref()
            .and_then(|f| Mailbox::parse(f).ok())
            .map(|m| m.address.to_string())
        else {
            return Ok(Disposition::SetAside(SetAside::NoSender));
        };
        if let Some(token) = DigestToken::first_in(mail_texts(incoming)) {
            return self.digest_reply(work, &token, &from);
        }
        let (target, cancelled) = match self.games.find(self.settings.secret, &tokens(incoming))? {
            Found::Target(target) => (*target, None),
            Found::Cancelled(target, section) => (*target, Some(section)),
            Found::NoToken => return Ok(Disposition::SetAside(SetAside::NoToken)),
            Found::Invalid => return Ok(Disposition::SetAside(SetAside::InvalidToken)),
            Found::Conflict => return Ok(Disposition::SetAside(SetAside::Conflict)),
        };
        let side = target.side;
        if !target.game.player(side).has_address(&from) {
            let why = if target.game.player(!side).has_address(&from) {
                SetAside::OtherPlayer { from, side }
            } else {
                // A cancelled section's games are no longer played: no
                // one need hear of their mail.
                let told = match cancelled {
                    None => self.tell_player(work, &target, &from)?,
                    Some(_) => None,
                };
                SetAside::Stranger { from, side, told }
            };
            return Ok(Disposition::SetAside(why));
        }
        if let Some(section) = cancelled {
            let why = Why::Cancelled { section };
            return self.answer(work, &target.path, &target.game, side, &from, why);
        }
        if incoming.too_large {
            let why = Why::TooLarge(message::MAX_MESSAGE_BYTES);
            return self.answer(work, &target.path, &target.game, side, &from, why);
        }
        let words = without_pasted_notice(&incoming.text, &target.game, side);
        let command = match read_command(&target.game, target.seq, side, &words) {
            Ok(command) => command,
            Err(e) => {
                let why = match e {
                    // As the recorder words a refused move.
                    Unread::Refused(e) => Why::Refused(format!("rejected: {e}")),
                    other => Why::Refused(other.to_string()),
                };
                return self.answer(work, &target.path, &target.game, side, &from, why);
            }
        };
        if let Command::Digest(choice) = command {
            return self.choose_digest(work, &target, &from, choice);
        }
        if let Command::Conditional { .. } | Command::CancelConditionals = command {
            return self.conditional(work, &target, command, &from);
        }
        let judged = judge(
            &target.game,
            side,
            target.seq,
            &command,
            &work.key.reference,
        );
        match judged {
            Judged::Current => self.record(work, &target, &command, &from),
            other => self.judged(work, &target.path, &target.game, side, &from, other),
        }
    }

    /// A valid reply token came from `from`, no player's address: a short
    /// note to the player's own address (never to the sender, who may be
    /// anyone), so that a player writing from another of their addresses
    /// hears why nothing happened. The address told, when it was.
    fn tell_player(
        &mut self,
        work: &mut Work,
        target: &Target,
        from: &str,
    ) -> Result<Option<String>, InboxError> {
        let side = target.side;
        let Some(address) = target.game.player(side).email.as_ref() else {
            return Ok(None);
        };
        let address = address.to_string();
        if self.settings.dry_run {
            return Ok(Some(address));
        }
        let language = target.game.language(side);
        let args = Args::new()
            .text("from", from)
            .text("at", format_time_short(work.arrived));
        let lines = vec![
            messages::say(language, "stranger-note", &args),
            messages::word(language, "stranger-note-next"),
        ];
        let notice = Notice::from_game(&target.game, Utc::now());
        let answer = Answer {
            side,
            to: &address,
            subject: &work.incoming.subject,
            // Not threaded to the stranger's mail: the player never saw it.
            message_id: None,
            thread: &[],
            mail_key: &work.key.name,
            lines,
            position: false,
        };
        let config = self.settings.mail;
        let built = notice.answer(
            &Sender::new(config, self.settings.signing_secret()?),
            &answer,
        )?;
        Ok(
            match self.queue_answer(work, built, &address, &notice.game_id)? {
                ReplyFate::OverLimit(_) => None,
                ReplyFate::Queued | ReplyFate::Before => Some(address),
            },
        )
    }

    /// The disposition of anything but a command to do now.
    pub(super) fn judged(
        &mut self,
        work: &mut Work,
        path: &Path,
        game: &Game,
        side: Color,
        from: &str,
        judged: Judged,
    ) -> Result<Disposition, InboxError> {
        let why = match judged {
            Judged::Duplicate(what) => {
                return Ok(Disposition::Duplicate {
                    game: path.to_path_buf(),
                    what,
                });
            }
            Judged::Already { what, at } => Why::Already { what, at },
            Judged::MovedOn | Judged::Current => Why::MovedOn,
        };
        self.answer(work, path, game, side, from, why)
    }

    /// Records `command` in `target` as this mail's, at its arrival and
    /// with its reference ([`record`]).
    pub(super) fn record_mail(
        &mut self,
        work: &mut Work,
        target: &Target,
        command: &Command,
    ) -> Result<Recording, InboxError> {
        let mail = Mail {
            arrived: work.arrived,
            reference: &work.key.reference,
        };
        record(
            &mut self.settings,
            &mail,
            target,
            command,
            &mut work.pending,
        )
    }

    /// Records `command` in the game of `target` ([`record`]); or answers
    /// why not.
    pub(super) fn record(
        &mut self,
        work: &mut Work,
        target: &Target,
        command: &Command,
        from: &str,
    ) -> Result<Disposition, InboxError> {
        let (path, side) = (&target.path, target.side);
        match self.record_mail(work, target, command)? {
            Recording::Done(what) => Ok(Disposition::Recorded {
                game: path.to_path_buf(),
                what,
                from: from.to_string(),
            }),
            Recording::Judged(game, judged) => self.judged(work, path, &game, side, from, judged),
            Recording::Rejected(game, why) => {
                self.answer(work, path, &game, side, from, Why::Refused(why))
            }
            Recording::Cancelled { section } => {
                let why = Why::Cancelled { section };
                self.answer(work, path, &target.game, side, from, why)
            }
            Recording::NotOfTheGame => Err(InboxError::Source {
                what: format!("{command} is not a command of the game"),
                temporary: false,
            }),
        }
    }

    /// Answers the sender why nothing was recorded, within the hourly
    /// limit, unless this mail was answered before.
    pub(super) fn answer(
        &mut self,
        work: &mut Work,
        path: &Path,
        game: &Game,
        side: Color,
        to: &str,
        why: Why,
    ) -> Result<Disposition, InboxError> {
        let config = self.settings.mail;
        let now = Utc::now();
        let notice = Notice::from_game(game, now);
        // The answer is in the player's language, the refusal's reason
        // as the game gives it.
        let language = notice.languages[side];
        let at = || Args::new().text("at", format_time_short(work.arrived));
        let say = |id: &str, args: Args| messages::say(language, id, &args);
        let (lines, position) = match &why {
            Why::Refused(reason) => (
                vec![
                    say("answer-refused", at()),
                    // What to do next is the answer's "How to reply":
                    // it knows whose move it is.
                    format!("  {reason}"),
                ],
                true,
            ),
            Why::Already { what, at: when } => (
                vec![say(
                    "answer-already",
                    at().text("what", what.as_str())
                        .text("when", format_time_short(*when)),
                )],
                false,
            ),
            Why::TooLarge(limit) => (
                vec![
                    say("answer-too-large", at().number("mb", (limit >> 20) as u64)),
                    say("answer-send-again", Args::new()),
                ],
                true,
            ),
            Why::Conditional { lines, cancelled } => (
                conditional_answer(
                    language,
                    &format_time_short(work.arrived),
                    lines,
                    *cancelled,
                ),
                true,
            ),
            Why::Cancelled { section } => (
                vec![say(
                    "answer-cancelled",
                    at().text("section", section.as_str()),
                )],
                false,
            ),
            Why::MovedOn => (vec![say("answer-moved-on", at())], true),
        };
        let incoming = work.incoming;
        let thread: Vec<String> = incoming
            .references
            .iter()
            .chain(&incoming.in_reply_to)
            .cloned()
            .collect();
        let answer = Answer {
            side,
            to,
            subject: &incoming.subject,
            message_id: incoming.message_id.as_deref(),
            thread: &thread,
            mail_key: &work.key.name,
            lines,
            position,
        };
        let built = notice.answer(
            &Sender::new(config, self.settings.signing_secret()?),
            &answer,
        )?;
        let answered = |reply: ReplyFate| Disposition::Answered {
            game: path.to_path_buf(),
            to: to.to_string(),
            why: why.clone(),
            reply,
        };
        let Some(held) = work.held else {
            return Ok(answered(ReplyFate::Queued));
        };
        if Outbox::new(&config.outbox).holds(&built.message_id) {
            return Ok(answered(ReplyFate::Before));
        }
        let limit = config.replies_per_hour;
        if !self
            .state
            .allow_reply(held, to, &built.message_id, now, limit)?
        {
            return Ok(answered(ReplyFate::OverLimit(limit)));
        }
        let what = format!("answer to {} ({})", to, side.title());
        let queued = mail::queue(config, &[built], &notice.game_id, &what, notice.ply(), None)?;
        work.pending.extend(queued);
        Ok(answered(ReplyFate::Queued))
    }
}

/// Every reply token of a mail: in the ids it answers, its subject and
/// its recipients' addresses.
fn tokens(incoming: &Incoming) -> Vec<Token> {
    let mut found: Vec<Token> = Vec::new();
    for text in mail_texts(incoming) {
        for token in Token::find(text) {
            if !found.contains(&token) {
                found.push(token);
            }
        }
    }
    found
}

/// Where a mail carries reply tokens: the ids it answers, its subject
/// and its recipients' addresses.
fn mail_texts(incoming: &Incoming) -> impl Iterator<Item = &String> {
    incoming
        .in_reply_to
        .iter()
        .chain(&incoming.references)
        .chain(std::iter::once(&incoming.subject))
        .chain(&incoming.recipients)
}

/// The player's words without the lines of a notice pasted into them
/// with no quote marks: the notice's moves are never their command.
fn without_pasted_notice(text: &str, game: &Game, side: Color) -> String {
    // As the notices name a player: by their colour when nameless.
    let name = |side: Color| match game.player(side).name.trim() {
        "" => side.title().to_string(),
        name => name.to_string(),
    };
    let (white, black) = (name(Color::White), name(Color::Black));
    without_notice(text, [&white, &black], usize::from(side == Color::Black))
}
