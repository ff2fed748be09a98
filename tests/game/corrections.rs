//! The director's corrections (docs/director.md, "Corrections and moves
//! sent twice"): `undo` takes back the last move and `set` fixes the header,
//! each under the game's lock, recorded in the file with its time and
//! reason, the game still replaying; a refusal leaves the file as it was.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::TestEnv;

/// The tags `TestEnv::new_game` writes, Result aside.
fn header(result: &str, extra: &str) -> String {
    format!(
        "[Event \"Correspondence game\"]\n[Site \"?\"]\n[Date \"2020.11.20\"]\n[Round \"-\"]\n\
         [White \"Alice\"]\n[Black \"Bob\"]\n[Result \"{result}\"]\n[Variant \"Dynamo\"]\n\
         [Rules \"nost\"]\n[WhiteEmail \"alice@example.org\"]\n[BlackEmail \"bob@example.org\"]\n\
         [TimeControl \"none\"]\n[UTCDate \"2020.11.20\"]\n[UTCTime \"09:00:00\"]\n{extra}\n"
    )
}

/// A game with these moves, the first received at 10:00 and each next
/// an hour later.
fn game_with(env: &TestEnv, moves: &[&str]) {
    env.new_game(&[]);
    for (i, m) in moves.iter().enumerate() {
        let at = format!("2020-11-20T{:02}:00:00Z", 10 + i);
        env.ok(&["move", "g.pgn", m, "--at", &at]);
    }
}

fn export(env: &TestEnv) -> Value {
    serde_json::from_str(&env.ok(&["export", "g.pgn", "--format", "json"])).expect("JSON")
}

#[test]
fn undo_takes_back_the_last_move_and_records_it_where_it_stood() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4", "e7e5"]);
    let out = env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "entered twice",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    assert_eq!(
        out,
        "took back 1... e7e5, received 2020-11-20T11:00:00Z\nBlack to move\n"
    );
    assert_eq!(
        env.read("g.pgn"),
        header("*", "")
            + "1. e2e4 {2020-11-20T10:00:00Z} {[%undo \"1... e7e5\" 2020-11-20T11:00:00Z \
               2020-11-21T08:00:00Z \"entered twice\"]}\n*\n"
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 1 half-move, Black to move\n1 file: 1 ok, 0 bad\n"
    );
    // Black's real move, received before the correction was made, may
    // still be entered with its own time: corrections stand outside the
    // game's time order.
    env.ok(&["move", "g.pgn", "Qd8/d7d5", "--at", "2020-11-20T12:00:00Z"]);
    assert!(
        env.read("g.pgn")
            .ends_with("\"entered twice\"]} 1... Qd8/d7d5 {2020-11-20T12:00:00Z}\n*\n"),
        "{}",
        env.read("g.pgn")
    );
    env.ok(&["verify", "g.pgn"]);
}

#[test]
fn undo_of_the_first_move_then_nothing_left_to_undo() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "wrong game",
        "--at",
        "2020-11-21T08:00:00Z",
        "-q",
    ]);
    let undone = header("*", "")
        + "{[%undo \"1. e2e4\" 2020-11-20T10:00:00Z 2020-11-21T08:00:00Z \"wrong game\"]}\n*\n";
    assert_eq!(env.read("g.pgn"), undone);
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 0 half-moves, White to move\n1 file: 1 ok, 0 bad\n"
    );
    env.fails(
        &["undo", "g.pgn", "--reason", "again"],
        2,
        "dynamo: nothing to undo: no move has been recorded\n",
    );
    assert_eq!(env.read("g.pgn"), undone);
}

#[test]
fn undo_twice_takes_back_two_moves_newest_first() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4", "e7e5", "Ng1f3"]);
    let first = env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "one",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    assert_eq!(
        first,
        "took back 2. Ng1f3, received 2020-11-20T12:00:00Z\nWhite to move\n"
    );
    let second = env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "two",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    assert_eq!(
        second,
        "took back 1... e7e5, received 2020-11-20T11:00:00Z\nBlack to move\n"
    );
    assert_eq!(
        env.read("g.pgn"),
        header("*", "")
            + "1. e2e4 {2020-11-20T10:00:00Z} \
               {[%undo \"2. Ng1f3\" 2020-11-20T12:00:00Z 2020-11-21T08:00:00Z \"one\"]} \
               {[%undo \"1... e7e5\" 2020-11-20T11:00:00Z 2020-11-21T08:00:00Z \"two\"]}\n*\n"
    );
    assert_eq!(export(&env)["moves"].as_array().map(Vec::len), Some(1));
    env.ok(&["verify", "g.pgn"]);
}

