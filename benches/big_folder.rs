//! `cargo bench --bench big_folder`: `dynamo verify` and `dynamo games`
//! over folders of 10,000 and 100,000 generated game files of 40 moves
//! (the club of `support/club.rs`, about 3 kB a file), run as the real
//! binary under `/usr/bin/time`, against `cat` over the same files: the
//! peak memory (the maximum resident set), the CPU seconds and the wall
//! time of each (the least of three runs, the greatest peak), and their
//! ratios to `cat`'s (the defect "`verify` keeps
//! every game": 205 MB at 10,000 files, 2.0 GB at 100,000). The promise:
//! `verify` over 100,000 files in under 100 MB; the bench fails
//! otherwise. `DYNAMO_BENCH_FILES=N,M` measures other sizes;
//! `DYNAMO_BENCH_DIR=FOLDER` writes the files there and keeps them.

use std::path::{Path, PathBuf};
use std::process::Command;

// The tests' generator: the same seed gives the same games. The benches
// use `Rng` only.
#[allow(dead_code)]
#[path = "../tests/support/rng.rs"]
mod rng;

#[path = "support/club.rs"]
mod club;

/// Distinct move sequences; the files cycle through them with their own
/// players, times and endings (the replay costs the same).
const DISTINCT: usize = 64;

fn generate(dir: &Path, files: usize) -> u64 {
    std::fs::create_dir_all(dir).expect("the folder");
    let games: Vec<Vec<String>> = (0..DISTINCT as u64).map(club::random_game).collect();
    let mut bytes = 0;
    for n in 0..files {
        let text = club::game_text(&games[n % DISTINCT], n);
        bytes += text.len() as u64;
        std::fs::write(dir.join(format!("g{}.pgn", n + 1)), text).expect("write game");
    }
    bytes
}

/// What `/usr/bin/time` counted of one command.
struct Run {
    wall: f64,
    cpu: f64,
    peak_kb: u64,
}

/// Runs `sh -c script` under `/usr/bin/time`, its output thrown away.
fn timed_once(script: &str) -> Run {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%e %U %S %M", "sh", "-c", script])
        .output()
        .expect("run /usr/bin/time");
    let text = String::from_utf8_lossy(&out.stderr);
    let last = text.lines().last().unwrap_or_default();
    let fields: Vec<f64> = last
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    let [wall, user, system, peak] = fields[..] else {
        panic!("`{script}`: no times in {text}");
    };
    Run {
        wall,
        cpu: user + system,
        peak_kb: peak as u64,
    }
}

/// How many times each command runs; its figures are the least of them.
const RUNS: usize = 3;

/// Runs `script` [`RUNS`] times: the least wall time and the least CPU
/// time (another process on the machine only ever adds to them), and the
/// greatest peak memory (so that the promise holds on every run).
fn timed(script: &str) -> Run {
    let runs: Vec<Run> = (0..RUNS).map(|_| timed_once(script)).collect();
    Run {
        wall: runs.iter().map(|r| r.wall).fold(f64::INFINITY, f64::min),
        cpu: runs.iter().map(|r| r.cpu).fold(f64::INFINITY, f64::min),
        peak_kb: runs.iter().map(|r| r.peak_kb).max().unwrap_or_default(),
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::var("DYNAMO_BENCH_FILES")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![10_000, 100_000]);
    let temp = tempfile::tempdir().expect("temp dir");
    let root: PathBuf = match std::env::var_os("DYNAMO_BENCH_DIR") {
        Some(d) => PathBuf::from(d),
        None => temp.path().to_path_buf(),
    };
    let dynamo = env!("CARGO_BIN_EXE_dynamo");
    for files in sizes {
        let dir = root.join(files.to_string());
        let bytes = generate(&dir, files);
        let folder = dir.display();
        // `find | xargs` because 100,000 names do not fit one command line.
        let cat = format!("find '{folder}' -name '*.pgn' -print0 | xargs -0 cat > /dev/null");
        // Once to bring the files into the page cache for every run.
        timed_once(&cat);
        let cat = timed(&cat);
        let verify = timed(&format!("'{dynamo}' verify '{folder}' > /dev/null"));
        let games = timed(&format!(
            "COLUMNS=160 '{dynamo}' games --now 2025-01-01T00:00:00Z '{folder}' > /dev/null"
        ));
        println!(
            "cat over {files} files ({:.0} MB): {:.2} s of CPU, {:.2} s of wall time",
            bytes as f64 / 1e6,
            cat.cpu,
            cat.wall
        );
        for (name, run) in [("verify", &verify), ("games", &games)] {
            println!(
                "dynamo {name} over {files} files: peak {:.1} MiB; {:.2} s of CPU ({:.1}× cat's), {:.2} s of wall time ({:.1}× cat's)",
                run.peak_kb as f64 / 1024.0,
                run.cpu,
                run.cpu / cat.cpu.max(0.01),
                run.wall,
                run.wall / cat.wall.max(0.01)
            );
        }
        if files >= 100_000 {
            assert!(
                verify.peak_kb < 100 * 1024,
                "verify over {files} files took {} kB at its peak",
                verify.peak_kb
            );
        }
        if std::env::var_os("DYNAMO_BENCH_DIR").is_none() {
            std::fs::remove_dir_all(&dir).expect("removed");
        }
    }
}
