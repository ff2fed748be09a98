//! `solve` against the brute force of `brute.rs`: mates of every kind the
//! rules allow, under each rule option, each key set written out and
//! checked both ways.

use dynamo_core::{Position, Rules, Status};
use dynamo_engine::{Cut, Limits, Watch, solve_within};
use dynamo_engine::{Show, solve};
use dynamo_engine::{solve_help, solve_help_within};

use crate::brute;

const NOST: &str = "nost";
const NO_STATIONARY_PULL: &str = "nost,stationary_pull=false";
const NO_TRANSIT: &str = "nost,king_transit_check=false";
const STRICT: &str = "nost,castling=strict";
const EDGE: &str = "nost,en_passant_edge=true";
const OWNER: &str = "nost,promotion=owner";

/// (what the problem shows, FEN, rule set, N, every key). The seventh FEN
/// field is the board before Black's last move (§7).
pub(crate) const PROBLEMS: &[(&str, &str, &str, u8, &[&str])] = &[
    (
        "a plain move, once the knight has left a6",
        "k7/7Q/8/8/8/8/8/1K6 w - - 0 2 k7/7Q/n7/8/8/8/8/1K6",
        NOST,
        1,
        &["Qh7a7", "Qh7b7"],
    ),
    (
        "a push: the queen shoves her own king to g4, and the king checks",
        "8/8/8/8/1Q2K2k/4N3/8/8 w - - 1 2 8/8/8/7k/1Q2K3/4N3/8/8",
        NOST,
        1,
        &["Qb4f4/e4g4"],
    ),
    (
        "a pull: the queen drags the rook to c6",
        "7n/1R6/1KQ5/4k3/8/8/8/8 w - - 1 2 8/1R6/1KQ3n1/4k3/8/8/8/8",
        NOST,
        1,
        &["Qc6e4/b7c6"],
    ),
    (
        "a stationary push by the king (§3)",
        "8/8/8/8/6Q1/8/7k/3R3K w - - 1 2 8/8/8/8/6Q1/7k/7K/3R4",
        NOST,
        1,
        &["Kh1/h2h3"],
    ),
    (
        "a stationary pull (§2), one of three keys",
        "8/8/7K/4Q3/2k5/8/8/Q7 w - - 1 2 8/8/7K/4Q3/3k4/8/8/Q7",
        NOST,
        1,
        &["Qa1c3", "Qe5/a1c3", "Qe5b5"],
    ),
    (
        "the same without stationary pulls (§9): that key is gone",
        "8/8/7K/4Q3/2k5/8/8/Q7 w - - 1 2 8/8/7K/4Q3/3k4/8/8/Q7",
        NO_STATIONARY_PULL,
        1,
        &["Qa1c3", "Qe5b5"],
    ),
    (
        "a knight jumps off the board pulling the queen onto b7 (§3, §5)",
        "8/kN6/3Q4/8/8/1K6/8/8 w - - 1 2 k7/1N6/3Q4/8/8/1K6/8/8",
        NOST,
        1,
        &["Nb7E/d6b7"],
    ),
    (
        "a bishop leaves the board pulling the rook to h7 (§2)",
        "7k/5K2/6B1/8/4R3/8/8/8 w - - 1 2 6k1/5K2/6B1/8/4R3/8/8/8",
        NOST,
        1,
        &["Bg6E/e4h7"],
    ),
    (
        "mate by the no-undo rule: Black's one escape would restore the board (§7)",
        "8/1kK5/8/2B4B/8/8/8/8 w - - 1 2 2k5/2K5/8/2B4B/8/8/8/8",
        NOST,
        1,
        &["Kc7b7/b7a7"],
    ),
    (
        "the no-undo rule forbids a key: Ka5/b4c3 would restore c3 (§7)",
        "8/8/8/K2Q4/1k6/8/8/2Q5 w - - 1 2 8/8/8/K2Q4/8/2k5/8/2Q5",
        NOST,
        1,
        &["Ka5b4/b4c3"],
    ),
    (
        "mate by the king-transit rule (§6)",
        "8/1K6/8/8/8/5Q2/8/2r3k1 w - - 1 2 8/1K6/8/8/8/5Q2/8/2r4k",
        NOST,
        1,
        &["Qf3g2"],
    ),
    (
        "the same without it: the king escapes across the checked square",
        "8/1K6/8/8/8/5Q2/8/2r3k1 w - - 1 2 8/1K6/8/8/8/5Q2/8/2r4k",
        NO_TRANSIT,
        1,
        &[],
    ),
    (
        "mate by castling (§8)",
        "8/8/8/8/8/2r5/6Q1/2k1K2R w K - 1 2 8/8/8/2r5/8/8/6Q1/2k1K2R",
        NOST,
        1,
        &["O-O"],
    ),
    (
        "mate by castling, strict castling",
        "8/8/8/8/8/2r5/6Q1/2k1K2R w K - 1 2 8/8/8/2r5/8/8/6Q1/2k1K2R",
        STRICT,
        1,
        &["O-O"],
    ),
    (
        "the rule book's dynamate: Black, to move, is already mated (§6)",
        "8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1",
        NOST,
        1,
        &[],
    ),
    (
        "bare kings: no mate",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        NOST,
        2,
        &[],
    ),
    (
        "two moves: the queen pushes her own king to a2 or b3",
        "8/5Q2/8/8/1kK5/8/8/8 w - - 1 2 8/5Q2/8/1k6/2K5/8/8/8",
        NOST,
        2,
        &["Qf7c4/c4a2", "Qf7c4/c4b3"],
    ),
    (
        "two moves: the rook pulls its own king down the g-file",
        "6K1/8/8/8/8/6R1/7k/8 w - - 1 2 6K1/8/8/8/5R2/6k1/8/8",
        NOST,
        2,
        &["Rg3g2/g8g3", "Rg3g2/g8g4"],
    ),
    (
        "two moves: the rook leaves the board pulling the pawn to promote",
        "8/8/5KR1/8/8/6P1/8/7k w - - 1 2 8/8/5KR1/8/8/6P1/6k1/8",
        NOST,
        2,
        &["Rg6E/g3g8=Q"],
    ),
    (
        "two moves: a stationary push takes the rook off",
        "2K5/k7/2Q5/8/8/8/8/2r5 w - - 1 2 2K5/k7/8/8/8/2Q5/8/2r5",
        NOST,
        2,
        &["Qc6/c1E"],
    ),
    (
        "two moves that need the king-transit rule",
        "7Q/8/7K/5b2/k7/8/8/8 w - - 1 2 7Q/8/4b2K/8/k7/8/8/8",
        NOST,
        2,
        &["Qh8b2", "Qh8b8"],
    ),
    (
        "the same without it: no mate in two",
        "7Q/8/7K/5b2/k7/8/8/8 w - - 1 2 7Q/8/4b2K/8/k7/8/8/8",
        NO_TRANSIT,
        2,
        &[],
    ),
    (
        "the edge en passant (§9): b4/a4E pushes the pawn White has just \
         stepped to a4 off, and the rook on a1 sees the king",
        "1r6/8/8/K7/Ppk5/8/8/r7 b - a3 0 1 1r6/8/8/K7/1pk5/8/P7/r7",
        EDGE,
        1,
        &["b4/a4E"],
    ),
    (
        "the same without en_passant_edge: the pawn on a4 cannot be pushed, no mate",
        "1r6/8/8/K7/Ppk5/8/8/r7 b - a3 0 1 1r6/8/8/K7/1pk5/8/P7/r7",
        NOST,
        1,
        &[],
    ),
    (
        "two moves: the no-undo rule forbids Kh2g2/g2f2 (§7)",
        "8/8/8/8/B7/4Q3/6kK/8 w - - 1 2 8/8/8/8/B7/4Q3/5kK1/8",
        NOST,
        2,
        &["Kh2/g2f2"],
    ),
];

