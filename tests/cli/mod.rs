//! The position commands as a user runs them: legal, perft, play, status,
//! show; output formats and exit codes are a contract. Beside them:
//! the engine's commands (`engine`) and their limits (`search_limits`),
//! addresses and times as mail shows them (`mail_forms`), the shell's
//! conventions (`shell`), the config's lookup (`settings`), verdicts as
//! JSON (`verdicts`), the global `--output` that asks for JSON
//! (`output`), refusals with their suggestions (`refusals`) and overlong
//! input quoted short (`overlong`).

mod engine;
mod mail_forms;
mod output;
mod overlong;
mod refusals;
mod search_limits;
mod settings;
mod shell;
mod verdicts;

use crate::support::TestEnv;

#[test]
fn legal_lists_sorted_canonical_moves() {
    let env = TestEnv::new();
    let out = env.ok(&["legal"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 176);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    for m in ["Qd1d3/d2d6", "Bf1/g2E", "Ng1e2/e2c3", "e2e4", "Bc1E/b2c1"] {
        assert!(lines.contains(&m), "{m}");
    }
    assert_eq!(env.ok(&["legal", "--count"]), "176\n");
    assert!(
        env.ok(&["legal", "--numeric"])
            .lines()
            .any(|l| l == "4143/4246")
    );
}

#[test]
fn legal_reads_fen_and_rules() {
    let env = TestEnv::new();
    let fen = "k7/8/7Q/8/8/7R/8/K7 w - - 0 1";
    let nost = env.ok(&["legal", "--fen", fen]);
    let strict = env.ok(&[
        "legal",
        "--fen",
        fen,
        "--rules",
        "nost,stationary_pull=false",
    ]);
    assert!(nost.lines().any(|l| l == "Rh3/h6h4"));
    assert!(!strict.lines().any(|l| l == "Rh3/h6h4"));
}

#[test]
fn perft_prints_the_count_last() {
    let env = TestEnv::new();
    assert_eq!(env.ok(&["perft", "2"]), "29537\n");
    let out = env.ok(&["perft", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"29537"));
    assert!(lines.contains(&"Qd1d3/d2d6 144"));
    let sum: u64 = lines
        .iter()
        .filter_map(|l| l.split_once(' '))
        .map(|(_, n)| n.parse::<u64>().expect("count"))
        .sum();
    assert_eq!(sum, 29537);
    assert_eq!(lines.iter().filter(|l| l.contains(' ')).count(), 176);
}

#[test]
fn play_prints_the_fen_with_the_seventh_field() {
    let env = TestEnv::new();
    assert_eq!(
        env.ok(&["play", "e2e4"]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"
    );
    assert_eq!(
        env.ok(&["play", "Qd1d3/d2d6", "Ng8/e7c6"]),
        "rnbqkbnr/pppp1ppp/2pP4/8/8/3Q4/PPP1PPPP/RNB1KBNR w KQkq - 0 2 rnbqkbnr/pppppppp/3P4/8/8/3Q4/PPP1PPPP/RNB1KBNR\n"
    );
    // Numeric notation and a FEN to start from.
    assert_eq!(
        env.ok(&[
            "play",
            "--fen",
            "k7/8/7Q/8/8/7R/8/K7 w - - 0 1",
            "8382/8684"
        ]),
        "k7/8/8/8/7Q/8/7R/K7 b - - 1 1 k7/8/7Q/8/8/7R/8/K7\n"
    );
}

#[test]
fn play_refuses_with_the_move_and_the_reason() {
    let env = TestEnv::new();
    env.fails(
        &["play", "e2e4", "e7e5", "Ke1e3"],
        1,
        "dynamo: move 3 (Ke1e3): a king cannot move from e1 to e3; did you mean Ke1e2?\n",
    );
    let out = env.run(&["play", "e2e4", "Qd8/d7"]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr
            .starts_with("dynamo: move 2 (Qd8/d7): 'Qd8/d7' is not a move: at column 7"),
        "{}",
        out.stderr
    );
}

#[test]
fn status_prints_one_word() {
    let env = TestEnv::new();
    assert_eq!(env.ok(&["status"]), "ongoing\n");
    assert_eq!(
        env.ok(&["status", "--fen", "8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1"]),
        "checkmate\n"
    );
    assert_eq!(
        env.ok(&["status", "--fen", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"]),
        "stalemate\n"
    );
    assert_eq!(
        env.ok(&[
            "status",
            "--fen",
            "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b - - 0 1"
        ]),
        "check\n"
    );
}

#[test]
fn show_draws_the_board() {
    let env = TestEnv::new();
    let out = env.ok(&["show", "--ascii"]);
    assert!(out.starts_with("8  r n b q k b n r\n7  p p p p p p p p\n6  . . . . . . . .\n"));
    assert!(out.contains("   a b c d e f g h\n"));
    assert!(out.contains("White to move\n"));
    assert!(out.contains("Castling: White: O-O, O-O-O; Black: O-O, O-O-O\n"));
    assert!(out.contains("Status: ongoing\n"));
    let out = env.ok(&["show", "--fen", "4k3/8/8/8/8/7R/8/4K3 w K@h1h3 - 0 1"]);
    assert!(out.contains("♔"));
    assert!(
        out.contains("Castling: White: O-O (rook h1 now on h3); Black: none\n"),
        "{out}"
    );
}

#[test]
fn bad_input_exits_2_with_a_specific_message() {
    let env = TestEnv::new();
    env.fails(
        &["legal", "--fen", "8/8/8 w - - 0 1"],
        2,
        "dynamo: --fen: piece placement: expected 8 ranks separated by '/', found 3\n",
    );
    env.fails(
        &["legal", "--rules", "nost,foo=1"],
        2,
        "dynamo: --rules: unknown rule option 'foo' (options: stationary_pull, castling, king_transit_check, en_passant_edge, promotion)\n",
    );
    env.fails(
        &["status", "--fen", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1"],
        2,
        "dynamo: --fen: black has just moved but its king is in check\n",
    );
    // Usage errors are clap's, also exit 2.
    assert_eq!(env.run(&["perft"]).code, 2);
    assert_eq!(env.run(&["frobnicate"]).code, 2);
}