#[test]
fn undo_of_a_mate_reopens_the_game() {
    let env = TestEnv::new();
    game_with(&env, &["Bc1g5/d2h6", "Ng8E/h6g8=Q", "Qg8f7/f7e6"]);
    assert!(
        env.read("g.pgn")
            .contains("[Termination \"Black is checkmated\"]")
    );
    let out = env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "the mate was sent for another game",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    assert_eq!(
        out,
        "took back 2. Qg8f7/f7e6, received 2020-11-20T12:00:00Z\nWhite to move\n"
    );
    let text = env.read("g.pgn");
    assert!(text.starts_with(&header("*", "")), "{text}");
    assert!(!text.contains("Termination"), "{text}");
    assert!(
        text.ends_with("\"the mate was sent for another game\"]}\n*\n"),
        "{text}"
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 2 half-moves, White to move\n1 file: 1 ok, 0 bad\n"
    );
    // The game goes on: the same mate may be played again.
    env.ok(&["move", "g.pgn", "Qg8f7/f7e6", "-q"]);
    assert!(env.read("g.pgn").contains("[Result \"1-0\"]"));
}

#[test]
fn undo_of_a_move_that_declined_a_draw_offer_restores_the_offer() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    env.ok(&[
        "draw",
        "g.pgn",
        "offer",
        "--by",
        "white",
        "--at",
        "2020-11-20T10:30:00Z",
    ]);
    env.ok(&["move", "g.pgn", "e7e5", "--at", "2020-11-20T11:00:00Z"]);
    assert!(!env.read("g.pgn").contains("[DrawOffer"));
    env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "r",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    assert!(env.read("g.pgn").contains("[DrawOffer \"White\"]\n"));
    assert_eq!(export(&env)["draw_offer"], "white");
    env.ok(&["draw", "g.pgn", "accept", "--by", "black", "-q"]);
    env.ok(&["verify", "g.pgn"]);
}

#[test]
fn undo_takes_back_moves_only() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    env.ok(&["draw", "g.pgn", "offer", "--by", "black", "-q"]);
    let offered = env.read("g.pgn");
    env.fails(
        &["undo", "g.pgn", "--reason", "r"],
        2,
        "dynamo: the last event is Black's draw offer, not a move: undo takes back moves only\n",
    );
    assert_eq!(env.read("g.pgn"), offered);
    env.ok(&["resign", "g.pgn", "--by", "black", "-q"]);
    let resigned = env.read("g.pgn");
    env.fails(
        &["undo", "g.pgn", "--reason", "r"],
        2,
        "dynamo: the last event is Black's resignation, not a move: undo takes back moves only\n",
    );
    assert_eq!(env.read("g.pgn"), resigned);
}

#[test]
fn undo_needs_a_reason_on_one_line_and_a_time_in_order() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    let before = env.read("g.pgn");
    env.fails(
        &["undo", "g.pgn", "--reason", " "],
        2,
        "dynamo: the reason must not be empty\n",
    );
    env.fails(
        &["undo", "g.pgn", "--reason", "two\nlines"],
        2,
        "dynamo: --reason: a line break cannot be recorded: the value must be one line of printable text\n",
    );
    env.fails(
        &["undo", "g.pgn", "--reason", "r", "--at", "2020-11-20T09:30:00Z"],
        2,
        "dynamo: the time 2020-11-20T09:30:00Z is before the last recorded time 2020-11-20T10:00:00Z\n",
    );
    let out = env.run(&["undo", "g.pgn"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--reason <REASON>"), "{}", out.stderr);
    assert_eq!(env.read("g.pgn"), before);
}

/// Takes the lock of `g.pgn`, as another `dynamo` would, until dropped.
fn hold_lock(env: &TestEnv) -> std::fs::File {
    let lock = std::fs::File::open(env.path("g.pgn.lock")).expect("the lock file");
    lock.lock().expect("the lock");
    lock
}

#[test]
fn corrections_wait_for_the_lock_only_so_long() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    let before = env.read("g.pgn");
    let lock = hold_lock(&env);
    for args in [
        &["undo", "g.pgn", "--reason", "r"][..],
        &["set", "g.pgn", "--white", "Alice Archer"][..],
    ] {
        let out = env.run_within(args, &[("DYNAMO_LOCK_WAIT", "1")], Duration::from_secs(60));
        assert_eq!(out.code, 3, "{args:?}: {}", out.stderr);
        assert_eq!(
            out.stderr,
            "dynamo: g.pgn: the game is locked by another process (g.pgn.lock); gave up after 1 s\n"
        );
        assert_eq!(env.read("g.pgn"), before);
    }
    drop(lock);
    env.ok(&["undo", "g.pgn", "--reason", "r", "-q"]);
}

