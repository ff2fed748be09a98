//! The command line: [`Opts`] parses it, [`main`] runs the command and
//! turns its outcome into an exit code.
//!
//! Each command is one file holding its arguments and its `execute`;
//! `position` and `game` dispatch to theirs. The shared modules below
//! them (`args`, `config`, `store`, `notify`, `failure`) never import a
//! command.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::exit::{Exit, Failure};

mod args;
mod config;
mod failure;
mod game;
mod mail;
mod notify;
mod position;
mod remind;
mod store;

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
    Position(position::Command),
    #[command(flatten)]
    Game(game::Command),
    Mail(mail::Args),
    Remind(remind::Args),
}

pub fn main() -> ExitCode {
    let opts = Opts::parse();
    let config = opts.config.as_deref();
    let result = match opts.command {
        Command::Position(command) => position::execute(command),
        Command::Game(command) => game::execute(command, config),
        Command::Mail(args) => mail::execute(args, config),
        Command::Remind(args) => remind::execute(args, config),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => {
            // A reader that stops early (`dynamo legal | head`) is not a
            // failure.
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
