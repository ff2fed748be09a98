//! Properties over random legal play, under random rule sets.

use std::collections::HashSet;

use dynamo_core::notation::{format, format_short};
use dynamo_core::{MoveError, Position, Role, Rules, Square, parse_move};
use proptest::prelude::*;

use crate::rule_sets;

/// The positions of a random game: each choice picks one legal move.
fn random_game(rules: Rules, choices: &[u16]) -> Vec<Position> {
    let mut pos = Position::startpos(rules);
    let mut seen = vec![pos.clone()];
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos
            .play(&moves[c as usize % moves.len()])
            .expect("listed moves play");
        seen.push(pos.clone());
    }
    seen
}

/// Two move orders to one position (the same board, side, rights and
/// board before the last move) give one key; the same board with another
/// board before the last move, or another side to move, or castling
/// rights held by a piece standing elsewhere, gives another (docs/RULES.md
/// §7, §8).
#[test]
fn zobrist_keys_tell_states_apart_exactly() {
    let play = |moves: &[&str]| {
        let mut pos = Position::startpos(Rules::NOST);
        for text in moves {
            let m = parse_move(&pos, text).expect("legal");
            pos = pos.play(&m).expect("legal");
        }
        pos
    };
    let a = play(&["Ng1f3", "Ng8f6", "Nb1c3", "Nb8c6"]);
    let b = play(&["Nb1c3", "Ng8f6", "Ng1f3", "Nb8c6"]);
    assert_eq!(a, b);
    assert_eq!(a.zobrist(), b.zobrist());
    // The same board, but Black's last move was the other knight's.
    let c = play(&["Ng1f3", "Nb8c6", "Nb1c3", "Ng8f6"]);
    assert_eq!(a.board(), c.board());
    assert_ne!(a.previous(), c.previous());
    assert_ne!(a.zobrist(), c.zobrist());
    // Boards A then B against boards B then A: the same two placements,
    // swapped between now and before the last move.
    let ab = Position::from_fen(
        "8/8/8/8/3k4/3K4/8/8 b - - 0 1 8/8/8/8/8/3k4/3K4/8",
        Rules::NOST,
    )
    .expect("valid");
    let ba = Position::from_fen(
        "8/8/8/8/8/3k4/3K4/8 b - - 0 1 8/8/8/8/3k4/3K4/8/8",
        Rules::NOST,
    )
    .expect("valid");
    assert_ne!(ab.zobrist(), ba.zobrist());
    let unknown = Position::from_fen("8/8/8/8/3k4/3K4/8/8 b - - 0 1", Rules::NOST).expect("valid");
    assert_ne!(ab.zobrist(), unknown.zobrist());
    let white = Position::from_fen("8/8/8/8/3k4/3K4/8/8 w - - 0 1", Rules::NOST).expect("valid");
    assert_ne!(unknown.zobrist(), white.zobrist());
    // The h1 rook's right, held on h3 or lost (§8, §11).
    let held =
        Position::from_fen("4k3/8/8/8/8/7R/8/4K3 w K@h1h3 - 0 1", Rules::NOST).expect("valid");
    let lost = Position::from_fen("4k3/8/8/8/8/7R/8/4K3 w - - 0 1", Rules::NOST).expect("valid");
    assert_ne!(held.zobrist(), lost.zobrist());
}

/// The full descriptive spelling of a move, every square written, from
/// the mover's side: `NKN1-K2/PK2-QB3`.
fn descriptive(m: &dynamo_core::Move, turn: dynamo_core::Color) -> Option<String> {
    const FILES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
    let sq = |s: Square| {
        let rank = match turn {
            dynamo_core::Color::White => s.rank() + 1,
            dynamo_core::Color::Black => 8 - s.rank(),
        };
        format!("{}{rank}", FILES[s.file() as usize])
    };
    let dest = |d: Option<Square>| d.map_or("E".to_string(), sq);
    let promo = |r: Option<Role>| r.map_or(String::new(), |r| format!("={}", r.upper_char()));
    // The owner's choice, if the turn began with one, is its own word
    // before the move in every notation (§9.1).
    let choice = m
        .choice()
        .map_or(String::new(), |r| format!("={} ", r.upper_char()));
    let text = match m {
        dynamo_core::Move::Castle { .. } => return None,
        dynamo_core::Move::Plain {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            format!(
                "{}{}-{}{}",
                role.upper_char(),
                sq(*from),
                dest(*to),
                promo(*promotion)
            )
        }
        dynamo_core::Move::Push(s) | dynamo_core::Move::Pull(s) => {
            let mut text = format!("{}{}", s.role.upper_char(), sq(s.from));
            if !s.is_stationary() {
                text.push_str(&format!("-{}", dest(s.to)));
            }
            let (mover_promo, target_promo) = if s.mover_promotes() {
                (s.promotion, None)
            } else {
                (None, s.promotion)
            };
            text.push_str(&promo(mover_promo));
            text.push_str(&format!(
                "/{}{}-{}{}",
                s.target.upper_char(),
                sq(s.target_from),
                dest(s.target_to),
                promo(target_promo)
            ));
            text
        }
    };
    Some(format!("{choice}{text}"))
}

