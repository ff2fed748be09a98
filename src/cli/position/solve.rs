//! `dynamo solve`.

use std::fmt;
use std::io::Write;

use anyhow::Result;
use dynamo_engine::DEFAULT_MB;
use dynamo_engine::{Cut, Limits};
use dynamo_engine::{HelpSolution, line_text, solve_help_within};
use dynamo_engine::{Reach, Watch};
use dynamo_engine::{Show, Solution, solve_self_within, solve_within};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use super::read;
use crate::cli::position::progress;
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::Printer;
use crate::cli::support::printer::Report;
use crate::cli::support::search_bounds::{MAX_THREADS, check_hash, refused_table, seconds};
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Solve a mate problem exactly: every key move that forces mate in N
/// moves of the side to move (`--mate N`), each with its threat and the
/// defences with their mating answers, in Popeye's layout; or every
/// helpmate line (`--help-mate N`: the side to move begins, both cooperate,
/// the other side mates with its N-th move); or every key of a selfmate
/// (`--self-mate N`: the side to move forces the other side to mate it
/// within N of the other side's moves), laid out as a directmate's.
/// Variations list the defences that parry the threat; `--all` lists
/// every defence.
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
    #[arg(long, value_name = "N", required_unless_present_any = ["help_mate", "self_mate"])]
    mate: Option<u8>,
    /// Helpmate in N: the side to move begins, and the other side's N-th
    /// move mates.
    #[arg(long, value_name = "N", conflicts_with = "mate")]
    help_mate: Option<u8>,
    /// Selfmate in N: the side to move forces the other side to mate it
    /// within N of the other side's moves, however the other side tries
    /// to escape.
    #[arg(long, value_name = "N", conflicts_with_all = ["mate", "help_mate"])]
    self_mate: Option<u8>,
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
    let pos = read::position(&args.position, catch_up)?;
    let n = args.mate.or(args.help_mate).or(args.self_mate).unwrap_or(0);
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
        let help = Help {
            texts: found.lines.iter().map(|l| line_text(l)).collect(),
            reached: Reached::new(found.reach, found.nodes, &args),
            found: &found,
        };
        printer.out(&help, out)?;
        return Ok(help.reached.exit());
    }
    let show = Show {
        all: args.all,
        tries: args.tries,
        threads,
    };
    let selfmate = args.self_mate.is_some();
    let what = format!("{} in {n}", if selfmate { "selfmate" } else { "mate" });
    let found = progress::shown(&watch, &what, || {
        if selfmate {
            solve_self_within(&pos, n, show, args.hash, &watch)
        } else {
            solve_within(&pos, n, show, args.hash, &watch)
        }
    })
    .map_err(|e| refused_table(args.hash, e))?;
    let mate = Mate {
        found: &found,
        tries: args.tries,
        selfmate,
        reached: Reached::new(found.reach, found.nodes, &args),
    };
    printer.out(&mate, out)?;
    Ok(mate.reached.exit())
}

/// A directmate's or a selfmate's answer: the keys with their threats
/// and variations in Popeye's layout, or one JSON object (see
/// [`execute`]).
struct Mate<'a> {
    found: &'a Solution,
    /// Whether `--tries` asked for the tries (the JSON has the key then).
    tries: bool,
    /// A selfmate's (`--self-mate`), whose JSON has `self_mate_in`.
    selfmate: bool,
    reached: Reached,
}

impl fmt::Display for Mate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (found, n) = (self.found, self.found.mate_in);
        let mate = if self.selfmate { "selfmate" } else { "mate" };
        if found.keys.is_empty() && self.reached.reach.cut.is_none() {
            writeln!(f, "no {mate} in {n}")?;
        }
        for key in &found.keys {
            write!(f, "{}", key.to_text())?;
        }
        for t in &found.tries {
            write!(f, "{}", t.to_text())?;
        }
        if let Some(cut) = self.reached.reach.cut {
            let proved = if found.keys.is_empty() {
                format!("none of them is a key, so a {mate} in {n} is neither found nor ruled out")
            } else {
                "the keys above are proved, and there may be more".to_string()
            };
            writeln!(f, "{}", self.reached.stopped(cut, &proved))?;
        }
        Ok(())
    }
}

