//! `dynamo solve`.

use std::io::Write;

use anyhow::Result;
use dynamo_engine::help::{HelpSolution, line_text, solve_help_within};
use dynamo_engine::limits::{Cut, Limits};
use dynamo_engine::memo::DEFAULT_MB;
use dynamo_engine::solve::{Show, Solution, solve_within};
use dynamo_engine::{Reach, Watch};
use serde_json::json;

use super::read;
use crate::cli::position::progress;
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::Printer;
use crate::cli::support::search_bounds::{MAX_THREADS, check_hash, refused_table, seconds};
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Solve a mate problem exactly: every key move that forces mate in N
/// moves of the side to move (`--mate N`), each with its threat and the
/// defences with their mating answers, in Popeye's layout; or every
/// helpmate line (`--help-mate N`: the side to move begins, both cooperate,
/// the other side mates with its N-th move). Variations list the defences
/// that parry the threat; `--all` lists every defence.
///
/// The search stops at `--time` (60 seconds unless given), at `--nodes`
/// if given, and its tables take at most `--hash` MB a thread. A search a
/// limit stops prints what it proved (the keys or lines of the first moves
/// searched to the end), then a line saying which limit stopped it after
/// how many first moves, and exits with 4. On a terminal, a search longer
/// than a second shows its progress on standard error.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Directmate in N: the side to move mates in at most N of its moves.
    #[arg(long, value_name = "N", required_unless_present = "help_mate")]
    mate: Option<u8>,
    /// Helpmate in N: the side to move begins, and the other side's N-th
    /// move mates.
    #[arg(long, value_name = "N", conflicts_with = "mate")]
    help_mate: Option<u8>,
    /// Also show the tries: first moves that only one defence refutes,
    /// marked `?`, the refutation after `but`, marked `!`.
    #[arg(long)]
    tries: bool,
    /// Every defence in the variations, not only those that parry the
    /// threat.
    #[arg(long)]
    all: bool,
    /// Threads to share the first moves between, 1 to 256; the answer and
    /// the node count are the same for any number.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
    threads: u16,
    /// Stop after this many seconds (decimals allowed): what the first
    /// moves searched to the end proved stands, and the exit code is 4.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SECONDS)]
    time: f64,
    /// Stop after about this many nodes, as `--time` stops.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Each thread's table in MB (0: none); a full table starts afresh,
    /// which repeats work but never changes the answer. At most 65536 MB
    /// in all, and the memory the machine has available.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_MB)]
    hash: usize,
}

/// `--time` when none is given: a server's solve ends within a minute,
/// and the README's and the guides' problems take well under a second.
const DEFAULT_SECONDS: f64 = 60.0;

/// Longer problems take hours to days by exhaustive search; a bound keeps
/// a mistyped number from looking like a hang.
const LONGEST: u8 = 8;

/// Solves, and prints the answer as text or (`--output json`) one JSON
/// object: mate_in, keys (canonical notation, sorted; empty when there
/// is none), solutions (each key's text), tries, nodes, complete (false
/// when a limit stopped the search: then keys, solutions and tries are
/// those of the first moves searched), stopped_by (time, nodes or null),
/// first_moves, first_moves_searched.
pub(crate) fn execute(
    args: Args,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let json = printer.json();
    let pos = read::position(&args.position, catch_up)?;
    let n = args.mate.or(args.help_mate).unwrap_or(0);
    if n == 0 || n > LONGEST {
        return Err(Failure::new(
            Exit::Usage,
            format!("the number of moves must be 1 to {LONGEST}, not {n}"),
        )
        .into());
    }
    let threads = usize::from(args.threads);
    check_hash(args.hash, threads)?;
    let limits = Limits {
        depth: None,
        time: Some(seconds(args.time)?),
        nodes: args.nodes,
    };
    let watch = Watch::new(&limits);
    if args.help_mate.is_some() {
        let what = format!("helpmate in {n}");
        let found = progress::shown(&watch, &what, || {
            solve_help_within(&pos, n, threads, args.hash, &watch)
        })
        .map_err(|e| refused_table(args.hash, e))?;
        return print_help(&found, &args, json, out);
    }
    let show = Show {
        all: args.all,
        tries: args.tries,
        threads,
    };
    let what = format!("mate in {n}");
    let found = progress::shown(&watch, &what, || {
        solve_within(&pos, n, show, args.hash, &watch)
    })
    .map_err(|e| refused_table(args.hash, e))?;
    print_mate(&found, &args, json, out)
}

