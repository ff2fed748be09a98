//! `cargo bench --bench standings`: `dynamo standings` over loose game
//! files, 5,000, 10,000 and 20,000 of them between two players in five
//! as many players (8,000 at 20,000 games), run as the real binary, its
//! peak memory read from the system. The promise (the defect "`standings`
//! quadratic in players", 1.56 GB at 8,000 players): memory grows in
//! proportion to the games, so four times the games take at most four
//! times the memory; the bench fails otherwise.
//!
//! Each file is a short game (two moves, as a club's loose games mostly
//! are at a given moment); one in three is resigned. With
//! `DYNAMO_BENCH_DIR=FOLDER` the files are written there and kept, for
//! measuring by hand (`/usr/bin/time -v dynamo standings FOLDER/20000`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "support/peak.rs"]
mod peak;

const SIZES: [usize; 3] = [5_000, 10_000, 20_000];

/// Player `n`'s name and address.
fn player(n: usize) -> (String, String) {
    (format!("Player {n}"), format!("p{n}@club.example.org"))
}

fn game_text(n: usize, players: usize) -> String {
    let white = (2 * n) % players;
    let black = (2 * n + 1 + n / players) % players;
    let black = if black == white {
        (black + 1) % players
    } else {
        black
    };
    let ((white, white_email), (black, black_email)) = (player(white), player(black));
    let resigned = n % 3 == 2;
    let result = if resigned { "1-0" } else { "*" };
    let mut out = format!(
        "[Event \"Loose games\"]\n[Site \"By email\"]\n[Date \"2024.01.01\"]\n[Round \"{n}\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"Dynamo\"]\n\
         [Rules \"nost\"]\n[WhiteEmail \"{white_email}\"]\n[BlackEmail \"{black_email}\"]\n\
         [TimeControl \"none\"]\n[UTCDate \"2024.01.01\"]\n[UTCTime \"09:00:00\"]\n"
    );
    if resigned {
        out.push_str("[Termination \"Black resigns\"]\n");
    }
    out.push_str("\n1. e2e4 {2024-01-02T09:00:00Z} e7e5 {2024-01-03T09:00:00Z}\n");
    if resigned {
        out.push_str("{[%resign Black 2024-01-04T09:00:00Z]}\n");
    }
    out.push_str(result);
    out.push('\n');
    out
}

fn generate(dir: &Path, games: usize) {
    std::fs::create_dir_all(dir).expect("the folder");
    let players = games * 2 / 5;
    for n in 0..games {
        let path = dir.join(format!("g{}.pgn", n + 1));
        std::fs::write(path, game_text(n, players)).expect("write game");
    }
}

/// Runs `dynamo standings dir`; its peak resident memory in KiB (the
/// kernel's high-water mark, read until it exits) and how long it took.
fn standings(dir: &Path) -> (u64, Duration) {
    let started = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .arg("standings")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dynamo standings");
    let (out, peak) = peak::wait_with_peak(child, Duration::from_millis(2));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (peak, started.elapsed())
}

fn main() {
    let temp = tempfile::tempdir().expect("temp dir");
    let root: PathBuf = match std::env::var_os("DYNAMO_BENCH_DIR") {
        Some(d) => PathBuf::from(d),
        None => temp.path().to_path_buf(),
    };
    let mut peaks = Vec::new();
    for games in SIZES {
        let dir = root.join(games.to_string());
        generate(&dir, games);
        let (peak, took) = standings(&dir);
        println!(
            "dynamo standings: {games} games, {} players: peak {:.1} MiB ({:.2} KiB a game), {:.2} s",
            games * 2 / 5,
            peak as f64 / 1024.0,
            peak as f64 / games as f64,
            took.as_secs_f64()
        );
        peaks.push(peak);
    }
    let growth = peaks[2] as f64 / peaks[0] as f64;
    println!("4 times the games: {growth:.2} times the memory (linear: at most 4)");
    assert!(
        growth <= 4.0,
        "memory grew faster than the games: {growth:.2}"
    );
}
