//! `dynamo standings`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use dynamo::config::Config;
use dynamo::tournament::standings::{Halves, Standing};
use dynamo::tournament::{Competitor, Played, SECTION_FILE, Section, Standings};
use dynamo_core::Color;
use serde::Serialize;

use super::group::{Group, LEGEND};
use super::{crosstable, html};
use crate::cli::game::files;
use crate::cli::game::load::{Bar, Flow, Jobs, each_in_order};
use crate::cli::support::printer::Printer;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Print the standings: a crosstable of each player's results, points,
/// games finished and in progress, and the tie-breaks in order (wins,
/// Sonneborn-Berger, head-to-head). Results come from the game files alone.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// A section's name (a folder of the games folder holding a
    /// section.toml), a section's folder, or game files and folders (taken
    /// together as one group). Default: every section of the games folder,
    /// each its own table.
    #[arg(value_name = "NAME|PATH")]
    targets: Vec<PathBuf>,
    /// A self-contained HTML page (no external resources).
    #[arg(long, conflicts_with = "json")]
    html: bool,
    #[command(flatten)]
    jobs: Jobs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    // The JSON is an array of rows in rank order: rank, player, email,
    // points, finished, ongoing, wins, sonneborn_berger, results (one
    // table only).
    if printer.json() && args.html {
        return Err(usage(
            "--html prints a page: it cannot be used with --json or --output json".to_string(),
        ));
    }
    let groups = read_groups(config, &args.targets, args.jobs, catch_up)?;
    if printer.json() {
        let [group] = &groups[..] else {
            let names: Vec<&str> = groups.iter().map(|g| g.title.as_str()).collect();
            return Err(usage(format!(
                "--json prints one table, and there are {} ({}): name one section",
                groups.len(),
                names.join(", ")
            )));
        };
        // Each player by number, so that every result finds its opponent
        // at once.
        let mut by_number: Vec<Option<&Standing>> = vec![None; group.standings.rows.len() + 1];
        for row in &group.standings.rows {
            if let Some(slot) = by_number.get_mut(row.number as usize) {
                *slot = Some(row);
            }
        }
        let rows: Vec<RowJson> = group
            .standings
            .rows
            .iter()
            .map(|r| row_json(r, &by_number))
            .collect();
        serde_json::to_writer_pretty(&mut *out, &rows)?;
        writeln!(out)?;
    } else if args.html {
        out.write_all(html::page(&groups).as_bytes())?;
    } else {
        for (i, group) in groups.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            crosstable::write(out, group)?;
        }
        writeln!(out, "\n{LEGEND}")?;
    }
    Ok(Exit::Ok)
}

fn usage(message: String) -> anyhow::Error {
    Failure::new(Exit::Usage, message).into()
}

/// The tables the arguments ask for: each section its own, every other
/// game file or folder together in one.
fn read_groups(
    config: &Config,
    targets: &[PathBuf],
    jobs: Jobs,
    catch_up: &CatchUp,
) -> Result<Vec<Group>> {
    let games_dir = &config.games_dir;
    let mut sections = Vec::new();
    let mut loose = Vec::new();
    if targets.is_empty() {
        sections = sections_in(games_dir)?;
        if sections.is_empty() {
            return Err(usage(format!(
                "no sections in {} (folders holding a {SECTION_FILE}); create one with \
                 'dynamo tournament new NAME --players FILE', or name game files or folders",
                games_dir.display()
            )));
        }
    }
    for target in targets {
        let named = games_dir.join(target);
        if target.exists() {
            if target.join(SECTION_FILE).is_file() {
                sections.push(target.clone());
            } else {
                loose.push(target.clone());
            }
        } else if target.components().count() == 1 && named.join(SECTION_FILE).is_file() {
            sections.push(named);
        } else {
            return Err(usage(format!(
                "{}: no such section in {}, nor a game file or folder",
                target.display(),
                games_dir.display()
            )));
        }
    }
    let mut groups = Vec::new();
    for folder in &sections {
        let section = Section::load(folder).map_err(|e| usage(format!("{e}")))?;
        let players = section.competitors();
        let files: Vec<PathBuf> = section.games.iter().map(|g| folder.join(&g.file)).collect();
        catch_up.before_reading(&files);
        groups.push(group(
            section.name.clone(),
            Some(section.event.clone()),
            (&players, &section.predecessors()),
            &files,
            jobs,
        )?);
    }
    if !loose.is_empty() {
        let files = files::game_files(config, &loose)?;
        catch_up.before_reading(&files);
        let title: Vec<String> = loose.iter().map(|p| p.display().to_string()).collect();
        groups.push(group(title.join(", "), None, (&[], &[]), &files, jobs)?);
    }
    Ok(groups)
}

