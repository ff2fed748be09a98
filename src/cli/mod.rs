//! Command-line arguments and the commands they run.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use dynamo::{Position, Rules};

use crate::exit::{Exit, Failure};

mod rules;

/// Adjudicator for Dynamo Chess played by post or email, under the NOST
/// rules.
#[derive(Parser, Debug)]
#[command(name = "dynamo", version, about, long_about = None)]
pub struct Opts {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// List every legal move in canonical NOST notation, one per line, sorted.
    Legal {
        #[command(flatten)]
        position: PositionArgs,
        /// Print only how many legal moves there are.
        #[arg(long)]
        count: bool,
        /// Write NOST numeric notation (4143/4246) instead.
        #[arg(long)]
        numeric: bool,
    },
    /// Count legal move sequences of length N (RULES.md §12).
    Perft {
        /// The depth.
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// List each root move with its count first.
        #[arg(long)]
        divide: bool,
    },
    /// Apply moves in order and print the resulting position text.
    Play {
        #[command(flatten)]
        position: PositionArgs,
        /// Moves in NOST notation (algebraic or numeric).
        #[arg(required = true, allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Print one of: ongoing, check, checkmate, stalemate.
    Status {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Show the board, the side to move, castling rights and status.
    Show {
        #[command(flatten)]
        position: PositionArgs,
        /// Letters and dots instead of chess symbols.
        #[arg(long)]
        ascii: bool,
    },
}

#[derive(Args, Debug)]
pub(crate) struct PositionArgs {
    /// The rule set: `nost`, optionally with overrides such as
    /// `nost,stationary_pull=false,castling=strict`.
    #[arg(long, default_value = "nost")]
    rules: String,
    /// The position, as extended FEN (RULES.md §11) or `startpos`.
    #[arg(long, default_value = "startpos", allow_hyphen_values = true)]
    fen: String,
}

impl PositionArgs {
    pub(crate) fn position(&self) -> Result<Position> {
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
    match rules::run(opts.command) {
        Ok(exit) => exit.into(),
        Err(err) => {
            if is_broken_pipe(&err) {
                return Exit::Ok.into();
            }
            let exit = err
                .downcast_ref::<Failure>()
                .map_or(Exit::Io, |f| f.exit);
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