#[test]
fn set_changes_each_tag_and_records_what_it_was() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    for (args, said, record) in [
        (
            &["--white-email", "<alice@new.example>"][..],
            "set WhiteEmail to 'alice@new.example' (was 'alice@example.org')\n",
            "{[%set WhiteEmail \"alice@example.org\" \"alice@new.example\" 2020-11-21T08:00:00Z]}",
        ),
        (
            &["--black-email", "Bob@Example.NET"][..],
            "set BlackEmail to 'Bob@Example.NET' (was 'bob@example.org')\n",
            "{[%set BlackEmail \"bob@example.org\" \"Bob@Example.NET\" 2020-11-21T08:00:00Z]}",
        ),
        (
            &["--white", "Alice Archer"][..],
            "set White to 'Alice Archer' (was 'Alice')\n",
            "{[%set White \"Alice\" \"Alice Archer\" 2020-11-21T08:00:00Z]}",
        ),
        (
            &["--black", "Bob O'Brien \\ Baker"][..],
            "set Black to 'Bob O'Brien \\ Baker' (was 'Bob')\n",
            "{[%set Black \"Bob\" \"Bob O'Brien \\\\ Baker\" 2020-11-21T08:00:00Z]}",
        ),
        (
            &["--tag", "Round=3", "--reason", "pairing fixed"][..],
            "set Round to '3' (was '-')\n",
            "{[%set Round \"-\" \"3\" 2020-11-21T08:00:00Z \"pairing fixed\"]}",
        ),
        (
            &["--tag", "Annotator=The {club} director"][..],
            "set Annotator to 'The {club} director'\n",
            "{[%set Annotator \"\" \"The {club\\x7d director\" 2020-11-21T08:00:00Z]}",
        ),
    ] {
        let mut full = vec!["set", "g.pgn", "--at", "2020-11-21T08:00:00Z"];
        full.extend_from_slice(args);
        assert_eq!(env.ok(&full), said, "{args:?}");
        let after = env.read("g.pgn");
        assert!(
            after.ends_with(&format!(" {record}\n*\n")),
            "{args:?}:\n{after}"
        );
        env.ok(&["verify", "g.pgn"]);
    }
    let text = env.read("g.pgn");
    for tag in [
        "[WhiteEmail \"alice@new.example\"]",
        "[BlackEmail \"Bob@Example.NET\"]",
        "[White \"Alice Archer\"]",
        "[Black \"Bob O'Brien \\\\ Baker\"]",
        "[Round \"3\"]",
        "[Annotator \"The {club} director\"]",
    ] {
        assert!(text.contains(&format!("{tag}\n")), "{tag}:\n{text}");
    }
    // The new addresses are the players' now; the old ones no longer are.
    env.fails(
        &["move", "g.pgn", "e7e5", "--from", "bob@example.org"],
        1,
        "dynamo: rejected: bob@example.org is not the address of either player in this game\n",
    );
    env.ok(&["move", "g.pgn", "e7e5", "--from", "bob@example.net", "-q"]);
}

