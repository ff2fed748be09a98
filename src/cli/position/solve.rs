//! `dynamo solve`.

use std::io::Write;

use anyhow::Result;
use dynamo_engine::help::{line_text, solve_help};
use dynamo_engine::solve::{Show, solve};
use serde_json::json;

use crate::cli::args::PositionArgs;
use crate::exit::{Exit, Failure};

/// Solve a mate problem exactly: every key move that forces mate in N
/// moves of the side to move (`--mate N`), each with its threat and the
/// defences with their mating answers, in Popeye's layout; or every
/// helpmate line (`--help-mate N`: the side to move begins, both cooperate,
/// the other side mates with its N-th move). Variations list the defences
/// that parry the threat; `--all` lists every defence.
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
    /// Threads to share the first moves between; the answer and the node
    /// count are the same for any number.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// One JSON object: mate_in, keys (canonical notation, sorted; empty
    /// when there is none), solutions (each key's text), tries, nodes.
    #[arg(long)]
    json: bool,
}

/// Longer problems take hours to days by exhaustive search; a bound keeps
/// a mistyped number from looking like a hang.
const LONGEST: u8 = 8;

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let pos = args.position.position()?;
    let n = args.mate.or(args.help_mate).unwrap_or(0);
    if n == 0 || n > LONGEST {
        return Err(Failure::new(
            Exit::Usage,
            format!("the number of moves must be 1 to {LONGEST}, not {n}"),
        )
        .into());
    }
    if args.threads == 0 {
        return Err(Failure::new(Exit::Usage, "--threads: at least 1").into());
    }
    if args.help_mate.is_some() {
        let found = solve_help(&pos, n, args.threads);
        let texts: Vec<String> = found.lines.iter().map(|l| line_text(l)).collect();
        if args.json {
            let object = json!({
                "help_mate_in": n,
                "mate_in": n,
                "keys": found.keys,
                "solutions": texts,
                "truncated": found.truncated,
                "nodes": found.nodes,
            });
            writeln!(out, "{object}")?;
        } else if texts.is_empty() {
            writeln!(out, "no helpmate in {n}")?;
        } else {
            for t in &texts {
                writeln!(out, "{t}")?;
            }
            if found.truncated {
                writeln!(out, "(only the first {} solutions)", texts.len())?;
            }
        }
        return Ok(Exit::Ok);
    }
    let show = Show {
        all: args.all,
        tries: args.tries,
        threads: args.threads,
    };
    let found = solve(&pos, n, show);
    if args.json {
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
        writeln!(out, "{object}")?;
        return Ok(Exit::Ok);
    }
    if found.keys.is_empty() {
        writeln!(out, "no mate in {n}")?;
    }
    for key in &found.keys {
        write!(out, "{}", key.to_text())?;
    }
    for t in &found.tries {
        write!(out, "{}", t.to_text())?;
    }
    Ok(Exit::Ok)
}
