//! `cargo bench --bench games`: `dynamo games` over 10,000 generated game
//! files of 40 moves (80 half-moves) each, run as the real binary: the
//! director's overview of a large club. The promise is under a second.
//!
//! The files look like a real folder: each with its event, round, both
//! players with addresses, a `10/50d` clock and moves a day or so apart;
//! one in eight is resigned, one in sixteen carries a draw offer, and the
//! clocks of the others fall due at different times, some overdue. With
//! `DYNAMO_BENCH_DIR=FOLDER` the files are written there and kept, for
//! timing by hand (`perf stat dynamo games FOLDER`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};

const GAMES: usize = 10_000;
/// Distinct move sequences; the files cycle through them with their own
/// players, times and endings (the replay costs the same).
const DISTINCT: usize = 64;

// The tests' generator: the same seed gives the same games. The benches
// use `Rng` only.
#[allow(dead_code)]
#[path = "../tests/support/rng.rs"]
mod rng;

#[path = "support/club.rs"]
mod club;

use club::{PLIES, game_text, random_game};

fn generate(dir: &Path) {
    let games: Vec<Vec<String>> = (0..DISTINCT as u64).map(random_game).collect();
    for n in 0..GAMES {
        let text = game_text(&games[n % DISTINCT], n);
        // Names as a director numbers them: g1, g2, …, g10000.
        std::fs::write(dir.join(format!("g{}.pgn", n + 1)), text).expect("write game");
    }
}

fn games(dir: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .args(["games", "--now", "2025-01-01T00:00:00Z"])
        .arg(dir)
        .env("COLUMNS", "160")
        .output()
        .expect("run dynamo games");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        // The count stands above the line naming the columns left out.
        summary.lines().any(|l| l.starts_with("10000 games")),
        "{}",
        summary.lines().last().unwrap_or_default()
    );
}

fn bench_games(c: &mut Criterion) {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir: PathBuf = match std::env::var_os("DYNAMO_BENCH_DIR") {
        Some(d) => PathBuf::from(d),
        None => temp.path().to_path_buf(),
    };
    std::fs::create_dir_all(&dir).expect("the folder");
    generate(&dir);
    let start = Instant::now();
    games(&dir);
    eprintln!(
        "dynamo games: {GAMES} games of {} moves in {:.3} s (first run)",
        PLIES / 2,
        start.elapsed().as_secs_f64()
    );
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    group.bench_function("10000 games x 40 moves", |b| b.iter(|| games(&dir)));
    group.finish();
}

criterion_group!(benches, bench_games);
criterion_main!(benches);
