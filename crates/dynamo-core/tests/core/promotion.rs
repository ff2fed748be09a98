//! docs/RULES.md §9.1, promotion by the pawn's owner, worked out by hand
//! from the text: the mover's move that promotes an enemy pawn, the
//! position awaiting the choice and its text, the owner's turn as choice
//! and move, counting, the end of the game and the no-undo rule around
//! the owner's turn; and the rulings of §13 that the text leaves open.

use dynamo_core::notation::{format, format_numeric, format_short};
use dynamo_core::perft;
use dynamo_core::{
    Color, FenError, Illegal, MoveError, Position, PositionError, Role, Rules, Square, Status,
    parse_move,
};

use crate::naive::oracle;

fn owner() -> Rules {
    "nost,promotion=owner".parse().expect("rule set")
}

fn pos(fen: &str, rules: Rules) -> Position {
    Position::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(pos: &Position, text: &str) -> Position {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_fen()));
    pos.play(&m).expect("a parsed move plays")
}

fn refusal(pos: &Position, text: &str) -> Illegal {
    match parse_move(pos, text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text} in {}: {other:?}", pos.to_fen()),
    }
}

fn listed(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(format).collect()
}

/// Black rook e6, white pawn e7; the kings far apart, the black king on
/// h4 out of reach of whatever the pawn becomes on e8.
const PUSH: &str = "8/4P3/4r3/8/7k/8/8/K7 b - - 0 1";

/// The same with the pawn on e5, behind the rook: the rook leaves the
/// board over e8 and pulls it there.
const PULL: &str = "8/8/4r3/4P3/7k/8/8/K7 b - - 0 1";

/// After `Re6E/e5e8` in `PULL`: White's pawn on e8 awaits White's choice.
const AWAITING: &str = "4P3/8/8/8/7k/8/8/K7 w - - 0 2 8/8/4r3/4P3/7k/8/8/K7";

#[test]
fn a_push_promoting_the_enemy_pawn_is_one_move_written_without_the_piece() {
    let p = pos(PUSH, owner());
    let moves = listed(&p);
    // The rook follows to e7 or stays: two moves, not eight.
    assert!(moves.contains(&"Re6e7/e7e8".to_string()), "{moves:?}");
    assert!(moves.contains(&"Re6/e7e8".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("e8=")), "{moves:?}");
    // Under NOST the mover chooses: four moves each.
    let nost = listed(&pos(PUSH, Rules::NOST));
    for role in ["Q", "R", "B", "N"] {
        assert!(nost.contains(&format!("Re6e7/e7e8={role}")), "{nost:?}");
    }
    assert_eq!(moves.len() + 6, nost.len());
    // The piece may not be written: the owner chooses it.
    assert_eq!(
        refusal(&p, "Re6e7/e7e8=Q"),
        Illegal::OwnerChooses(Square::E8)
    );
    let after = play(&p, "Re6e7/e7e8");
    assert_eq!(after.pending(), Some(Square::E8));
    assert_eq!(after.turn(), Color::White);
    assert_eq!(
        after.to_fen(),
        "4P3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7"
    );
}

#[test]
fn a_pull_promoting_the_enemy_pawn_leaves_it_awaiting_the_choice() {
    let p = pos(PULL, owner());
    let after = play(&p, "Re6E/e5e8");
    assert_eq!(after.to_fen(), AWAITING);
    assert_eq!(after.pending(), Some(Square::E8));
    assert_eq!(after.status(), Status::Ongoing);
}

#[test]
fn a_move_illegal_for_one_choice_only_is_illegal() {
    // Black king g7: a white knight on e8 would push it off over i6;
    // a queen, rook or bishop there would not reach it.
    let fen = "8/4P1k1/4r3/8/8/8/8/K7 b - - 0 1";
    let p = pos(fen, owner());
    assert_eq!(refusal(&p, "Re6e7/e7e8"), Illegal::LeavesKingInCheck);
    assert_eq!(refusal(&p, "Re6/e7e8"), Illegal::LeavesKingInCheck);
    // Under NOST only the knight is refused.
    let nost = pos(fen, Rules::NOST);
    assert!(parse_move(&nost, "Re6e7/e7e8=Q").is_ok());
    assert!(parse_move(&nost, "Re6e7/e7e8=N").is_err());
}

