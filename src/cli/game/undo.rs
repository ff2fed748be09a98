//! `dynamo undo`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::clock::format_time;
use dynamo::recorder::{Action, Done, Request, Who};

use super::report::print_turn;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::Exit;

/// Take back the last half-move, as the director's correction: recorded in
/// the file where the move stood, with its time and reason. A mate or
/// stalemate may be taken back (the game goes on); a resignation, a draw or
/// an adjudication after the move may not.
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail each player a notice of the correction (needs the config's `[mail]` table, \
     checked before anything is recorded)"
)))]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// Why the move is taken back: recorded in the file and told to the
    /// players.
    #[arg(long)]
    reason: String,
    #[command(flatten)]
    record: RecordArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let action = Action::Undo {
        reason: args.reason.clone(),
    };
    let request = |when| Request::new(action, Who::Director, when);
    let (recording, said) = args.record.start(config, printer)?;
    recording::run(
        recording,
        &args.file,
        "the correction",
        request,
        said,
        out,
        |r, out| {
            if let Done::Undone(m) = &r.done {
                writeln!(
                    out,
                    "took back {}, received {}",
                    m.numbered(),
                    format_time(m.received)
                )?;
            }
            print_turn(out, &r.game, r.now)
        },
    )
}
