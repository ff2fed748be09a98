//! The analysis engine: it finds the problems' mates within their depth,
//! and a fixed-depth search gives the same best move and score with the
//! transposition table on or off, with one thread or several, run after
//! run.

use dynamo_core::{Board, Castling, Color, Piece, Position, Role, Rules, Setup, Square};
use dynamo_engine::{Limits, Score};
use dynamo_engine::{Search, SearchOptions, SearchReport};

use crate::solve::{OWNER_PROBLEMS, PROBLEMS, position};

fn search(pos: &Position, depth: u32, table_mb: usize, threads: usize) -> SearchReport {
    search_pruning(pos, depth, table_mb, threads, false)
}

fn search_pruning(
    pos: &Position,
    depth: u32,
    table_mb: usize,
    threads: usize,
    pruning: bool,
) -> SearchReport {
    let options = SearchOptions {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        multipv: 1,
        threads,
        table_mb,
        pruning,
    };
    Search::run(pos, &options, |_| {}).expect("a legal move")
}

/// What a fixed-depth search decides: its move and its score.
fn verdict(r: &SearchReport) -> (String, Score) {
    let best = r.best().map(|m| dynamo_core::notation::format(&m));
    (best.unwrap_or_default(), r.lines[0].score)
}

#[test]
fn finds_every_mate_of_the_problems_within_its_depth() {
    for &(what, fen, rules, n, keys) in PROBLEMS.iter().chain(OWNER_PROBLEMS) {
        if keys.is_empty() {
            continue;
        }
        let pos = position(fen, rules);
        let r = search(&pos, 2 * u32::from(n) - 1, 16, 1);
        let (best, score) = verdict(&r);
        assert_eq!(score, Score::Mate(i32::from(n)), "{what}");
        assert!(keys.contains(&best.as_str()), "{what}: {best}");
    }
}

/// The guesses of a pruning search (null move, reductions) do not hide a
/// problem's mate, zugzwangs included: a key found, the mate's length
/// right, within two plies more than the exact search needs.
#[test]
fn a_pruning_search_finds_the_problems_mates() {
    for &(what, fen, rules, n, keys) in PROBLEMS.iter().chain(OWNER_PROBLEMS) {
        if keys.is_empty() {
            continue;
        }
        let pos = position(fen, rules);
        let r = search_pruning(&pos, 2 * u32::from(n) + 1, 16, 1, true);
        let (best, score) = verdict(&r);
        assert_eq!(score, Score::Mate(i32::from(n)), "{what}");
        assert!(keys.contains(&best.as_str()), "{what}: {best}");
    }
}

/// A small deterministic generator, so that the positions are the same on
/// every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Legal positions with two to six pieces beside the kings, and the
/// board before a last move of Black, so the no-undo rule takes part.
fn positions(count: usize, seed: u64) -> Vec<Position> {
    let mut r = Lcg(seed);
    let roles = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = Board::from_placement("8/8/8/8/8/8/8/8").expect("empty board");
        let mut pieces = vec![
            Piece::new(Color::White, Role::King),
            Piece::new(Color::Black, Role::King),
        ];
        for i in 0..2 + r.below(5) {
            let color = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            pieces.push(Piece::new(color, roles[r.below(5) as usize]));
        }
        for piece in pieces {
            loop {
                let sq = Square::from_index(r.below(64) as usize).expect("a square");
                let back = sq.rank() == 0 || sq.rank() == 7;
                if board.is_empty(sq) && !(piece.role == Role::Pawn && back) {
                    board.set(sq, Some(piece));
                    break;
                }
            }
        }
        let setup = Setup {
            board,
            turn: Color::Black,
            castling: Castling::default(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            previous: None,
        };
        let Ok(before) = Position::new(setup, Rules::NOST) else {
            continue;
        };
        let moves = before.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let m = moves[r.below(moves.len() as u64) as usize];
        let pos = before.play(&m).expect("legal");
        if pos.has_legal_move() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn the_table_never_changes_a_fixed_depth_result() {
    for (i, pos) in positions(300, 7).iter().enumerate() {
        let depth = if i % 10 == 0 { 3 } else { 2 };
        let with = verdict(&search(pos, depth, 4, 1));
        let without = verdict(&search(pos, depth, 0, 1));
        assert_eq!(with, without, "{} at depth {depth}", pos.to_fen());
    }
}

#[test]
fn a_fixed_depth_search_gives_one_answer_for_any_threads_and_any_run() {
    for pos in positions(12, 11) {
        let first = search(&pos, 3, 4, 1);
        let again = search(&pos, 3, 4, 1);
        assert_eq!(
            first,
            SearchReport {
                elapsed: first.elapsed,
                ..again
            },
            "{}",
            pos.to_fen()
        );
        let threaded = search(&pos, 3, 4, 3);
        assert_eq!(verdict(&first), verdict(&threaded), "{}", pos.to_fen());
    }
}

#[test]
fn the_start_position_has_a_deterministic_best_move() {
    let pos = Position::startpos(Rules::NOST);
    let a = search(&pos, 2, 16, 1);
    let b = search(&pos, 2, 16, 1);
    assert_eq!(verdict(&a), verdict(&b));
    assert_eq!(a.nodes, b.nodes);
    let (best, _) = verdict(&a);
    assert!(
        pos.legal_moves()
            .iter()
            .any(|m| dynamo_core::notation::format(m) == best)
    );
}
