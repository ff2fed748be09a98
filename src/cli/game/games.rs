//! `dynamo games`: the director's overview.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use chrono::{DateTime, Utc};
use dynamo::config::Config;
use dynamo::game::Game;
use dynamo::game::clock::{self, format_time, format_time_short};
use dynamo_core::Color;
use serde::Serialize;

use super::files::{game_files, load_with_progress};
use super::json::{MoveJson, PlayerJson};
use super::report::half_moves;
use crate::exit::{Exit, Failure};

/// One line per game: players, move, side to move, last move, clock,
/// result.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Game files, and folders searched for `*.pgn` (default: the config's
    /// `games_dir`).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Machine-readable output (see README).
    #[arg(long)]
    json: bool,
    /// Compute clocks as of this time instead of now (the forms --at
    /// takes).
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    now: Option<String>,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let now = match &args.now {
        Some(text) => {
            clock::parse_time(text).map_err(|e| Failure::new(Exit::Usage, format!("--now: {e}")))?
        }
        None => clock::truncate(Utc::now()),
    };
    let files = game_files(config, &args.paths)?;
    let results = load_with_progress(&files);
    let bad = results.iter().filter(|r| r.is_err()).count();
    if args.json {
        let entries: Vec<Entry> = files
            .iter()
            .zip(&results)
            .map(|(path, r)| match r {
                Ok(game) => Entry {
                    file: path.display().to_string(),
                    ok: true,
                    error: None,
                    game: Some(GameJson::new(game, now)),
                },
                Err(e) => Entry {
                    file: path.display().to_string(),
                    ok: false,
                    error: Some(e.to_string()),
                    game: None,
                },
            })
            .collect();
        serde_json::to_writer_pretty(&mut *out, &entries)?;
        writeln!(out)?;
    } else {
        for (path, r) in files.iter().zip(&results) {
            match r {
                Ok(game) => writeln!(out, "{}", line(path, game, now))?,
                Err(e) => writeln!(out, "{} | does not replay: {e}", path.display())?,
            }
        }
    }
    Ok(if bad > 0 { Exit::Rejected } else { Exit::Ok })
}

/// One line for the director.
fn line(path: &Path, game: &Game, now: DateTime<Utc>) -> String {
    let mut parts = vec![
        path.display().to_string(),
        format!("{} - {}", game.white().name, game.black().name),
    ];
    match game.ending() {
        None => parts.push(format!(
            "move {}, {} to move",
            game.position().fullmoves(),
            game.position().turn().title()
        )),
        Some(_) => parts.push(half_moves(game)),
    }
    match game.moves().last() {
        Some(m) => {
            let number = m.number;
            let dots = if m.mover == Color::White { "." } else { "..." };
            parts.push(format!(
                "last {number}{dots} {} at {}",
                m.notation,
                format_time_short(m.received)
            ));
        }
        None => parts.push("no moves yet".to_string()),
    }
    if let Some(o) = game.ending() {
        parts.push(format!("{} {}", o.outcome, o.reason));
    } else if let Some(c) = game.clock(now) {
        if c.is_over() {
            parts.push(format!(
                "OVERDUE by {} (deadline {})",
                clock::describe(c.left),
                format_time_short(c.deadline)
            ));
        } else {
            parts.push(format!(
                "{} left (deadline {})",
                clock::describe(c.left),
                format_time_short(c.deadline)
            ));
        }
    }
    if let Some(l) = game.late_move() {
        parts.push(format!(
            "LATE: {}'s move {} arrived {} after the deadline",
            l.side.title(),
            l.number,
            clock::describe(l.received - l.deadline)
        ));
    }
    if let Some(side) = game.draw_offer() {
        parts.push(format!("{} offers a draw", side.title()));
    }
    parts.join(" | ")
}

/// One file of the `--json` list: the game's fields follow `file` and
/// `ok` directly, or `error` says why it does not replay.
#[derive(Serialize)]
struct Entry<'a> {
    file: String,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    game: Option<GameJson<'a>>,
}

#[derive(Serialize)]
struct GameJson<'a> {
    game_id: String,
    event: &'a str,
    white: PlayerJson<'a>,
    black: PlayerJson<'a>,
    rules: String,
    time_control: String,
    move_number: u32,
    plies: usize,
    to_move: Option<&'static str>,
    last_move: Option<MoveJson>,
    clock: Option<ClockJson>,
    late_move: Option<LateJson>,
    draw_offer: Option<&'static str>,
    result: Option<&'a str>,
    reason: Option<&'a str>,
}

#[derive(Serialize)]
struct ClockJson {
    side: &'static str,
    deadline: String,
    seconds_left: i64,
    overdue: bool,
}

#[derive(Serialize)]
struct LateJson {
    ply: u32,
    side: &'static str,
    deadline: String,
    received: String,
}

impl GameJson<'_> {
    fn new(game: &Game, now: DateTime<Utc>) -> GameJson<'_> {
        GameJson {
            game_id: game.game_id(),
            event: game.event(),
            white: game.white().into(),
            black: game.black().into(),
            rules: game.rules().to_string(),
            time_control: game.time_control().to_string(),
            move_number: game.position().fullmoves(),
            plies: game.moves().len(),
            to_move: game
                .ending()
                .is_none()
                .then(|| game.position().turn().name()),
            last_move: game.moves().last().map(MoveJson::from),
            clock: game.clock(now).map(|c| ClockJson {
                side: c.side.name(),
                deadline: format_time(c.deadline),
                seconds_left: c.left.num_seconds(),
                overdue: c.is_over(),
            }),
            late_move: game.late_move().map(|l| LateJson {
                ply: l.ply,
                side: l.side.name(),
                deadline: format_time(l.deadline),
                received: format_time(l.received),
            }),
            draw_offer: game.draw_offer().map(Color::name),
            result: game.ending().map(|o| o.outcome.pgn()),
            reason: game.ending().map(|o| o.reason.as_str()),
        }
    }
}
