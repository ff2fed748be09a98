//! Racing writers: exactly one move is recorded per turn, a move that
//! waited for the lock is timed when it gets it, a wait has a limit, and
//! whoever may write a game may lock it (docs/reference.md, "Reliability": locking,
//! a lock wait has a limit).

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::process::Stdio;
use std::time::Duration;

use crate::support::TestEnv;

#[test]
fn sixteen_racing_moves_for_one_turn_record_exactly_one() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let moves = [
        "e2e4", "d2d4", "c2c4", "b2b4", "a2a4", "f2f4", "g2g4", "h2h4", "e2e3", "d2d3", "c2c3",
        "b2b3", "a2a3", "f2f3", "g2g3", "h2h3",
    ];
    let children: Vec<_> = moves
        .iter()
        .map(|m| {
            env.command()
                .args(["move", "g.pgn", m, "--by", "white", "--ascii"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn dynamo")
        })
        .collect();
    let results: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().expect("wait"))
        .collect();
    let winners: Vec<_> = results
        .iter()
        .filter(|o| o.status.code() == Some(0))
        .collect();
    assert_eq!(winners.len(), 1, "exactly one move is recorded");
    for loser in results.iter().filter(|o| o.status.code() != Some(0)) {
        assert_eq!(loser.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&loser.stderr),
            "dynamo: rejected: it is Black's turn, not White's\n"
        );
    }
    let verify = env.ok(&["verify", "g.pgn"]);
    assert_eq!(
        verify,
        "g.pgn: ok, 1 half-move, Black to move\n1 file: 1 ok, 0 bad\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "g.pgn", "--format", "json"])).unwrap();
    let recorded = json["moves"][0]["notation"].as_str().unwrap();
    let winner_out = String::from_utf8_lossy(&winners[0].stdout);
    assert!(
        winner_out.starts_with(&format!("1. {recorded}\n")),
        "{winner_out}"
    );
    // No temporary files are left behind.
    let mut names: Vec<String> = std::fs::read_dir(env.path("."))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["g.pgn", "g.pgn.lock"]);
}

/// Takes the lock of `g.pgn` in the test's folder, as another `dynamo`
/// would, until the handle is dropped.
fn hold_lock(env: &TestEnv) -> std::fs::File {
    let lock = std::fs::File::open(env.path("g.pgn.lock")).expect("the lock file");
    lock.lock().expect("the lock");
    lock
}

#[test]
fn a_legal_move_that_waits_for_the_lock_is_not_refused_as_too_early() {
    let env = TestEnv::new();
    env.new_game_at("2020-11-20T09:00:00Z", &[]);
    let lock = hold_lock(&env);
    // Black's move arrives first and waits for the lock...
    let waiting = env
        .command()
        .args(["move", "g.pgn", "e7e5", "--by", "black"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn dynamo");
    // ...while White's, received a second or more later, is recorded
    // first (made on a copy, then put in place under the lock).
    std::thread::sleep(Duration::from_millis(1500));
    std::fs::create_dir(env.path("copy")).unwrap();
    std::fs::copy(env.path("g.pgn"), env.path("copy/g.pgn")).unwrap();
    env.ok(&["move", "copy/g.pgn", "e2e4", "--by", "white"]);
    std::fs::copy(env.path("copy/g.pgn"), env.path("g.pgn")).unwrap();
    drop(lock);
    let out = waiting.wait_with_output().expect("wait");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 2 half-moves, White to move\n1 file: 1 ok, 0 bad\n"
    );
}

#[test]
fn a_lock_held_past_the_wait_limit_ends_with_exit_3() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    let lock = hold_lock(&env);
    let out = env.run_within(
        &["move", "g.pgn", "e2e4"],
        &[("DYNAMO_LOCK_WAIT", "1")],
        Duration::from_secs(60),
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "dynamo: g.pgn: the game is locked by another process (g.pgn.lock); gave up after 1 s\n"
    );
    assert_eq!(env.read("g.pgn"), before);
    let bad = env.run_with(&["move", "g.pgn", "e2e4"], &[("DYNAMO_LOCK_WAIT", "soon")]);
    assert_eq!(bad.code, 2);
    assert_eq!(
        bad.stderr,
        "dynamo: DYNAMO_LOCK_WAIT: 'soon' is not a whole number of seconds\n"
    );
    drop(lock);
    env.ok(&["move", "g.pgn", "e2e4"]);
}

#[test]
fn another_user_who_may_write_the_game_may_lock_it() {
    let env = TestEnv::new();
    env.new_game(&[]);
    // The game and its folder are writable by everyone, the lock file
    // only by its creator.
    for (name, mode) in [(".", 0o777), ("g.pgn", 0o666), ("g.pgn.lock", 0o644)] {
        std::fs::set_permissions(env.path(name), std::fs::Permissions::from_mode(mode)).unwrap();
    }
    let me = std::fs::metadata(env.path("g.pgn")).unwrap().uid();
    if me != 0 {
        eprintln!("not root: cannot run dynamo as another user; not checked");
        return;
    }
    let out = env
        .command()
        .args(["move", "g.pgn", "e2e4"])
        .uid(65534)
        .gid(65534)
        .output()
        .expect("run dynamo as nobody");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(env.read("g.pgn").contains("1. e2e4 {"));
    // Only root may give a file away: the game is now the writer's, with
    // its mode kept.
    let game = std::fs::metadata(env.path("g.pgn")).unwrap();
    assert_eq!(game.uid(), 65534);
    assert_eq!(game.mode() & 0o7777, 0o666);
}
