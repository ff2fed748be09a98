//! `verify`, `games` and `standings` over many files, read one game at a
//! time on several threads (docs/reference.md, "Many game files"): the
//! output is in the order of the files, the same for any `--jobs`, and a
//! bad file in the middle is reported in its place with every other file
//! around it.

use crate::support::{TestEnv, repo};

/// 120 copies of the sample game (77 half-moves, mate) in `games/`, the
/// 57th cut short in a comment.
fn folder(env: &TestEnv) {
    let sample = std::fs::read_to_string(repo().join("games/sample.pgn")).expect("the sample");
    for n in 1..=120 {
        let text = if n == 57 {
            let cut = sample.find("Nc8E/e7c8 {2024-02").expect("a move") + 20;
            sample[..cut].to_string()
        } else {
            sample.replace("[Round \"1\"]", &format!("[Round \"{n}\"]"))
        };
        env.write(&format!("games/g{n:03}.pgn"), &text);
    }
}

#[test]
fn verify_reports_every_file_in_order_around_a_bad_one() {
    let env = TestEnv::new();
    folder(&env);
    let mut expected = String::new();
    for n in 1..=120 {
        if n == 57 {
            expected.push_str(
                "games/g057.pgn: line 33, column 49: comment '{' is never closed: the file may be truncated\n",
            );
        } else {
            expected.push_str(&format!(
                "games/g{n:03}.pgn: ok, 77 half-moves, 1-0 (Black is checkmated)\n"
            ));
        }
    }
    expected.push_str("120 files: 119 ok, 1 bad\n");
    for jobs in ["1", "2", "7"] {
        let out = env.run(&["verify", "--jobs", jobs]);
        assert_eq!(out.code, 1, "{}", out.stderr);
        assert_eq!(out.stdout, expected, "--jobs {jobs}");
    }
    let out = env.run(&["verify", "--failures-only", "--jobs", "3"]);
    assert_eq!(
        out.stdout,
        "games/g057.pgn: line 33, column 49: comment '{' is never closed: the file may be truncated\n120 files: 119 ok, 1 bad\n"
    );
    env.fails(
        &["verify", "--jobs", "0"],
        2,
        "error: invalid value '0' for '--jobs <N>': 0 is not in 1..=256\n\nFor more information, try '--help'.\n",
    );
}

#[test]
fn games_and_standings_are_the_same_on_any_number_of_threads() {
    let env = TestEnv::new();
    folder(&env);
    let one = env.run(&[
        "games",
        "--now",
        "2025-01-01T00:00:00Z",
        "--jobs",
        "1",
        "--wide",
    ]);
    assert_eq!(one.code, 1);
    assert!(
        one.stdout
            .ends_with("120 files: 0 in progress (0 overdue), 119 finished, 1 does not replay\n"),
        "{}",
        one.stdout
    );
    let lines: Vec<&str> = one.stdout.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("g057.pgn  does not replay: line 33")),
        "{}",
        one.stdout
    );
    for jobs in ["2", "5"] {
        let many = env.run(&[
            "games",
            "--now",
            "2025-01-01T00:00:00Z",
            "--jobs",
            jobs,
            "--wide",
        ]);
        assert_eq!(many.stdout, one.stdout, "--jobs {jobs}");
        let json = |jobs: &str| {
            env.run(&[
                "games",
                "--json",
                "--now",
                "2025-01-01T00:00:00Z",
                "--jobs",
                jobs,
            ])
            .stdout
        };
        let (json_one, json_many) = (json("1"), json(jobs));
        assert_eq!(json_many, json_one, "--json --jobs {jobs}");
    }
    // The standings stop at the first file that does not replay, in the
    // order of the files, whatever the threads.
    for jobs in ["1", "4"] {
        let out = env.run(&["standings", "games", "--jobs", jobs]);
        assert_eq!(out.code, 2);
        assert!(
            out.stderr
                .starts_with("dynamo: games/g057.pgn: line 33, column 49: comment"),
            "{}",
            out.stderr
        );
    }
    std::fs::remove_file(env.path("games/g057.pgn")).expect("removed");
    let one = env.ok(&["standings", "games", "--jobs", "1"]);
    assert_eq!(env.ok(&["standings", "games", "--jobs", "3"]), one);
}
