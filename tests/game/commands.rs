//! `dynamo new`, `move`, `check`, `resign`, `draw`, `adjudicate`, `export`,
//! `show --game`: outputs, records and every rejection.

use crate::support::{TestEnv, repo};

const HEADER: &str = "[Event \"Correspondence game\"]
[Site \"?\"]
[Date \"2020.11.20\"]
[Round \"-\"]
[White \"Alice\"]
[Black \"Bob\"]
[Result \"*\"]
[Variant \"Dynamo\"]
[Rules \"nost\"]
[WhiteEmail \"alice@example.org\"]
[BlackEmail \"bob@example.org\"]
[TimeControl \"none\"]
[UTCDate \"2020.11.20\"]
[UTCTime \"09:00:00\"]
";

#[test]
fn new_writes_the_tags_and_refuses_to_overwrite() {
    let env = TestEnv::new();
    let out = env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--at",
        "2020-11-20T09:00:00Z",
    ]);
    assert_eq!(
        out,
        "created g.pgn\nWhite: Alice <alice@example.org>\nBlack: Bob <bob@example.org>\nRules: nost\nTime control: none\n"
    );
    assert_eq!(env.read("g.pgn"), format!("{HEADER}\n*\n"));
    let again = env.run(&["new", "g.pgn", "--white", "X", "--black", "Y"]);
    assert_eq!(again.code, 2);
    assert_eq!(
        again.stderr,
        "dynamo: g.pgn: the file already exists; a new game never overwrites one\n"
    );
    assert_eq!(env.read("g.pgn"), format!("{HEADER}\n*\n"));
}

#[test]
fn new_takes_rules_time_control_event_and_a_start_position() {
    let env = TestEnv::new();
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "Alice",
        "--black",
        "bob@example.org",
        "--rules",
        "nost,castling=strict",
        "--time-control",
        "10/50d",
        "--event",
        "Club \"A\"",
        "--round",
        "3",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 12",
        "--at",
        "2020-11-20 09:00",
    ]);
    let text = env.read("g.pgn");
    assert!(text.starts_with("[Event \"Club \\\"A\\\"\"]\n"), "{text}");
    assert!(
        text.contains("[Round \"3\"]\n[White \"Alice\"]\n[Black \"bob@example.org\"]\n"),
        "{text}"
    );
    assert!(text.contains("[Rules \"nost,castling=strict\"]\n[BlackEmail \"bob@example.org\"]\n[TimeControl \"10/50d\"]\n"), "{text}");
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 12 -\"]\n"),
        "{text}"
    );
    let out = env.ok(&[
        "move",
        "g.pgn",
        "O-O",
        "--at",
        "2020-11-21T09:00:00Z",
        "--ascii",
    ]);
    assert!(out.starts_with("12. O-O\n"), "{out}");
    assert!(
        env.read("g.pgn")
            .ends_with("\n12. O-O {2020-11-21T09:00:00Z}\n*\n")
    );
    env.ok(&["move", "g.pgn", "Ke8d7", "--at", "2020-11-21T10:00:00Z"]);
    assert!(
        env.read("g.pgn")
            .ends_with("\n12. O-O {2020-11-21T09:00:00Z} Ke8d7 {2020-11-21T10:00:00Z}\n*\n")
    );
}

#[test]
fn move_prints_the_canonical_move_and_the_board_and_records_it() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let out = env.ok(&[
        "move",
        "g.pgn",
        "Pe2e4!",
        "--at",
        "2020-11-20T09:14:00Z",
        "--ascii",
    ]);
    assert_eq!(
        out,
        "1. e2e4
8  r n b q k b n r
7  p p p p p p p p
6  . . . . . . . .
5  . . . . . . . .
4  . . . . P . . .
3  . . . . . . . .
2  P P P P . P P P
1  R N B Q K B N R
   a b c d e f g h
Black to move
"
    );
    let out = env.ok(&[
        "move",
        "g.pgn",
        "Qd8/Pd7d5",
        "--from",
        "BOB@example.org",
        "--at",
        "2020-11-21T10:00:00Z",
    ]);
    assert!(out.starts_with("1... Qd8/d7d5\n"), "{out}");
    assert_eq!(
        env.read("g.pgn"),
        format!(
            "{HEADER}\n1. e2e4 {{2020-11-20T09:14:00Z}} Qd8/d7d5 {{2020-11-21T10:00:00Z}}\n*\n"
        )
    );
    let show = env.ok(&["show", "--game", "g.pgn", "--ascii"]);
    assert!(show.contains("White to move\n"), "{show}");
    assert!(show.contains(
        "FEN: rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\n"
    ));
    assert_eq!(env.ok(&["status", "--game", "g.pgn"]), "ongoing\n");
    // --game gives the game's position: the same moves as its FEN.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    assert_eq!(
        env.ok(&["legal", "--game", "g.pgn"]),
        env.ok(&["legal", "--fen", fen])
    );
    let both = env.run(&["legal", "--game", "g.pgn", "--fen", "startpos"]);
    assert_eq!(both.code, 2, "--game and --fen together must be refused");
}

#[test]
fn check_gives_the_verdict_and_writes_nothing() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    let out = env.ok(&["check", "g.pgn", "Bf1/g2E", "--ascii"]);
    assert!(out.starts_with("1. Bf1/g2E\n"), "{out}");
    assert!(
        out.ends_with("Black to move\nlegal; nothing was recorded\n"),
        "{out}"
    );
    let bad = env.run(&["check", "g.pgn", "e2e5"]);
    assert_eq!(bad.code, 1);
    assert_eq!(
        bad.stderr,
        "dynamo: rejected: e2e5: a pawn cannot move from e2 to e5; did you mean e2e3 or e2e4?\n"
    );
    assert_eq!(env.read("g.pgn"), before);
}

/// Runs `args`, expects `code` and exactly `stderr`, and that `g.pgn` did
/// not change.
#[track_caller]
fn rejected(env: &TestEnv, args: &[&str], code: i32, stderr: &str) {
    let before = env.read("g.pgn");
    env.fails(args, code, stderr);
    assert_eq!(env.read("g.pgn"), before, "{args:?} changed the file");
}

#[test]
fn every_rejection_has_a_reason_and_changes_nothing() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    // Malformed move text.
    rejected(
        &env,
        &["move", "g.pgn", "e7e5x"],
        1,
        "dynamo: rejected: 'e7e5x' is not a move: at column 5, expected '/' or the end of the move, found 'x'; did you mean e7e5?\n",
    );
    // A move number that is not the game's (docs/players.md, "Writing a move").
    rejected(
        &env,
        &["move", "g.pgn", "2... e5"],
        1,
        "dynamo: rejected: 2... e5: the move is numbered 2, but it is move 1\n",
    );
    // Illegal move.
    rejected(
        &env,
        &["move", "g.pgn", "e7e3"],
        1,
        "dynamo: rejected: e7e3: a pawn cannot move from e7 to e3; did you mean e7e5 or e7e6?\n",
    );
    // Not the mover's piece.
    rejected(
        &env,
        &["move", "g.pgn", "d2d4"],
        1,
        "dynamo: rejected: d2d4: the white pawn on d2 is not yours: only your own pieces move under their own power; did you mean d7d5 or d7d6?\n",
    );
    // Wrong player, by side and by address.
    rejected(
        &env,
        &["move", "g.pgn", "e7e5", "--by", "white"],
        1,
        "dynamo: rejected: it is Black's turn, not White's\n",
    );
    rejected(
        &env,
        &["move", "g.pgn", "e7e5", "--from", "alice@example.org"],
        1,
        "dynamo: rejected: it is Black's turn, not White's\n",
    );
    rejected(
        &env,
        &["move", "g.pgn", "e7e5", "--from", "mallory@example.org"],
        1,
        "dynamo: rejected: mallory@example.org is not the address of either player in this game\n",
    );
    rejected(
        &env,
        &[
            "move",
            "g.pgn",
            "e7e5",
            "--from",
            "bob@example.org",
            "--by",
            "white",
        ],
        1,
        "dynamo: rejected: bob@example.org is Black's address, but the submitter was given as White\n",
    );
    // Invalid times.
    rejected(
        &env,
        &["move", "g.pgn", "e7e5", "--at", "yesterday"],
        2,
        "dynamo: --at: invalid time 'yesterday': expected RFC 3339 such as 2026-11-20T09:14:00Z, '2026-11-20 09:14' (UTC), or a mail's date such as 'Fri, 20 Nov 2026 09:14:00 +0100'\n",
    );
    rejected(
        &env,
        &["move", "g.pgn", "e7e5", "--at", "2020-11-20T09:59:59Z"],
        2,
        "dynamo: rejected: the time 2020-11-20T09:59:59Z is before the last recorded time 2020-11-20T10:00:00Z\n",
    );
    let future = env.run(&["move", "g.pgn", "e7e5", "--at", "2999-01-01T00:00:00Z"]);
    assert_eq!(future.code, 2);
    assert!(
        future
            .stderr
            .starts_with("dynamo: rejected: the time 2999-01-01T00:00:00Z is in the future"),
        "{}",
        future.stderr
    );
    // Unknown game file.
    let missing = env.run(&["move", "nope.pgn", "e7e5"]);
    assert_eq!(missing.code, 2);
    assert_eq!(missing.stderr, "dynamo: nope.pgn: no such game file\n");
    assert!(!env.path("nope.pgn").exists());
    assert!(!env.path("nope.pgn.lock").exists());
    // Unknown rule option: no file is created.
    let rules = env.run(&[
        "new",
        "h.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--rules",
        "nost,undo=true",
    ]);
    assert_eq!(rules.code, 2);
    assert_eq!(
        rules.stderr,
        "dynamo: --rules: unknown rule option 'undo' (options: stationary_pull, castling, king_transit_check, en_passant_edge)\n"
    );
    assert!(!env.path("h.pgn").exists());
    let tc = env.run(&[
        "new",
        "h.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--time-control",
        "50",
    ]);
    assert_eq!(tc.code, 2);
    assert!(
        tc.stderr
            .starts_with("dynamo: --time-control: time control '50' is not understood"),
        "{}",
        tc.stderr
    );
    assert!(!env.path("h.pgn").exists());
    // Unwritable folder: its name is taken by a file (tests may run as
    // root, for whom permissions do not stop a write).
    std::fs::write(env.path("taken"), "a file").unwrap();
    let folder = env.run(&["new", "taken/h.pgn", "--white", "A", "--black", "B"]);
    assert_eq!(folder.code, 3);
    assert!(
        folder.stderr.starts_with("dynamo: taken: "),
        "{}",
        folder.stderr
    );
    // A missing games folder is created.
    env.ok(&["new", "fresh/h.pgn", "--white", "A", "--black", "B"]);
    assert!(env.path("fresh/h.pgn").exists());
    // The file is still good and nothing was added.
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 1 half-move, Black to move\n1 file: 1 ok, 0 bad\n"
    );
}

#[test]
fn an_unwritable_game_file_is_an_io_failure_and_keeps_the_record() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    // A folder where the lock file should be: the lock cannot be taken.
    std::fs::remove_file(env.path("g.pgn.lock")).unwrap();
    std::fs::create_dir(env.path("g.pgn.lock")).unwrap();
    let out = env.run(&["move", "g.pgn", "e2e4"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("dynamo: g.pgn.lock: "),
        "{}",
        out.stderr
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn a_file_that_does_not_replay_is_never_overwritten() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let broken = format!("{HEADER}\n1. e2e5 {{2020-11-20T10:00:00Z}}\n*\n");
    env.write("g.pgn", &broken);
    rejected(
        &env,
        &["move", "g.pgn", "e2e4"],
        2,
        "dynamo: g.pgn: line 16: move 1 by White (e2e5): a pawn cannot move from e2 to e5\n",
    );
    assert_eq!(env.read("g.pgn"), broken);
}

#[test]
fn identity_is_required_when_the_config_says_so() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "require_identity = true\n");
    env.new_game(&[]);
    rejected(
        &env,
        &["move", "g.pgn", "e2e4"],
        2,
        "dynamo: the config requires the submitter's identity: give --by white|black or --from ADDRESS\n",
    );
    env.ok(&["move", "g.pgn", "e2e4", "--by", "white"]);
    env.ok(&["move", "g.pgn", "e7e5", "--from", "bob@example.org"]);
    // --config wins over dynamo.toml in the current folder.
    env.write("other.toml", "require_identity = false\n");
    env.ok(&["--config", "other.toml", "move", "g.pgn", "d2d4"]);
}

#[test]
fn config_errors_name_the_key_or_the_file() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "games_dir = \"games\"\nmail_afer_move = true\n",
    );
    let out = env.run(&["verify"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("unknown field `mail_afer_move`"),
        "{}",
        out.stderr
    );
    let out = env.run(&["--config", "missing.toml", "verify"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("dynamo: config file missing.toml: "),
        "{}",
        out.stderr
    );
}

#[test]
fn config_defaults_apply_to_new_games_and_verify() {
    let env = TestEnv::new();
    env.write(
        "cfg/dynamo.toml",
        "games_dir = \"tourney\"\ndefault_rules = \"nost,stationary_pull=false\"\ndefault_time_control = \"3d\"\n",
    );
    // games_dir is taken from the config file's folder.
    std::fs::create_dir(env.path("cfg/tourney")).unwrap();
    let out = env.ok(&[
        "--config",
        "cfg/dynamo.toml",
        "new",
        "cfg/tourney/a.pgn",
        "--white",
        "A",
        "--black",
        "B",
    ]);
    assert!(
        out.ends_with("Rules: nost,stationary_pull=false\nTime control: 3d\n"),
        "{out}"
    );
    let config = env.path("cfg/dynamo.toml");
    let out = env.run_with(
        &["verify"],
        &[("DYNAMO_CONFIG", config.to_str().expect("a UTF-8 path"))],
    );
    assert_eq!(
        out.stdout,
        format!(
            "{}: ok, 0 half-moves, White to move\n1 file: 1 ok, 0 bad\n",
            env.path("cfg/tourney/a.pgn").display()
        )
    );
}

#[test]
fn resignation_ends_the_game() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4"]);
    assert_eq!(
        env.ok(&["resign", "g.pgn", "--by", "black"]),
        "1-0 Black resigns\n"
    );
    let text = env.read("g.pgn");
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    assert!(text.contains("[Termination \"Black resigns\"]\n"), "{text}");
    assert!(text.ends_with("}\n1-0\n"), "{text}");
    rejected(
        &env,
        &["move", "g.pgn", "e7e5"],
        1,
        "dynamo: rejected: the game is over (1-0: Black resigns); nothing more can be recorded\n",
    );
    rejected(
        &env,
        &["resign", "g.pgn", "--by", "white"],
        1,
        "dynamo: rejected: the game is over (1-0: Black resigns); nothing more can be recorded\n",
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 1 half-move, 1-0 (Black resigns)\n1 file: 1 ok, 0 bad\n"
    );
}