fn square_text(i: u8) -> String {
    Square::from_index(i as usize % 64)
        .map(|s| s.to_string())
        .unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The Zobrist key kept move by move is the key of the whole state,
    /// after every move (every legal move of each position on the way,
    /// not only the one played), under every rule set; and it reads back
    /// with the position's text.
    #[test]
    fn zobrist_keys_kept_move_by_move_equal_keys_from_scratch(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        for pos in random_game(rules, &choices) {
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{}", pos.to_fen());
            let back = Position::from_fen(&pos.to_fen(), rules).expect("printed FEN reads back");
            prop_assert_eq!(back.zobrist(), pos.zobrist(), "{}", pos.to_fen());
            for (m, child) in pos.legal_children() {
                prop_assert_eq!(
                    child.zobrist(),
                    child.zobrist_from_scratch(),
                    "{} in {}", format(&m), pos.to_fen()
                );
            }
        }
    }

    #[test]
    fn fen_round_trips(rules in rule_sets(), choices in prop::collection::vec(any::<u16>(), 0..60)) {
        for pos in random_game(rules, &choices) {
            let text = pos.to_fen();
            let back = Position::from_fen(&text, rules).expect("printed FEN reads back");
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.to_fen(), text);
        }
    }

    #[test]
    fn every_listed_move_parses_back_to_itself_in_every_form_and_is_safe(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        for pos in random_game(rules, &choices) {
            let us = pos.turn();
            for m in pos.legal_moves() {
                let text = format(&m);
                let back = parse_move(&pos, &text);
                prop_assert_eq!(back.as_ref().ok(), Some(&m), "{} in {}", text, pos.to_fen());
                let short = format_short(&m, &pos);
                prop_assert_eq!(parse_move(&pos, &short).ok(), Some(m), "{} in {}", short, pos.to_fen());
                prop_assert!(short.len() <= text.len(), "{} is longer than {}", short, text);
                let numeric = dynamo_core::notation::format_numeric(&m, us);
                prop_assert_eq!(parse_move(&pos, &numeric).ok(), Some(m), "{} in {}", numeric, pos.to_fen());
                if let Some(text) = descriptive(&m, us) {
                    let back = parse_move(&pos, &text);
                    prop_assert_eq!(back.as_ref().ok(), Some(&m), "{} in {}: {:?}", text, pos.to_fen(), back.as_ref().err());
                }
                let after = pos.play(&m).expect("listed move plays");
                // No legal move leaves the mover's king in check or off the board.
                let king = after.king(us);
                prop_assert_eq!(
                    after.board().piece_at(king).map(|p| (p.color, p.role)),
                    Some((us, Role::King))
                );
                prop_assert!(!dynamo_core::can_push_or_pull_off(after.board(), king, !us));
                // The no-undo rule.
                prop_assert_ne!(Some(after.board()), pos.previous());
            }
        }
    }

    /// Random short algebraic texts: whatever is accepted is a listed move
    /// that the text fits, and is refused in words otherwise.
    #[test]
    fn short_texts_resolve_only_to_listed_moves(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..30),
        probes in prop::collection::vec((0usize..6, any::<u8>(), any::<u8>(), any::<u8>(), 0u8..3), 200),
    ) {
        let games = random_game(rules, &choices);
        let pos = games.last().expect("at least the start");
        let legal = pos.legal_moves();
        for (letter, a, b, c, kind) in probes {
            let letter = ["", "N", "B", "R", "Q", "K"][letter];
            // A pawn's short move names its square, nothing else.
            let kind = if letter.is_empty() { kind & 2 } else { kind };
            let to = if a % 9 == 0 && !letter.is_empty() { "E".to_string() } else { square_text(a) };
            let text = match kind {
                0 => format!("{letter}{to}"),
                1 => format!("{letter}{}{to}", square_text(c).chars().next().unwrap_or('a')),
                _ => format!("{letter}{to}/{}{}", square_text(b), square_text(c)),
            };
            match parse_move(pos, &text) {
                Ok(m) => {
                    prop_assert!(legal.contains(&m), "{} accepted as {} but not legal in {}", text, format(&m), pos.to_fen());
                    prop_assert_eq!(parse_move(pos, &format(&m)).ok(), Some(m));
                }
                Err(MoveError::Illegal { reason, .. }) => {
                    prop_assert!(!reason.to_string().is_empty());
                }
                Err(MoveError::Syntax(e)) => {
                    // Only a piece that may not leave the board by name
                    // (`E` read as a file after a letter) is refused so.
                    prop_assert!(false, "{} is well formed but was refused as: {}", text, e);
                }
            }
        }
    }

    /// Random move texts, plausible and not: a text is accepted exactly when
    /// it names a listed move. Every probe is well formed, so a refusal is
    /// always a rule the move breaks, reported with the text as written.
    #[test]
    fn accepted_texts_are_exactly_the_listed_moves(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..30),
        probes in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>(), 0u8..8), 200),
    ) {
        let games = random_game(rules, &choices);
        let pos = games.last().expect("at least the start");
        let listed: HashSet<String> = pos.legal_moves().iter().map(format).collect();
        let own: Vec<(Square, char)> = pos
            .board()
            .pieces()
            .filter(|(_, p)| p.color == pos.turn())
            .map(|(s, p)| (s, p.role.upper_char()))
            .collect();
        let occupied: Vec<Square> = pos.board().pieces().map(|(s, _)| s).collect();
        for (a, b, c, d, kind) in probes {
            let (from, letter) = own[a as usize % own.len()];
            // Half the probes leave the mover's letter out, as engines
            // write moves: the square still says which piece moves.
            let letterless = letter == 'P' || kind >= 4;
            let kind = kind % 4;
            let letter = if letterless { String::new() } else { letter.to_string() };
            let to = if b % 9 == 0 { "E".to_string() } else { square_text(b) };
            let target = occupied[c as usize % occupied.len()];
            let target_to = if d % 9 == 0 { "E".to_string() } else { square_text(d) };
            let text = match kind {
                0 => format!("{letter}{from}{to}"),
                1 => format!("{letter}{from}/{target}{target_to}"),
                _ => format!("{letter}{from}{to}/{target}{target_to}"),
            };
            match parse_move(pos, &text) {
                Ok(m) => {
                    prop_assert!(listed.contains(&format(&m)), "{} accepted as {} but not listed in {}", text, format(&m), pos.to_fen());
                    // Forgiving spellings (a stationary mover's square
                    // written twice, castling as the king's move) resolve
                    // to the listed move of that piece.
                    // Short algebraic: `f2/f2f3` is also the pawn that
                    // goes to f2 pushing the piece there.
                    let to_it = kind == 1 && target == from && m.to() == Some(from);
                    prop_assert!(m.from() == from || to_it, "{} resolves to another piece's move", text);
                    prop_assert_eq!(parse_move(pos, &format(&m)).ok(), Some(m));
                }
                Err(MoveError::Illegal { text: named, reason, closest }) => {
                    prop_assert!(!listed.contains(&text), "{} listed but refused: {} in {}", text, reason, pos.to_fen());
                    // Every move suggested is legal, in canonical form.
                    for name in closest.iter() {
                        prop_assert!(listed.contains(name), "{} suggested for {} but not listed in {}", name, text, pos.to_fen());
                    }
                    prop_assert_eq!(named, text);
                }
                Err(MoveError::Syntax(e)) => {
                    prop_assert!(false, "{} is well formed but was refused as: {}", text, e);
                }
            }
        }
        // And every listed move, written as such, is accepted.
        for text in &listed {
            prop_assert!(parse_move(pos, text).is_ok());
        }
    }
}
