//! Selfmates (`solve_self`) against the brute force of `brute.rs`: keys
//! that are plain moves, pushes and pulls, and problems that stand only
//! because the no-undo rule (§7) takes the defender's escape away.

use dynamo_core::{Position, notation};
use dynamo_engine::solve::Show;
use dynamo_engine::{Cut, Limits, Watch, solve_self, solve_self_within};

use crate::brute;
use crate::solve::position;

const NOST: &str = "nost";

/// (what the problem shows, FEN, N, every key), all under NOST rules.
const PROBLEMS: &[(&str, &str, u8, &[&str])] = &[
    (
        "the king steps where both queens' every move mates it",
        "7k/8/3q2K1/8/5q2/3n4/8/8 w - - 0 1",
        1,
        &["Kg6g7"],
    ),
    (
        "a pull: the queen drags the rook to c6",
        "K3R3/3Q4/1k6/8/8/8/6B1/8 w - - 0 1",
        1,
        &["Qd7a4/e8c6"],
    ),
    (
        "a pull: the queen drags the black pawn to c7",
        "2k5/K3p1Q1/8/B7/8/8/8/1r6 w - - 0 1",
        1,
        &["Qg7d7/e7c7"],
    ),
    (
        "the king pushes the knight to a8",
        "8/k1N5/K7/8/8/8/8/1q6 w - - 0 1",
        1,
        &["Ka6a7/a7a8"],
    ),
    (
        "a selfmate in two: the king steps into the corner",
        "8/8/8/8/8/5N2/3Q3K/5k2 w - - 0 1",
        2,
        &["Kh2g1"],
    ),
    (
        "a selfmate in two whose key pushes the bishop to f5",
        "6R1/5K2/5k2/1Q1b4/5N2/8/8/8 w - - 0 1",
        2,
        &["Qb5e5/d5f5"],
    ),
];

fn keys(pos: &Position, n: u8) -> Vec<String> {
    solve_self(pos, n, Show::default())
        .keys
        .iter()
        .map(|k| k.tree.text.clone())
        .collect()
}

#[test]
fn every_selfmate_key_and_no_other_by_the_naive_reading() {
    for &(what, fen, n, want) in PROBLEMS {
        let pos = position(fen, NOST);
        let got = keys(&pos, n);
        assert_eq!(got, want, "{what}: {fen}");
        let brute: Vec<String> = brute::self_keys(&pos, n).into_iter().collect();
        assert_eq!(got, brute, "{what}: the brute force disagrees");
        // No key in fewer moves is a key in more only if it still forces.
        for k in 1..n {
            let shorter: Vec<String> = brute::self_keys(&pos, k).into_iter().collect();
            assert_eq!(keys(&pos, k), shorter, "{what}: s#{k}");
        }
    }
}

#[test]
fn every_rule_option_agrees_with_the_naive_reading_on_selfmates() {
    let all = "nost,stationary_pull=false,castling=strict,king_transit_check=false,\
               en_passant_edge=true,promotion=owner";
    for &(what, fen, n, _) in PROBLEMS.iter().filter(|p| p.2 == 1) {
        for rules in [
            "nost,stationary_pull=false",
            "nost,king_transit_check=false",
            "nost,promotion=owner",
            all,
        ] {
            let pos = position(fen, rules);
            let brute: Vec<String> = brute::self_keys(&pos, n).into_iter().collect();
            assert_eq!(keys(&pos, n), brute, "{what} under {rules}");
        }
    }
}

/// Random positions of a few pieces: whatever the solver finds, keys or
/// none, the brute force finds the same.
#[test]
fn random_positions_agree_with_the_naive_reading() {
    let mut seed: u64 = 0x5e1f_4a7e;
    let mut next = move |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    let pieces = ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'];
    let mut checked = 0;
    while checked < 150 {
        let mut board = [' '; 64];
        let count = 2 + next(3) as usize;
        let mut placed: Vec<char> = vec!['K', 'k'];
        placed.extend((0..count).map(|_| pieces[next(10) as usize]));
        for c in placed {
            loop {
                let sq = next(64) as usize;
                let edge = sq / 8 == 0 || sq / 8 == 7;
                if board[sq] == ' ' && !(edge && c.eq_ignore_ascii_case(&'p')) {
                    board[sq] = c;
                    break;
                }
            }
        }
        let fen = format!("{} w - - 0 1", placement(&board));
        let Ok(pos) = Position::from_fen(&fen, NOST.parse().expect("rules")) else {
            continue;
        };
        if !pos.has_legal_move() {
            continue;
        }
        checked += 1;
        let got = keys(&pos, 1);
        let brute: Vec<String> = brute::self_keys(&pos, 1).into_iter().collect();
        assert_eq!(got, brute, "{fen}");
    }
}

