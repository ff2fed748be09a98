//! Every long search is bounded: `solve` stops at its time and node
//! limits with a truthful partial answer and exit 4, holds its tables to
//! `--hash`, and `analyse` and `solve` refuse a table or a thread count
//! the machine cannot hold (docs/director.md, "Problems and analysis";
//! docs/reference.md, "Exit codes").

use std::time::Duration;

use serde_json::Value;

use crate::support::TestEnv;

/// A middlegame with 180 first moves: a mate or a helpmate in 8 from it
/// would take days.
const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8";

/// A mate in three with 25 keys, solved in about 840,000 nodes.
const MANY_KEYS: &str = "8/4K3/R6Q/8/8/5k2/8/8 w - - 1 2 8/4K3/R6Q/8/4k3/8/8/8";

const TWO_MOVER: &str = "7Q/8/7K/5b2/k7/8/8/8 w - - 1 2 7Q/8/4b2K/8/k7/8/8/8";

fn json(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("one JSON object: {e}: {out}"))
}

#[test]
fn a_long_solve_ends_at_its_time_within_its_memory_and_claims_nothing_unproved() {
    let env = TestEnv::new();
    for (stipulation, none) in [
        (
            "--mate",
            "none of them is a key, so a mate in 8 is neither found nor ruled out",
        ),
        (
            "--help-mate",
            "none of them begins a solution, so a helpmate in 8 is neither found nor ruled out",
        ),
    ] {
        let args = [
            "solve",
            "--fen",
            MIDDLEGAME,
            stipulation,
            "8",
            "--time",
            "3",
            "--hash",
            "1",
        ];
        // Generous margins: the clock is read every 1024 nodes, and the
        // machine may be busy. The process holds about 8 MB with its table
        // of 1 MB; a table without bound holds 17 to 27 MB more after 2
        // to 3 s of this search (and the more the faster the machine).
        let (out, peak_kb) = env.run_measured(&args, &[], Duration::from_secs(30));
        assert_eq!(out.code, 4, "{stipulation}: {}{}", out.stdout, out.stderr);
        assert!(
            peak_kb < 20 * 1024,
            "{stipulation}: {peak_kb} kB with --hash 1"
        );
        assert!(!out.stdout.contains("no mate") && !out.stdout.contains("no helpmate"));
        let last = out.stdout.lines().last().expect("a line");
        assert!(last.starts_with("stopped by --time 3 after "), "{last}");
        assert!(last.contains(" of 180 first moves ("), "{last}");
        assert!(last.ends_with(none), "{last}");
        // Nothing on a pipe but the answer: no progress line.
        assert_eq!(out.stderr, "", "{stipulation}");
    }
}

#[test]
fn a_node_limit_stops_at_about_its_count_and_says_so_in_json() {
    let env = TestEnv::new();
    let out = env.run(&[
        "solve", "--fen", MIDDLEGAME, "--mate", "8", "--nodes", "5000", "--json",
    ]);
    assert_eq!(out.code, 4, "{}", out.stderr);
    let v = json(&out.stdout);
    let nodes = v["nodes"].as_u64().expect("nodes");
    assert!((5000..5000 + 2048).contains(&nodes), "{nodes}");
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped_by"], "nodes");
    assert_eq!(v["first_moves"], 180);
    assert_eq!(v["first_moves_searched"], 0);
    assert_eq!(v["keys"], serde_json::json!([]));
}

