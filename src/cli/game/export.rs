//! `dynamo export`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::ValueEnum;
use dynamo::game::Game;
use dynamo::game::clock::format_time;
use dynamo::game::folder::pgn_files;
use dynamo_core::Color;
use serde::Serialize;

use super::games::natural;
use super::json::{EventJson, LeaveJson, MoveJson, PlayerJson, leave_list};
use crate::cli::support::failure;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Write a game as PGN, the current position's FEN, or JSON; or every
/// game of a folder (a section) as one PGN file.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file, or a folder: every `*.pgn` under it, sub-folders
    /// included, in natural file order (r2 before r10: a section's games
    /// round by round, board by board), as one PGN.
    file: PathBuf,
    /// What to write (a folder: pgn only).
    #[arg(long, value_enum, default_value_t = Format::Pgn)]
    format: Format,
    /// Leave out the `{[%mail …]}` comment saying which mail brought
    /// each event: a PGN for a bulletin, not to be read back as the game
    /// file.
    #[arg(long)]
    no_mail_notes: bool,
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

pub(crate) fn execute(args: Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    if args.file.is_dir() {
        return folder(&args, catch_up, out);
    }
    let game = catch_up.load(&args.file).map_err(failure::game)?;
    match args.format {
        Format::Pgn => write!(out, "{}", pgn(&game, args.no_mail_notes))?,
        Format::Fen => writeln!(out, "{}", game.position().to_fen())?,
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &ExportJson::from(&game))?;
            writeln!(out)?;
        }
    }
    Ok(Exit::Ok)
}

/// The game's PGN, without its mail notes when asked.
fn pgn(game: &Game, no_mail_notes: bool) -> String {
    if no_mail_notes {
        game.without_mail_sources().to_text()
    } else {
        game.to_text()
    }
}

/// Every game of the folder as one PGN, each as its own export writes
/// it, a blank line between; a file that does not replay stops the
/// export before anything is written.
fn folder(args: &Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    if args.format != Format::Pgn {
        return Err(Failure::new(
            Exit::Usage,
            format!(
                "{} is a folder: it exports as one PGN (--format pgn) only",
                args.file.display()
            ),
        )
        .into());
    }
    let mut files =
        pgn_files(&args.file).with_context(|| format!("reading folder {}", args.file.display()))?;
    files.sort_by(|a, b| natural(&a.to_string_lossy(), &b.to_string_lossy()));
    let mut texts = Vec::with_capacity(files.len());
    for path in &files {
        texts.push(pgn(
            &catch_up.load(path).map_err(failure::game)?,
            args.no_mail_notes,
        ));
    }
    for (n, text) in texts.iter().enumerate() {
        if n > 0 {
            writeln!(out)?;
        }
        write!(out, "{text}")?;
        if !text.ends_with('\n') {
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
    /// The square of the pawn that awaits the choice of its owner, the
    /// side to move (docs/RULES.md §9.1); `null` when none does.
    awaiting_choice: Option<String>,
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
            awaiting_choice: game.awaiting_choice().map(|(_, sq)| sq.to_string()),
            result: game.ending().map_or("*", |o| o.outcome.pgn()),
            reason: game.ending().map(|o| o.reason.as_str()),
            events: game.events().iter().map(EventJson::from).collect(),
            leave: leave_list(game),
        }
    }
}
