//! `dynamo draw`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;

use super::report::print_ending;
use crate::cli::args::{self, IdentityArgs, QuietArgs, TimeArgs};
use crate::cli::failure;
use crate::cli::notify::{self, Said};
use crate::exit::Exit;
use dynamo::config::Config;

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
    /// Mail each player a notice of the offer or the answer (needs the
    /// config's `[mail]` table, checked before anything is recorded).
    #[arg(long)]
    mail: bool,
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

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    let mailing = notify::mailing(config, args.mail)?;
    let (game, side, queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        let side = args.identity.required_side(g)?;
        let at = received.at(args::now()).map_err(failure::rejected)?;
        let changed = match args.action {
            Action::Offer => g.offer_draw(side, at),
            Action::Accept => g.accept_draw(side, at),
            Action::Decline => g.decline_draw(side, at),
        };
        Ok((changed.map_err(failure::rejected)?, side))
    })?;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        match args.action {
            Action::Offer => writeln!(out, "{} offers a draw", side.title())?,
            Action::Decline => writeln!(out, "{} declines the draw offer", side.title())?,
            Action::Accept => print_ending(&mut out, &game)?,
        }
        Ok(out.flush()?)
    })();
    let what = match args.action {
        Action::Offer => "the draw offer",
        Action::Accept => "the accepted draw",
        Action::Decline => "the declined draw offer",
    };
    let said = Said::from_flags(args.quiet.quiet, false);
    notify::finish(mailing, queued, &args.file, what, shown, said)
}
