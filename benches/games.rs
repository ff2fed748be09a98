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

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use dynamo_core::{Position, Rules};

const GAMES: usize = 10_000;
const PLIES: usize = 80;
/// Distinct move sequences; the files cycle through them with their own
/// players, times and endings (the replay costs the same).
const DISTINCT: usize = 64;

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

const FIRST: [&str; 8] = [
    "Ada", "Charles", "Émilie", "Józef", "Grace", "Alan", "Sofia", "Ngozi",
];
const LAST: [&str; 8] = [
    "Lovelace",
    "Babbage",
    "du Châtelet",
    "Lovász",
    "Hopper",
    "Turing",
    "Kovalevskaya",
    "Okonjo",
];

fn player(n: usize) -> (String, String) {
    let first = FIRST[n % 8];
    let last = LAST[(n / 8) % 8];
    let name = format!("{first} {last} {}", n % 97);
    let address = format!("p{n}@club{}.example.org", n % 13);
    (name, address)
}

fn game_text(moves: &[String], n: usize) -> String {
    let (white, white_email) = player(n * 2);
    let (black, black_email) = player(n * 2 + 1);
    let resigned = n % 8 == 7;
    let result = if resigned { "0-1" } else { "*" };
    // Games start on different days of 2024, moves come 20 to 40 hours
    // apart: deadlines spread over the year, some long past.
    let start = chrono::DateTime::from_timestamp(1_704_067_200, 0).expect("a time")
        + chrono::Duration::hours((n % 300) as i64 * 24);
    let mut out = format!(
        "[Event \"Club championship {}\"]\n[Site \"By email\"]\n[Date \"{}\"]\n[Round \"{}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"Dynamo\"]\n[Rules \"nost\"]\n[WhiteEmail \"{white_email}\"]\n[BlackEmail \"{black_email}\"]\n[TimeControl \"10/50d\"]\n[UTCDate \"{}\"]\n[UTCTime \"{}\"]\n",
        n % 40,
        start.format("%Y.%m.%d"),
        n % 7 + 1,
        start.format("%Y.%m.%d"),
        start.format("%H:%M:%S"),
    );
    if resigned {
        out.push_str("[Termination \"White resigns\"]\n");
    }
    out.push('\n');
    let mut at = start;
    for (i, m) in moves.iter().enumerate() {
        at += chrono::Duration::hours(20 + ((n + i) % 21) as i64);
        if i % 2 == 0 {
            let _ = write!(out, "{}. ", i / 2 + 1);
        }
        let _ = write!(out, "{m} {{{}}}", at.format("%Y-%m-%dT%H:%M:%SZ"));
        out.push(if i % 2 == 1 { '\n' } else { ' ' });
    }
    if resigned {
        at += chrono::Duration::hours(3);
        let _ = writeln!(
            out,
            "{{[%resign White {}]}}",
            at.format("%Y-%m-%dT%H:%M:%SZ")
        );
    }
    out.push_str(result);
    out.push('\n');
    out
}

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
        summary
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("10000 games")),
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
