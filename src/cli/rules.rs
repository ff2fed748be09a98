//! The commands that work on a single position: legal, perft, play,
//! status, show.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use dynamo_core::MoveError;
use dynamo::diagram::{self, Charset};
use dynamo_core::notation;
use dynamo_core::perft;

use clap::Subcommand;

use super::PositionArgs;
use crate::exit::{Exit, Failure};

/// The commands that read one position.
#[derive(Subcommand, Debug)]
pub(crate) enum PositionCommand {
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
    /// Count legal move sequences of length N (docs/RULES.md §12).
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
}

pub(crate) fn run(command: PositionCommand) -> Result<Exit> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match command {
        PositionCommand::Legal {
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
        PositionCommand::Perft {
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
        PositionCommand::Play { position, moves } => {
            let mut pos = position.position()?;
            for (i, text) in moves.iter().enumerate() {
                let m = dynamo_core::parse_move(&pos, text).map_err(|e| {
                    // The move's text is already in the prefix.
                    let why = match e {
                        MoveError::Illegal { reason, .. } => reason.to_string(),
                        syntax => syntax.to_string(),
                    };
                    Failure::new(Exit::Rejected, format!("move {} ({text}): {why}", i + 1))
                })?;
                pos = pos
                    .play(&m)
                    .map_err(|e| Failure::new(Exit::Rejected, format!("move {}: {e}", i + 1)))?;
            }
            writeln!(out, "{}", pos.to_fen())?;
        }
        PositionCommand::Status { position } => {
            let pos = position.position()?;
            writeln!(out, "{}", pos.status())?;
        }
        PositionCommand::Show {
            position,
            ascii,
            png,
            size,
        } => {
            let pos = position.position()?;
            if let Some(path) = png {
                let picture = dynamo::render::png(&pos, size)
                    .map_err(|e| Failure::new(Exit::Usage, format!("--png: {e}")))?;
                std::fs::write(&path, picture)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            let charset = if ascii {
                Charset::Ascii
            } else {
                Charset::Unicode
            };
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
