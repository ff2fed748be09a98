//! `dynamo verify` and `dynamo games` over good and hand-corrupted files,
//! and the shipped sample game.

use crate::support::{TestEnv, repo};

fn sample() -> String {
    std::fs::read_to_string(repo().join("games/sample.pgn")).expect("games/sample.pgn")
}

#[test]
fn the_sample_game_replays_to_checkmate() {
    let env = TestEnv::new();
    let games = repo().join("games");
    let out = env.run(&["verify", games.to_str().expect("a UTF-8 path")]);
    assert_eq!(out.code, 0, "{}", out.stdout);
    let text = out.stdout;
    assert!(
        text.contains("sample.pgn: ok, 77 half-moves, 1-0 (Black is checkmated)\n"),
        "{text}"
    );
    env.write("sample.pgn", &sample());
    assert_eq!(env.ok(&["status", "--game", "sample.pgn"]), "checkmate\n");
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "sample.pgn", "--format", "json"])).unwrap();
    assert_eq!(json["status"], "checkmate");
    assert_eq!(json["result"], "1-0");
    assert_eq!(json["moves"].as_array().unwrap().len(), 77);
}

#[test]
fn a_full_game_from_new_to_mate_through_the_tool() {
    let env = TestEnv::new();
    env.ok(&[
        "new",
        "replay.pgn",
        "--white",
        "Ada Lovelace <ada@example.org>",
        "--black",
        "Charles Babbage <charles@example.org>",
        "--event",
        "Dynamo sample game",
        "--site",
        "By email",
        "--round",
        "1",
        "--time-control",
        "10/50d",
        "--at",
        "2024-01-05T09:00:00Z",
    ]);
    let json: serde_json::Value = {
        env.write("sample.pgn", &sample());
        serde_json::from_str(&env.ok(&["export", "sample.pgn", "--format", "json"])).unwrap()
    };
    let moves = json["moves"].as_array().unwrap();
    let mut last = String::new();
    for m in moves {
        let side = m["side"].as_str().unwrap();
        last = env.ok(&[
            "move",
            "replay.pgn",
            m["notation"].as_str().unwrap(),
            "--by",
            side,
            "--at",
            m["received"].as_str().unwrap(),
            "--ascii",
        ]);
    }
    assert!(last.starts_with("39. Rc7/c8E#\n"), "{last}");
    assert!(
        last.ends_with("Checkmate: White wins\nResult: 1-0 (Black is checkmated)\n"),
        "{last}"
    );
    // Played through the tool, the record is byte for byte the sample.
    assert_eq!(env.read("replay.pgn"), sample());
    let after = env.run(&["move", "replay.pgn", "Kb7a8"]);
    assert_eq!(after.code, 1);
    assert_eq!(
        after.stderr,
        "dynamo: rejected: the game is over (1-0: Black is checkmated); nothing more can be recorded\n"
    );
}