/// Problems under `promotion=owner` (§9.1), kept apart: their positions
/// (a pawn awaiting its owner's choice) are refused under the other
/// options, so they are checked under `promotion=owner` alone and with
/// every other option changed too.
pub(crate) const OWNER_PROBLEMS: &[(&str, &str, &str, u8, &[&str])] = &[
    (
        "the owner's turn as key: only a knight chosen on d8 guards b7, \
         where it could push the king off, so the choice is the key",
        "3P4/k1K5/8/5Q2/8/8/8/8 w - - 0 1",
        OWNER,
        1,
        &["=N Qf5a5"],
    ),
    (
        "the owner chooses: the rook's discovered check mates if Black's \
         pawn on c1 is a bishop or a knight, which under nost the mover \
         names; here Black takes a queen or a rook and pushes the rook back \
         to c6, so those keys are gone",
        "8/1B6/2R5/8/8/2p5/5K2/5N1k w - - 0 1",
        OWNER,
        1,
        &[
            "Rc6E",
            "Rc6E/c3E",
            "Rc6E/c3c4",
            "Rc6E/c3c5",
            "Rc6a6",
            "Rc6b6",
            "Rc6c1/c3E",
            "Rc6c2/c3E",
            "Rc6c3/c3E",
            "Rc6c3/c3c2",
            "Rc6c4",
            "Rc6c4/c3E",
            "Rc6c4/c3c2",
            "Rc6c5",
            "Rc6c5/c3E",
            "Rc6c5/c3c2",
            "Rc6c7",
            "Rc6c7/c3c4",
            "Rc6c7/c3c5",
            "Rc6c8",
            "Rc6c8/c3c4",
            "Rc6c8/c3c5",
            "Rc6d6",
            "Rc6e6",
            "Rc6f6",
            "Rc6g6",
            "Rc6h6",
        ],
    ),
];

