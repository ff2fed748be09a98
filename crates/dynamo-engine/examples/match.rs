//! `cargo run --release -p dynamo-engine --example match -- NEW OLD [options]`:
//! plays two `dynamo` binaries against each other through `dynamo analyse`
//! at a fixed time a move, from a set of opening positions with both
//! colours, and reports the score, the draws and an Elo estimate with its
//! error (docs/reference.md, "Measuring the engine's strength").
//!
//! The binaries only choose moves: every move is checked and played by
//! this program's copy of the rules, which also ends the games. Checkmate
//! and stalemate end a game as docs/RULES.md §6 says. The rules know no
//! repetition and no fifty-move rule, so games that would never end are
//! adjudicated drawn by the match, not by the rules: a placement with the
//! same side to move seen three times, 100 half-moves with no pawn move
//! and nothing taken off the board, or `--max-plies` half-moves in all.
//! A binary that completes no depth in its time (a busy machine can leave
//! it too little CPU for depth 1) is asked again with `--depth 1`, and
//! the match counts these late moves for each side; one that still gives
//! no move, or an illegal one, loses the game.
//!
//! Options: `--time SECONDS` a move (0.1), `--openings N` (20; each is
//! played twice, colours swapped), `--hash MB` (16), `--max-plies N`
//! (300), `--part I/N` (only the openings whose number is I modulo N, to
//! share a match between processes and add the counts), `--new-arg ARG`
//! and `--old-arg ARG` (repeatable: added to that binary's timed
//! `analyse`, e.g. `--new-arg --prune`), `--verbose` (each game's moves).

use std::collections::HashMap;
use std::process::Command;

use dynamo_core::{Move, Position, Rules, Status, notation};

struct Options {
    binaries: [String; 2],
    /// Arguments added to each binary's timed search, NEW's first.
    extra: [Vec<String>; 2],
    time: f64,
    openings: usize,
    hash: usize,
    max_plies: usize,
    part: (usize, usize),
    verbose: bool,
}

fn usage(why: &str) -> ! {
    eprintln!("match: {why}");
    eprintln!(
        "usage: match NEW OLD [--time SECONDS] [--openings N] [--hash MB] [--max-plies N] [--part I/N] [--new-arg ARG] [--old-arg ARG] [--verbose]"
    );
    std::process::exit(2)
}

fn options() -> Options {
    let mut binaries = Vec::new();
    let mut o = Options {
        binaries: [String::new(), String::new()],
        extra: [Vec::new(), Vec::new()],
        time: 0.1,
        openings: 20,
        hash: 16,
        max_plies: 300,
        part: (0, 1),
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| usage(&format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--time" => o.time = number(&value("--time")),
            "--openings" => o.openings = number(&value("--openings")),
            "--hash" => o.hash = number(&value("--hash")),
            "--max-plies" => o.max_plies = number(&value("--max-plies")),
            "--part" => {
                let text = value("--part");
                let (i, n) = text
                    .split_once('/')
                    .unwrap_or_else(|| usage("--part is I/N"));
                o.part = (number(i), number(n));
                if o.part.1 == 0 || o.part.0 >= o.part.1 {
                    usage("--part I/N needs I below N");
                }
            }
            "--new-arg" => o.extra[0].push(value("--new-arg")),
            "--old-arg" => o.extra[1].push(value("--old-arg")),
            "--verbose" => o.verbose = true,
            _ if arg.starts_with("--") => usage(&format!("unknown option {arg}")),
            _ => binaries.push(arg),
        }
    }
    match <[String; 2]>::try_from(binaries) {
        Ok(b) => o.binaries = b,
        Err(_) => usage("give two binaries, the new and the old"),
    }
    o
}

fn number<T: std::str::FromStr>(text: &str) -> T {
    text.parse()
        .unwrap_or_else(|_| usage(&format!("{text:?} is not a number")))
}

/// The openings: two plies from the start, White's and Black's move picked
/// by a fixed stride through the legal moves, leaving out moves that walk
/// a piece off the board. The same list on every run.
fn openings(count: usize) -> Vec<Position> {
    let start = Position::startpos(Rules::NOST);
    let on_board = |pos: &Position| -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.to().is_some())
            .collect()
    };
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut i = 0usize;
    while found.len() < count && i < count * 50 {
        let white = on_board(&start);
        let first = start
            .play(&white[(i * 7 + 3) % white.len()])
            .expect("a listed move is legal");
        let black = on_board(&first);
        let second = first
            .play(&black[(i * 13 + 5) % black.len()])
            .expect("a listed move is legal");
        if seen.insert(second.to_fen()) {
            found.push(second);
        }
        i += 1;
    }
    found
}

/// The move `binary` chooses in `pos` in its time, or at depth 1 if it
/// completed no depth in its time (`true` then), or why it chose none.
fn choose(side: usize, pos: &Position, o: &Options) -> Result<(Move, bool), String> {
    let binary = &o.binaries[side];
    let time = o.time.to_string();
    let mut timed = vec!["--time", time.as_str()];
    timed.extend(o.extra[side].iter().map(String::as_str));
    match analyse(binary, pos, o, &timed) {
        Ok(m) => Ok((m, false)),
        Err(Some(why)) => Err(why),
        Err(None) => match analyse(binary, pos, o, &["--depth", "1"]) {
            Ok(m) => Ok((m, true)),
            Err(why) => {
                Err(why.unwrap_or_else(|| format!("no move at depth 1 for {}", pos.to_fen())))
            }
        },
    }
}

