//! The global `--output text|json` and its alias `--json`: one printer
//! for every command (docs/reference.md, "JSON").

use crate::support::TestEnv;

/// `--output json` prints what `--json` prints, byte for byte, before or
/// after the command's name, and `--output text` what no option prints.
#[test]
fn output_json_is_json() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    for command in [
        &["check", "g.pgn", "e7e5"][..],
        &["games", "--now", "2020-11-21T10:00:00Z", "g.pgn"][..],
        &["conditional", "list", "g.pgn"][..],
    ] {
        let json = env.ok(&[command, &["--json"]].concat());
        assert_eq!(env.ok(&[command, &["--output", "json"]].concat()), json);
        assert_eq!(env.ok(&[&["--output", "json"], command].concat()), json);
        let text = env.ok(command);
        assert_ne!(text, json);
        assert_eq!(env.ok(&[command, &["--output", "text"]].concat()), text);
    }
}

/// A command with no JSON output refuses it before it does anything:
/// exit 2, a message naming the command, nothing written.
#[test]
fn a_command_without_json_refuses_it() {
    let env = TestEnv::new();
    for args in [
        &["new", "g.pgn", "--white", "A", "--black", "B", "--json"][..],
        &[
            "new", "g.pgn", "--white", "A", "--black", "B", "--output", "json",
        ][..],
    ] {
        let out = env.run(args);
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert_eq!(out.stdout, "");
        assert!(
            out.stderr
                .starts_with("dynamo: `dynamo new` has no JSON output"),
            "{}",
            out.stderr
        );
        assert!(!env.path("g.pgn").exists(), "nothing is written");
    }
    for args in [
        &["man", "--json"][..],
        &["completions", "bash", "--output", "json"][..],
        &["legal", "--json"][..],
        &["config", "--json"][..],
        &["export", "g.pgn", "--json"][..],
    ] {
        let out = env.run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(out.stderr.contains("has no JSON output"), "{}", out.stderr);
    }
}

/// `--json` is `--output json`: the two together, or `--json` with
/// `--output text`, are bad usage; so is a value `--output` does not
/// know.
#[test]
fn json_and_output_together_are_refused() {
    let env = TestEnv::new();
    env.new_game(&[]);
    for args in [
        &["games", "--json", "--output", "text"][..],
        &["games", "--json", "--output", "json"][..],
        &["games", "--output", "yaml"][..],
    ] {
        let out = env.run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, "");
    }
}

/// What a flag conflicted with when each command had its own `--json`
/// conflicts with `--output json` as well.
#[test]
fn output_json_keeps_the_old_conflicts() {
    let env = TestEnv::new();
    env.new_game(&[]);
    for args in [
        &["move", "g.pgn", "e2e4", "--output", "json", "--quiet"][..],
        &["standings", "g.pgn", "--output", "json", "--html"][..],
        &["games", "--output", "json", "--wide"][..],
        &["games", "--output", "json", "--columns", "file"][..],
    ] {
        let out = env.run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{args:?}");
    }
    assert!(
        !env.read("g.pgn").contains("e2e4"),
        "the move is not recorded"
    );
}

/// The position commands print one line of JSON: what their text says,
/// as keys (docs/reference.md, "JSON").
#[test]
fn the_position_commands_print_json() {
    let env = TestEnv::new();
    let json = |args: &[&str]| -> serde_json::Value {
        let out = env.ok(args);
        assert_eq!(out.lines().count(), 1, "{args:?}: {out}");
        serde_json::from_str(&out).expect("JSON")
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let shown = json(&["show", "--json"]);
    assert!(
        shown["fen"].as_str().expect("fen").starts_with(start),
        "{shown}"
    );
    assert_eq!(shown["turn"], "white");
    assert_eq!(shown["status"], "ongoing");
    assert_eq!(shown["rules"], "nost");
    assert_eq!(shown["castling"], "White: O-O, O-O-O; Black: O-O, O-O-O");
    assert_eq!(shown["choice"], serde_json::Value::Null);
    assert_eq!(shown["clock"], serde_json::Value::Null);
    assert_eq!(
        json(&["status", "--json"]),
        serde_json::json!({"status": "ongoing"})
    );
    let played = json(&["play", "e2e4", "--output", "json"]);
    assert_eq!(
        played["fen"].as_str().expect("fen"),
        env.ok(&["play", "e2e4"]).trim_end()
    );
    assert_eq!(
        json(&["perft", "2", "--json"]),
        serde_json::json!({"depth": 2, "nodes": env.ok(&["perft", "2"]).trim().parse::<u64>().expect("count")})
    );
    let divided = json(&["perft", "1", "--divide", "--json"]);
    let rows = divided["divide"].as_array().expect("divide");
    let total: u64 = rows
        .iter()
        .map(|r| r["nodes"].as_u64().expect("nodes"))
        .sum();
    assert_eq!(divided["nodes"], total);
    assert!(rows.iter().all(|r| r["move"].is_string()), "{divided}");
}