pub(crate) fn position(fen: &str, rules: &str) -> Position {
    let rules: Rules = rules.parse().expect("rule set");
    Position::from_fen(fen, rules).expect(fen)
}

fn keys(pos: &Position, n: u8) -> Vec<String> {
    solve(pos, n, Show::default())
        .keys
        .iter()
        .map(|k| k.tree.text.clone())
        .collect()
}

#[test]
fn every_key_and_no_other_by_the_naive_reading() {
    for &(what, fen, rules, n, want) in PROBLEMS {
        let pos = position(fen, rules);
        let got = keys(&pos, n);
        assert_eq!(got, want, "{what}: {fen} under {rules}");
        let brute: Vec<String> = brute::keys(&pos, n).into_iter().collect();
        assert_eq!(got, brute, "{what}: the brute force disagrees");
    }
}

#[test]
fn every_rule_option_agrees_with_the_naive_reading() {
    // Each problem of one move under every single option, and under all
    // four changed at once: the solver and the brute force agree on each.
    let all =
        "nost,stationary_pull=false,castling=strict,king_transit_check=false,en_passant_edge=true";
    for &(what, fen, _, n, _) in PROBLEMS.iter().filter(|p| p.3 == 1) {
        for rules in [NOST, NO_STATIONARY_PULL, NO_TRANSIT, STRICT, EDGE, all] {
            let pos = position(fen, rules);
            let brute: Vec<String> = brute::keys(&pos, n).into_iter().collect();
            assert_eq!(keys(&pos, n), brute, "{what} under {rules}");
        }
    }
}

#[test]
fn the_owners_choice_is_part_of_the_turn() {
    // Each problem under promotion=owner and with every other option
    // changed as well; the solver and the brute force agree on each.
    let all = "nost,stationary_pull=false,castling=strict,king_transit_check=false,\
               en_passant_edge=true,promotion=owner";
    for &(what, fen, rules, n, want) in OWNER_PROBLEMS {
        let pos = position(fen, rules);
        let got = keys(&pos, n);
        assert_eq!(got, want, "{what}: {fen} under {rules}");
        let brute: Vec<String> = brute::keys(&pos, n).into_iter().collect();
        assert_eq!(got, brute, "{what}: the brute force disagrees");
        let pos = position(fen, all);
        let brute: Vec<String> = brute::keys(&pos, n).into_iter().collect();
        assert_eq!(keys(&pos, n), brute, "{what} under {all}");
    }
}

#[test]
fn under_nost_the_mover_names_the_weak_piece() {
    // OWNER_PROBLEMS[1] under nost: White names a bishop or a knight for
    // Black's pawn and mates, the keys the owner's choice takes away.
    let (_, fen, _, n, owner) = OWNER_PROBLEMS[1];
    let pos = position(fen, NOST);
    let got = keys(&pos, n);
    let brute: Vec<String> = brute::keys(&pos, n).into_iter().collect();
    assert_eq!(got, brute);
    let extra: Vec<&str> = got
        .iter()
        .map(String::as_str)
        .filter(|k| !owner.contains(k))
        .collect();
    assert_eq!(
        extra,
        [
            "Rc6c2/c3c1=B",
            "Rc6c2/c3c1=N",
            "Rc6c3/c3c1=B",
            "Rc6c3/c3c1=N",
            "Rc6c4/c3c1=B",
            "Rc6c4/c3c1=N",
            "Rc6c5/c3c1=B",
            "Rc6c5/c3c1=N",
        ]
    );
}

