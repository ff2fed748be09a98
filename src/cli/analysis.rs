//! The engine's view of a position as `dynamo analyse` prints it, shared
//! with `dynamo adjudicate --analyse`: one line a completed depth, as text
//! or as one JSON object a line.

use std::io::Write;

use anyhow::Result;
use clap::Args;
use dynamo_core::{Position, notation};
use dynamo_engine::search::{Report, Search, SearchOptions};
use dynamo_engine::tt::Table;
use dynamo_engine::{Limits, Score};
use serde_json::json;

use crate::cli::conditional::owed::CatchUp;
use crate::cli::search_bounds::{MAX_THREADS, check_hash, refused_table, seconds};
use crate::exit::{Exit, Failure};

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
    /// depth stands. Without --depth, a search by time or nodes prunes
    /// (null move, late-move reductions) to go deeper.
    #[arg(long, value_name = "SECONDS")]
    pub(crate) time: Option<f64>,
    /// Stop after about this many nodes.
    #[arg(long, value_name = "N")]
    pub(crate) nodes: Option<u64>,
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
    /// One JSON object a line per completed depth: depth, best, score
    /// (`{"mate": N}` or `{"pawns": x}`, the side to move's view), pv,
    /// nodes, nps, time_ms.
    #[arg(long)]
    pub(crate) json: bool,
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
            // A depth is the director's reproducible answer; a search by
            // time or nodes varies with the machine anyway, and prunes to
            // go deeper.
            pruning: self.depth.is_none() && (time.is_some() || self.nodes.is_some()),
        })
    }
}

/// Searches `pos` and prints each completed depth as it comes. A position
/// without a legal move says so instead.
pub(crate) fn show(pos: &Position, args: &EngineArgs, out: &mut impl Write) -> Result<()> {
    let options = args.options()?;
    if !pos.has_legal_move() {
        let status = pos.status();
        if args.json {
            writeln!(
                out,
                "{}",
                json!({ "depth": 0, "best": null, "status": status.as_str() })
            )?;
        } else {
            writeln!(out, "no legal move: {status}")?;
        }
        return Ok(());
    }
    let table = match options.table_mb {
        0 => None,
        mb => Some(Table::try_new(mb).map_err(|e| refused_table(mb, e))?),
    };
    let mut failed = Ok(());
    Search::run_with(pos, &options, table.as_ref(), |report| {
        if failed.is_ok() {
            failed = print(report, args.json, out);
        }
    });
    failed
}

fn print(report: &Report, json: bool, out: &mut impl Write) -> Result<()> {
    for (i, line) in report.lines.iter().enumerate() {
        let pv: Vec<String> = line.pv.iter().map(notation::format).collect();
        let best = pv.first().cloned().unwrap_or_default();
        if json {
            let score = match line.score {
                Score::Mate(n) => json!({ "mate": n }),
                Score::Centipawns(cp) => json!({ "pawns": f64::from(cp) / 100.0 }),
            };
            let mut object = json!({
                "depth": report.depth,
                "best": best,
                "score": score,
                "pv": pv,
                "nodes": report.nodes,
                "nps": report.nps(),
                "time_ms": report.elapsed.as_millis() as u64,
            });
            if report.lines.len() > 1 {
                object["multipv"] = json!(i + 1);
            }
            writeln!(out, "{object}")?;
        } else {
            let rank = if report.lines.len() > 1 {
                format!(" #{}", i + 1)
            } else {
                String::new()
            };
            writeln!(
                out,
                "depth {:>2}{rank}  best {best}  score {}  pv {}  nodes {}  nps {}",
                report.depth,
                line.score.text(),
                pv.join(" "),
                report.nodes,
                report.nps(),
            )?;
        }
    }
    Ok(out.flush()?)
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
        let game = catch_up.load(path)?;
        let engine = EngineArgs {
            depth: None,
            time: Some(self.time),
            nodes: None,
            multipv: 1,
            threads: 1,
            hash: 64,
            json: false,
        };
        writeln!(out, "engine's view of {} ({}s):", path.display(), self.time)?;
        show(game.position(), &engine, out)
    }
}