#[test]
fn the_keys_a_limit_leaves_are_keys_and_the_rest_are_not_denied() {
    let env = TestEnv::new();
    let whole = json(&env.ok(&["solve", "--fen", MANY_KEYS, "--mate", "3", "--json"]));
    let all_keys = whole["keys"].as_array().expect("keys");
    assert_eq!(all_keys.len(), 25);
    assert_eq!(whole["complete"], true);
    assert_eq!(whole["stopped_by"], Value::Null);
    for threads in ["1", "2"] {
        let out = env.run(&[
            "solve",
            "--fen",
            MANY_KEYS,
            "--mate",
            "3",
            "--nodes",
            "300000",
            "--threads",
            threads,
            "--json",
        ]);
        assert_eq!(out.code, 4, "{}", out.stderr);
        let part = json(&out.stdout);
        let keys = part["keys"].as_array().expect("keys");
        let searched = part["first_moves_searched"].as_u64().expect("searched");
        assert!(searched > 0 && searched < 87, "{searched}");
        assert!(keys.len() < 25, "{keys:?}");
        assert!(keys.iter().all(|k| all_keys.contains(k)), "{keys:?}");
    }
    let text = env.run(&[
        "solve", "--fen", MANY_KEYS, "--mate", "3", "--nodes", "300000",
    ]);
    assert_eq!(text.code, 4);
    assert!(
        text.stdout
            .trim_end()
            .ends_with("the keys above are proved, and there may be more"),
        "{}",
        text.stdout
    );
}

#[test]
fn a_problem_solved_within_its_limits_gives_the_answer_and_count_of_before() {
    let env = TestEnv::new();
    let plain = env.ok(&["solve", "--fen", TWO_MOVER, "--mate", "2"]);
    let bounded = env.ok(&[
        "solve",
        "--fen",
        TWO_MOVER,
        "--mate",
        "2",
        "--time",
        "30",
        "--nodes",
        "1000000",
        "--hash",
        "1",
        "--threads",
        "3",
    ]);
    assert_eq!(plain, bounded);
    let v = json(&env.ok(&["solve", "--fen", TWO_MOVER, "--mate", "2", "--json"]));
    // The node count of the solver before it had limits.
    assert_eq!(v["nodes"], 1433);
    assert_eq!(v["complete"], true);
    assert_eq!(v["first_moves_searched"], v["first_moves"]);
}

#[test]
fn a_table_or_threads_beyond_the_machine_are_refused_without_a_backtrace() {
    let env = TestEnv::new();
    for args in [
        &["analyse", "--hash", "100000000", "--depth", "1"][..],
        &[
            "solve",
            "--fen",
            TWO_MOVER,
            "--mate",
            "2",
            "--hash",
            "100000000",
        ],
        // 64 tables of 2 GB: more than the largest table in all.
        &[
            "solve",
            "--fen",
            TWO_MOVER,
            "--mate",
            "2",
            "--hash",
            "2048",
            "--threads",
            "64",
        ],
    ] {
        let out = env.run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.starts_with("dynamo: --hash "), "{}", out.stderr);
        assert!(out.stderr.contains("; give at most "), "{}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        assert_eq!(out.stdout, "");
    }
    for command in [&["analyse", "--depth", "1"][..], &["solve", "--mate", "2"]] {
        for threads in ["100000", "257", "0"] {
            let args = [command, &["--threads", threads]].concat();
            let out = env.run(&args);
            assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
            assert!(out.stderr.contains("is not in 1..=256"), "{}", out.stderr);
            assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        }
    }
}

#[test]
fn a_long_solve_shows_its_progress_on_a_terminal_only() {
    // `script` gives the command a terminal; without it there is nothing
    // to show on.
    let Ok(script) = std::process::Command::new("script")
        .arg("--version")
        .output()
    else {
        eprintln!("no `script`: the progress on a terminal is not checked");
        return;
    };
    assert!(script.status.success());
    let env = TestEnv::new();
    let line = format!(
        "{} solve --fen '{MIDDLEGAME}' --mate 8 --time 3 --hash 1",
        env!("CARGO_BIN_EXE_dynamo")
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .current_dir(env.path(""))
        .env_remove("DYNAMO_CONFIG")
        .env("HOME", env.path("home"))
        .output()
        .expect("running script");
    assert_eq!(out.status.code(), Some(4));
    let seen = String::from_utf8_lossy(&out.stdout);
    assert!(
        seen.contains("\rmate in 8: 0 of 180 first moves, "),
        "{seen}"
    );
    assert!(seen.contains("stopped by --time 3 after "), "{seen}");
}
