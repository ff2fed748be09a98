//! `cargo run --release -p dynamo-core --example perft -- [DEPTH [FEN]] [--made]`:
//! perft from the start position or FEN under `nost`, the count and the
//! nodes per second of the library call alone (docs/reference.md, "Speed"). Run it
//! under `perf stat -e task-clock` for CPU time on a busy machine.
//!
//! With `--made`, the search's way ([`perft_made`]): every move, the
//! leaves' included, listed, made on one scratch position and unmade; it
//! prints the count, the moves made and the nanoseconds a made move.

use std::time::Instant;

use dynamo_core::{Position, Rules};
use dynamo_core::{perft, perft_made};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let made = args.iter().any(|a| a == "--made");
    args.retain(|a| a != "--made");
    let depth = args
        .first()
        .map_or(Ok(3), |d| d.parse())
        .unwrap_or_else(|e| {
            eprintln!("depth: {e}");
            std::process::exit(2)
        });
    let pos = match args.get(1) {
        None => Position::startpos(Rules::NOST),
        Some(fen) => Position::from_fen(fen, Rules::NOST).unwrap_or_else(|e| {
            eprintln!("{fen}: {e}");
            std::process::exit(2)
        }),
    };
    let start = Instant::now();
    if made {
        let (nodes, made) = perft_made(&pos, depth);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{nodes} nodes, {made} made in {seconds:.3} s, {:.1} ns a made move",
            seconds * 1e9 / made as f64
        );
        return;
    }
    let nodes = perft(&pos, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes in {seconds:.3} s, {:.1} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}
