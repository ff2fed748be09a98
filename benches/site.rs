//! `cargo bench --bench site`: the club's web pages for 10,000 generated
//! games, run as the real binary — the full build (`dynamo site DIR`),
//! and one recorded event's update with `[site] dir` set (`dynamo move`,
//! against the same move without pages). The promise (docs/reference.md,
//! section "Speed"): a full build well under a minute on two cores, one
//! event's update under 100 ms.
//!
//! The club: 150 round-robin sections of 12 players (9,900 games), one
//! made by `dynamo tournament new` and the others copies of it with their
//! own players, their games played out to between 0
//! and 80 half-moves with the benches' random games, one in eight
//! resigned, and 100 loose games as `benches/games.rs` writes them; each
//! player with an address. With `DYNAMO_BENCH_DIR=FOLDER` the club is
//! made there and kept, for timing by hand (`cd FOLDER; time dynamo site
//! pages`); with `DYNAMO_BENCH_SECTIONS=N` it has N sections (and up to
//! 100 loose games, two for every three sections): 15 for about 1,000
//! games, 1,500 for about 100,000.
//!
//! Each build is reported with its wall time, its CPU time (the kernel's
//! account of the children waited for) and its peak resident memory
//! (the kernel's high-water mark, read until it exits), on lines that
//! begin `dynamo site`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SECTIONS: usize = 150;
const PLAYERS: usize = 12;
/// The most loose games.
const LOOSE: usize = 100;
/// Distinct move sequences; the files cycle through them.
const DISTINCT: usize = 64;
/// Events timed, each way.
const EVENTS: usize = 10;

#[path = "support/peak.rs"]
mod peak;

// The tests' generator: the same seed gives the same games. The benches
// use `Rng` only.
#[allow(dead_code)]
#[path = "../tests/support/rng.rs"]
mod rng;

#[path = "support/club.rs"]
mod club;

use club::{PLIES, game_text, player, random_game};

/// `dynamo ARGS` in `dir`, which must succeed; its standard output.
fn dynamo(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .args(args)
        .current_dir(dir)
        .env_remove("DYNAMO_CONFIG")
        .output()
        .expect("run dynamo");
    assert!(
        out.status.success(),
        "dynamo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// How one run of `dynamo` went.
struct Run {
    wall: Duration,
    /// User and system time.
    cpu: Duration,
    /// Peak resident memory, KiB.
    peak: u64,
    stdout: String,
}

/// The CPU time of this process's children waited for so far (fields
/// 16 and 17 of `/proc/self/stat`, in clock ticks).
fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The command's name, in parentheses, may hold spaces.
    let rest = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 =
        fields[13].parse::<u64>().expect("cutime") + fields[14].parse::<u64>().expect("cstime");
    let per_second = Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<u64>()
                .ok()
        })
        .unwrap_or(100);
    Duration::from_secs_f64(ticks as f64 / per_second as f64)
}

/// `dynamo ARGS` in `dir`, which must succeed, timed and its memory
/// watched.
fn run(dir: &Path, args: &[&str]) -> Run {
    let cpu = children_cpu();
    let started = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .args(args)
        .current_dir(dir)
        .env_remove("DYNAMO_CONFIG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dynamo");
    let (out, peak) = peak::wait_with_peak(child, Duration::from_millis(5));
    let wall = started.elapsed();
    assert!(
        out.status.success(),
        "dynamo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Run {
        wall,
        cpu: children_cpu().saturating_sub(cpu),
        peak,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
    }
}

