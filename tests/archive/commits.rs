//! One commit per recorded event, in the recorder's commit phase: its
//! first line the event as the notices name it, its trailers the kind,
//! the game and the time received, its author the director; no commit
//! for a refusal; a hand edit committed as one once it replays.

use super::{AUTHOR, archived, games};
use crate::support::TestEnv;
use crate::support::git::{clean, event_kinds, git, subjects};

fn new_game(env: &TestEnv) {
    env.new_game_in("games/g.pgn", "2020-11-20T09:00:00Z", &[]);
}

#[test]
fn archive_init_makes_the_games_folder_a_repository_with_its_gitignore() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\nconditional_dir = \"games/lines\"\n\
             [archive]\ngit = true\nauthor = \"{AUTHOR}\"\n"
        ),
    );
    env.write(
        "games/old.pgn",
        &std::fs::read_to_string(crate::support::repo().join("games/sample.pgn")).unwrap(),
    );
    let out = env.ok(&["archive", "init"]);
    assert_eq!(
        out,
        "games: git repository made\ngames/.gitignore: written\nevery file committed\n"
    );
    let ignore = env.read("games/.gitignore");
    for line in ["*.lock", ".*.tmp*", ".dynamo-*", "/lines"] {
        assert!(ignore.lines().any(|l| l == line), "{line} in {ignore}");
    }
    let files = git(&games(&env), &["ls-files"]);
    assert_eq!(files, ".gitignore\nold.pgn\n");
    // Run again: nothing made twice.
    let again = env.ok(&["archive", "init"]);
    assert_eq!(
        again,
        "games: a git repository already\ngames/.gitignore: kept as it is\nnothing new to commit\n"
    );
    let check = env.run(&["config", "--check"]);
    assert!(
        check
            .stdout
            .contains("ok      archive: games: a git repository, private state kept out"),
        "{}",
        check.stdout
    );
}

#[test]
fn every_event_is_one_commit_named_as_the_notices_name_it() {
    let env = archived("");
    new_game(&env);
    for (mv, side, at) in [
        ("e2e4", "white", "2020-11-21T10:00:00Z"),
        ("Ng8f6", "black", "2020-11-22T11:30:00Z"),
    ] {
        env.ok(&["move", "games/g.pgn", mv, "--by", side, "--at", at]);
    }
    env.ok(&["resign", "games/g.pgn", "--by", "white"]);
    let dir = games(&env);
    assert_eq!(
        subjects(&dir),
        [
            "g: White resigns",
            "g: 1... Ng8f6",
            "g: 1. e2e4",
            "g: new game",
            "The club's record starts",
        ]
    );
    assert_eq!(
        event_kinds(&dir),
        ["resign", "move", "move", "created", "archive-start"]
    );
    let second = git(&dir, &["log", "-1", "--skip=1", "--format=%B"]);
    assert_eq!(
        second,
        "g: 1... Ng8f6\n\nDynamo-Event: move\nDynamo-Game: g\nDynamo-Received: 2020-11-22T11:30:00Z\n\n"
    );
    let authors = git(&dir, &["log", "--format=%an <%ae>|%cn <%ce>"]);
    assert!(
        authors.lines().all(|l| l == format!("{AUTHOR}|{AUTHOR}")),
        "{authors}"
    );
    // No player's address in any message, though the file holds them.
    let messages = git(&dir, &["log", "--format=%B"]);
    assert!(!messages.contains('@'), "{messages}");
    assert!(clean(&dir));
}

