//! `dynamo solve`, `dynamo analyse` and `adjudicate --analyse` as a user
//! runs them: the layouts and JSON keys are a contract (docs/director.md,
//! "Problems and analysis").

use serde_json::Value;

use crate::support::TestEnv;

const TWO_MOVER: &str = "7Q/8/7K/5b2/k7/8/8/8 w - - 1 2 7Q/8/4b2K/8/k7/8/8/8";

#[test]
fn solve_prints_every_key_with_its_threat_and_variations() {
    let env = TestEnv::new();
    assert_eq!(
        env.ok(&["solve", "--fen", TWO_MOVER, "--mate", "2"]),
        "\
1.Qh8b2! threat: 2.Qb2b4#
    1...Ka4a5
        2.Qb2b5#
1.Qh8b8! threat: 2.Qb8b4#
    1...Ka4a5
        2.Qb8b5#
    1...Ka4a3
        2.Qb8b3#
"
    );
    // A try, and its one refutation.
    let tries = env.ok(&["solve", "--fen", TWO_MOVER, "--mate", "2", "--tries"]);
    assert!(
        tries.ends_with("1.Qh8c3? threat: 2.Qc3b4#\n    but\n    1...Ka4b5!\n"),
        "{tries}"
    );
    // --all adds the defences after which the threat still mates.
    let all = env.ok(&["solve", "--fen", TWO_MOVER, "--mate", "2", "--all"]);
    assert!(all.lines().count() > 8, "{all}");
}

