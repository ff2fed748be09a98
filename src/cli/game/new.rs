//! `dynamo new`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chrono::Utc;
use dynamo::config::Config;
use dynamo::game::{Game, NewGame, Player, TimeControl, clock};
use dynamo_core::{Position, Rules};

use crate::cli::args::QuietArgs;
use crate::cli::notify::{self, Said};
use crate::exit::{Exit, Failure};

/// Create a game file; never overwrites one.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file to create; it must not exist yet.
    file: PathBuf,
    /// White: `Name <address>` (any form a mail shows, such as
    /// `"Lefèvre, Jean-Pierre" <jp@example.fr>`), `Name`, or an address.
    #[arg(long, value_name = "PLAYER")]
    white: String,
    /// Black, written as for --white.
    #[arg(long, value_name = "PLAYER")]
    black: String,
    /// The rule set (default: `default_rules` from the config, else `nost`).
    #[arg(long)]
    rules: Option<String>,
    /// `10/50d` (moves/time, unused time carries over), `3d` (per move) or
    /// `none` (default: `default_time_control` from the config).
    #[arg(long)]
    time_control: Option<String>,
    /// The Event tag.
    #[arg(long)]
    event: Option<String>,
    /// The Site tag.
    #[arg(long)]
    site: Option<String>,
    /// The Round tag.
    #[arg(long)]
    round: Option<String>,
    /// Start from this position (extended FEN) instead of the usual one.
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// When the game starts (White's clock runs from here; default now):
    /// RFC 3339, `2026-11-20 09:14` in UTC, or a mail's Date header, years
    /// 1900 to 9999.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    at: Option<String>,
    /// Mail each player a notice of the new game.
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    let mailing = notify::mailing(config, args.mail)?;
    let white = Player::parse(&args.white).map_err(|e| usage(format!("--white: {e}")))?;
    let black = Player::parse(&args.black).map_err(|e| usage(format!("--black: {e}")))?;
    let rules: Rules = match &args.rules {
        Some(r) => r.parse().map_err(|e| usage(format!("--rules: {e}")))?,
        None => config.default_rules,
    };
    let time_control: TimeControl = match &args.time_control {
        Some(t) => t
            .parse()
            .map_err(|e| usage(format!("--time-control: {e}")))?,
        None => config.default_time_control,
    };
    let started = match &args.at {
        Some(t) => clock::parse_time(t).map_err(|e| usage(format!("--at: {e}")))?,
        None => Utc::now(),
    };
    let setup = match &args.fen {
        Some(fen) => {
            Some(Position::from_fen(fen, rules).map_err(|e| usage(format!("--fen: {e}")))?)
        }
        None => None,
    };
    let mut settings = NewGame::new(white, black, started);
    settings.rules = rules;
    settings.time_control = time_control;
    settings.setup = setup;
    if let Some(e) = args.event {
        settings.event = e;
    }
    if let Some(s) = args.site {
        settings.site = s;
    }
    if let Some(r) = args.round {
        settings.round = r;
    }
    let game = Game::create(settings).map_err(|e| {
        let flag = format!("--{}", e.field.to_ascii_lowercase());
        usage(format!("{flag}: {}", e.why))
    })?;
    let path = &args.file;
    let queued = notify::create(mailing.as_ref(), path, &game)?;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        writeln!(out, "created {}", path.display())?;
        writeln!(out, "White: {}", game.white())?;
        writeln!(out, "Black: {}", game.black())?;
        writeln!(out, "Rules: {}", game.rules())?;
        writeln!(out, "Time control: {}", game.time_control())?;
        Ok(out.flush()?)
    })();
    let said = Said::from_flags(args.quiet.quiet, false);
    notify::finish(mailing, queued, path, "the new game", shown, said)
}
