//! Command-line arguments and the commands they run.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use dynamo::diagram::{self, Charset};
use dynamo::notation;
use dynamo::perft;
use dynamo::{Position, Rules};

use crate::exit::{Exit, Failure};

/// Adjudicator for Dynamo Chess played by post or email, under the NOST
/// rules.
#[derive(Parser, Debug)]
#[command(name = "dynamo", version, about, long_about = None)]
pub struct Opts {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
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
struct PositionArgs {
    /// The rule set: `nost`, optionally with overrides such as
    /// `nost,stationary_pull=false,castling=strict`.
    #[arg(long, default_value = "nost")]
    rules: String,
    /// The position, as extended FEN (RULES.md §11) or `startpos`.
    #[arg(long, default_value = "startpos", allow_hyphen_values = true)]
    fen: String,
}

impl PositionArgs {
    fn position(&self) -> Result<Position> {
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
    match run(opts) {
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

fn run(opts: Opts) -> Result<Exit> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match opts.command {
        Command::Legal {
            position,
            count,
            numeric,
        } => {
            let pos = position.position()?;
            let moves = pos.legal_moves();
            if count {
                writeln!(out, "{}", moves.len())?;
            } else {
                let mut lines: Vec<String> = moves
                    .iter()
                    .map(|m| {
                        if numeric {
                            notation::format_numeric(m, pos.turn())
                        } else {
                            notation::format(m)
                        }
                    })
                    .collect();
                lines.sort();
                for line in lines {
                    writeln!(out, "{line}")?;
                }
            }
        }
        Command::Perft {
            depth,
            position,
            divide,
        } => {
            let pos = position.position()?;
            if divide && depth > 0 {
                let rows = perft::divide(&pos, depth);
                let total: u64 = rows.iter().map(|(_, n)| n).sum();
                for (m, n) in rows {
                    writeln!(out, "{m} {n}")?;
                }
                writeln!(out)?;
                writeln!(out, "{total}")?;
            } else {
                writeln!(out, "{}", perft::perft(&pos, depth))?;
            }
        }
        Command::Play { position, moves } => {
            let mut pos = position.position()?;
            for (i, text) in moves.iter().enumerate() {
                let m = dynamo::parse_move(&pos, text).map_err(|e| {
                    Failure::new(Exit::Rejected, format!("move {} ({text}): {e}", i + 1))
                })?;
                pos = pos
                    .play(&m)
                    .map_err(|e| Failure::new(Exit::Rejected, format!("move {}: {e}", i + 1)))?;
            }
            writeln!(out, "{}", pos.to_fen())?;
        }
        Command::Status { position } => {
            let pos = position.position()?;
            writeln!(out, "{}", pos.status())?;
        }
        Command::Show { position, ascii } => {
            let pos = position.position()?;
            let charset = if ascii { Charset::Ascii } else { Charset::Unicode };
            write!(out, "{}", diagram::board(&pos, charset))?;
            writeln!(out)?;
            writeln!(out, "{} to move", pos.turn().title())?;
            writeln!(out, "Castling: {}", diagram::castling_summary(&pos))?;
            writeln!(out, "Status: {}", pos.status())?;
            writeln!(out, "Rules: {}", pos.rules())?;
            writeln!(out, "FEN: {}", pos.to_fen())?;
        }
    }
    out.flush().context("writing to standard output")?;
    Ok(Exit::Ok)
}
