//! The commands that work on a single position: legal, perft, play,
//! status, show.

use std::io::{self, Write};

use anyhow::{Context, Result};
use dynamo::MoveError;
use dynamo::diagram::{self, Charset};
use dynamo::notation;
use dynamo::perft;

use super::Command;
use crate::exit::{Exit, Failure};

pub(crate) fn run(command: Command) -> Result<Exit> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match command {
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
        Command::Status { position } => {
            let pos = position.position()?;
            writeln!(out, "{}", pos.status())?;
        }
        Command::Show {
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
        _ => unreachable!("game commands are run by cli::game"),
    }
    out.flush().context("writing to standard output")?;
    Ok(Exit::Ok)
}