#[test]
fn the_owners_turn_is_the_choice_and_a_move() {
    let p = pos(AWAITING, owner());
    // Without the choice, the move is refused naming the pawn and the form.
    assert_eq!(
        refusal(&p, "Ka1b1"),
        Illegal::ChoiceMissing {
            color: Color::White,
            square: Square::E8,
            example: "Ka1b1".to_string(),
        }
    );
    assert!(
        refusal(&p, "Ka1b1")
            .to_string()
            .contains("=Q, =R, =B or =N, a blank, then your move (=Q Ka1b1)")
    );
    let after = play(&p, "=Q Ka1b1");
    assert_eq!(
        after.board().piece_at(Square::E8).map(|p| p.role),
        Some(Role::Queen)
    );
    assert_eq!(after.pending(), None);
    assert_eq!(after.turn(), Color::Black);
    // The chosen piece moves in the same turn; other spellings of the choice.
    for (text, canonical) in [
        ("=N Ne8f6", "=N Ne8f6"),
        ("=n Ne8f6", "=N Ne8f6"),
        ("=4 5866", "=N Ne8f6"),
        ("2. =R Re8a8", "=R Re8a8"),
        ("=B Bh5", "=B Be8h5"),
    ] {
        let m = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(format(&m), canonical, "{text}");
    }
    let m = parse_move(&p, "=N Ne8f6").expect("legal");
    assert_eq!(format_numeric(&m, Color::White), "=4 5866");
    assert_eq!(format_short(&m, &p), "=N Nf6");
    // The knight cannot be chosen and then move as a queen.
    assert!(parse_move(&p, "=N Ne8e1").is_err());
    // A choice where no pawn awaits one.
    let start = Position::startpos(owner());
    assert_eq!(refusal(&start, "=Q e2e4"), Illegal::NoChoicePending);
}

#[test]
fn the_owners_perft_1_is_the_sum_over_the_choices() {
    // White: king a1 (a2, b1, b2: 3 moves) and the piece on e8. A knight:
    // d6, f6, c7, g7 and off the board, 5. A bishop: d7, c6, b5, a4, f7,
    // g6, h5 and off, 8. A rook: a8–d8, f8–h8, e7–e1 and off, 15. A
    // queen: both, 14 + 7 + off, 22. Nothing to push or pull.
    let p = pos(AWAITING, owner());
    let per_choice: Vec<u64> = Role::PROMOTIONS
        .iter()
        .map(|&r| perft(&p.choose(r).expect("a choice"), 1))
        .collect();
    assert_eq!(per_choice, [25, 18, 11, 8]);
    assert_eq!(perft(&p, 1), 62);
    assert_eq!(p.legal_moves().len(), 62);
    assert_eq!(p.count_legal_moves(), 62);
    assert_eq!(oracle(&p).len(), 62);
}

#[test]
fn checkmate_only_if_every_choice_is_mate() {
    // Black to move, in check, the pawn on c1 awaiting Black's choice:
    // no choice leaves a legal move.
    let p = pos("6k1/6K1/6B1/8/8/n7/8/1Rp5 b - - 0 1", owner());
    assert!(p.is_check());
    for role in Role::PROMOTIONS {
        assert!(p.choose(role).expect("a choice").legal_moves().is_empty());
    }
    assert_eq!(p.status(), Status::Checkmate);
    assert!(oracle(&p).is_empty());
}

#[test]
fn stalemate_when_no_choice_leaves_a_move_and_no_check() {
    let p = pos("8/8/6N1/8/8/8/4Q3/3KR1kp b - - 0 1", owner());
    assert!(!p.is_check());
    assert_eq!(p.status(), Status::Stalemate);
    assert!(p.legal_moves().is_empty());
}

#[test]
fn the_game_goes_on_when_only_some_choices_leave_a_move() {
    // In check; a queen or a rook on a1 has one move, a bishop or a knight
    // none: the game goes on, and only those moves are listed.
    let p = pos("8/8/8/8/6K1/7R/5R1N/p4R1k b - - 0 1", owner());
    let counts: Vec<usize> = Role::PROMOTIONS
        .iter()
        .map(|&r| p.choose(r).expect("a choice").legal_moves().len())
        .collect();
    assert_eq!(counts, [1, 1, 0, 0]);
    assert_eq!(p.status(), Status::Check);
    let moves = listed(&p);
    assert_eq!(moves.len(), 2);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("=Q ") || m.starts_with("=R "))
    );
    assert_eq!(oracle(&p).into_iter().collect::<Vec<_>>(), {
        let mut m = moves.clone();
        m.sort();
        m
    });
}

