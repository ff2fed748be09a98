//! `dynamo move` killed (SIGKILL) at random moments: after each kill the
//! game file is the old record or the new one, byte for byte, and once
//! the next command has run no temporary file is left (docs/reference.md,
//! "Reliability": atomic, durable writes).

use std::time::Instant;

use crate::support::TestEnv;
use crate::support::kill::run_killed;
use crate::support::rng::UnitRng;

/// How many runs are killed.
const KILLS: usize = 300;

/// The temporary files of writes to `g.pgn` in the test's folder.
fn temps(env: &TestEnv) -> Vec<String> {
    std::fs::read_dir(env.path("."))
        .expect("list the folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".g.pgn.tmp"))
        .collect()
}

#[test]
fn a_move_killed_at_any_moment_leaves_the_old_record_or_the_new_one() {
    let env = TestEnv::new();
    env.new_game(&[]);
    // A fixed received time: the new record is the same on every run.
    let args = [
        "move",
        "g.pgn",
        "e2e4",
        "--by",
        "white",
        "--at",
        "2020-11-20T10:00:00Z",
    ];
    let old = env.read("g.pgn");
    // The new record, and how long an unhindered run takes (the median
    // of five): the kills are spread over twice that.
    let mut runs = Vec::new();
    for _ in 0..5 {
        std::fs::write(env.path("g.pgn"), &old).unwrap();
        let start = Instant::now();
        env.ok(&args);
        runs.push(start.elapsed());
    }
    runs.sort();
    let span = runs[2] * 2;
    let new = env.read("g.pgn");
    assert_ne!(new, old);
    // Both records replay, so a file equal to one of them does.
    env.ok(&["verify", "g.pgn"]);
    std::fs::write(env.path("g.pgn"), &old).unwrap();
    env.ok(&["verify", "g.pgn"]);

    // A fixed seed: the same schedule of delays on every run of the test.
    let mut rng = UnitRng(0x00D1_CE5E_ED00_0009);
    let (mut kept_old, mut got_new, mut left_temp) = (0, 0, 0);
    for kill in 0..KILLS {
        std::fs::write(env.path("g.pgn"), &old).unwrap();
        let delay = span.mul_f64(rng.unit());
        run_killed(&env, &args, delay);
        let now = env.read("g.pgn");
        let recorded = if now == old {
            kept_old += 1;
            false
        } else if now == new {
            got_new += 1;
            true
        } else {
            panic!("kill {kill} after {delay:?} left neither record:\n{now}");
        };
        if !temps(&env).is_empty() {
            left_temp += 1;
        }
        // The next command takes the lock: it records the move, or
        // recognises it as already recorded (a resent mail), and removes
        // what the kill left.
        let next = env.run(&args);
        assert_eq!(next.code, 0, "kill {kill}: {}", next.stderr);
        assert_eq!(
            next.stdout.starts_with(
                "already recorded as 1. e2e4 at 2020-11-20T10:00:00Z; nothing to do\n"
            ),
            recorded,
            "kill {kill}: {}",
            next.stdout
        );
        assert_eq!(env.read("g.pgn"), new, "kill {kill}");
        assert_eq!(temps(&env), Vec::<String>::new(), "kill {kill}");
    }
    eprintln!(
        "{KILLS} kills within {span:?}: {kept_old} kept the old record, {got_new} had the new one, {left_temp} left a temporary file"
    );
    // The delays reach past a whole run: kills fell before and after the
    // rename, so both cases were checked.
    assert!(kept_old > 0 && got_new > 0);
}