#[test]
fn draw_offers_are_made_declined_lapse_and_accepted() {
    let env = TestEnv::new();
    env.new_game(&[]);
    rejected(
        &env,
        &["draw", "g.pgn", "accept", "--by", "black"],
        1,
        "dynamo: rejected: there is no draw offer for Black to answer\n",
    );
    assert_eq!(
        env.ok(&["draw", "g.pgn", "offer", "--by", "white"]),
        "White offers a draw\n"
    );
    assert!(env.read("g.pgn").contains("[DrawOffer \"White\"]\n"));
    rejected(
        &env,
        &["draw", "g.pgn", "offer", "--by", "white"],
        1,
        "dynamo: rejected: White has already offered a draw\n",
    );
    rejected(
        &env,
        &["draw", "g.pgn", "offer", "--by", "black"],
        1,
        "dynamo: rejected: Black cannot offer a draw: White has offered one; accept or decline it\n",
    );
    rejected(
        &env,
        &["draw", "g.pgn", "accept", "--by", "white"],
        1,
        "dynamo: rejected: there is no draw offer for White to answer\n",
    );
    assert_eq!(
        env.ok(&["draw", "g.pgn", "decline", "--by", "black"]),
        "Black declines the draw offer\n"
    );
    assert!(!env.read("g.pgn").contains("DrawOffer"));
    // An offer lapses when the other side plays on.
    env.ok(&["draw", "g.pgn", "offer", "--by", "white"]);
    env.ok(&["move", "g.pgn", "e2e4"]);
    assert!(
        env.read("g.pgn").contains("[DrawOffer \"White\"]\n"),
        "the offerer's own move keeps the offer"
    );
    env.ok(&["move", "g.pgn", "e7e5"]);
    assert!(!env.read("g.pgn").contains("DrawOffer"));
    env.ok(&["draw", "g.pgn", "offer", "--by", "black"]);
    assert_eq!(
        env.ok(&["draw", "g.pgn", "accept", "--by", "white"]),
        "1/2-1/2 draw agreed (Black offered, White accepted)\n"
    );
    let text = env.read("g.pgn");
    assert!(text.contains("[Result \"1/2-1/2\"]\n"), "{text}");
    assert!(!text.contains("DrawOffer"), "{text}");
    assert!(text.ends_with("\n1/2-1/2\n"), "{text}");
}

