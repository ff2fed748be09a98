//! `dynamo inbox --stdin | --maildir DIR | --imap [--once | --watch]
//! [--dry-run]`, and `dynamo inbox --unmatched`.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::config::{Config, MailConfig};
use dynamo::game::clock::format_time_short;
use dynamo::inbox::imap::ImapMailbox;
use dynamo::inbox::maildir::Maildir;
use dynamo::inbox::message::{MAX_MESSAGE_BYTES, RawMessage};
use dynamo::inbox::source::{self, MessageStep, Progress};
use dynamo::inbox::state::InboxState;
use dynamo::inbox::{Disposition, Handled, Inbox, InboxError, Settings, Source};
use dynamo::mail::{Report, Secret, SecretError};
use dynamo::recorder::conditional::Store;

use crate::cli::support::args::QuietArgs;
use crate::cli::support::catch_up;
use crate::cli::support::printer::{Printer, Said};
use crate::cli::support::{config_file, notify, store};
use crate::exit::{Exit, Failure};

/// Read players' replies to their notices and record their moves: each
/// mail's reply token names the game and the player, the sender must be
/// that player, and the move is recorded as `dynamo move` records it, with
/// the time the mail arrived, and both players are mailed the new
/// position; a refused move is answered to its sender alone; mail that is
/// not a player's reply is set aside unanswered. Each mail is handled
/// once, however often it is read.
#[derive(clap::Args, Debug)]
#[command(group(
    clap::ArgGroup::new("source")
        .required(true)
        .args(["stdin", "maildir", "imap", "unmatched"])
))]
pub(crate) struct Args {
    /// Read one message from standard input, for a `.forward`, procmail
    /// or Postfix pipe: exit 0 when it is handled (recorded, answered or
    /// set aside), 75 (EX_TEMPFAIL) when the mail system should deliver it
    /// again later (a lock held too long, a disk error).
    #[arg(long)]
    stdin: bool,
    /// Read the Maildir DIR: the messages in DIR/new, and those in DIR/cur
    /// not handled yet; each is moved to DIR/cur once handled.
    #[arg(long, value_name = "DIR")]
    maildir: Option<PathBuf>,
    /// Read the IMAP mailbox of the config's `[inbox]` table.
    #[arg(long)]
    imap: bool,
    /// List the mail set aside (not a player's reply, a forged or machine
    /// one, or one over the hourly limit of answers): when it came, from
    /// whom, its subject and why.
    #[arg(long)]
    unmatched: bool,
    /// Handle what is waiting, then exit (the default).
    #[arg(long, conflicts_with = "watch")]
    once: bool,
    /// Keep running until SIGINT or SIGTERM (the message in hand is
    /// finished first): a Maildir is looked at every --poll seconds; an
    /// IMAP mailbox waits in IDLE, renewed every `idle_minutes`.
    #[arg(long, conflicts_with_all = ["stdin", "unmatched", "dry_run"])]
    watch: bool,
    /// Seconds between two looks at the mailbox under --watch (1 to
    /// 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    poll: u64,
    /// Say what would be done with each message; record, mail and mark
    /// nothing.
    #[arg(long, conflicts_with = "unmatched")]
    dry_run: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// EX_TEMPFAIL of sysexits.h: try again later.
const TEMPORARY: Exit = Exit::TempFail;

/// How the messages of a run went, for the exit code.
#[derive(Debug, Default)]
struct Tally {
    temporary: bool,
    failed: bool,
}

impl Tally {
    fn exit(&self) -> Exit {
        match (self.temporary, self.failed) {
            (true, _) => TEMPORARY,
            (false, true) => Exit::Io,
            _ => Exit::Ok,
        }
    }

