//! `cargo bench --bench inbox`: `dynamo inbox --maildir` over a Maildir of
//! 1,000 replies for 100 games (ten moves each), run as the real binary,
//! each move recorded and both players' notices sent to an SMTP sink on
//! loopback. The time per message is in docs/reference.md, "Speed".
//!
//! Before criterion's samples, one run is measured alone for each way of
//! flushing a batch (`[mail] inbox_flush`, `files` then `filesystem`) and
//! its figures printed as `inbox: …` lines: CPU and wall time per message
//! (the kernel's account of the child, `getrusage`), the SMTP connections
//! the sink accepted, and, where `strace` is installed, a second run's
//! flushes to disk per message (`fsync`, `fdatasync`, `syncfs`) and its
//! other system calls: the figures the inbox's targets are stated in
//! (≤ 10 ms of CPU and ≤ 3 flushes a message). Then the record on git's
//! cost: 200 replies with the archive on and off, CPU and wall time a
//! reply and the processes the run started (`inbox: archive …` lines).
//! Criterion's samples run the default, `files`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use chrono::DateTime;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use dynamo::game::{Game, NewGame, Player};
use dynamo::mail::envelope::message_id;
use dynamo::mail::{Secret, Token};
use dynamo::recorder::{Action, Recorder, Request, When, Who};

const GAMES: usize = 100;
/// The games of the archive's run: 200 replies, as the archive's target
/// is stated.
const ARCHIVE_GAMES: usize = 20;
const PLIES: usize = 10;
const SECRET: &str = "the secret of the inbox benchmark";
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

/// Accepts every message and forgets it: a server that costs the client
/// as little as a real one on loopback would. Counts the connections it
/// accepted.
fn smtp_sink() -> (u16, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = listener.local_addr().expect("its address").port();
    let connections = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&connections);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            counted.fetch_add(1, Ordering::SeqCst);
            std::thread::spawn(move || serve(stream));
        }
    });
    (port, connections)
}

fn serve(stream: TcpStream) {
    let Ok(mut out) = stream.try_clone() else {
        return;
    };
    let mut lines = BufReader::new(stream);
    let _ = out.write_all(b"220 sink\r\n");
    let mut line = String::new();
    let mut data = false;
    while lines.read_line(&mut line).is_ok_and(|n| n > 0) {
        let reply: &[u8] = if data {
            if line == ".\r\n" {
                data = false;
                b"250 accepted\r\n"
            } else {
                b""
            }
        } else {
            match line.get(..4).map(str::to_ascii_uppercase).as_deref() {
                Some("DATA") => {
                    data = true;
                    b"354 go on\r\n"
                }
                Some("QUIT") => {
                    let _ = out.write_all(b"221 bye\r\n");
                    return;
                }
                _ => b"250 ok\r\n",
            }
        };
        if !reply.is_empty() && out.write_all(reply).is_err() {
            return;
        }
        line.clear();
    }
}

/// The tournament folder: the config, `games` games, and the Maildir of
/// their players' replies, each answering the notice of the move before
/// it.
fn tournament(dir: &Path, port: u16, games: usize) {
    let secret = Secret::from_bytes(SECRET.as_bytes());
    let recorder = Recorder::new(std::time::Duration::from_secs(30));
    std::fs::write(
        dir.join("dynamo.toml"),
        format!(
            "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = {port}\n\
             security = \"none\"\nfrom = \"dynamo@club.example\"\n\
             secret_env = \"DYNAMO_BENCH_SECRET\"\n"
        ),
    )
    .expect("the config");
    for sub in ["games", "Maildir/new", "Maildir/cur", "Maildir/tmp"] {
        std::fs::create_dir_all(dir.join(sub)).expect("a folder");
    }
    let start = DateTime::from_timestamp(1_605_862_800, 0).expect("a time");
    let mut n_mail = 0;
    for n in 0..games {
        let white = Player::parse(&format!("W{n} <w{n}@example.org>")).expect("white");
        let black = Player::parse(&format!("B{n} <b{n}@example.org>")).expect("black");
        let mut new = NewGame::new(white.clone(), black.clone(), start);
        new.round = n.to_string();
        let mut game = Game::create(new).expect("a game");
        std::fs::write(dir.join(format!("games/g{n:03}.pgn")), game.to_text()).expect("a game");
        for ply in 0..PLIES {
            let side = game.position().turn();
            let player = if ply % 2 == 0 { &white } else { &black };
            let event = game.last_event();
            let id = game.game_id();
            let token = Token::new(&secret, &id, side, event.seq, &event.key());
            let notice = message_id(&id, &event.key(), side, &token, "club.example");
            let at = 1_605_866_400 + (ply * games + n) as i64;
            let text = format!(
                "From: {player}\r\nTo: dynamo@club.example\r\nSubject: Re: your move {}\r\n\
                 Message-ID: <g{n}-p{ply}@players>\r\nIn-Reply-To: {notice}\r\n\
                 References: {notice}\r\n\r\n{}\r\n\r\n> the notice\r\n",
                token.subject_tag(),
                CYCLE[ply % 4]
            );
            n_mail += 1;
            std::fs::write(
                dir.join(format!("Maildir/new/{at}.M{n_mail}P1.bench")),
                text,
            )
            .expect("a mail");
            let when = DateTime::from_timestamp(at, 0).expect("a time");
            // Judged as the inbox will judge the mail, in memory only: the
            // next mail answers the notice of this move.
            let request = Request::new(
                Action::Move {
                    text: CYCLE[ply % 4].to_string(),
                    offer_draw: false,
                },
                Who::side(side),
                When::At(when),
            );
            game = recorder.preview(&game, &request).expect("legal").game;
        }
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copied");
        }
    }
}

