//! Command-line arguments and the commands they run.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use dynamo_core::{Position, Rules};

use crate::exit::{Exit, Failure};

mod game;
mod mail;
mod rules;

/// Adjudicator for Dynamo Chess played by post or email, under the NOST
/// rules.
#[derive(Parser, Debug)]
#[command(name = "dynamo", version, about, long_about = None)]
pub struct Opts {
    /// The config file (default: `dynamo.toml` here, else `$DYNAMO_CONFIG`,
    /// else built-in defaults).
    #[arg(long, global = true, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    #[command(flatten)]
    Position(rules::PositionCommand),
    #[command(flatten)]
    Game(game::GameCommand),
    /// Email the game's current position to both players; with --retry,
    /// send the notices waiting in the outbox (only FILE's when given).
    Mail {
        /// The game file.
        #[arg(required_unless_present = "retry")]
        file: Option<PathBuf>,
        /// Send what the outbox holds, each notice once.
        #[arg(long)]
        retry: bool,
    },
}

#[derive(Args, Debug)]
pub(crate) struct PositionArgs {
    /// The rule set: `nost`, optionally with overrides such as
    /// `nost,stationary_pull=false,castling=strict`.
    #[arg(long, default_value = "nost")]
    rules: String,
    /// The position, as extended FEN (docs/RULES.md §11) or `startpos`.
    #[arg(long, default_value = "startpos", allow_hyphen_values = true)]
    fen: String,
    /// The current position of a game file, under the game's rules.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "rules"])]
    game: Option<PathBuf>,
}

impl PositionArgs {
    pub(crate) fn position(&self) -> Result<Position> {
        if let Some(path) = &self.game {
            return Ok(game::load(path)?.position().clone());
        }
        let rules: Rules = self
            .rules
            .parse()
            .map_err(|e| Failure::new(Exit::Usage, format!("--rules: {e}")))?;
        let pos = Position::from_fen(&self.fen, rules)
            .map_err(|e| Failure::new(Exit::Usage, format!("--fen: {e}")))?;
        Ok(pos)
    }
}

pub fn main() -> ExitCode {
    let opts = Opts::parse();
    let config = opts.config.as_deref();
    let result = match opts.command {
        Command::Position(command) => rules::run(command),
        Command::Game(command) => game::run(command, config),
        Command::Mail { file, retry } => mail::run(config, file.as_deref(), retry),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => {
            if is_broken_pipe(&err) {
                return Exit::Ok.into();
            }
            let exit = err.downcast_ref::<Failure>().map_or(Exit::Io, |f| f.exit);
            eprintln!("dynamo: {err:#}");
            exit.into()
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