/// The folders of `games_dir` that hold a section file, by name.
fn sections_in(games_dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(games_dir).map_err(|e| {
        usage(format!(
            "the games folder {} (games_dir in the config): {e}",
            games_dir.display()
        ))
    })?;
    let mut found = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| usage(format!("{}: {e}", games_dir.display())))?;
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && path.join(SECTION_FILE).is_file() {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// Loads every game of a group, between `players` and those who held
/// their seats before them; one that does not replay stops the
/// standings, which would otherwise be wrong.
fn group(
    title: String,
    event: Option<String>,
    (players, before): (&[Competitor], &[(u32, Competitor)]),
    files: &[PathBuf],
    jobs: Jobs,
) -> Result<Group> {
    // Each game is kept only as what the standings take of it, and the
    // first that does not replay, in the order of the files, stops the
    // loading.
    let mut games: Vec<Played> = Vec::with_capacity(files.len());
    let mut failed = None;
    each_in_order(
        files,
        jobs,
        Bar::Auto,
        |path, game| Played::of(path.display().to_string(), &game),
        |_, played| match played {
            Ok(played) => {
                games.push(played);
                Ok(Flow::Next)
            }
            Err(e) => {
                failed = Some(e);
                Ok(Flow::Stop)
            }
        },
    )?;
    if let Some(e) = failed {
        return Err(usage(format!(
            "{e}\nthe standings need every game; `dynamo verify` checks them all"
        )));
    }
    let cancelled = games.iter().filter(|g| g.cancelled.is_some()).count();
    let finished = games.iter().filter(|g| g.outcome.is_some()).count() - cancelled;
    Ok(Group {
        title,
        event,
        standings: Standings::compute_seated(players, before, &games),
        games: games.len(),
        finished,
        cancelled,
    })
}

/// Points as JSON numbers: `2`, `1.5`.
fn number(value: f64) -> serde_json::Value {
    if value.fract() == 0.0 {
        serde_json::Value::from(value as u64)
    } else {
        serde_json::Value::from(value)
    }
}

#[derive(Serialize)]
struct RowJson<'a> {
    rank: u32,
    player: &'a str,
    email: Option<&'a str>,
    points: serde_json::Value,
    finished: u32,
    ongoing: u32,
    wins: u32,
    sonneborn_berger: serde_json::Value,
    /// Who held the seat before this player, a substitute.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    replacing: &'a [String],
    results: Vec<ResultJson<'a>>,
}

/// One game of the row's player, from their side.
#[derive(Serialize)]
struct ResultJson<'a> {
    opponent: &'a str,
    opponent_email: Option<&'a str>,
    color: &'static str,
    /// 1, 0.5 or 0; null while the game goes on, or when cancelled.
    result: Option<serde_json::Value>,
    /// Why the game was cancelled: it counts for nobody.
    #[serde(skip_serializing_if = "Option::is_none")]
    cancelled: Option<&'a str>,
    round: &'a str,
    file: &'a str,
}

fn row_json<'a>(row: &'a Standing, all: &'a [Option<&'a Standing>]) -> RowJson<'a> {
    let by_number = |n: u32| all.get(n as usize).copied().flatten();
    RowJson {
        rank: row.rank.0,
        player: &row.name,
        email: row.email.as_deref(),
        points: number(row.points.value()),
        finished: row.finished,
        ongoing: row.ongoing,
        wins: row.wins,
        sonneborn_berger: number(row.sonneborn_berger.value()),
        replacing: &row.replacing,
        results: row
            .encounters
            .iter()
            .map(|e| {
                let opponent = by_number(e.opponent);
                ResultJson {
                    opponent: opponent.map_or("", |o| o.name.as_str()),
                    opponent_email: opponent.and_then(|o| o.email.as_deref()),
                    color: match e.color {
                        Color::White => "white",
                        Color::Black => "black",
                    },
                    result: e.score.map(|s: Halves| number(s.value())),
                    cancelled: e.cancelled.as_deref(),
                    round: &e.round,
                    file: &e.file,
                }
            })
            .collect(),
    }
}