/// The run measured: every reply of the Maildir, quietly.
const INBOX: &[&str] = &["inbox", "--maildir", "Maildir", "-q"];

fn inbox(dir: &Path) {
    inbox_with(dir, INBOX, &[]);
}

/// `dynamo ARGS` (`inbox --maildir Maildir -q`, say), under `wrapper`
/// when given (the wrapper's command and arguments, the binary following
/// them); what it printed on standard output.
fn inbox_with(dir: &Path, args: &[&str], wrapper: &[&str]) -> String {
    // `DYNAMO_BENCH_BINARY` measures another build (the one before a
    // change, say) over the same mail.
    let binary = std::env::var("DYNAMO_BENCH_BINARY")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_dynamo").into());
    let mut command = match wrapper.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(&binary);
            c
        }
        None => Command::new(&binary),
    };
    let out = command
        .current_dir(dir)
        .args(args)
        .env("DYNAMO_BENCH_SECRET", SECRET)
        .env_remove("DYNAMO_CONFIG")
        .output()
        .expect("run dynamo inbox");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The CPU seconds of the children of `bash -c '…; times'`, from the
/// second line `times` prints (`0m1.234s 0m0.567s`: user and system).
fn children_cpu(times: &str) -> f64 {
    let seconds = |field: &str| -> f64 {
        let (minutes, rest) = field.split_once('m').unwrap_or(("0", field));
        let minutes: f64 = minutes.parse().unwrap_or(0.0);
        minutes * 60.0 + rest.trim_end_matches('s').parse::<f64>().unwrap_or(0.0)
    };
    times
        .lines()
        .nth(1)
        .map(|line| line.split_whitespace().map(seconds).sum())
        .unwrap_or(0.0)
}

/// The calls counted in `strace -c`'s summary, by name.
fn strace_counts(summary: &str) -> Vec<(String, u64)> {
    summary
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // % time, seconds, usecs/call, calls, [errors,] syscall
            let name = fields.last()?;
            let calls = fields.get(3)?.parse::<u64>().ok()?;
            (name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && *name != "total")
                .then(|| (name.to_string(), calls))
        })
        .collect()
}

/// A copy of `template` whose inbox flushes as `flush` says.
fn copy_flushing(template: &Path, flush: &str) -> tempfile::TempDir {
    let run = tempfile::tempdir().expect("temp dir");
    copy_tree(template, run.path());
    // The [mail] table is the config's last.
    let config = run.path().join("dynamo.toml");
    let mut text = std::fs::read_to_string(&config).expect("the config");
    text.push_str(&format!("inbox_flush = \"{flush}\"\n"));
    std::fs::write(&config, text).expect("the config");
    run
}

