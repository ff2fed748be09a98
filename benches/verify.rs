//! `cargo bench --bench verify`: `dynamo verify` over 1,000 generated game
//! files of 60 moves (120 half-moves) each, run as the real binary.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use dynamo_core::{Position, Rules};

const GAMES: usize = 1000;
const PLIES: usize = 120;
/// Distinct games; the files cycle through them (replay cost is the same).
const DISTINCT: usize = 40;

// The tests' generator: the same seed gives the same games. The benches
// use `Rng` only.
#[allow(dead_code)]
#[path = "../tests/support/rng.rs"]
mod rng;

use rng::Rng;

/// A random game of `PLIES` half-moves that neither mates nor stalemates.
fn random_game(seed: u64) -> Vec<String> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    'restart: loop {
        let mut pos = Position::startpos(Rules::NOST);
        let mut moves = Vec::with_capacity(PLIES);
        while moves.len() < PLIES {
            let mut legal = pos.legal_moves();
            loop {
                if legal.is_empty() {
                    continue 'restart;
                }
                let i = (rng.next() % legal.len() as u64) as usize;
                let m = legal.swap_remove(i);
                let after = pos.play(&m).expect("a legal move");
                if !after.status().is_over() {
                    moves.push(dynamo_core::notation::format(&m));
                    pos = after;
                    break;
                }
            }
        }
        return moves;
    }
}

fn game_text(moves: &[String], n: usize) -> String {
    let mut out = format!(
        "[Event \"Bench\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"{n}\"]\n[White \"W{n}\"]\n[Black \"B{n}\"]\n[Result \"*\"]\n[Variant \"Dynamo\"]\n[Rules \"nost\"]\n[TimeControl \"10/50d\"]\n[UTCDate \"2024.01.01\"]\n[UTCTime \"00:00:00\"]\n\n"
    );
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(out, "{}. ", i / 2 + 1);
        }
        let _ = write!(
            out,
            "{m} {{2024-01-{:02}T{:02}:00:00Z}}",
            2 + i / 24,
            i % 24
        );
        out.push(if i % 2 == 1 { '\n' } else { ' ' });
    }
    out.push_str("*\n");
    out
}

fn generate(dir: &Path) {
    let games: Vec<Vec<String>> = (0..DISTINCT as u64).map(random_game).collect();
    for n in 0..GAMES {
        let text = game_text(&games[n % DISTINCT], n);
        std::fs::write(dir.join(format!("game{n:04}.pgn")), text).expect("write game");
    }
}

fn verify(dir: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .arg("verify")
        .arg(dir)
        .output()
        .expect("run dynamo verify");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

fn bench_verify(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    generate(dir.path());
    let start = Instant::now();
    verify(dir.path());
    eprintln!(
        "dynamo verify: {GAMES} games of {} moves in {:.3} s (first run)",
        PLIES / 2,
        start.elapsed().as_secs_f64()
    );
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    group.bench_function("1000 games x 60 moves", |b| b.iter(|| verify(dir.path())));
    group.finish();
}

criterion_group!(benches, bench_verify);
criterion_main!(benches);
