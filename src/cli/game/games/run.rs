//! The command: its arguments, then load, filter, sort and print.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Result;
use chrono::{DateTime, Utc};
use clap::ValueEnum;
use dynamo::config::Config;
use dynamo::game::{GameError, clock};

use super::facts::Facts;
use super::json::{GameEntry, unsent};
use super::row::Row;
use super::select::{Filter, PlayerFilter, Sort, Sorted, compare};
use super::shared::Shared;
use super::view::{self, Column, Counts};
use crate::cli::game::files::game_files;
use crate::cli::game::load::{Bar, Flow, Jobs, each_in_order};
use crate::cli::support::printer::Printer;
use crate::cli::support::table;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// The director's overview: one line a game (event, round, players, move,
/// who is to move, last move, deadline and time left, result), fitted to
/// the terminal, and a count; a file that does not replay is listed with
/// why, and makes the exit code 1.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Game files, and folders searched for `*.pgn` (default: the config's
    /// `games_dir`).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Compute clocks as of this time instead of now (the forms --at
    /// takes).
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    now: Option<String>,
    /// Only the games of this player: an address (text with an @, in any
    /// form a mail shows) equal to either player's, or part of either
    /// player's name; letter case does not matter.
    #[arg(long, value_name = "NAME|ADDRESS")]
    player: Option<String>,
    /// Only the games whose event contains this text, any letter case.
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// Only the games going on.
    #[arg(long, conflicts_with = "finished")]
    ongoing: bool,
    /// Only the finished games.
    #[arg(long)]
    finished: bool,
    /// Only the games whose player to move is past their deadline.
    #[arg(long, conflicts_with = "finished")]
    overdue: bool,
    /// The order: by file name (numbers in it by value: g2 before g10),
    /// by deadline (the most urgent first), or by event and round.
    #[arg(long, value_enum, default_value_t = Sort::File)]
    sort: Sort,
    /// Colour the deadlines (overdue red, due within two days yellow):
    /// auto does on a terminal unless NO_COLOR is set; always overrides
    /// NO_COLOR.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = Colour::Auto)]
    color: Colour,
    /// Every column whole, whatever the terminal's width (as a pipe gets
    /// them).
    #[arg(long, conflicts_with = "json")]
    wide: bool,
    /// Only these columns, comma-separated (file, event, round, white,
    /// black, move, to-move, last-move, received, deadline, left, result,
    /// notes): fitted to the width by cutting their text, never left out.
    #[arg(
        long,
        value_enum,
        value_name = "LIST",
        value_delimiter = ',',
        conflicts_with = "json"
    )]
    columns: Vec<Column>,
    #[command(flatten)]
    jobs: Jobs,
}

/// When to colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Colour {
    /// On a terminal, unless the NO_COLOR variable is set and not empty.
    Auto,
    /// Always, NO_COLOR or not.
    Always,
    /// Never.
    Never,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    // The table's layout means nothing to JSON, which holds every field.
    if printer.json() && (args.wide || !args.columns.is_empty()) {
        return Err(Failure::new(
            Exit::Usage,
            "--wide and --columns lay out the table: they cannot be used with --json or --output json",
        )
        .into());
    }
    // Standard output writes each line as it ends; ten thousand lines are
    // written in a few large writes instead.
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let exit = overview(args, config, catch_up, printer.json(), &mut out)?;
    out.flush()?;
    Ok(exit)
}

fn overview(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    json: bool,
    out: &mut impl Write,
) -> Result<Exit> {
    let now = match &args.now {
        Some(text) => {
            clock::parse_time(text).map_err(|e| Failure::new(Exit::Usage, format!("--now: {e}")))?
        }
        None => clock::truncate(Utc::now()),
    };
    let filter = Filter {
        player: args
            .player
            .as_deref()
            .map(PlayerFilter::parse)
            .transpose()?,
        event: args.event.as_deref().map(|e| e.trim().to_lowercase()),
        ongoing: args.ongoing,
        finished: args.finished,
        overdue: args.overdue,
    };
    let files = game_files(config, &args.paths)?;
    catch_up.before_reading(&files);
    if json {
        self::json(&args, config, &files, &filter, now, out)
    } else {
        table(&args, &files, &filter, now, out)
    }
}

