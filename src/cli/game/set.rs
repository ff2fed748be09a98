//! `dynamo set`.

use std::convert::Infallible;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::ArgGroup;
use dynamo::config::Config;
use dynamo::game::{CorrectionError, EventKind, Game, TagEdit};
use dynamo::recorder::{Action, Refusal, Request, Who};
use dynamo_core::quoted;

use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::{Exit, Failure};

/// Correct the game's header: a player's name or address, or another tag,
/// checked as `new` checks it; recorded in the file with its time and
/// reason. Several at once are one correction.
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail each player a notice of the correction (needs the config's `[mail]` table, \
     checked before anything is recorded). A new address gets it; the old one does not"
)))]
#[command(group(
    ArgGroup::new("what")
        .required(true)
        .multiple(true)
        .args(["white_email", "black_email", "white", "black", "tag"])
))]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// White's address, alone: `ada@example.org` or `<ada@example.org>`.
    #[arg(long, value_name = "ADDRESS")]
    white_email: Option<String>,
    /// Black's address, written as for --white-email.
    #[arg(long, value_name = "ADDRESS")]
    black_email: Option<String>,
    /// White's name.
    #[arg(long, value_name = "NAME")]
    white: Option<String>,
    /// Black's name.
    #[arg(long, value_name = "NAME")]
    black: Option<String>,
    /// Another tag, as NAME=VALUE (repeatable): Event, Site, Date, Round,
    /// TimeControl (the clocks are worked out again) or a tag of your own.
    /// Not Result, Termination, DrawOffer, Variant, SetUp, FEN or GameId;
    /// Rules, UTCDate and UTCTime only before the first move.
    #[arg(long, value_name = "NAME=VALUE")]
    tag: Vec<String>,
    /// Why: recorded in the file and told to the players.
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    record: RecordArgs,
}

impl Args {
    /// The tags to set, each with the flag it came from.
    fn edits(&self) -> Result<Vec<TagEdit>> {
        let mut edits = Vec::new();
        for (flag, name, value) in [
            ("--white", "White", &self.white),
            ("--black", "Black", &self.black),
            ("--white-email", "WhiteEmail", &self.white_email),
            ("--black-email", "BlackEmail", &self.black_email),
        ] {
            if let Some(value) = value {
                edits.push(TagEdit {
                    field: flag.to_string(),
                    name: name.to_string(),
                    value: value.clone(),
                });
            }
        }
        for pair in &self.tag {
            let (name, value) = pair.split_once('=').ok_or_else(|| {
                Failure::new(
                    Exit::Usage,
                    format!("--tag: {} is not NAME=VALUE", quoted(pair)),
                )
            })?;
            edits.push(TagEdit {
                field: format!("--tag {name}"),
                name: name.to_string(),
                value: value.to_string(),
            });
        }
        Ok(edits)
    }
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    // Read in the order the command always read them: --at, the tags,
    // then the mail settings.
    let when = args.record.when()?;
    let edits = args.edits()?;
    let mut recording = recording::new(config, args.record.mail(), when)?;
    let action = Action::Set {
        edits,
        reason: args.reason.clone(),
    };
    let request = Request::new(action, Who::Director, recording.when);
    let quiet = args.record.quiet();
    let recorded = match recording
        .record_if(&args.file, &request, |_: &Game, _| Ok(()))
        .map_err(recording::recording_failure)?
    {
        Ok(recorded) => recorded,
        // Every tag already says so: nothing is written, as for a move
        // sent twice.
        Err(Refusal::Correction(CorrectionError::NothingToChange(what))) => {
            writeln!(quiet.out(out), "{what}; nothing to do")?;
            return Ok(Exit::Ok);
        }
        Err(why) => return Err(recording::refusal::<Infallible>(why)),
    };
    let shown = (|| -> Result<()> {
        let mut out = quiet.out(out);
        if let EventKind::Corrected(fix) = &recorded.game.last_event().kind {
            for c in &fix.changes {
                if c.old.is_empty() {
                    writeln!(out, "set {} to {}", c.name, quoted(&c.new))?;
                } else {
                    writeln!(
                        out,
                        "set {} to {} (was {})",
                        c.name,
                        quoted(&c.new),
                        quoted(&c.old)
                    )?;
                }
            }
        }
        Ok(out.flush()?)
    })();
    let said = printer.said(quiet.quiet);
    recording::finish(recording, &args.file, "the correction", shown, said)
}