/// A FEN board field from 64 squares, a1 first.
fn placement(board: &[char; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

/// Problems whose key holds only because the no-undo rule (§7) forbids
/// the defender a move that would restore the board before the key: the
/// same position after the key, with no board to restore, lets the
/// defender escape.
#[test]
fn the_no_undo_rule_makes_selfmates() {
    for fen in [
        "8/8/8/1p6/8/K2b4/2Qn4/k7 w - - 0 1",
        "8/k1N5/K7/8/8/8/8/1q6 w - - 0 1",
        "8/8/8/8/6b1/5Nb1/8/5K1k w - - 0 1",
        "8/5N1k/7K/8/8/4B3/6r1/8 w - - 0 1",
    ] {
        let pos = position(fen, NOST);
        let got = keys(&pos, 1);
        assert_eq!(got.len(), 1, "{fen}");
        let brute: Vec<String> = brute::self_keys(&pos, 1).into_iter().collect();
        assert_eq!(got, brute, "{fen}");
        let (_, after) = pos
            .legal_children()
            .find(|(m, _)| notation::format(m) == got[0])
            .expect("the key is legal");
        // The same board, turn and rights, with no board to restore.
        let fen_after = after.to_fen();
        let fields: Vec<&str> = fen_after.split(' ').take(6).collect();
        let freed = position(&fields.join(" "), NOST);
        assert!(brute::self_forced(&after, 1), "{fen}");
        assert!(
            !brute::self_forced(&freed, 1),
            "{fen}: escapes with no board to restore"
        );
    }
}

#[test]
fn the_answer_and_node_count_do_not_depend_on_threads() {
    for &(_, fen, n, _) in PROBLEMS.iter().filter(|p| p.2 == 2) {
        let pos = position(fen, NOST);
        let one = solve_self(&pos, n, Show::default());
        for threads in [2, 3] {
            let show = Show {
                threads,
                ..Show::default()
            };
            assert_eq!(
                one,
                solve_self(&pos, n, show),
                "{fen} with {threads} threads"
            );
        }
    }
}

#[test]
fn a_selfmate_reads_as_popeye_prints_it() {
    for (problem, want) in [(0, ONE_MOVER), (4, TWO_MOVER)] {
        let (_, fen, n, _) = PROBLEMS[problem];
        let found = solve_self(&position(fen, NOST), n, Show::default());
        let text: String = found.keys.iter().map(|k| k.to_text()).collect();
        assert_eq!(text, want, "{text}");
    }
}

/// The black king's every move pushes or pulls the white king into
/// mate: both are shown, as Popeye shows a selfmate's forced mates.
const ONE_MOVER: &str = "\
1.Kg6g7+!
    1...Kh8/g7f6#
    1...Kh8g7/g7f6#
";

const TWO_MOVER: &str = "\
1.Kh2g1! zugzwang.
    1...Kf1/g1h1
        2.Qd2e3
            2...Kf1g2#
        2.Qd2e1+
            2...Kf1g2#
";

#[test]
fn a_limit_leaves_exact_answers_for_the_first_moves_it_let_finish() {
    let pos = position(PROBLEMS[5].1, NOST);
    let whole = solve_self(&pos, 2, Show::default());
    let unlimited = Watch::new(&Limits::default());
    let within = solve_self_within(&pos, 2, Show::default(), 16, &unlimited).expect("16 MB");
    assert_eq!(
        within, whole,
        "no limit: the answer and count of solve_self"
    );
    let limits = Limits {
        nodes: Some(10),
        ..Limits::default()
    };
    let cut = solve_self_within(&pos, 2, Show::default(), 1, &Watch::new(&limits)).expect("1 MB");
    assert_eq!(cut.reach.cut, Some(Cut::Nodes));
    assert!(cut.reach.searched < cut.reach.first_moves);
    assert!(cut.keys.iter().all(|k| whole.keys.contains(k)));
}