/// One run measured alone: CPU, wall time and SMTP connections a
/// message, then one under `strace` for the flushes a message; the
/// inbox flushing as `flush` says.
fn measure_once(template: &Path, connections: &AtomicUsize, flush: &str) {
    let messages = (GAMES * PLIES) as f64;
    let run = copy_flushing(template, flush);
    let (start, before) = (Instant::now(), connections.load(Ordering::SeqCst));
    let times = inbox_with(run.path(), INBOX, &["bash", "-c", "\"$@\"; times", "bash"]);
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu(&times);
    let smtp = connections.load(Ordering::SeqCst) - before;
    println!(
        "inbox: inbox_flush = {flush}, {} messages: {:.1} ms of CPU and {:.1} ms of wall time a message; {smtp} SMTP connections",
        GAMES * PLIES,
        cpu * 1e3 / messages,
        wall * 1e3 / messages
    );
    if Command::new("strace").arg("-V").output().is_err() {
        println!("inbox: strace is not installed: flushes a message not counted");
        return;
    }
    let run = copy_flushing(template, flush);
    let summary = run.path().join("strace.txt");
    let out = summary.to_string_lossy().into_owned();
    inbox_with(run.path(), INBOX, &["strace", "-f", "-c", "-o", &out]);
    let text = std::fs::read_to_string(&summary).expect("strace's summary");
    let counts = strace_counts(&text);
    let count = |names: &[&str]| -> u64 {
        counts
            .iter()
            .filter(|(n, _)| names.contains(&n.as_str()))
            .map(|(_, c)| c)
            .sum()
    };
    let flushes = count(&["fsync", "fdatasync", "syncfs", "sync_file_range"]);
    let all: u64 = counts.iter().map(|(_, c)| c).sum();
    println!(
        "inbox: inbox_flush = {flush}: {:.2} flushes to disk a message (fsync {}, fdatasync {}, syncfs {}); \
         {:.1} system calls a message: {:.1} mkdir, {:.1} rename, {:.1} openat",
        flushes as f64 / messages,
        count(&["fsync"]),
        count(&["fdatasync"]),
        count(&["syncfs"]),
        all as f64 / messages,
        count(&["mkdir"]) as f64 / messages,
        count(&["rename", "renameat", "renameat2"]) as f64 / messages,
        count(&["openat", "open"]) as f64 / messages,
    );
}

/// The record on git's cost: 200 replies with `[archive] git = true` and
/// without, each run measured alone (CPU and wall time a reply, the
/// children's CPU included, git's among them), then the processes the
/// run started (`execve` under `strace -f`, `dynamo` itself not counted).
fn measure_archive(port: u16) {
    let template = tempfile::tempdir().expect("temp dir");
    tournament(template.path(), port, ARCHIVE_GAMES);
    let replies = (ARCHIVE_GAMES * PLIES) as f64;
    for archive in [false, true] {
        let prepare = || {
            let run = copy_flushing(template.path(), "files");
            if archive {
                let config = run.path().join("dynamo.toml");
                let mut text = std::fs::read_to_string(&config).expect("the config");
                text.push_str(
                    "[archive]\ngit = true\nauthor = \"Bench Director <td@club.example>\"\n",
                );
                std::fs::write(&config, text).expect("the config");
                inbox_with(run.path(), &["archive", "init"], &[]);
            }
            run
        };
        let run = prepare();
        let start = Instant::now();
        let times = inbox_with(run.path(), INBOX, &["bash", "-c", "\"$@\"; times", "bash"]);
        let wall = start.elapsed().as_secs_f64();
        let cpu = children_cpu(&times);
        let processes = if Command::new("strace").arg("-V").output().is_ok() {
            let run = prepare();
            let summary = run.path().join("strace.txt");
            let out = summary.to_string_lossy().into_owned();
            inbox_with(run.path(), INBOX, &["strace", "-f", "-c", "-o", &out]);
            let text = std::fs::read_to_string(&summary).expect("strace's summary");
            let execs: u64 = strace_counts(&text)
                .iter()
                .filter(|(n, _)| n == "execve")
                .map(|(_, c)| c)
                .sum();
            format!("{} processes started", execs.saturating_sub(1))
        } else {
            "strace is not installed: processes not counted".to_string()
        };
        println!(
            "inbox: archive {}, {} replies: {:.1} ms of CPU and {:.1} ms of wall time a reply; {processes}",
            if archive { "on" } else { "off" },
            ARCHIVE_GAMES * PLIES,
            cpu * 1e3 / replies,
            wall * 1e3 / replies,
        );
    }
}

fn bench_inbox(c: &mut Criterion) {
    let (port, connections) = smtp_sink();
    let template = tempfile::tempdir().expect("temp dir");
    tournament(template.path(), port, GAMES);
    for flush in ["files", "filesystem"] {
        measure_once(template.path(), &connections, flush);
    }
    measure_archive(port);
    if std::env::var_os("DYNAMO_BENCH_ONCE").is_some() {
        return;
    }
    let mut group = c.benchmark_group("inbox");
    group.sample_size(10);
    group.bench_function("1,000 replies for 100 games from a Maildir", |b| {
        b.iter_batched(
            || {
                let run = tempfile::tempdir().expect("temp dir");
                copy_tree(template.path(), run.path());
                run
            },
            |run| {
                inbox(run.path());
                let left = std::fs::read_dir(run.path().join("Maildir/new"))
                    .expect("new/")
                    .count();
                assert_eq!(left, 0, "every message handled");
                run
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, bench_inbox);
criterion_main!(benches);
