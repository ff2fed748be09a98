//! `dynamo` killed (SIGKILL) at random moments with the archive on: after
//! the next command, one commit per event (none doubled, none lost, none
//! a "hand edit"), nothing left uncommitted, `git fsck` clean.

use std::time::{Duration, Instant};

use dynamo::game::Game;

use super::{archived, games};
use crate::support::TestEnv;
use crate::support::git::{assert_fsck_clean, clean, event_kinds, git};
use crate::support::kill::run_killed;
use crate::support::rng::UnitRng;

/// Knights out and back: legal forever, whoever is to move.
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

/// How many runs are killed in each loop.
const KILLS: usize = 60;

/// The kinds of the events committed, archive's start left out.
fn committed_events(env: &TestEnv) -> Vec<String> {
    event_kinds(&games(env))
        .into_iter()
        .filter(|k| k != "archive-start")
        .collect()
}

/// The median time of five runs of `run`.
fn median(mut run: impl FnMut()) -> Duration {
    let mut runs: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    runs.sort();
    runs[2]
}

/// After the next command: as many commits as events, all clean.
#[track_caller]
fn assert_whole(env: &TestEnv, events: usize, what: &str) {
    let kinds = committed_events(env);
    assert!(
        !kinds.iter().any(|k| k == "hand-edit"),
        "{what}: a killed run's event taken for a hand edit: {kinds:?}"
    );
    assert_eq!(kinds.len(), events, "{what}: {kinds:?}");
    assert!(
        clean(&games(env)),
        "{what}: {}",
        git(&games(env), &["status", "--porcelain"])
    );
}

#[test]
fn a_move_killed_at_any_moment_is_committed_once() {
    let env = archived("");
    env.ok(&[
        "new",
        "games/g.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
    ]);
    let path = env.path("games/g.pgn");
    // The next move of the cycle, by the side to move.
    let next = |_: &TestEnv| {
        let game = Game::load(&path).expect("the game replays");
        let side = game.position().turn().name();
        let mv = CYCLE[game.moves().len() % 4];
        ["move", "games/g.pgn", mv, "--by", side].map(str::to_string)
    };
    let span = median(|| {
        let args = next(&env);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        env.ok(&args);
    }) * 2;
    let mut rng = UnitRng(0x00A4_C41E_0000_0001);
    let (mut recovered, mut kills) = (0, 0);
    for kill in 0..KILLS {
        let args = next(&env);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_killed(&env, &args, span.mul_f64(rng.unit()));
        kills += 1;
        // The next command, before anything else, makes the record whole.
        let out = env.run(&["verify", "games/g.pgn"]);
        assert_eq!(out.code, 0, "kill {kill}: {}", out.stderr);
        if out.stderr.contains("committed an event a stopped run left") {
            recovered += 1;
        }
        let events = Game::load(&path).expect("replays").events().len();
        assert_whole(&env, events, &format!("kill {kill}"));
    }
    eprintln!("{kills} kills within {span:?}: {recovered} events committed by the next command");
    assert_fsck_clean(&games(&env));
    let messages = git(&games(&env), &["log", "--format=%s"]);
    assert_eq!(messages.matches("(recovered)").count(), recovered);
}

#[test]
fn a_section_killed_while_made_is_committed_game_by_game_once() {
    let env = archived("");
    env.write(
        "players.txt",
        "Ann <ann@example.org>\nBen <ben@example.org>\nCid <cid@example.org>\nDee <dee@example.org>\n",
    );
    let mut n = 0;
    let span = median(|| {
        n += 1;
        env.ok(&[
            "tournament",
            "new",
            &format!("s{n}"),
            "--players",
            "players.txt",
            "-q",
        ]);
    }) * 2;
    let mut rng = UnitRng(0x00A4_C41E_0000_0002);
    for kill in 0..KILLS / 2 {
        n += 1;
        let name = format!("s{n}");
        run_killed(
            &env,
            &["tournament", "new", &name, "--players", "players.txt", "-q"],
            span.mul_f64(rng.unit()),
        );
        let out = env.run(&["games"]);
        assert!(
            out.code == 0 || out.code == 1,
            "kill {kill}: {}",
            out.stderr
        );
        let made = std::fs::read_dir(games(&env))
            .unwrap()
            .filter_map(|e| {
                let e = e.ok()?;
                let name = e.file_name().to_string_lossy().into_owned();
                (!name.starts_with('.') && e.path().is_dir()).then_some(e.path())
            })
            .map(|dir| {
                std::fs::read_dir(dir)
                    .unwrap()
                    .filter(|f| {
                        f.as_ref()
                            .is_ok_and(|f| f.file_name().to_string_lossy().ends_with(".pgn"))
                    })
                    .count()
            })
            .sum::<usize>();
        assert_whole(&env, made, &format!("kill {kill}"));
    }
    assert_fsck_clean(&games(&env));
}

/// Each step of an event's way into the archive, stopped at: after its
/// note and before the game's write, after the write and before the
/// commit, after the commit and before the note goes. The next command
/// leaves one commit per event, saying so for those it made.
#[test]
fn a_run_stopped_at_each_step_leaves_one_commit_per_event() {
    for point in ["archive-noted", "archive-uncommitted", "archive-committed"] {
        let env = archived("");
        env.write(
            "players.txt",
            "Ann <ann@example.org>\nBen <ben@example.org>\nCid <cid@example.org>\nDee <dee@example.org>\n",
        );
        // The third game of a section.
        let crash = format!("{point}:3");
        let out = env.run_with(
            &[
                "tournament",
                "new",
                "autumn",
                "--players",
                "players.txt",
                "-q",
            ],
            &[("DYNAMO_CRASH_AT", crash.as_str())],
        );
        assert_ne!(out.code, 0, "{point}: the run stopped");
        let games = env.path("games/autumn");
        let made = if games.exists() { 6 } else { 0 };
        let next = env.run(&["games"]);
        // Stopped at the third game, the section's later games wait for
        // the next command too.
        let late = next
            .stderr
            .matches("committed an event a stopped run left")
            .count();
        let expected = match point {
            "archive-noted" => 0,
            "archive-uncommitted" => 4,
            _ => 3,
        };
        assert_eq!(late, expected, "{point}: {}", next.stderr);
        assert_whole(&env, made, point);
        // A move stopped at the same step.
        if made > 0 {
            let out = env.run_with(
                &["move", "games/autumn/r01-b01.pgn", "e2e4", "--by", "white"],
                &[("DYNAMO_CRASH_AT", point)],
            );
            assert_ne!(out.code, 0, "{point}: the move stopped");
            let moved = usize::from(point != "archive-noted");
            let next = env.run(&["games"]);
            assert_eq!(
                next.stderr.contains("autumn/r01-b01: 1. e2e4"),
                point == "archive-uncommitted",
                "{point}: {}",
                next.stderr
            );
            assert_whole(&env, made + moved, point);
        }
        assert_fsck_clean(&super::games(&env));
    }
}