/// The keys in the alphabetical order the command's JSON has always had.
impl Serialize for Mate<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let found = self.found;
        let mut map = s.serialize_map(None)?;
        self.reached.serialize_reach(&mut map)?;
        let keys: Vec<&str> = found.keys.iter().map(|k| k.tree.text.as_str()).collect();
        map.serialize_entry("keys", &keys)?;
        map.serialize_entry("mate_in", &found.mate_in)?;
        map.serialize_entry("nodes", &found.nodes)?;
        if self.selfmate {
            map.serialize_entry("self_mate_in", &found.mate_in)?;
        }
        let solutions: Vec<String> = found.keys.iter().map(|k| k.to_text()).collect();
        map.serialize_entry("solutions", &solutions)?;
        map.serialize_entry("stopped_by", &self.reached.reach.cut.map(Cut::as_str))?;
        if self.tries {
            let tries: Vec<Tried<'_>> = found
                .tries
                .iter()
                .map(|t| Tried {
                    refutation: t.refutation.as_deref(),
                    r#try: &t.tree.text,
                })
                .collect();
            map.serialize_entry("tries", &tries)?;
        }
        map.end()
    }
}

/// A try as JSON: the first move and the one defence that refutes it.
#[derive(Serialize)]
struct Tried<'a> {
    refutation: Option<&'a str>,
    r#try: &'a str,
}

impl Report for Mate<'_> {
    const ONE_LINE: bool = true;
}

/// A helpmate's answer: each line in words, or one JSON object (see
/// [`execute`]).
struct Help<'a> {
    found: &'a HelpSolution,
    texts: Vec<String>,
    reached: Reached,
}

impl fmt::Display for Help<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (texts, n) = (&self.texts, self.found.mate_in);
        if texts.is_empty() && self.reached.reach.cut.is_none() {
            writeln!(f, "no helpmate in {n}")?;
        }
        for t in texts {
            writeln!(f, "{t}")?;
        }
        if self.found.truncated {
            writeln!(f, "(only the first {} solutions)", texts.len())?;
        }
        if let Some(cut) = self.reached.reach.cut {
            let proved = if texts.is_empty() {
                format!(
                    "none of them begins a solution, so a helpmate in {n} is neither found nor ruled out"
                )
            } else {
                "the solutions above are proved, and there may be more".to_string()
            };
            writeln!(f, "{}", self.reached.stopped(cut, &proved))?;
        }
        Ok(())
    }
}

/// The keys in the alphabetical order the command's JSON has always had.
impl Serialize for Help<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let found = self.found;
        let mut map = s.serialize_map(None)?;
        self.reached.serialize_reach(&mut map)?;
        map.serialize_entry("help_mate_in", &found.mate_in)?;
        map.serialize_entry("keys", &found.keys)?;
        map.serialize_entry("mate_in", &found.mate_in)?;
        map.serialize_entry("nodes", &found.nodes)?;
        map.serialize_entry("solutions", &self.texts)?;
        map.serialize_entry("stopped_by", &self.reached.reach.cut.map(Cut::as_str))?;
        map.serialize_entry("truncated", &found.truncated)?;
        map.end()
    }
}

impl Report for Help<'_> {
    const ONE_LINE: bool = true;
}

/// How far a solve went, all the way or to the limit that stopped it,
/// the limits it was given, and its nodes.
struct Reached {
    reach: Reach,
    nodes: u64,
    time: f64,
    node_limit: Option<u64>,
}

impl Reached {
    fn new(reach: Reach, nodes: u64, args: &Args) -> Reached {
        Reached {
            reach,
            nodes,
            time: args.time,
            node_limit: args.nodes,
        }
    }

    /// 0, or 4 when a limit stopped the search (docs/reference.md, "Exit
    /// codes").
    fn exit(&self) -> Exit {
        match self.reach.cut {
            Some(_) => Exit::Unfinished,
            None => Exit::Ok,
        }
    }

    /// The JSON fields that say how far the search went and come first
    /// in alphabetical order (`stopped_by` is put in its place by the
    /// caller).
    fn serialize_reach<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("complete", &self.reach.cut.is_none())?;
        map.serialize_entry("first_moves", &self.reach.first_moves)?;
        map.serialize_entry("first_moves_searched", &self.reach.searched)
    }

    /// The last line of a stopped search's text: which limit, how far,
    /// and what that proves.
    fn stopped(&self, cut: Cut, proved: &str) -> String {
        let limit = match cut {
            Cut::Time => format!("--time {}", self.time),
            Cut::Nodes => format!("--nodes {}", self.node_limit.unwrap_or_default()),
        };
        format!(
            "stopped by {limit} after {} of {} first moves ({} nodes): {proved}",
            self.reach.searched, self.reach.first_moves, self.nodes
        )
    }
}
