//! The conventions of a shell tool: completions, manual pages, help,
//! `--version`, `--quiet`, options before or after positional arguments,
//! and the defaults and summaries scripts rely on.

use std::process::Command;

use crate::support::{TestEnv, repo};

/// Whether `program` runs here (`program --version`).
fn available(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn bash_loads_the_completions() {
    assert!(available("bash"), "bash is needed for this test");
    let env = TestEnv::new();
    let script = format!(
        "source <('{}' completions bash) && complete -p dynamo",
        env!("CARGO_BIN_EXE_dynamo")
    );
    let out = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("running bash");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(" dynamo\n"), "{stdout}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let script = env.ok(&["completions", shell]);
        assert!(script.contains("dynamo"), "{shell}");
        assert!(script.contains("failures-only"), "{shell}");
    }
    assert_eq!(env.run(&["completions", "tcsh"]).code, 2);
}

#[test]
fn the_man_pages_render() {
    assert!(
        available("man"),
        "man (Debian's man-db) is needed for this test; .ci/run installs it"
    );
    let env = TestEnv::new();
    env.ok(&["man", "--dir", "man1"]);
    let mut pages: Vec<String> = std::fs::read_dir(env.path("man1"))
        .expect("the pages' folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    pages.sort();
    for page in [
        "dynamo.1",
        "dynamo-move.1",
        "dynamo-config.1",
        "dynamo-man.1",
        "dynamo-solve.1",
        "dynamo-analyse.1",
        "dynamo-standings.1",
        "dynamo-tournament.1",
        "dynamo-tournament-new.1",
    ] {
        assert!(pages.iter().any(|p| p == page), "{page} in {pages:?}");
    }
    for page in &pages {
        let out = Command::new("man")
            .args(["-l", &env.path("man1").join(page).to_string_lossy()])
            .env("MANWIDTH", "100")
            .env("MANPAGER", "cat")
            .env("PAGER", "cat")
            .output()
            .expect("running man");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{page}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("NAME"), "{page}: {text}");
        assert!(text.contains("SYNOPSIS"), "{page}: {text}");
    }
    // One page on standard output, as installed by hand.
    let move_page = env.ok(&["man", "move"]);
    assert!(move_page.contains(".TH dynamo-move 1"), "{move_page}");
    assert!(move_page.contains("\\-\\-json"), "{move_page}");
    assert!(env.ok(&["man"]).contains("dynamo\\-move(1)"));
    let nested = env.ok(&["man", "tournament-new"]);
    assert!(nested.contains("\\fBdynamo tournament new\\fR"), "{nested}");
    let out = env.run(&["man", "frobnicate"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with("dynamo: no manual page for 'frobnicate': the commands are "),
        "{}",
        out.stderr
    );
}

#[test]
fn version_names_the_commit_when_built_from_a_clone() {
    let env = TestEnv::new();
    let out = env.ok(&["--version"]);
    let version = env!("CARGO_PKG_VERSION");
    let commit = git(&["rev-parse", "--short", "HEAD"]).filter(|_| repo().join(".git").exists());
    match commit {
        Some(head) => {
            let named = out
                .strip_prefix(&format!("dynamo {version} (commit "))
                .and_then(|rest| rest.strip_suffix(")\n"))
                .unwrap_or_else(|| panic!("no commit named in {out:?}"));
            if named != head {
                // A commit that lands while the tests run moves HEAD past
                // the one the binary was built from; a binary that was not
                // built again after a commit is stale.
                let committed: u64 = git(&["log", "-1", "--format=%ct", "HEAD"])
                    .and_then(|t| t.parse().ok())
                    .expect("HEAD's commit time");
                let built = std::fs::metadata(env!("CARGO_BIN_EXE_dynamo"))
                    .and_then(|m| m.modified())
                    .expect("the binary's time")
                    .duration_since(std::time::UNIX_EPOCH)
                    .expect("after 1970")
                    .as_secs();
                assert!(
                    committed >= built
                        && git(&["merge-base", "--is-ancestor", named, "HEAD"]).is_some(),
                    "dynamo --version names {named}, HEAD is {head}, committed before the binary was built"
                );
            }
        }
        None => assert_eq!(out, format!("dynamo {version}\n")),
    }
}

/// What `git ARGS` prints in the repository, trimmed; `None` when git
/// fails.
fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .args(args)
        .current_dir(repo())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

#[test]
fn options_come_before_or_after_positional_arguments() {
    let env = TestEnv::new();
    let fen = "8/8/8/8/8/3k4/3K4/8 w - - 0 1";
    let after = env.ok(&["play", "Kd2d3/d3d4", "--fen", fen]);
    assert_eq!(env.ok(&["play", "--fen", fen, "Kd2d3/d3d4"]), after);
    // Between the moves too.
    assert_eq!(
        env.ok(&["play", "e2e4", "--rules", "nost", "e7e5"]),
        env.ok(&["play", "e2e4", "e7e5"])
    );
    assert_eq!(
        env.ok(&["perft", "1", "--fen", fen]),
        env.ok(&["perft", "--fen", fen, "1"])
    );
    env.new_game(&[]);
    env.ok(&[
        "move",
        "--by",
        "white",
        "g.pgn",
        "--at",
        "2020-11-20T10:00:00Z",
        "e2e4",
    ]);
    env.ok(&[
        "check",
        "--from",
        "bob@example.org",
        "g.pgn",
        "e7e5",
        "--ascii",
    ]);
    env.ok(&["draw", "--by", "black", "g.pgn", "offer"]);
    env.ok(&["draw", "g.pgn", "--by", "white", "decline"]);
    env.ok(&["export", "--format", "fen", "g.pgn"]);
    env.ok(&["verify", "--failures-only", "g.pgn"]);
    env.ok(&["games", "g.pgn", "--json"]);
    env.ok(&["adjudicate", "--reason", "agreed", "g.pgn", "1/2-1/2"]);
    env.write("c.toml", "require_identity = false\n");
    env.ok(&["verify", "g.pgn", "--config", "c.toml"]);
}

#[test]
fn quiet_commands_print_nothing_and_still_write() {
    let env = TestEnv::new();
    let quiet = |args: &[&str]| {
        let mut args = args.to_vec();
        args.push("--quiet");
        assert_eq!(env.ok(&args), "", "{args:?}");
    };
    quiet(&[
        "new",
        "g.pgn",
        "--white",
        "A <a@example.org>",
        "--black",
        "B <b@example.org>",
        "--at",
        "2020-11-20T09:00:00Z",
    ]);
    quiet(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    quiet(&["draw", "g.pgn", "offer", "--by", "black"]);
    quiet(&["draw", "g.pgn", "decline", "--by", "white"]);
    quiet(&["show", "--game", "g.pgn", "--png", "board.png"]);
    assert!(env.path("board.png").exists());
    quiet(&["resign", "g.pgn", "--by", "black"]);
    assert!(env.read("g.pgn").contains("[Result \"1-0\"]"));
    // Errors still reach standard error.
    let out = env.run(&["move", "g.pgn", "e7e5", "-q"]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.starts_with("dynamo: rejected: the game is over"));
    quiet(&["new", "h.pgn", "--white", "A", "--black", "B"]);
    quiet(&["adjudicate", "h.pgn", "0-1", "--reason", "time forfeit"]);
    assert!(env.read("h.pgn").contains("[Result \"0-1\"]"));
    // --quiet and --json say opposite things.
    assert_eq!(
        env.run(&["move", "h.pgn", "e2e4", "--json", "--quiet"])
            .code,
        2
    );
}

#[test]
fn export_writes_pgn_by_default() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    assert_eq!(env.ok(&["export", "g.pgn"]), env.read("g.pgn"));
    assert_eq!(
        env.ok(&["export", "g.pgn", "--format", "pgn"]),
        env.read("g.pgn")
    );
}

#[test]
fn verify_failures_only_prints_the_bad_files_and_the_count() {
    let env = TestEnv::new();
    std::fs::create_dir(env.path("games")).unwrap();
    for name in ["a", "b", "c"] {
        env.ok(&[
            "new",
            &format!("games/{name}.pgn"),
            "--white",
            "A",
            "--black",
            "B",
            "--at",
            "2020-11-20T09:00:00Z",
            // Games of one id would be told apart by a GameId tag.
            "--round",
            name,
        ]);
    }
    let good = env.read("games/b.pgn");
    env.write(
        "games/b.pgn",
        &good.replace("\n*\n", "\n1. e2e5 {2020-11-20T10:00:00Z}\n*\n"),
    );
    let out = env.run(&["verify", "--failures-only"]);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "games/b.pgn: line 14: move 1 by White (e2e5): a pawn cannot move from e2 to e5\n3 files: 2 ok, 1 bad\n"
    );
    // Without the flag every game has its line, as before.
    assert_eq!(env.run(&["verify"]).stdout.lines().count(), 4);
    env.write("games/b.pgn", &good);
    assert_eq!(
        env.ok(&["verify", "--failures-only"]),
        "3 files: 3 ok, 0 bad\n"
    );
}