#[test]
fn solve_json_has_the_keys_sorted_or_none() {
    let env = TestEnv::new();
    let out = env.ok(&["solve", "--fen", TWO_MOVER, "--mate", "2", "--json"]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["mate_in"], 2);
    assert_eq!(v["keys"], serde_json::json!(["Qh8b2", "Qh8b8"]));
    // Without the king-transit rule there is no mate in two (§6).
    let out = env.ok(&[
        "solve",
        "--fen",
        TWO_MOVER,
        "--rules",
        "nost,king_transit_check=false",
        "--mate",
        "2",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["keys"], serde_json::json!([]));
}

#[test]
fn solve_says_when_there_is_no_mate() {
    let env = TestEnv::new();
    assert_eq!(
        env.ok(&[
            "solve",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--mate",
            "2"
        ]),
        "no mate in 2\n"
    );
    // The rule book's dynamate: Black, to move, is mated already.
    assert_eq!(
        env.ok(&[
            "solve",
            "--fen",
            "8/4B3/8/8/6Qk/8/4N3/K7 b - -",
            "--mate",
            "1"
        ]),
        "no mate in 1\n"
    );
    env.fails(
        &["solve", "--mate", "0"],
        2,
        "dynamo: the number of moves must be 1 to 8, not 0\n",
    );
}

#[test]
fn solve_finds_helpmates() {
    let env = TestEnv::new();
    let fen = "8/4B3/8/7k/8/8/4N1Q1/K7 b - - 0 1";
    assert_eq!(
        env.ok(&["solve", "--fen", fen, "--help-mate", "1"]),
        "1.Kh5h6 Qg2g6#\n"
    );
    let out = env.ok(&["solve", "--fen", fen, "--help-mate", "2", "--json"]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["keys"], serde_json::json!(["Kh5h6"]));
    assert!(
        v["solutions"]
            .as_array()
            .expect("solutions")
            .contains(&Value::from("1.Kh5h6 Be7E 2.Kh6h5 Qg2g5#"))
    );
}

/// `--self-mate N`: the keys laid out as a directmate's, the defender's
/// forced mates marked; none in fewer moves said so; JSON with
/// `self_mate_in`; one stipulation at a time; the limits of the others.
#[test]
fn solve_finds_selfmates() {
    let env = TestEnv::new();
    assert_eq!(
        env.ok(&[
            "solve",
            "--fen",
            "7k/8/3q2K1/8/5q2/3n4/8/8 w - - 0 1",
            "--self-mate",
            "1"
        ]),
        "1.Kg6g7+!\n    1...Kh8/g7f6#\n    1...Kh8g7/g7f6#\n"
    );
    let fen = "8/8/8/8/8/5N2/3Q3K/5k2 w - - 0 1";
    assert_eq!(
        env.ok(&["solve", "--fen", fen, "--self-mate", "1"]),
        "no selfmate in 1\n"
    );
    let out = env.ok(&["solve", "--fen", fen, "--self-mate", "2", "--json"]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["keys"], serde_json::json!(["Kh2g1"]));
    assert_eq!(
        (v["self_mate_in"].as_u64(), v["mate_in"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(v["complete"], Value::Bool(true));
    let both = env.run(&["solve", "--fen", fen, "--self-mate", "2", "--mate", "2"]);
    assert_eq!(both.code, 2, "{}", both.stderr);
    let cut = env.run(&["solve", "--fen", fen, "--self-mate", "2", "--nodes", "10"]);
    assert_eq!(cut.code, 4, "{}{}", cut.stdout, cut.stderr);
}

#[test]
fn analyse_prints_one_json_object_a_depth() {
    let env = TestEnv::new();
    let out = env.ok(&["analyse", "--fen", TWO_MOVER, "--depth", "3", "--json"]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let last = lines.last().expect("a depth");
    assert_eq!(last["score"], serde_json::json!({ "mate": 2 }));
    assert!(["Qh8b2", "Qh8b8"].contains(&last["best"].as_str().expect("best")));
    assert_eq!(last["pv"][0], last["best"]);
    assert!(last["nodes"].as_u64().expect("nodes") > 0);
    let text = env.ok(&["analyse", "--depth", "1"]);
    assert!(text.starts_with("depth  1  best "), "{text}");
    assert!(
        text.contains(" score +") || text.contains(" score -"),
        "{text}"
    );
}

#[test]
fn analyse_names_the_side_to_move_and_numbers_its_variation() {
    let env = TestEnv::new();
    // After 1. e2e4, Black to move: the scores are Black's, the line starts
    // at 1... and White's reply is 2.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let text = env.ok(&["analyse", "--fen", fen, "--depth", "2"]);
    let last = text.lines().last().expect("a depth");
    assert!(last.contains(" for Black  pv 1... "), "{text}");
    assert!(last.contains(" 2. "), "{text}");
    let out = env.ok(&["analyse", "--fen", fen, "--depth", "2", "--json"]);
    let v: Value = serde_json::from_str(out.lines().last().expect("a depth")).expect("JSON");
    assert_eq!(v["to_move"], "black");
    let line = v["line"].as_str().expect("line");
    let pv: Vec<&str> = v["pv"]
        .as_array()
        .expect("pv")
        .iter()
        .map(|m| m.as_str().expect("a move"))
        .collect();
    assert_eq!(line, format!("1... {} 2. {}", pv[0], pv[1]));
    // The mate in two of the guide, White to move at move 2.
    let text = env.ok(&["analyse", "--fen", TWO_MOVER, "--depth", "3"]);
    assert!(text.contains("score mate 2 for White  pv 2. "), "{text}");
}

#[test]
fn adjudicate_analyse_without_a_result_records_nothing() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    let out = env.ok(&["adjudicate", "g.pgn", "--analyse", "--time", "0.5"]);
    assert!(out.starts_with("engine's view of g.pgn"), "{out}");
    assert!(out.contains("depth  1  best "), "{out}");
    assert_eq!(env.read("g.pgn"), before, "nothing recorded");
    // With a result, the view comes first and the decision is recorded.
    let out = env.ok(&[
        "adjudicate",
        "g.pgn",
        "1/2-1/2",
        "--reason",
        "adjudicated position",
        "--analyse",
        "--time",
        "0.2",
    ]);
    assert!(out.starts_with("engine's view of g.pgn"), "{out}");
    assert_ne!(env.read("g.pgn"), before);
    // A result still needs its reason.
    assert_eq!(
        env.run(&["adjudicate", "g.pgn", "1-0", "--analyse"]).code,
        2
    );
}

/// The lines of `analyse` with the speed column left out: the same search
/// gives the same depths, moves, scores and node counts on every run.
fn searched(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split("  nps").next().unwrap_or(l).to_string())
        .collect()
}

/// A search by nodes is exact unless `--prune` asks for guesses: its
/// completed depths are those of `--depth`, node for node. `--prune` is
/// refused where it would change nothing or a verdict to keep.
#[test]
fn analyse_prunes_only_when_asked() {
    let env = TestEnv::new();
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8";
    // The guesses start at depth 3 below the root: depth 4 shows them.
    let exact = searched(&env.ok(&["analyse", "--fen", fen, "--depth", "4"]));
    let by_nodes = searched(&env.ok(&["analyse", "--fen", fen, "--nodes", "2000000"]));
    assert!(by_nodes.len() >= exact.len(), "{by_nodes:?}");
    assert_eq!(by_nodes[..exact.len()], exact[..]);
    let pruned = searched(&env.ok(&["analyse", "--fen", fen, "--nodes", "2000000", "--prune"]));
    assert_ne!(
        pruned[..exact.len()],
        exact[..],
        "the guesses change the tree"
    );
    env.fails(
        &["analyse", "--prune"],
        2,
        "dynamo: --prune: give --time or --nodes (a search to a depth stays exact)\n",
    );
    let both = env.run(&["analyse", "--prune", "--time", "1", "--depth", "3"]);
    assert_eq!(both.code, 2);
    assert!(
        both.stderr.contains("cannot be used with"),
        "{}",
        both.stderr
    );
}
