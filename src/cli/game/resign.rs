//! `dynamo resign`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo_core::Color;

use super::report::print_ending;
use crate::cli::args::Side;
use crate::cli::{failure, notify};
use crate::exit::Exit;
use dynamo::config::Config;

/// Record a resignation.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    file: PathBuf,
    /// The side that resigns.
    #[arg(long, value_enum)]
    by: Side,
    /// Mail each player a notice of the resignation.
    #[arg(long)]
    mail: bool,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let side = Color::from(args.by);
    let mailing = notify::mailing(config, args.mail)?;
    let (game, (), queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        Ok((
            g.resign(side, chrono::Utc::now())
                .map_err(failure::rejected)?,
            (),
        ))
    })?;
    let shown = print_ending(out, &game).and_then(|()| Ok(out.flush()?));
    notify::finish(mailing, queued, &args.file, "the resignation", shown)
}
