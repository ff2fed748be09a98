//! `dynamo draw`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;
use dynamo_core::Color;

use super::report::print_ending;
use crate::cli::args::Side;
use crate::cli::{failure, notify};
use crate::exit::Exit;
use dynamo::config::Config;

/// Offer, accept or decline a draw.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    file: PathBuf,
    #[arg(value_enum)]
    action: Action,
    /// The side that acts.
    #[arg(long, value_enum)]
    by: Side,
    /// Mail each player a notice of the offer or the answer.
    #[arg(long)]
    mail: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Action {
    Offer,
    Accept,
    Decline,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let side = Color::from(args.by);
    let mailing = notify::mailing(config, args.mail)?;
    let (game, (), queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        // Taken under the lock, so that a racer recorded first cannot
        // make this action look older than the last event.
        let at = chrono::Utc::now();
        let changed = match args.action {
            Action::Offer => g.offer_draw(side, at),
            Action::Accept => g.accept_draw(side, at),
            Action::Decline => g.decline_draw(side, at),
        };
        Ok((changed.map_err(failure::rejected)?, ()))
    })?;
    let shown = (|| -> Result<()> {
        match args.action {
            Action::Offer => writeln!(out, "{} offers a draw", side.title())?,
            Action::Decline => writeln!(out, "{} declines the draw offer", side.title())?,
            Action::Accept => print_ending(out, &game)?,
        }
        Ok(out.flush()?)
    })();
    let what = match args.action {
        Action::Offer => "the draw offer",
        Action::Accept => "the accepted draw",
        Action::Decline => "the declined draw offer",
    };
    notify::finish(mailing, queued, &args.file, what, shown)
}