#[test]
fn several_changes_at_once_are_one_correction() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    let id = export(&env)["game_id"].clone();
    let out = env.ok(&[
        "set",
        "g.pgn",
        "--white",
        "Alice Archer",
        "--black-email",
        "bob@example.net",
        "--tag",
        "Event=Club cup",
        "--reason",
        "entry form",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    assert_eq!(
        out,
        "set White to 'Alice Archer' (was 'Alice')\n\
         set BlackEmail to 'bob@example.net' (was 'bob@example.org')\n\
         set Event to 'Club cup' (was 'Correspondence game')\n"
    );
    assert!(env.read("g.pgn").ends_with(
        "{[%set White \"Alice\" \"Alice Archer\" BlackEmail \"bob@example.org\" \"bob@example.net\" \
         Event \"Correspondence game\" \"Club cup\" 2020-11-21T08:00:00Z \"entry form\"]}\n*\n"
    ));
    // A name the game's id is made from changed, the id did not: the
    // mail thread goes on.
    let json = export(&env);
    assert_eq!(json["game_id"], id);
    assert_eq!(id, "alice-bob-2020-11-20-09-00-00");
    assert!(
        env.read("g.pgn")
            .contains("[GameId \"alice-bob-2020-11-20-09-00-00\"]\n")
    );
    assert_eq!(
        json["white"],
        json!({"name": "Alice Archer", "email": "alice@example.org"})
    );
}

#[test]
fn set_of_the_time_control_works_the_clocks_out_again() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    // Black's move, four days after White's, was on time without a time
    // control, and is late under 3d.
    env.ok(&[
        "move",
        "g.pgn",
        "e7e5",
        "--at",
        "2020-11-24T10:00:00Z",
        "-q",
    ]);
    let games = |env: &TestEnv| -> Value {
        serde_json::from_str(&env.ok(&[
            "games",
            "g.pgn",
            "--json",
            "--now",
            "2020-11-25T10:00:00Z",
        ]))
        .expect("JSON")
    };
    assert_eq!(games(&env)[0]["late_move"], Value::Null);
    env.ok(&[
        "set",
        "g.pgn",
        "--tag",
        "TimeControl=3d",
        "--at",
        "2020-11-25T08:00:00Z",
        "-q",
    ]);
    assert!(env.read("g.pgn").contains("[TimeControl \"3d\"]\n"));
    assert!(
        env.read("g.pgn")
            .contains("{[%set TimeControl \"none\" \"3d\" 2020-11-25T08:00:00Z]}")
    );
    let json = games(&env);
    assert_eq!(json[0]["late_move"]["side"], "black", "{json}");
    assert_eq!(
        json[0]["clock"]["deadline"], "2020-11-27T10:00:00Z",
        "{json}"
    );
}

