//! `dynamo export`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;
use dynamo::game::Game;
use dynamo::game::clock::format_time;
use dynamo_core::Color;
use serde::Serialize;

use super::json::{EventJson, LeaveJson, MoveJson, PlayerJson, leave_list};
use crate::cli::store;
use crate::exit::Exit;

/// Write a game as PGN, the current position's FEN, or JSON.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// What to write.
    #[arg(long, value_enum, default_value_t = Format::Pgn)]
    format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// The game file as it is: tags, moves with their times, the result.
    Pgn,
    /// The current position (extended FEN).
    Fen,
    /// The whole game as JSON (docs/reference.md, "JSON").
    Json,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let game = store::load(&args.file)?;
    match args.format {
        Format::Pgn => write!(out, "{}", game.to_text())?,
        Format::Fen => writeln!(out, "{}", game.position().to_fen())?,
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &ExportJson::from(&game))?;
            writeln!(out)?;
        }
    }
    Ok(Exit::Ok)
}

/// The whole game: tags, players, every move, and where it stands.
#[derive(Serialize)]
struct ExportJson<'a> {
    game_id: String,
    tags: Vec<[&'a str; 2]>,
    white: PlayerJson,
    black: PlayerJson,
    rules: String,
    time_control: String,
    started: Option<String>,
    start_fen: String,
    moves: Vec<MoveJson>,
    fen: String,
    status: &'static str,
    to_move: Option<&'static str>,
    draw_offer: Option<&'static str>,
    result: &'a str,
    reason: Option<&'a str>,
    events: Vec<EventJson>,
    leave: Vec<LeaveJson>,
}

impl<'a> From<&'a Game> for ExportJson<'a> {
    fn from(game: &'a Game) -> ExportJson<'a> {
        ExportJson {
            game_id: game.game_id(),
            tags: game
                .tags()
                .iter()
                .map(|(n, v)| [n.as_str(), v.as_str()])
                .collect(),
            white: game.white().into(),
            black: game.black().into(),
            rules: game.rules().to_string(),
            time_control: game.time_control().to_string(),
            started: game.started().map(format_time),
            start_fen: game.start_position().to_fen(),
            moves: game.moves().iter().map(MoveJson::from).collect(),
            fen: game.position().to_fen(),
            status: game.position().status().as_str(),
            to_move: game
                .ending()
                .is_none()
                .then(|| game.position().turn().name()),
            draw_offer: game.draw_offer().map(Color::name),
            result: game.ending().map_or("*", |o| o.outcome.pgn()),
            reason: game.ending().map(|o| o.reason.as_str()),
            events: game.events().iter().map(EventJson::from).collect(),
            leave: leave_list(game),
        }
    }
}
