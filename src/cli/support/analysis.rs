//! The engine's view of a position as `dynamo analyse` prints it, shared
//! with `dynamo adjudicate --analyse`: one line a completed depth, as text
//! or as one JSON object a line.

use std::fmt;
use std::io::Write;

use anyhow::Result;
use clap::Args;
use dynamo_core::{Color, Position, Status, notation};
use dynamo_engine::search::{Report, Search, SearchOptions};
use dynamo_engine::tt::Table;
use dynamo_engine::{Limits, Score};
use serde::Serialize;
use serde::ser::SerializeMap;

use crate::cli::support::failure;
use crate::cli::support::printer::{Printer, Report as PrinterReport};
use crate::cli::support::search_bounds::{MAX_THREADS, check_hash, refused_table, seconds};
use crate::exit::{Exit, Failure};
use dynamo::recorder::conditional::line::numbered;
use dynamo::services::CatchUp;

// The search's limits and shape, flattened into `analyse` and
// `adjudicate`. (Plain comments: a doc comment here would become the help
// text of the commands that flatten it.)
#[derive(Args, Debug, Clone)]
pub(crate) struct EngineArgs {
    /// Stop after this depth in half-moves. With no limit at all the
    /// search stops after depth 6.
    #[arg(long, value_name = "N")]
    pub(crate) depth: Option<u32>,
    /// Stop after this many seconds (decimals allowed); the last completed
    /// depth stands.
    #[arg(long, value_name = "SECONDS")]
    pub(crate) time: Option<f64>,
    /// Stop after about this many nodes.
    #[arg(long, value_name = "N")]
    pub(crate) nodes: Option<u64>,
    /// Experimental: a search by --time or --nodes prunes by a guess (null
    /// move, late-move reductions) to go deeper. Not shown stronger yet;
    /// never with --depth.
    #[arg(long, conflicts_with = "depth")]
    pub(crate) prune: bool,
    /// Show the K best moves, each with its line.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub(crate) multipv: usize,
    /// Search threads (Lazy SMP), 1 to 256. The best move and score at a
    /// given --depth are the same for any number; more threads reach
    /// deeper in a given time.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
    pub(crate) threads: u16,
    /// The transposition table's size in MB (0: none), at most 65536 and
    /// the memory the machine has available.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub(crate) hash: usize,
}

impl EngineArgs {
    fn options(&self) -> Result<SearchOptions, Failure> {
        let time = self.time.map(seconds).transpose()?;
        if self.depth == Some(0) {
            return Err(Failure::new(
                Exit::Usage,
                "--depth: 0 searches nothing; give 1 or more",
            ));
        }
        if self.multipv == 0 {
            return Err(Failure::new(Exit::Usage, "--multipv is at least 1"));
        }
        if self.prune && self.time.is_none() && self.nodes.is_none() {
            return Err(Failure::new(
                Exit::Usage,
                "--prune: give --time or --nodes (a search to a depth stays exact)",
            ));
        }
        check_hash(self.hash, 1)?;
        Ok(SearchOptions {
            limits: Limits {
                depth: self.depth,
                time,
                nodes: self.nodes,
            },
            multipv: self.multipv,
            threads: usize::from(self.threads),
            table_mb: self.hash,
            // Pruning is asked for, never the default: a match against the
            // exact search showed no gain beyond its error (docs/reference.md,
            // "Measuring the engine's strength"), and a verdict a director
            // keeps must not rest on a guess.
            pruning: self.prune,
        })
    }
}

