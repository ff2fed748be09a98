//! `dynamo resign`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo_core::Color;

use super::report::print_ending;
use crate::cli::args::Side;
use crate::cli::{failure, store};
use crate::exit::Exit;

/// Record a resignation.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    file: PathBuf,
    /// The side that resigns.
    #[arg(long, value_enum)]
    by: Side,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let side = Color::from(args.by);
    let (game, ()) = store::update(&args.file, |g| {
        Ok((
            g.resign(side, chrono::Utc::now())
                .map_err(failure::rejected)?,
            (),
        ))
    })?;
    print_ending(out, &game)?;
    Ok(Exit::Ok)
}
