//! `dynamo draw`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;

use super::report::print_ending;
use crate::cli::args::{self, IdentityArgs, QuietArgs, TimeArgs};
use crate::cli::{failure, store};
use crate::exit::Exit;

/// Offer, accept or decline a draw.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// What the side given by --by or --from does.
    #[arg(value_enum)]
    action: Action,
    #[command(flatten)]
    identity: IdentityArgs,
    #[command(flatten)]
    time: TimeArgs,
    #[command(flatten)]
    quiet: QuietArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Action {
    /// Offer a draw; it stands until answered or until the opponent moves.
    Offer,
    /// Accept the opponent's offer: the game is drawn.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    let (game, side) = store::update(&args.file, |g| {
        let side = args.identity.required_side(g)?;
        let at = received.at(args::now()).map_err(failure::rejected)?;
        let changed = match args.action {
            Action::Offer => g.offer_draw(side, at),
            Action::Accept => g.accept_draw(side, at),
            Action::Decline => g.decline_draw(side, at),
        };
        Ok((changed.map_err(failure::rejected)?, side))
    })?;
    let mut out = args.quiet.out(out);
    match args.action {
        Action::Offer => writeln!(out, "{} offers a draw", side.title())?,
        Action::Decline => writeln!(out, "{} declines the draw offer", side.title())?,
        Action::Accept => print_ending(&mut out, &game)?,
    }
    Ok(Exit::Ok)
}