fn print_mate(found: &Solution, args: &Args, json: bool, out: &mut impl Write) -> Result<Exit> {
    let n = found.mate_in;
    let reached = Reached {
        reach: found.reach,
        nodes: found.nodes,
    };
    if json {
        let keys: Vec<&str> = found.keys.iter().map(|k| k.tree.text.as_str()).collect();
        let tries: Vec<serde_json::Value> = found
            .tries
            .iter()
            .map(|t| json!({ "try": t.tree.text, "refutation": t.refutation }))
            .collect();
        let solutions: Vec<String> = found.keys.iter().map(|k| k.to_text()).collect();
        let mut object = json!({
            "mate_in": n,
            "keys": keys,
            "solutions": solutions,
            "nodes": found.nodes,
        });
        if args.tries {
            object["tries"] = json!(tries);
        }
        reached.add_to(&mut object);
        writeln!(out, "{object}")?;
        return Ok(reached.exit());
    }
    if found.keys.is_empty() && reached.reach.cut.is_none() {
        writeln!(out, "no mate in {n}")?;
    }
    for key in &found.keys {
        write!(out, "{}", key.to_text())?;
    }
    for t in &found.tries {
        write!(out, "{}", t.to_text())?;
    }
    if let Some(cut) = reached.reach.cut {
        let proved = if found.keys.is_empty() {
            format!("none of them is a key, so a mate in {n} is neither found nor ruled out")
        } else {
            "the keys above are proved, and there may be more".to_string()
        };
        writeln!(out, "{}", reached.stopped(cut, args, &proved))?;
    }
    Ok(reached.exit())
}

fn print_help(found: &HelpSolution, args: &Args, json: bool, out: &mut impl Write) -> Result<Exit> {
    let n = found.mate_in;
    let reached = Reached {
        reach: found.reach,
        nodes: found.nodes,
    };
    let texts: Vec<String> = found.lines.iter().map(|l| line_text(l)).collect();
    if json {
        let mut object = json!({
            "help_mate_in": n,
            "mate_in": n,
            "keys": found.keys,
            "solutions": texts,
            "truncated": found.truncated,
            "nodes": found.nodes,
        });
        reached.add_to(&mut object);
        writeln!(out, "{object}")?;
        return Ok(reached.exit());
    }
    if texts.is_empty() && reached.reach.cut.is_none() {
        writeln!(out, "no helpmate in {n}")?;
    }
    for t in &texts {
        writeln!(out, "{t}")?;
    }
    if found.truncated {
        writeln!(out, "(only the first {} solutions)", texts.len())?;
    }
    if let Some(cut) = reached.reach.cut {
        let proved = if texts.is_empty() {
            format!(
                "none of them begins a solution, so a helpmate in {n} is neither found nor ruled out"
            )
        } else {
            "the solutions above are proved, and there may be more".to_string()
        };
        writeln!(out, "{}", reached.stopped(cut, args, &proved))?;
    }
    Ok(reached.exit())
}

/// How far a solve went, all the way or to the limit that stopped it,
/// and its nodes.
struct Reached {
    reach: Reach,
    nodes: u64,
}

impl Reached {
    /// 0, or 4 when a limit stopped the search (docs/reference.md, "Exit
    /// codes").
    fn exit(&self) -> Exit {
        match self.reach.cut {
            Some(_) => Exit::Unfinished,
            None => Exit::Ok,
        }
    }

    /// The JSON fields that say how far the search went.
    fn add_to(&self, object: &mut serde_json::Value) {
        object["complete"] = json!(self.reach.cut.is_none());
        object["stopped_by"] = json!(self.reach.cut.map(Cut::as_str));
        object["first_moves"] = json!(self.reach.first_moves);
        object["first_moves_searched"] = json!(self.reach.searched);
    }

    /// The last line of a stopped search's text: which limit, how far,
    /// and what that proves.
    fn stopped(&self, cut: Cut, args: &Args, proved: &str) -> String {
        let limit = match cut {
            Cut::Time => format!("--time {}", args.time),
            Cut::Nodes => format!("--nodes {}", args.nodes.unwrap_or_default()),
        };
        format!(
            "stopped by {limit} after {} of {} first moves ({} nodes): {proved}",
            self.reach.searched, self.reach.first_moves, self.nodes
        )
    }
}