#[test]
fn legal_on_a_finished_game_says_it_is_over() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["resign", "g.pgn", "--by", "white"]);
    for extra in [&[][..], &["--count"][..]] {
        let mut args = vec!["legal", "--game", "g.pgn"];
        args.extend_from_slice(extra);
        env.fails(
            &args,
            1,
            "dynamo: g.pgn: the game is over (0-1: White resigns); no move can follow\n",
        );
    }
    // A game that goes on still lists its moves.
    env.ok(&[
        "new",
        "h.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--at",
        "2020-11-20T09:00:00Z",
    ]);
    assert_eq!(env.ok(&["legal", "--game", "h.pgn", "--count"]), "176\n");
}

#[test]
fn move_with_mail_and_no_mail_table_records_nothing() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    let no_table = "dynamo: no [mail] table in the configuration: add host, port, security and from (see docs/mail.md, \"Sending by SMTP\")\n";
    env.fails(&["move", "g.pgn", "e2e4", "--mail"], 2, no_table);
    assert_eq!(env.read("g.pgn"), before);
    env.write("dynamo.toml", "mail_after_move = true\n");
    env.fails(&["move", "g.pgn", "e2e4"], 2, no_table);
    assert_eq!(env.read("g.pgn"), before);
}

/// A reader that has gone (`dynamo export … | head -c 10`) is not a
/// failure, whichever writer met it: serde_json hides the broken pipe
/// inside its own error. The pipe's reading end is closed before
/// `dynamo` starts, so every write meets it.
#[test]
fn json_into_a_closed_pipe_is_not_a_failure() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    for args in [
        &["export", "g.pgn", "--format", "json"][..],
        &["games", "g.pgn", "--json"][..],
        &["export", "g.pgn"][..],
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let out = env
            .command()
            .args(args)
            .stdout(writer)
            .output()
            .expect("runs");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).as_ref()
            ),
            (Some(0), ""),
            "{args:?}"
        );
    }
}