#[test]
fn adjudication_records_the_result_and_reason() {
    let env = TestEnv::new();
    env.new_game(&[]);
    rejected(
        &env,
        &["adjudicate", "g.pgn", "2-0", "--reason", "x"],
        2,
        "dynamo: rejected: result must be 1-0, 0-1 or 1/2-1/2, not '2-0'\n",
    );
    rejected(
        &env,
        &["adjudicate", "g.pgn", "0-1", "--reason", " "],
        2,
        "dynamo: rejected: the reason must not be empty\n",
    );
    assert_eq!(
        env.ok(&[
            "adjudicate",
            "g.pgn",
            "0-1",
            "--reason",
            "time forfeit: White exceeded 10/50d"
        ]),
        "0-1 adjudicated: time forfeit: White exceeded 10/50d\n"
    );
    assert!(
        env.read("g.pgn")
            .contains("[Termination \"adjudicated: time forfeit: White exceeded 10/50d\"]\n")
    );
    let json = env.ok(&["export", "g.pgn", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["result"], "0-1");
    assert_eq!(
        v["reason"],
        "adjudicated: time forfeit: White exceeded 10/50d"
    );
    assert_eq!(v["to_move"], serde_json::Value::Null);
}

#[test]
fn export_formats() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T09:14:00Z"]);
    assert_eq!(
        env.ok(&["export", "g.pgn", "--format", "pgn"]),
        env.read("g.pgn")
    );
    assert_eq!(
        env.ok(&["export", "g.pgn", "--format", "fen"]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"
    );
    let json = env.ok(&["export", "g.pgn", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["game_id"], "alice-bob-2020-11-20-09-00-00");
    assert_eq!(v["white"]["email"], "alice@example.org");
    assert_eq!(v["moves"][0]["notation"], "e2e4");
    assert_eq!(v["moves"][0]["received"], "2020-11-20T09:14:00Z");
    assert_eq!(v["moves"][0]["number"], 1);
    assert_eq!(v["moves"][0]["side"], "white");
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["result"], "*");
    assert_eq!(v["started"], "2020-11-20T09:00:00Z");
}

#[test]
fn the_example_config_is_valid_and_complete() {
    let text = std::fs::read_to_string(repo().join("config.example.toml")).unwrap();
    let config = dynamo::config::Config::parse(&text).expect("config.example.toml parses");
    let mail = config.mail.expect("the example has a [mail] table");
    assert_eq!(mail.security, dynamo::config::Security::Starttls);
    for key in [
        "games_dir",
        "default_rules",
        "default_time_control",
        "require_identity",
        "mail_after_move",
        "host",
        "port",
        "security",
        "username",
        "password_env",
        "from",
        "outbox",
        "secret_env",
        "reply_subaddress",
        "inbox_state",
        "replies_per_hour",
    ] {
        assert!(
            text.contains(&format!("\n{key} = ")),
            "config.example.toml lacks {key}"
        );
    }
}

#[test]
fn a_mail_failure_after_a_recorded_move_keeps_the_move_and_exits_3() {
    let env = TestEnv::new();
    // Port 1 on loopback: nothing listens, so sending fails at once.
    env.write(
        "dynamo.toml",
        "[mail]\nhost = \"127.0.0.1\"\nport = 1\nsecurity = \"none\"\nfrom = \"TD <td@example.org>\"\n",
    );
    env.new_game(&[]);
    let out = env.run(&[
        "move",
        "g.pgn",
        "e2e4",
        "--at",
        "2020-11-20T10:00:00Z",
        "--mail",
        "--ascii",
    ]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("dynamo: the move is recorded in g.pgn, but mailing it failed: "),
        "{}",
        out.stderr
    );
    assert!(out.stdout.starts_with("1. e2e4\n"), "{}", out.stdout);
    assert!(
        env.read("g.pgn")
            .ends_with("\n1. e2e4 {2020-11-20T10:00:00Z}\n*\n")
    );
}