/// A section game `path` played out: `moves[..plies]` a day or so apart
/// from its start, then White's resignation when `resign`.
fn play_out(path: &Path, moves: &[String], plies: usize, resign: bool) {
    let text = std::fs::read_to_string(path).expect("a section game");
    let head = text
        .trim_end()
        .strip_suffix('*')
        .expect("a game without moves");
    let mut out = if resign {
        head.replace("[Result \"*\"]", "[Result \"0-1\"]").replacen(
            "\n\n",
            "\n[Termination \"White resigns\"]\n\n",
            1,
        )
    } else {
        head.to_string()
    };
    let mut at = chrono::DateTime::from_timestamp(1_704_099_600, 0).expect("a time");
    for (i, m) in moves.iter().take(plies).enumerate() {
        at += chrono::Duration::hours(20 + (i % 21) as i64);
        if i % 2 == 0 {
            let _ = write!(out, "{}. ", i / 2 + 1);
        }
        let _ = write!(out, "{m} {{{}}}", at.format("%Y-%m-%dT%H:%M:%SZ"));
        out.push(if i % 2 == 1 { '\n' } else { ' ' });
    }
    if resign {
        at += chrono::Duration::hours(3);
        let _ = writeln!(
            out,
            "{{[%resign White {}]}}",
            at.format("%Y-%m-%dT%H:%M:%SZ")
        );
        out.push_str("0-1\n");
    } else {
        out.push_str("*\n");
    }
    std::fs::write(path, out).expect("a game played out");
}

/// Section `s`'s players, as its players file lists them.
fn players(s: usize) -> Vec<(String, String)> {
    (0..PLAYERS).map(|k| player(s * PLAYERS + k)).collect()
}