#[test]
fn a_refused_move_makes_no_commit() {
    let env = archived("");
    new_game(&env);
    let before = subjects(&games(&env));
    let out = env.run(&["move", "games/g.pgn", "e2e5", "--by", "white"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(subjects(&games(&env)), before);
    assert!(clean(&games(&env)));
}

#[test]
fn a_hand_edit_is_committed_as_one_once_it_replays() {
    let env = archived("");
    new_game(&env);
    let dir = games(&env);
    let text = env.read("games/g.pgn");
    // Not a game any more: said, left uncommitted.
    env.write("games/g.pgn", &format!("{text}\nnonsense"));
    let out = env.run(&["games"]);
    assert!(
        out.stderr
            .contains("dynamo: archive: g.pgn does not replay, so it is not committed"),
        "{}",
        out.stderr
    );
    assert_eq!(subjects(&dir).len(), 2);
    assert!(!clean(&dir));
    // Put right by hand, a new event name: committed as a hand edit.
    env.write("games/g.pgn", &text.replace("Alice", "Alicia"));
    let out = env.run(&["verify", "games/g.pgn"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "dynamo: archive: committed g.pgn as a hand edit\n"
    );
    assert_eq!(subjects(&dir)[0], "g: edited by hand");
    assert_eq!(event_kinds(&dir)[0], "hand-edit");
    assert!(clean(&dir));
    // Nothing to do: nothing committed.
    env.ok(&["verify", "games/g.pgn"]);
    assert_eq!(subjects(&dir).len(), 3);
}

#[test]
fn a_section_is_one_commit_a_game_with_its_section_file_in_the_first() {
    let env = archived("");
    env.write(
        "players.txt",
        "Ann <ann@example.org>\nBen <ben@example.org>\nCid <cid@example.org>\nDee <dee@example.org>\n",
    );
    env.ok(&["tournament", "new", "autumn", "--players", "players.txt"]);
    let dir = games(&env);
    let subjects = subjects(&dir);
    assert_eq!(subjects.len(), 7, "{subjects:?}");
    assert!(
        subjects[..6]
            .iter()
            .all(|s| s.starts_with("autumn/r0") && s.ends_with(": new game"))
    );
    let first = git(&dir, &["show", "--name-only", "--format=", "HEAD~5"]);
    assert_eq!(first, "autumn/r01-b01.pgn\nautumn/section.toml\n");
    assert!(clean(&dir));
}

#[test]
fn an_archive_not_made_is_said_before_anything_is_recorded() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "games_dir = \"games\"\n[archive]\ngit = true\n",
    );
    std::fs::create_dir(env.path("games")).unwrap();
    let out = env.run(&[
        "new",
        "games/g.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("is not a git repository's top folder: run `dynamo archive init`"),
        "{}",
        out.stderr
    );
    assert!(!env.path("games/g.pgn").exists());
}

/// `history --json` says what its lines say, a key a field.
#[test]
fn history_as_json_has_a_key_a_field() {
    let env = archived("");
    new_game(&env);
    env.ok(&["move", "games/g.pgn", "e2e4", "--by", "white"]);
    let text = env.ok(&["history", "games/g.pgn"]);
    let value: serde_json::Value =
        serde_json::from_str(&env.ok(&["history", "games/g.pgn", "--json"])).expect("JSON");
    let events = value.as_array().expect("an array");
    assert_eq!(events.len(), text.lines().count(), "{value}");
    for (line, e) in text.lines().zip(events) {
        let fields = [&e["at"], &e["director"], &e["event"], &e["commit"]]
            .map(|v| v.as_str().expect("a string").to_string());
        assert_eq!(line, fields.join("  "));
    }
}

#[test]
fn history_lists_a_games_events_from_the_archive_oldest_first() {
    let env = archived("");
    new_game(&env);
    env.ok(&["move", "games/g.pgn", "e2e4", "--by", "white"]);
    let out = env.ok(&["history", "games/g.pgn"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let hashes = git(
        &games(&env),
        &["log", "--reverse", "--format=%h", "--", "g.pgn"],
    );
    for ((line, event), hash) in lines
        .iter()
        .zip(["g: new game", "g: 1. e2e4"])
        .zip(hashes.lines())
    {
        let fields: Vec<&str> = line.split("  ").collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(fields[0].ends_with('Z'), "{line}");
        assert_eq!(fields[1], "Dora Director");
        assert_eq!(fields[2], event);
        assert_eq!(fields[3], hash);
    }
    let off = TestEnv::new();
    off.fails(
        &["history", "g.pgn"],
        2,
        "dynamo: the archive is off: `dynamo history` reads the record on git ([archive] git = true)\n",
    );
}
