//! Command-line arguments and the commands they run.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use dynamo::{Position, Rules};

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
        /// Also write the board as a PNG picture (the one mailed to players).
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// The picture's size in pixels a side.
        #[arg(long, value_name = "PX", default_value_t = dynamo::render::BOARD_PX, requires = "png")]
        size: u32,
    },
    /// Create a game file; never overwrites one.
    New(game::NewArgs),
    /// Check a move against the game and, if legal, record it.
    Move(game::MoveArgs),
    /// Check a move against the game; nothing is written.
    Check(game::SubmitArgs),
    /// Record a resignation.
    Resign {
        file: PathBuf,
        /// The side that resigns.
        #[arg(long, value_enum)]
        by: game::Side,
    },
    /// Offer, accept or decline a draw.
    Draw {
        file: PathBuf,
        #[arg(value_enum)]
        action: game::DrawAction,
        /// The side that acts.
        #[arg(long, value_enum)]
        by: game::Side,
    },
    /// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
    /// (time forfeit, adjudicated position, …).
    Adjudicate {
        file: PathBuf,
        #[arg(allow_hyphen_values = true)]
        result: String,
        #[arg(long)]
        reason: String,
    },
    /// Replay every game file (default: the games folder) and report each;
    /// exit 1 if any is bad.
    Verify { paths: Vec<PathBuf> },
    /// One line per game: players, move, side to move, last move, clock,
    /// result.
    Games {
        paths: Vec<PathBuf>,
        /// Machine-readable output (see README).
        #[arg(long)]
        json: bool,
        /// Compute clocks as of this time instead of now.
        #[arg(long)]
        now: Option<String>,
    },
    /// Write a game as PGN, the current position's FEN, or JSON.
    Export {
        file: PathBuf,
        #[arg(long, value_enum)]
        format: game::ExportFormat,
    },
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

impl Command {
    fn is_game_command(&self) -> bool {
        matches!(
            self,
            Command::New(_)
                | Command::Move(_)
                | Command::Check(_)
                | Command::Resign { .. }
                | Command::Draw { .. }
                | Command::Adjudicate { .. }
                | Command::Verify { .. }
                | Command::Games { .. }
                | Command::Export { .. }
        )
    }
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
    let result = if let Command::Mail { file, retry } = &opts.command {
        mail::run(opts.config.as_deref(), file.as_deref(), *retry)
    } else if opts.command.is_game_command() {
        game::run(opts.command, opts.config.as_deref())
    } else {
        rules::run(opts.command)
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