/// The club's sections: `DYNAMO_BENCH_SECTIONS`, else [`SECTIONS`].
fn sections() -> usize {
    std::env::var("DYNAMO_BENCH_SECTIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(SECTIONS)
}

fn generate(dir: &Path, sections: usize) {
    let games: Vec<Vec<String>> = (0..DISTINCT as u64).map(random_game).collect();
    // Without the pages while the club is made: the first build is the
    // one timed, into an empty folder.
    std::fs::write(dir.join("plain.toml"), "games_dir = \"games\"\n").expect("a config");
    // One section made by `dynamo tournament new`; the others are copies
    // with their own name and players (a process a section would take
    // minutes, each new game's id checked against the whole folder).
    let list: String = players(0)
        .iter()
        .map(|(name, address)| format!("{name} <{address}>\n"))
        .collect();
    std::fs::write(dir.join("players.txt"), list).expect("the players");
    dynamo(
        dir,
        &[
            "--config",
            "plain.toml",
            "tournament",
            "new",
            "s000",
            "--players",
            "players.txt",
            "--start",
            "2024-01-01T09:00:00Z",
            "--time-control",
            "10/50d",
        ],
    );
    let first = dir.join("games/s000");
    // Copied as made, before the first section's games are played out.
    let mut files: Vec<(String, String)> = std::fs::read_dir(&first)
        .expect("the section's folder")
        .map(|e| {
            let path = e.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("a file");
            let name = path.file_name().expect("a name").to_string_lossy();
            (name.into_owned(), text)
        })
        .collect();
    files.sort();
    let mut n = 0;
    for s in 0..sections {
        let name = format!("s{s:03}");
        let folder = dir.join("games").join(&name);
        std::fs::create_dir_all(&folder).expect("the section's folder");
        for (file, made) in &files {
            let mut text = made.clone();
            if s > 0 {
                text = text.replace("\"s000", &format!("\"{name}"));
                for (old, new) in players(0).iter().zip(players(s)) {
                    text = text.replace(&format!("\"{}\"", old.0), &format!("\"{}\"", new.0));
                    text = text.replace(&format!("\"{}\"", old.1), &format!("\"{}\"", new.1));
                }
                std::fs::write(folder.join(file), &text).expect("a copy");
            }
            if file.ends_with(".pgn") {
                let plies = (n * 37) % (PLIES + 1);
                let path = folder.join(file);
                play_out(&path, &games[n % DISTINCT], plies, plies > 0 && n % 8 == 7);
                n += 1;
            }
        }
    }
    let loose = dir.join("games/loose");
    std::fs::create_dir_all(&loose).expect("the loose games' folder");
    for k in 0..(sections * 2 / 3).clamp(1, LOOSE) {
        let text = game_text(&games[k % DISTINCT], 100_000 + k);
        std::fs::write(loose.join(format!("g{}.pgn", k + 1)), text).expect("a loose game");
    }
    dynamo(
        dir,
        &[
            "--config",
            "plain.toml",
            "new",
            "games/loose/bench.pgn",
            "--white",
            "Ada <ada@example.org>",
            "--black",
            "Bob <bob@example.org>",
        ],
    );
}

/// Knights out and back: legal for ever, whoever is to move (§7 forbids
/// only undoing the last move).
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

/// The median of `times`.
fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `EVENTS` moves in `games/loose/bench.pgn`, each timed; `ply` counts
/// the moves made so far.
fn events(dir: &Path, config: &str, ply: &mut usize) -> Vec<Duration> {
    (0..EVENTS)
        .map(|_| {
            let m = CYCLE[*ply % 4];
            *ply += 1;
            let start = Instant::now();
            dynamo(
                dir,
                &["--config", config, "move", "games/loose/bench.pgn", m, "-q"],
            );
            start.elapsed()
        })
        .collect()
}

fn main() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir: PathBuf = match std::env::var_os("DYNAMO_BENCH_DIR") {
        Some(d) => PathBuf::from(d),
        None => temp.path().to_path_buf(),
    };
    // The club in a folder of its own, the pages beside it: a site folder
    // may not lie inside the config's folder.
    let dir = dir.join("club");
    std::fs::create_dir_all(&dir).expect("the folder");
    let start = Instant::now();
    generate(&dir, sections());
    eprintln!(
        "generated the club in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    // The files' identities settle (`src/site/cache.rs`) before the build
    // summarises them, as a club's files have long before any event.
    std::thread::sleep(Duration::from_millis(2500));
    std::fs::write(
        dir.join("dynamo.toml"),
        "games_dir = \"games\"\n[site]\ndir = \"../pages\"\n",
    )
    .expect("the config");
    let report = |what: &str, r: &Run| {
        println!(
            "dynamo site, {what}: {:.2} s of wall time, {:.2} s of CPU, peak {:.0} MiB ({})",
            r.wall.as_secs_f64(),
            r.cpu.as_secs_f64(),
            r.peak as f64 / 1024.0,
            r.stdout.trim_end()
        );
    };
    report(
        "full build into an empty folder",
        &run(&dir, &["site", "../pages"]),
    );
    report(
        "full build, nothing to write",
        &run(&dir, &["site", "../pages"]),
    );
    let mut ply = 0;
    let cpu = children_cpu();
    let without = median(events(&dir, "plain.toml", &mut ply));
    let without_cpu = children_cpu().saturating_sub(cpu);
    // The first update takes the bench game's moves made without the
    // pages; then every event is one game changed, as in play.
    events(&dir, "dynamo.toml", &mut ply);
    let cpu = children_cpu();
    let with = median(events(&dir, "dynamo.toml", &mut ply));
    let with_cpu = children_cpu().saturating_sub(cpu);
    println!(
        "dynamo site, one event (`dynamo move`), median of {EVENTS}: {:.0} ms of wall time with the pages, \
         {:.0} ms without: the pages' update {:.0} ms ({:.0} ms of CPU with the pages, {:.0} ms without, \
         the mean of {EVENTS})",
        with.as_secs_f64() * 1e3,
        without.as_secs_f64() * 1e3,
        with.saturating_sub(without).as_secs_f64() * 1e3,
        with_cpu.as_secs_f64() * 1e3 / EVENTS as f64,
        without_cpu.as_secs_f64() * 1e3 / EVENTS as f64,
    );
    let check = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .args(["site", "../pages", "--check"])
        .current_dir(&dir)
        .output()
        .expect("run dynamo site --check");
    assert!(
        check.status.success() && check.stdout.is_empty(),
        "the updated pages differ from a full build: {}",
        String::from_utf8_lossy(&check.stdout)
    );
}