#[test]
fn set_refuses_bad_values_and_tags_that_would_change_the_game() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    let before = env.read("g.pgn");
    for (args, error) in [
        (
            &["--white-email", "alice"][..],
            "--white-email: 'alice': not an email address (Missing domain or user)",
        ),
        (
            &["--black-email", "Bob <bob@example.net>"][..],
            "--black-email: give the address alone, without a name",
        ),
        (
            &["--white", "Alice <alice@example.org>"][..],
            "--white: give the name alone, without an address",
        ),
        (
            &["--black", "Bob\nBaker"][..],
            "--black: a line break cannot be recorded: the value must be one line of printable text",
        ),
        (&["--tag", "Round"][..], "--tag: 'Round' is not NAME=VALUE"),
        (
            &["--tag", "round=2"][..],
            "--tag round: the tag is spelt Round",
        ),
        (
            &["--tag", "RESULT=1-0"][..],
            "--tag RESULT: the tag is spelt Result",
        ),
        (
            &["--tag", "Round Two=2"][..],
            "--tag Round Two: 'Round Two' is not a tag name: letters, digits or _",
        ),
        (
            &["--tag", "TimeControl=weekly"][..],
            "--tag TimeControl: time control 'weekly' is not understood: expected 'none', a time per move such as '3d', or moves/time such as '10/50d' (units d, h, m)",
        ),
        (
            &["--black", "Bob \"the builder\""][..],
            "--black: player 'Bob \"the builder\"': write it as Name <address>",
        ),
        (
            &["--white", "Ann", "--tag", "White=Ann"][..],
            "White is given twice",
        ),
        (
            &["--tag", "Rules=nost,castling=strict"][..],
            "Rules cannot be set: it decides which moves are legal, and the recorded moves were judged under it; start a new game instead",
        ),
        (
            &["--tag", "FEN=8/8/8/8/8/8/8/8 w - - 0 1"][..],
            "FEN cannot be set: it decides which moves are legal, and the recorded moves were judged under it; start a new game instead",
        ),
        (
            &["--tag", "Result=1-0"][..],
            "Result cannot be set: it follows from the game's events (adjudicate decides a result, undo takes back a move)",
        ),
        (
            &["--tag", "UTCTime=10:00:00"][..],
            "UTCTime cannot be set: it is when the game started, which the creation event and every clock are measured from",
        ),
        (
            &["--tag", "GameId=x"][..],
            "GameId cannot be set: it keeps the game's mail thread once a name, date or round has changed",
        ),
        (
            &["--white", "Ann", "--reason", "a\tb"][..],
            "--reason: a tab cannot be recorded: the value must be one line of printable text",
        ),
    ] {
        let mut full = vec!["set", "g.pgn"];
        full.extend_from_slice(args);
        env.fails(&full, 2, &format!("dynamo: {error}\n"));
        assert_eq!(env.read("g.pgn"), before, "{args:?}");
    }
    let out = env.run(&["set", "g.pgn", "--reason", "nothing named"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("the following required arguments"),
        "{}",
        out.stderr
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn set_to_the_values_already_there_writes_nothing() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4"]);
    let before = env.read("g.pgn");
    let out = env.ok(&[
        "set",
        "g.pgn",
        "--white",
        "Alice",
        "--black-email",
        "bob@example.org",
    ]);
    assert_eq!(
        out,
        "White is already 'Alice'; BlackEmail is already 'bob@example.org'; nothing to do\n"
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn corrections_show_in_the_exported_history() {
    let env = TestEnv::new();
    game_with(&env, &["e2e4", "e7e5"]);
    env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "sent twice",
        "--at",
        "2020-11-21T08:00:00Z",
    ]);
    env.ok(&[
        "set",
        "g.pgn",
        "--tag",
        "Round=2",
        "--at",
        "2020-11-21T09:00:00Z",
    ]);
    let events = export(&env)["events"].clone();
    let kinds: Vec<&str> = events
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| e["kind"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["created", "move", "undo", "set"]);
    let mut undo = events[2].clone();
    let mut set = events[3].clone();
    assert!(undo["key"].as_str().unwrap_or("").starts_with("2-undo-"));
    assert!(set["key"].as_str().unwrap_or("").starts_with("3-set-"));
    undo["key"] = Value::Null;
    set["key"] = Value::Null;
    assert_eq!(
        undo,
        json!({
            "seq": 2, "kind": "undo", "by": null, "at": "2020-11-21T08:00:00Z", "ply": 1,
            "result": null, "reason": "sent twice", "key": null,
            "undone": {"number": 1, "side": "black", "notation": "e7e5",
                       "received": "2020-11-20T11:00:00Z"},
            "changes": null,
        })
    );
    assert_eq!(
        set,
        json!({
            "seq": 3, "kind": "set", "by": null, "at": "2020-11-21T09:00:00Z", "ply": 1,
            "result": null, "reason": null, "key": null, "undone": null,
            "changes": [{"tag": "Round", "old": "-", "new": "2"}],
        })
    );
    assert_eq!(events[1]["undone"], Value::Null);
    assert_eq!(events[1]["changes"], Value::Null);
}

/// A file of an older `dynamo`, whose resignation is only in its tags:
/// a correction writes the resignation out first, so the correction is
/// the latest event, which its notices are about.
#[test]
fn a_correction_to_a_game_ended_only_in_its_tags_comes_after_the_ending() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        &(header("0-1", "[Termination \"White resigns\"]\n")
            + "1. e2e4 {2020-11-20T10:00:00Z}\n0-1\n"),
    );
    env.ok(&[
        "set",
        "g.pgn",
        "--white",
        "Alice Archer",
        "--at",
        "2020-11-21T08:00:00Z",
        "-q",
    ]);
    assert!(env.read("g.pgn").ends_with(
        "1. e2e4 {2020-11-20T10:00:00Z} {[%resign White]} \
         {[%set White \"Alice\" \"Alice Archer\" 2020-11-21T08:00:00Z]}\n0-1\n"
    ));
    let events = export(&env)["events"].clone();
    assert_eq!(events[2]["kind"], "resign");
    assert_eq!(events[3]["kind"], "set");
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 1 half-move, 0-1 (White resigns)\n1 file: 1 ok, 0 bad\n"
    );
}