#[test]
fn the_choice_completes_the_movers_move_for_the_no_undo_rule() {
    let p = pos(PUSH, owner());
    let awaiting = play(&p, "Re6e7/e7e8");
    // White chooses a queen, which pushes the rook back to e6.
    let after = play(&awaiting, "=Q Qe8/e7e6");
    assert_eq!(
        after.previous().map(|b| b.placement()),
        Some("4Q3/4r3/8/8/7k/8/8/K7".to_string()),
        "the board before White's move has the chosen queen"
    );
    // Black may not put the rook back on e7: that restores the board with
    // the chosen queen, undoing White's move.
    assert_eq!(refusal(&after, "Re6e7"), Illegal::NoUndo);
    // The owner's move itself is compared with the board before the
    // mover's move, as always: here nothing restores it.
    assert_eq!(
        awaiting.previous().map(|b| b.placement()),
        Some("8/4P3/4r3/8/7k/8/8/K7".to_string())
    );
}

#[test]
fn the_movers_own_pawn_promotes_as_before() {
    // White's own pawn: White chooses, four moves, under either rule.
    let fen = "8/4P3/8/8/7k/8/8/K7 w - - 0 1";
    for rules in [owner(), Rules::NOST] {
        let moves = listed(&pos(fen, rules));
        for role in ["Q", "R", "B", "N"] {
            assert!(moves.contains(&format!("e7e8={role}")), "{moves:?}");
        }
        assert_eq!(pos(fen, rules).count_legal_moves(), moves.len());
    }
    // A rook pushing its own pawn onto the last rank: the mover chooses.
    let p = pos("8/4P3/4R3/8/7k/8/8/K7 w - - 0 1", owner());
    let after = play(&p, "Re6e7/e7e8=N");
    assert_eq!(after.pending(), None);
}

#[test]
fn position_texts_awaiting_a_choice_round_trip_and_invalid_ones_are_refused() {
    let p = pos(AWAITING, owner());
    assert_eq!(p.to_fen(), AWAITING);
    assert_eq!(pos(&p.to_fen(), owner()), p);
    let refused = |fen: &str, rules: Rules| match Position::from_fen(fen, rules) {
        Err(FenError::Position(e)) => e,
        other => panic!("{fen}: {other:?}"),
    };
    // Two pawns awaiting a choice.
    assert_eq!(
        refused("4P2P/8/8/8/7k/8/8/K7 w - - 0 2", owner()),
        PositionError::TwoAwaitChoice {
            first: Square::E8,
            second: Square::H8,
        }
    );
    // A pawn of the side not to move.
    assert_eq!(
        refused("4P3/8/8/8/7k/8/8/K7 b - - 0 2", owner()),
        PositionError::ChoiceNotOnTurn {
            color: Color::White,
            square: Square::E8,
            turn: Color::Black,
        }
    );
    // Any such pawn under promotion=mover.
    assert_eq!(
        refused(AWAITING, Rules::NOST),
        PositionError::PawnOnLastRank {
            color: Color::White,
            square: Square::E8,
        }
    );
    // A choice that would leave the side that just moved in check: the
    // move could not have been legal (§9.1). A knight on e8 checks g7.
    assert_eq!(
        refused("4P3/6k1/8/8/8/8/8/K7 w - - 0 2", owner()),
        PositionError::OpponentInCheck(Color::Black)
    );
}

/// §13, ruling 14: the mover's move is judged by the no-undo rule on the
/// board with the pawn awaiting the choice, not on each chosen board: a
/// board before the opponent's last move with a white queen on e8 (given
/// in the seventh field) does not forbid pushing the pawn there.
#[test]
fn ruling_the_no_undo_rule_sees_the_pawn_awaiting_the_choice() {
    let p = pos(
        "8/4P3/4r3/8/7k/8/8/K7 b - - 0 1 4Q3/4r3/8/8/7k/8/8/K7",
        owner(),
    );
    let after = play(&p, "Re6e7/e7e8");
    assert_eq!(after.pending(), Some(Square::E8));
}