/// `--json`: every field of every game listed, so the facts of each.
fn json(
    args: &Args,
    config: &Config,
    files: &[PathBuf],
    filter: &Filter,
    now: DateTime<Utc>,
    out: &mut impl Write,
) -> Result<Exit> {
    let mut bad = 0;
    let mut listed: Vec<(PathBuf, Result<Facts, GameError>)> = Vec::new();
    each_in_order(
        files,
        args.jobs,
        Bar::Auto,
        |path, game| Facts::new(path.to_path_buf(), game, now),
        |path, result| {
            match &result {
                // A file that does not replay is always listed: no filter
                // can tell whether it would pass.
                Err(_) => bad += 1,
                Ok(facts) if !filter.passes(facts) => return Ok(Flow::Next),
                Ok(_) => {}
            }
            listed.push((path.to_path_buf(), result));
            Ok(Flow::Next)
        },
    )?;
    listed.sort_by(|(p, a), (q, b)| compare(args.sort, (p, a), (q, b)));
    let notices = unsent(config)?;
    let entries: Vec<GameEntry> = listed
        .iter()
        .map(|(path, r)| match r {
            Ok(facts) => GameEntry::good(facts, notices.as_ref()),
            Err(e) => GameEntry::bad(path, e),
        })
        .collect();
    serde_json::to_writer_pretty(&mut *out, &entries)?;
    writeln!(out)?;
    Ok(if bad > 0 { Exit::Rejected } else { Exit::Ok })
}

/// A file the table lists: its game's row, or why it does not replay.
type Listed = (Box<Path>, Result<Row, Box<str>>);

/// The table: of each game listed only its row, the cells packed
/// (`row.rs`), measured and then drawn a line at a time, so that memory
/// grows with the rows' text, not with the games read.
fn table(
    args: &Args,
    files: &[PathBuf],
    filter: &Filter,
    now: DateTime<Utc>,
    out: &mut impl Write,
) -> Result<Exit> {
    let total = files.len();
    let mut bad = 0;
    let mut listed: Vec<Listed> = Vec::new();
    each_in_order(
        files,
        args.jobs,
        Bar::Auto,
        |path, game| {
            let facts = Facts::new(path.to_path_buf(), game, now);
            filter.passes(&facts).then(|| Row::new(&facts))
        },
        |path, result| {
            let row = match result {
                // A file that does not replay is always listed: no filter
                // can tell whether it would pass.
                Err(e) => {
                    bad += 1;
                    Err(view::why(path, &e).into_boxed_str())
                }
                Ok(None) => return Ok(Flow::Next),
                Ok(Some(row)) => Ok(row),
            };
            listed.push((path.into(), row));
            Ok(Flow::Next)
        },
    )?;
    listed.sort_by(|(p, a), (q, b)| compare(args.sort, (p, a), (q, b)));
    let shared = Shared::of(
        listed.iter().map(|(p, _)| &**p),
        listed
            .iter()
            .filter_map(|(_, r)| r.as_ref().ok())
            .map(Sorted::event),
    );
    let chosen = view::chosen(&args.columns);
    let line = |path: &Path, row: &Result<Row, Box<str>>| match row {
        Ok(row) => view::line(path, row.cells(), &shared, &chosen),
        Err(why) => view::bad_line(path, why, &shared),
    };
    let mut counts = Counts {
        total,
        ..Counts::default()
    };
    let mut natural = vec![0; view::HEADER.len()];
    for (path, row) in &listed {
        match row {
            Ok(row) => counts.add(row.finished(), row.overdue()),
            Err(_) => {
                counts.shown += 1;
                counts.bad += 1;
            }
        }
        match row {
            Ok(row) => row.widen(&mut natural, &shared.file(path), &shared, &chosen),
            Err(why) => table::widen(&mut natural, &view::bad_line(path, why, &shared)),
        }
    }
    let limit = if args.wide { None } else { width() };
    let fit_to = |text: &str| limit.map_or(text.to_string(), |l| table::cut(text, l));
    let mut left_out = None;
    if !listed.is_empty() {
        for above in shared.lines() {
            writeln!(out, "{}", fit_to(&above))?;
        }
        let steps = view::steps(&chosen);
        let widths = table::fit_measured(&view::HEADER, &natural, &steps, limit);
        let whole = table::fit_measured(&view::HEADER, &natural, &steps, None);
        left_out = view::left_out_line(&whole, &widths, limit);
        let shape = table::Shape {
            widths: &widths,
            right: &view::RIGHT,
            limit,
            colour: colour(args.color),
        };
        writeln!(out, "{}", shape.heading(&view::HEADER))?;
        for (path, row) in &listed {
            writeln!(out, "{}", shape.line(&line(path, row)))?;
        }
    }
    writeln!(out, "{}", fit_to(&counts.summary()))?;
    if let Some(line) = left_out {
        writeln!(out, "{}", fit_to(&line))?;
    }
    Ok(if bad > 0 { Exit::Rejected } else { Exit::Ok })
}

/// The width to fit the table to: `$COLUMNS` when it is a number, else
/// the terminal's when standard output is one, else none (a pipe or a
/// file gets whole lines).
fn width() -> Option<usize> {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    columns.or_else(|| {
        terminal_size::terminal_size_of(io::stdout())
            .map(|(terminal_size::Width(w), _)| usize::from(w))
            .filter(|&w| w > 0)
    })
}

/// Whether to colour: `always`, or `auto` on a terminal without a
/// non-empty `NO_COLOR` (no-color.org).
fn colour(when: Colour) -> bool {
    match when {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}
