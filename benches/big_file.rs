//! `cargo bench --bench big_file`: `dynamo verify` on one game file of
//! about 50 MB, in the three shapes a file that large can take — a very
//! long game, a header of a million tags, a movetext of a million notes —
//! run as the real binary. The promise is under 2 s for each.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use criterion::{Criterion, criterion_group, criterion_main};

const TARGET_BYTES: usize = 50 * 1000 * 1000;

const HEADER: &str = "[Event \"Bench\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"Dynamo\"]\n[Rules \"nost\"]\n[TimeControl \"10/50d\"]\n[UTCDate \"2024.01.01\"]\n[UTCTime \"00:00:00\"]\n";

/// Knights out and back, a second apart: legal for ever, never over.
fn long_game() -> String {
    let cycle = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];
    let start = chrono::DateTime::from_timestamp(1_704_067_200, 0).expect("a time");
    let mut out = format!("{HEADER}\n");
    let mut ply = 0usize;
    while out.len() < TARGET_BYTES {
        let at = start + chrono::Duration::seconds(ply as i64 + 1);
        let time = at.format("%Y-%m-%dT%H:%M:%SZ");
        if ply.is_multiple_of(2) {
            let _ = write!(out, "{}. {} {{{time}}} ", ply / 2 + 1, cycle[ply % 4]);
        } else {
            let _ = writeln!(out, "{} {{{time}}}", cycle[ply % 4]);
        }
        ply += 1;
    }
    out.push_str("\n*\n");
    out
}

fn many_tags() -> String {
    let mut out = String::from(HEADER);
    let mut i = 0;
    while out.len() < TARGET_BYTES {
        let _ = writeln!(out, "[Extra{i} \"a value of some length, number {i}\"]");
        i += 1;
    }
    out.push_str("\n*\n");
    out
}

fn many_notes() -> String {
    let mut out = format!("{HEADER}\n1. e2e4 {{2024-01-01T00:00:01Z}}\n");
    while out.len() < TARGET_BYTES {
        out.push_str("{a comment the director wrote} $1 ; and a note\n");
    }
    out.push_str("*\n");
    out
}

fn verify(file: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_dynamo"))
        .arg("verify")
        .arg(file)
        .output()
        .expect("run dynamo verify");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn bench_big_file(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let files: Vec<(&str, PathBuf)> = [
        ("long game", long_game as fn() -> String),
        ("a million tags", many_tags),
        ("a million notes", many_notes),
    ]
    .into_iter()
    .map(|(name, make)| {
        let path = dir.path().join(format!("{}.pgn", name.replace(' ', "-")));
        std::fs::write(&path, make()).expect("write game");
        (name, path)
    })
    .collect();
    let mut group = c.benchmark_group("verify one 50 MB file");
    group.sample_size(10);
    for (name, path) in &files {
        group.bench_function(*name, |b| b.iter(|| verify(path)));
    }
    group.finish();
}

criterion_group!(benches, bench_big_file);
criterion_main!(benches);
