//! `dynamo draw`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;

use dynamo::config::Config;
use dynamo::recorder::{Action, Request};

use super::report::print_ending;
use crate::cli::support::args::IdentityArgs;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::Exit;

/// Offer, accept or decline a draw.
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail each player a notice of the offer or the answer (needs the config's `[mail]` \
     table, checked before anything is recorded)"
)))]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// What the side given by --by or --from does.
    #[arg(value_enum)]
    action: DrawChoice,
    #[command(flatten)]
    identity: IdentityArgs,
    #[command(flatten)]
    record: RecordArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum DrawChoice {
    /// Offer a draw; it stands until answered or until the opponent moves.
    Offer,
    /// Accept the opponent's offer: the game is drawn.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let (action, what) = match args.action {
        DrawChoice::Offer => (Action::OfferDraw, "the draw offer"),
        DrawChoice::Accept => (Action::AcceptDraw, "the accepted draw"),
        DrawChoice::Decline => (Action::DeclineDraw, "the declined draw offer"),
    };
    let who = args.identity.who();
    let request = |when| Request::new(action, who, when);
    let (recording, said) = args.record.start(config, printer)?;
    recording::run(recording, &args.file, what, request, said, out, |r, out| {
        let side = r.side.map_or("", |s| s.title());
        match args.action {
            DrawChoice::Offer => writeln!(out, "{side} offers a draw")?,
            DrawChoice::Decline => writeln!(out, "{side} declines the draw offer")?,
            DrawChoice::Accept => print_ending(out, &r.game)?,
        }
        Ok(())
    })
}