    fn error(&mut self, e: &InboxError) {
        if e.is_temporary() {
            self.temporary = true;
        } else {
            self.failed = true;
        }
    }
}

pub(crate) fn execute(args: Args, config_path: Option<&Path>, printer: &Printer) -> Result<Exit> {
    printer.text_only("inbox", "it prints what became of each mail, in words")?;
    let config = config_file::load(config_path)?;
    let mail = notify::mail_config(&config)?;
    if args.unmatched {
        return unmatched(mail);
    }
    if !config.games_dir.is_dir() {
        return Err(Failure::new(
            Exit::Usage,
            format!(
                "the games folder {} (games_dir in the config) is not a folder",
                config.games_dir.display()
            ),
        )
        .into());
    }
    let catch_up = catch_up::from_config(&config, printer).read_only(args.dry_run);
    catch_up.before_reading_folder(&config.games_dir);
    let secret = secret(mail, args.dry_run, args.stdin)?;
    let settings = Settings {
        games_dir: config.games_dir.clone(),
        mail,
        secret: secret.as_ref(),
        lock_wait: store::lock_wait()?,
        dry_run: args.dry_run,
        pages: dynamo::services::pages(&config),
        conditionals: Store::new(&config.conditional_dir),
        archive: config.archive(store::lock_wait()?),
    };
    let mut inbox = Inbox::new(settings);
    let said = printer.said(args.quiet.quiet);
    if args.stdin {
        return stdin(&mut inbox, said);
    }
    let mut source: Box<dyn Source> = match &args.maildir {
        Some(dir) => Box::new(Maildir::open(dir, inbox.state()).map_err(|e| {
            let exit = if e.is_temporary() {
                TEMPORARY
            } else {
                Exit::Usage
            };
            Failure::new(exit, e.to_string())
        })?),
        None => imap(&config, args.watch)?,
    };
    let dry_run = args.dry_run;
    let mut tally = Tally::default();
    let mut report = |event: Progress| show(event, dry_run, said, &mut tally);
    if args.watch {
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            signal_hook::flag::register(signal, Arc::clone(&stop))
                .context("setting up SIGINT and SIGTERM")?;
        }
        let poll = Duration::from_secs(args.poll);
        // Said at once, for whoever watches the service start.
        let how = if args.maildir.is_some() {
            "watching"
        } else {
            "connected to"
        };
        eprintln!("dynamo: {how} {}, waiting for mail", source.name());
        if let Err(e) = source::watch(&mut inbox, source.as_mut(), poll, &stop, &mut report) {
            eprintln!("dynamo: {}: {e}", source.name());
            report(Progress::Failed(e));
        }
    } else {
        if let Some(owed) = inbox.send_owed() {
            report(Progress::Owed(owed));
        }
        let stop = AtomicBool::new(false);
        source::run_once(&mut inbox, source.as_mut(), &stop, &mut report);
    }
    Ok(tally.exit())
}

/// The secret of the reply tokens. A dry run makes no key file: without
/// one, no token is valid. Read from a pipe, a key file the disk fails to
/// give is a reason to be delivered again later.
fn secret(mail: &MailConfig, dry_run: bool, piped: bool) -> Result<Option<Secret>> {
    match Secret::load(mail, !dry_run) {
        Ok(secret) => Ok(Some(secret)),
        Err(SecretError::Missing { .. }) => Ok(None),
        Err(e) if piped && !e.is_setting() => Err(Failure::new(TEMPORARY, e.to_string()).into()),
        Err(e) => Err(notify::secret_failure(&e)),
    }
}

/// The IMAP mailbox of the config's `[inbox]` table, logged in; under
/// `--watch`, it says on standard error when it connects again.
fn imap(config: &Config, watch: bool) -> Result<Box<dyn Source>> {
    let Some(settings) = &config.inbox else {
        return Err(Failure::new(
            Exit::Usage,
            "--imap needs an [inbox] table in the configuration (see config.example.toml)",
        )
        .into());
    };
    match ImapMailbox::open(settings) {
        Ok(mut mailbox) => {
            if watch {
                mailbox.on_reconnect(|name| {
                    eprintln!("dynamo: reconnected to {name}, waiting for mail");
                });
            }
            Ok(Box::new(mailbox))
        }
        Err(e) => {
            let exit = if e.is_temporary() {
                TEMPORARY
            } else {
                Exit::Usage
            };
            Err(Failure::new(exit, e.to_string()).into())
        }
    }
}

