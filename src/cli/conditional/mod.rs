//! `dynamo conditional add|list|cancel`: a player's conditional lines,
//! given, listed and cancelled by the director (README, "Conditional
//! moves"); by mail, the inbox reads them from a player's reply.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Subcommand;
use dynamo::recorder::conditional::LinesNotKept;

use crate::cli::{config_file, failure, recording};
use crate::exit::{Exit, Failure};

mod add;
mod cancel;
mod list;

/// A player's conditional moves: lines of play starting with the
/// opponent's next move, whose replies are recorded the moment the
/// opponent's move is.
#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Add(add::Args),
    List(list::Args),
    Cancel(cancel::Args),
}

/// Runs a conditional command. `config_path` is `--config`.
pub(crate) fn execute(command: Command, config_path: Option<&Path>) -> Result<Exit> {
    let config = config_file::load(config_path)?;
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Add(args) => add::execute(args, &config, &mut out)?,
        Command::List(args) => list::execute(args, &config, &mut out)?,
        Command::Cancel(args) => cancel::execute(args, &config, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}

/// Lines not kept, in the commands' words, with their exit code: a
/// refused line is a rejection (1), as a refused move is.
fn not_kept(e: LinesNotKept) -> anyhow::Error {
    match e {
        LinesNotKept::Refused(why) => recording::refusal(why),
        LinesNotKept::Line(e) => Failure::new(Exit::Rejected, format!("refused: {e}")).into(),
        LinesNotKept::NoStore => Failure::new(Exit::Usage, e.to_string()).into(),
        LinesNotKept::Game(e) => failure::game(e),
        LinesNotKept::Subscriber(e) => recording::subscriber_failure(e),
    }
}

/// One line as given on the command line, its moves apart: `if 12...
/// Nf6 then 13. e5` and `12...Nf6, 13.e5` alike give `12... Nf6`,
/// `13. e5`.
fn moves_of(line: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut number: Option<&str> = None;
    for word in line.split_whitespace() {
        let word = word.trim_end_matches([',', ';']);
        if word.is_empty() || ["if", "then", "and"].contains(&word.to_lowercase().as_str()) {
            continue;
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && word[digits..].chars().all(|c| c == '.' || c == '…') && digits < word.len()
        {
            number = Some(word);
            continue;
        }
        moves.push(match number.take() {
            Some(n) => format!("{n} {word}"),
            None => word.to_string(),
        });
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::moves_of;

    #[test]
    fn a_line_is_read_move_by_move() {
        assert_eq!(
            moves_of("if 12... Nf6 then 13. e5"),
            ["12... Nf6", "13. e5"]
        );
        assert_eq!(
            moves_of("12...Nf6, 13.e5 Nd5 14. c4"),
            ["12...Nf6", "13.e5", "Nd5", "14. c4"]
        );
    }
}