#[test]
fn a_stalemate_is_no_mate() {
    // White can leave the black king without a move, but not in check.
    let pos = position(
        "8/8/8/8/2B1N3/8/8/2K1k3 w - - 1 2 8/8/8/8/2B1N3/8/8/2K2k2",
        NOST,
    );
    let stalemating = pos
        .legal_children()
        .filter(|(_, after)| after.status() == Status::Stalemate)
        .count();
    assert!(stalemating > 0);
    assert_eq!(keys(&pos, 1), Vec::<String>::new());
    assert!(brute::keys(&pos, 1).is_empty());
}

#[test]
fn the_answer_and_node_count_do_not_depend_on_threads() {
    for &(_, fen, rules, n, _) in PROBLEMS.iter().filter(|p| p.3 == 2) {
        let pos = position(fen, rules);
        let one = solve(&pos, n, Show::default());
        for threads in [2, 3] {
            let many = solve(
                &pos,
                n,
                Show {
                    threads,
                    ..Show::default()
                },
            );
            assert_eq!(one, many, "{fen} with {threads} threads");
        }
    }
}

#[test]
fn a_two_mover_reads_as_popeye_prints_it() {
    let pos = position(PROBLEMS[16].1, NOST);
    let found = solve(&pos, 2, Show::default());
    let text: String = found.keys.iter().map(|k| k.to_text()).collect();
    assert_eq!(text, TWO_MOVER, "{text}");
}

const TWO_MOVER: &str = "\
1.Qf7c4/c4a2+!
    1...Kb4a3
        2.Qc4b3#
    1...Kb4a5
        2.Qc4b5#
1.Qf7c4/c4b3+!
    1...Kb4a5
        2.Qc4b5#
";

#[test]
fn tries_are_refuted_once() {
    let pos = position(PROBLEMS[16].1, NOST);
    let found = solve(
        &pos,
        2,
        Show {
            tries: true,
            ..Show::default()
        },
    );
    for t in &found.tries {
        let r = t.refutation.as_deref().expect("a try has its refutation");
        assert!(t.to_text().contains(&format!("1...{r}!")));
    }
}

#[test]
fn helpmates_agree_with_the_naive_reading() {
    for fen in [
        "8/4B3/8/8/7k/8/4N1Q1/K7 b - - 0 1",
        "8/4B3/8/8/6Q1/7k/4N3/K7 b - - 0 1",
        "7k/8/5K2/8/8/8/8/6Q1 b - - 0 1",
    ] {
        let pos = position(fen, NOST);
        for n in [1, 2] {
            let found = solve_help(&pos, n, 1);
            let brute: Vec<String> = brute::help_keys(&pos, n).into_iter().collect();
            assert!(!found.keys.is_empty(), "h#{n} {fen}");
            assert_eq!(found.keys, brute, "h#{n} {fen}");
            assert_eq!(found, solve_help(&pos, n, 3), "threads");
        }
    }
}

#[test]
fn a_limit_leaves_exact_answers_for_the_first_moves_it_let_finish() {
    let pos = position(
        "8/4K3/R6Q/8/8/5k2/8/8 w - - 1 2 8/4K3/R6Q/8/4k3/8/8/8",
        NOST,
    );
    let whole = solve(&pos, 3, Show::default());
    let unlimited = Watch::new(&Limits::default());
    let within = solve_within(&pos, 3, Show::default(), 16, &unlimited).expect("16 MB");
    assert_eq!(within, whole, "no limit: the answer and count of solve");
    assert_eq!(
        (whole.reach.cut, whole.reach.searched),
        (None, whole.reach.first_moves)
    );
    for threads in [1, 2] {
        let limits = Limits {
            nodes: Some(300_000),
            ..Limits::default()
        };
        let show = Show {
            threads,
            ..Show::default()
        };
        let cut = solve_within(&pos, 3, show, 16, &Watch::new(&limits)).expect("16 MB");
        assert_eq!(cut.reach.cut, Some(Cut::Nodes));
        assert!(cut.reach.searched > 0 && cut.reach.searched < cut.reach.first_moves);
        assert!(cut.keys.len() < whole.keys.len());
        assert!(cut.keys.iter().all(|k| whole.keys.contains(k)), "{threads}");
    }
    // A helpmate stopped at once has no line and says so.
    let limits = Limits {
        nodes: Some(10),
        ..Limits::default()
    };
    let help = solve_help_within(&pos, 4, 1, 1, &Watch::new(&limits)).expect("1 MB");
    assert_eq!((help.reach.cut, help.lines.len()), (Some(Cut::Nodes), 0));
    assert!(help.reach.searched < help.reach.first_moves);
}
