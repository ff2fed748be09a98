//! `cargo run --release -p dynamo-core --example perft -- [DEPTH [FEN]]`:
//! perft from the start position or FEN under `nost`, the count and the
//! nodes per second of the library call alone (docs/reference.md, "Speed"). Run it
//! under `perf stat -e task-clock` for CPU time on a busy machine.

use std::time::Instant;

use dynamo_core::perft::perft;
use dynamo_core::{Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
    let nodes = perft(&pos, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes in {seconds:.3} s, {:.1} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}