/// The best move of the last depth `binary` completed under `limit`;
/// `Err(None)` when it completed none.
fn analyse(
    binary: &str,
    pos: &Position,
    o: &Options,
    limit: &[&str],
) -> Result<Move, Option<String>> {
    let out = Command::new(binary)
        .args(["analyse", "--fen", &pos.to_fen()])
        .args(limit)
        .args(["--hash", &o.hash.to_string()])
        .output()
        .map_err(|e| Some(format!("{binary}: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(Some(format!("{binary} failed: {err}")));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let best = text
        .lines()
        .rev()
        .find_map(|l| l.split_whitespace().skip_while(|w| *w != "best").nth(1))
        .ok_or(None)?;
    dynamo_core::parse_move(pos, best).map_err(|e| Some(format!("{best}: {e}")))
}

#[derive(Clone, Copy)]
enum Outcome {
    /// The side that won, 0 for the first binary.
    Win(usize),
    Draw,
}

/// One game: `white` is 0 for the first binary; `late` counts each
/// binary's moves made at depth 1 after its time.
fn play(opening: &Position, white: usize, o: &Options, late: &mut [u32; 2]) -> (Outcome, String) {
    let mut pos = opening.clone();
    let mut seen: HashMap<(String, bool), u32> = HashMap::new();
    let mut moves = Vec::new();
    for _ in 0..o.max_plies {
        let mover = if pos.turn() == dynamo_core::Color::White {
            white
        } else {
            1 - white
        };
        match pos.status() {
            Status::Checkmate => {
                return (
                    Outcome::Win(1 - mover),
                    format!("checkmate after {} half-moves", moves.len()),
                );
            }
            Status::Stalemate => {
                return (
                    Outcome::Draw,
                    format!("stalemate after {} half-moves", moves.len()),
                );
            }
            Status::Ongoing | Status::Check => {}
        }
        let key = (
            pos.board().placement(),
            pos.turn() == dynamo_core::Color::White,
        );
        let count = seen.entry(key).or_insert(0);
        *count += 1;
        if *count >= 3 {
            return (Outcome::Draw, "placement seen three times".into());
        }
        if pos.halfmoves() >= 100 {
            return (
                Outcome::Draw,
                "100 half-moves with nothing taken off".into(),
            );
        }
        let m = match choose(mover, &pos, o) {
            Ok((m, was_late)) => {
                late[mover] += u32::from(was_late);
                m
            }
            Err(why) => return (Outcome::Win(1 - mover), format!("forfeit: {why}")),
        };
        moves.push(notation::format(&m));
        pos = match pos.play(&m) {
            Ok(next) => next,
            Err(e) => return (Outcome::Win(1 - mover), format!("illegal {m}: {e}")),
        };
        if o.verbose {
            eprintln!(
                "{} {}",
                moves.len(),
                moves.last().map_or("", String::as_str)
            );
        }
    }
    (Outcome::Draw, format!("{} half-moves", o.max_plies))
}

/// The Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

fn main() {
    let o = options();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut late = [0u32; 2];
    let openings = openings(o.openings);
    for (n, opening) in openings.iter().enumerate() {
        if n % o.part.1 != o.part.0 {
            continue;
        }
        for white in [0, 1] {
            let started = std::time::Instant::now();
            let (outcome, why) = play(opening, white, &o, &mut late);
            let result = match outcome {
                Outcome::Win(0) => {
                    wins += 1;
                    "new wins"
                }
                Outcome::Win(_) => {
                    losses += 1;
                    "old wins"
                }
                Outcome::Draw => {
                    draws += 1;
                    "draw"
                }
            };
            let colour = if white == 0 { "white" } else { "black" };
            println!(
                "opening {:>2}, new as {colour}: {result} ({why}, {:.0} s); +{wins} ={draws} -{losses}",
                n + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    let games = f64::from(wins + draws + losses);
    let score = f64::from(wins) + 0.5 * f64::from(draws);
    let p = score / games;
    // The standard error of the mean score, from the games' own spread
    // (wins, draws and losses as they fell), and its 95% interval on the
    // Elo scale.
    let variance = (f64::from(wins) * (1.0 - p).powi(2)
        + f64::from(draws) * (0.5 - p).powi(2)
        + f64::from(losses) * p.powi(2))
        / games;
    let error = (variance / games).sqrt() * 1.96;
    println!(
        "new {score}/{games} (+{wins} ={draws} -{losses}), {:.1}%: Elo {:+.0} ± {:.0} (95%: {:+.0} to {:+.0})",
        100.0 * p,
        elo(p),
        (elo(p + error) - elo(p - error)) / 2.0,
        elo(p - error),
        elo(p + error),
    );
    println!(
        "moves made at depth 1 after the time: new {}, old {}",
        late[0], late[1]
    );
}