/// One message from standard input.
fn stdin(inbox: &mut Inbox, said: Said) -> Result<Exit> {
    let mut raw = Vec::new();
    if let Err(e) = io::stdin()
        .lock()
        .take(MAX_MESSAGE_BYTES as u64 + 1)
        .read_to_end(&mut raw)
    {
        return Err(Failure::new(TEMPORARY, format!("reading standard input: {e}")).into());
    }
    let mut tally = Tally::default();
    let dry_run = inbox.settings().dry_run;
    let mut report = |event: Progress| show(event, dry_run, said, &mut tally);
    if let Some(owed) = inbox.send_owed() {
        report(Progress::Owed(owed));
    }
    let mut handled = inbox.handle(&RawMessage {
        raw,
        arrived: Utc::now(),
        too_large: false,
    });
    let handled_ok = handled.is_ok();
    let delivery = match &mut handled {
        Ok(h) => inbox.deliver(std::mem::take(&mut h.pending)),
        Err(_) => None,
    };
    inbox.hang_up();
    report(Progress::Message(Box::new(MessageStep {
        id: "stdin".to_string(),
        handled,
        delivery,
        unmarked: None,
    })));
    // A message handled is not to be delivered again, whatever became of
    // the mail it queued: the outbox keeps that for `dynamo mail --retry`.
    Ok(match handled_ok {
        true => Exit::Ok,
        false => tally.exit(),
    })
}

/// Says what happened: standard output for what was done, standard error
/// for what failed.
fn show(event: Progress, dry_run: bool, said: Said, tally: &mut Tally) {
    let mut out = io::stdout().lock();
    match event {
        Progress::Message(step) => {
            let MessageStep {
                id,
                handled,
                delivery,
                unmarked,
            } = *step;
            match &handled {
                Ok(h) if !said.quiet() => {
                    let _ = writeln!(out, "{id}: {}", line(h, dry_run));
                }
                Ok(_) => {}
                Err(e) => {
                    tally.error(e);
                    eprintln!("dynamo: {id}: {e}; the message is left to handle again");
                }
            }
            // The move is recorded: pages that could not follow it are a
            // warning, which `dynamo site DIR` puts right.
            for warning in handled.iter().flat_map(|h| &h.warnings) {
                eprintln!("dynamo: {id}: warning: {warning}");
            }
            if let Some(report) = delivery {
                mailed(&report, said, &mut out, tally);
            }
            if let Some(e) = unmarked {
                tally.error(&e);
                eprintln!("dynamo: {id}: handled, but not marked as handled: {e}");
            }
        }
        Progress::Failed(e) => {
            tally.error(&e);
            eprintln!("dynamo: {e}");
        }
        Progress::Owed(Ok(report)) => mailed(&report, said, &mut out, tally),
        Progress::Owed(Err(e)) => {
            tally.failed = true;
            eprintln!("dynamo: sending what the outbox owes: {e}");
        }
    }
    let _ = out.flush();
}

/// One message's line: what became of it, and whose and which mail it is
/// when it was set aside.
fn line(h: &Handled, dry_run: bool) -> String {
    let what = h.disposition.describe(dry_run);
    match &h.disposition {
        Disposition::SetAside(_) => format!(
            "{what} (from {}, {})",
            if h.from.is_empty() { "nobody" } else { &h.from },
            dynamo_core::quoted(&h.subject)
        ),
        _ => what,
    }
}

/// The mail delivered, and what was not.
fn mailed(report: &Report, said: Said, out: &mut impl Write, tally: &mut Tally) {
    if !said.quiet() {
        let _ = said.sent(report, out);
    }
    if let Some(why) = notify::undelivered(report) {
        tally.failed = true;
        eprintln!("dynamo: mailing failed: {why}");
    }
}

/// `--unmatched`: the mail set aside, oldest first.
fn unmatched(mail: &MailConfig) -> Result<Exit> {
    let state = InboxState::new(&mail.inbox_state);
    let found = state
        .unmatched()
        .map_err(|e| Failure::new(Exit::Io, e.to_string()))?;
    let mut out = io::stdout().lock();
    if found.is_empty() {
        writeln!(out, "nothing set aside in {}", state.dir().display())?;
    }
    for (record, kept) in found {
        let when = chrono::DateTime::parse_from_rfc3339(&record.arrived)
            .map(|t| format_time_short(t.with_timezone(&Utc)))
            .unwrap_or(record.arrived);
        let from = if record.from.is_empty() {
            "nobody".to_string()
        } else {
            record.from
        };
        writeln!(
            out,
            "{when}  from {from}  {}  {}",
            dynamo_core::quoted(&record.subject),
            record.what
        )?;
        if let Some(path) = kept {
            writeln!(out, "    {}", path.display())?;
        }
    }
    out.flush().context("writing to standard output")?;
    Ok(Exit::Ok)
}
