//! `dynamo undo`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::RecordedMove;
use dynamo::game::clock::format_time;

use super::report::{numbered, print_turn};
use crate::cli::args::{self, QuietArgs, TimeArgs};
use crate::cli::failure;
use crate::cli::notify::{self, Said};
use crate::exit::Exit;

/// Take back the last half-move, as the director's correction: recorded in
/// the file where the move stood, with its time and reason. A mate or
/// stalemate may be taken back (the game goes on); a resignation, a draw or
/// an adjudication after the move may not.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// Why the move is taken back: recorded in the file and told to the
    /// players.
    #[arg(long)]
    reason: String,
    #[command(flatten)]
    time: TimeArgs,
    /// Mail each player a notice of the correction (needs the config's
    /// `[mail]` table, checked before anything is recorded).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    let mailing = notify::mailing(config, args.mail)?;
    let (game, (undone, now), queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        let now = args::now();
        let at = received.at(now).map_err(failure::rejected)?;
        let undone: Option<RecordedMove> = g.moves().last().cloned();
        Ok((g.undo(&args.reason, at)?, (undone, now)))
    })?;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        if let Some(m) = &undone {
            writeln!(
                out,
                "took back {}, received {}",
                numbered(m),
                format_time(m.received)
            )?;
        }
        print_turn(&mut out, &game, now)?;
        Ok(out.flush()?)
    })();
    let said = Said::from_flags(args.quiet.quiet, false);
    notify::finish(mailing, queued, &args.file, "the correction", shown, said)
}