/// Searches `pos` and prints each completed depth as it comes, as text or
/// one JSON object a line ([`Depth`]). A position without a legal move
/// says so instead ([`NoMove`]).
pub(crate) fn show(
    pos: &Position,
    args: &EngineArgs,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<()> {
    let options = args.options()?;
    if !pos.has_legal_move() {
        let no_move = NoMove {
            best: None,
            depth: 0,
            status: pos.status(),
        };
        return printer.out(&no_move, out);
    }
    let table = match options.table_mb {
        0 => None,
        mb => Some(Table::try_new(mb).map_err(|e| refused_table(mb, e))?),
    };
    let mut failed = Ok(());
    Search::run_with(pos, &options, table.as_ref(), |report| {
        if failed.is_ok() {
            failed = print(pos, report, printer, out);
        }
    });
    failed
}

fn print(pos: &Position, report: &Report, printer: &Printer, out: &mut impl Write) -> Result<()> {
    let ranked = report.lines.len() > 1;
    for (i, line) in report.lines.iter().enumerate() {
        let pv: Vec<String> = line.pv.iter().map(notation::format).collect();
        let depth = Depth {
            best: pv.first().cloned().unwrap_or_default(),
            depth: report.depth,
            line: numbered(pos, &pv),
            multipv: ranked.then_some(i + 1),
            nodes: report.nodes,
            nps: report.nps(),
            pv,
            score: Scored(line.score),
            time_ms: report.elapsed.as_millis() as u64,
            to_move: pos.turn(),
        };
        printer.out(&depth, out)?;
    }
    Ok(out.flush()?)
}

/// One line of a completed depth: `depth  6  best …  score … for White  pv
/// 12. …  nodes …  nps …` (`#2` after the depth for the second of
/// `--multipv` lines), the score from the view of the side to move, named,
/// and the variation numbered as the notices number moves; or one JSON
/// object: depth, best, score (`{"mate": N}` or `{"pawns": x}`, the side
/// to move's view), to_move, pv, line (the variation numbered), nodes,
/// nps, time_ms, and multipv under `--multipv`. The keys are in the order
/// the JSON has always had them: alphabetical.
#[derive(Serialize)]
struct Depth {
    best: String,
    depth: u32,
    line: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    multipv: Option<usize>,
    nodes: u64,
    nps: u64,
    pv: Vec<String>,
    score: Scored,
    time_ms: u64,
    #[serde(serialize_with = "color_name")]
    to_move: Color,
}

fn color_name<S: serde::Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color.name())
}

impl fmt::Display for Depth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = self.multipv.map(|n| format!(" #{n}")).unwrap_or_default();
        writeln!(
            f,
            "depth {:>2}{rank}  best {}  score {} for {}  pv {}  nodes {}  nps {}",
            self.depth,
            self.best,
            self.score.0.text(),
            self.to_move.title(),
            self.line,
            self.nodes,
            self.nps,
        )
    }
}

impl PrinterReport for Depth {
    const ONE_LINE: bool = true;
}

/// A score as JSON has it: `{"mate": N}` or `{"pawns": x}`.
struct Scored(Score);

impl Serialize for Scored {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self.0 {
            Score::Mate(n) => map.serialize_entry("mate", &n)?,
            Score::Centipawns(cp) => map.serialize_entry("pawns", &(f64::from(cp) / 100.0))?,
        }
        map.end()
    }
}

/// A position without a legal move: `no legal move: checkmate`, or
/// `{"best": null, "depth": 0, "status": "checkmate"}`.
#[derive(Serialize)]
struct NoMove {
    best: Option<String>,
    depth: u32,
    #[serde(serialize_with = "status_name")]
    status: Status,
}

fn status_name<S: serde::Serializer>(status: &Status, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(status.as_str())
}

impl fmt::Display for NoMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "no legal move: {}", self.status)
    }
}

impl PrinterReport for NoMove {
    const ONE_LINE: bool = true;
}

// `dynamo adjudicate --analyse`: the engine's view of the game before the
// director decides. (Plain comments, as for `EngineArgs`.)
#[derive(Args, Debug, Clone)]
pub(crate) struct AdjudicationArgs {
    /// Show the engine's view of the game's position first (each completed
    /// depth, as `dynamo analyse` prints it). Without a result, only the
    /// view is shown and nothing is recorded.
    #[arg(long)]
    pub(crate) analyse: bool,
    /// With --analyse: how many seconds the engine thinks.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 10.0,
        requires = "analyse"
    )]
    pub(crate) time: f64,
}

impl AdjudicationArgs {
    /// Prints the engine's view of the game at `path`, if asked for.
    pub(crate) fn show(
        &self,
        path: &std::path::Path,
        catch_up: &CatchUp,
        out: &mut impl Write,
    ) -> Result<()> {
        if !self.analyse {
            return Ok(());
        }
        let game = catch_up.load(path).map_err(failure::game)?;
        let engine = EngineArgs {
            depth: None,
            time: Some(self.time),
            nodes: None,
            multipv: 1,
            threads: 1,
            hash: 64,
            // Advice toward a verdict rests on the exact search.
            prune: false,
        };
        writeln!(out, "engine's view of {} ({}s):", path.display(), self.time)?;
        show(game.position(), &engine, &Printer::default(), out)
    }
}