#[test]
fn hand_corrupted_files_are_reported_precisely() {
    let env = TestEnv::new();
    let good = sample();
    env.write("games/a-good.pgn", &good);
    // Truncated in the middle of a comment, and after a whole move.
    let cut = good.find("Nc8E/e7c8 {2024-02-23").unwrap() + "Nc8E/e7c8 {2024-02".len();
    env.write("games/b-truncated.pgn", &good[..cut]);
    let cut = good.find(" Nc8E/e7c8").unwrap();
    env.write("games/c-truncated.pgn", &good[..cut]);
    env.write(
        "games/d-bad-tag.pgn",
        &good.replace("[Round \"1\"]", "[Round 1]"),
    );
    env.write(
        "games/e-illegal.pgn",
        &good.replace("17. Rh1h2/h2h6", "17. Rh1h7/h2h6"),
    );
    env.write("games/f-result.pgn", &good.replace("\n1-0\n", "\n0-1\n"));
    env.write("games/notes.txt", "not a game: ignored by folder scans");
    let out = env.run(&["verify"]);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "games/a-good.pgn: ok, 77 half-moves, 1-0 (Black is checkmated)
games/b-truncated.pgn: line 33, column 49: comment '{' is never closed: the file may be truncated
games/c-truncated.pgn: line 33: the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the file may be truncated
games/d-bad-tag.pgn: line 4: malformed tag pair '[Round 1]': the value must be in double quotes; expected [Name \"value\"]
games/e-illegal.pgn: line 33: move 17 by White (Rh1h7/h2h6): when the pawn on h2 goes to h6, the rook on h1 can end only on: stay on h1, h2, h3, h4, h5 (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)
games/f-result.pgn: line 56: the moves end with 0-1 but the Result tag (line 7) says 1-0
6 files: 1 ok, 5 bad
"
    );
    // A command that would write refuses the bad file and leaves it alone.
    let before = env.read("games/e-illegal.pgn");
    let out = env.run(&["move", "games/e-illegal.pgn", "e2e4"]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "dynamo: games/e-illegal.pgn: line 33: move 17 by White (Rh1h7/h2h6): when the pawn on h2 goes to h6, the rook on h1 can end only on: stay on h1, h2, h3, h4, h5 (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)\n"
    );
    assert_eq!(env.read("games/e-illegal.pgn"), before);
    // And the overview lists it as such.
    let out = env.run(&["games", "games/e-illegal.pgn", "games/a-good.pgn"]);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "Folder: games/
FILE           EVENT               ROUND  WHITE         BLACK            MOVE  LAST MOVE    RECEIVED UTC      RESULT
a-good.pgn     Dynamo sample game  1      Ada Lovelace  Charles Babbage    39  39. Rc7/c8E  2024-04-28 11:58  1-0 Black is checkmated
e-illegal.pgn  does not replay: line 33: move 17 by White (Rh1h7/h2h6): when the pawn on h2 goes to h6, the rook on h1 can end only on: stay on h1, h2, h3, h4, h5 (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)
2 files: 0 in progress (0 overdue), 1 finished, 1 does not replay
"
    );
}

#[test]
fn missing_tags_moves_without_times_and_misnumbered_moves() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let good = env.read("g.pgn");
    env.write("a.pgn", &good.replace("[Round \"-\"]\n", ""));
    env.write(
        "b.pgn",
        &good.replace("\n*\n", "\n1. e2e4 e7e5 {2024-11-21T09:00:00Z}\n*\n"),
    );
    env.write(
        "c.pgn",
        &good.replace("\n*\n", "\n2. e2e4 {2024-11-21T09:00:00Z}\n*\n"),
    );
    env.write(
        "d.pgn",
        &good.replace(
            "\n*\n",
            "\n1. e2e4 {2024-11-21T09:00:00Z} e7e5 {2024-11-20T09:00:00Z}\n*\n",
        ),
    );
    env.write(
        "e.pgn",
        &good.replace("[Rules \"nost\"]", "[Rules \"nost,undo=false\"]"),
    );
    env.write(
        "f.pgn",
        &good.replace("[TimeControl \"none\"]", "[TimeControl \"fast\"]"),
    );
    let out = env.run(&[
        "verify", "a.pgn", "b.pgn", "c.pgn", "d.pgn", "e.pgn", "f.pgn", "zz.pgn",
    ]);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "a.pgn: missing tag [Round \"…\"]
b.pgn: line 16: move 1 by White (e2e4): no {received time} comment after the move
c.pgn: line 16: move 1 by White (e2e4): it is numbered 2, but it is move 1
d.pgn: line 16: move 1 by Black (e7e5): received 2024-11-20T09:00:00Z, before the previous time 2024-11-21T09:00:00Z
e.pgn: line 9: tag Rules: unknown rule option 'undo' (options: stationary_pull, castling, king_transit_check, en_passant_edge, promotion)
f.pgn: line 12: tag TimeControl: time control 'fast' is not understood: expected 'none', a time per move such as '3d', or moves/time such as '10/50d' (units d, h, m)
zz.pgn: no such game file
7 files: 0 ok, 7 bad
"
    );
}

/// A section half built (`.NAME.new/`, left by a killed `tournament
/// new`) or any hidden folder holds no game of the tournament: `verify`
/// and `games` over the folder pass it by.
#[test]
fn hidden_folders_of_the_games_folder_are_passed_by() {
    let env = TestEnv::new();
    env.write("games/a.pgn", &sample());
    env.write("games/.club.new/r01-b01.pgn", "not a game at all");
    env.write("games/.attic/old.pgn", "not a game either");
    let out = env.run(&["verify", "games"]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(!out.stdout.contains(".club.new"), "{}", out.stdout);
    let listed = env.ok(&["games", "games"]);
    assert!(!listed.contains("r01-b01"), "{listed}");
}
