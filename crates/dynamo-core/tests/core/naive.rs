//! A second, deliberately naive reading of docs/RULES.md, written apart from the
//! engine: every candidate move is spelled out square by square, and check
//! is "the opponent has a candidate that takes the king off". Slow and
//! simple on purpose: it shares no code with `movegen.rs` or `check.rs`.
//! `oracle.rs` holds it against `legal_moves()`; dynamo-engine's tests
//! include this file (`#[path]`) to check the mate solver against a brute
//! force over it.

use std::collections::BTreeSet;

use dynamo_core::{CastlingSide, Color, Piece, Position, Promotion, Role, Rules, Square};

type Sq = (i8, i8);

#[derive(Clone, PartialEq, Eq)]
struct Board([[Option<Piece>; 8]; 8]);

impl Board {
    fn of(pos: &Position) -> Board {
        let mut cells = [[None; 8]; 8];
        for (sq, piece) in pos.board().pieces() {
            cells[sq.file() as usize][sq.rank() as usize] = Some(piece);
        }
        Board(cells)
    }

    fn get(&self, (f, r): Sq) -> Option<Piece> {
        self.0[f as usize][r as usize]
    }

    fn set(&mut self, (f, r): Sq, piece: Option<Piece>) {
        self.0[f as usize][r as usize] = piece;
    }

    fn empty(&self, sq: Sq) -> bool {
        self.get(sq).is_none()
    }

    fn king(&self, color: Color) -> Option<Sq> {
        all_squares().find(|&sq| self.get(sq) == Some(Piece::new(color, Role::King)))
    }
}

fn on((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn add((f, r): Sq, (df, dr): Sq, n: i8) -> Sq {
    (f + df * n, r + dr * n)
}

fn all_squares() -> impl Iterator<Item = Sq> {
    (0..8).flat_map(|f| (0..8).map(move |r| (f, r)))
}

/// Where a piece ends: a square or off the board.
type End = Option<Sq>;

#[derive(Clone, Debug)]
struct Cand {
    from: Sq,
    to: End,
    /// The pushed or pulled piece: where it stands and where it ends.
    target: Option<(Sq, End)>,
}

const STRAIGHT: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn lines(role: Role) -> Vec<Sq> {
    match role {
        Role::Rook => STRAIGHT.to_vec(),
        Role::Bishop => DIAGONAL.to_vec(),
        _ => STRAIGHT.iter().chain(DIAGONAL.iter()).copied().collect(),
    }
}

/// Squares from `s` (exclusive) to the edge along `d`.
fn ray(s: Sq, d: Sq) -> Vec<Sq> {
    (1..8)
        .map(|n| add(s, d, n))
        .take_while(|&q| on(q))
        .collect()
}

/// Every way `side` could move a piece on `b`, pushes and pulls included,
/// ignoring check, transit, no-undo and castling.
fn candidates(b: &Board, side: Color, rules: Rules, ep: Option<Sq>) -> Vec<Cand> {
    let mut out = Vec::new();
    for s in all_squares() {
        let Some(p) = b.get(s) else { continue };
        if p.color != side {
            continue;
        }
        match p.role {
            Role::Pawn => pawn(b, s, p, &mut out),
            Role::Knight | Role::King => leaper(b, s, p.role, &mut out),
            _ => slider(b, s, p.role, rules, &mut out),
        }
    }
    // en_passant_edge: the pawn in front of the passed square is pushed off
    // by an enemy pawn beside it, which stays or moves to the passed square.
    if let Some(e) = ep {
        let victim = add(e, (0, (!side).forward()), 1);
        for df in [-1, 1] {
            let s = (victim.0 + df, victim.1);
            if on(s) && b.get(s) == Some(Piece::new(side, Role::Pawn)) {
                for to in [s, e] {
                    if to == s || b.empty(e) {
                        out.push(Cand {
                            from: s,
                            to: Some(to),
                            target: Some((victim, None)),
                        });
                    }
                }
            }
        }
    }
    out
}

fn slider(b: &Board, s: Sq, role: Role, rules: Rules, out: &mut Vec<Cand>) {
    for d in lines(role) {
        let ahead = ray(s, d);
        let free = ahead.iter().take_while(|&&q| b.empty(q)).count();
        // Plain moves, and off when the whole line is empty.
        for &q in &ahead[..free] {
            out.push(Cand {
                from: s,
                to: Some(q),
                target: None,
            });
        }
        if free == ahead.len() {
            out.push(Cand {
                from: s,
                to: None,
                target: None,
            });
        }
        // Push the first piece ahead, j squares away.
        if free < ahead.len() {
            let j = free as i8 + 1;
            let t = ahead[free];
            let beyond = ray(t, d);
            let room = beyond.iter().take_while(|&&q| b.empty(q)).count();
            for n in 1..=room as i8 {
                for m in 0..(j + n) {
                    out.push(Cand {
                        from: s,
                        to: Some(add(s, d, m)),
                        target: Some((t, Some(add(t, d, n)))),
                    });
                }
            }
            if room == beyond.len() {
                for m in 0..=(j + room as i8) {
                    out.push(Cand {
                        from: s,
                        to: Some(add(s, d, m)),
                        target: Some((t, None)),
                    });
                }
                out.push(Cand {
                    from: s,
                    to: None,
                    target: Some((t, None)),
                });
            }
        }
        // Pull the first piece behind, j squares away.
        let behind = ray(s, (-d.0, -d.1));
        let Some(k) = behind.iter().position(|&q| !b.empty(q)) else {
            continue;
        };
        let j = k as i8 + 1;
        let t = behind[k];
        let first = if rules.stationary_pull { 0 } else { 1 };
        for m in first..=free as i8 {
            for n in 1..(j + m) {
                out.push(Cand {
                    from: s,
                    to: Some(add(s, d, m)),
                    target: Some((t, Some(add(t, d, n)))),
                });
            }
        }
        if free == ahead.len() {
            for n in 1..=(j + free as i8) {
                out.push(Cand {
                    from: s,
                    to: None,
                    target: Some((t, Some(add(t, d, n)))),
                });
            }
            out.push(Cand {
                from: s,
                to: None,
                target: Some((t, None)),
            });
        }
    }
}

fn leaper(b: &Board, s: Sq, role: Role, out: &mut Vec<Cand>) {
    let steps: Vec<Sq> = if role == Role::Knight {
        KNIGHT.to_vec()
    } else {
        STRAIGHT.iter().chain(DIAGONAL.iter()).copied().collect()
    };
    for v in steps {
        let a = add(s, v, 1);
        if !on(a) {
            if role == Role::Knight {
                out.push(Cand {
                    from: s,
                    to: None,
                    target: None,
                });
            }
            continue;
        }
        if b.empty(a) {
            out.push(Cand {
                from: s,
                to: Some(a),
                target: None,
            });
            continue;
        }
        let beyond = add(a, v, 1);
        if !on(beyond) || b.empty(beyond) {
            let end = on(beyond).then_some(beyond);
            for to in [s, a] {
                out.push(Cand {
                    from: s,
                    to: Some(to),
                    target: Some((a, end)),
                });
            }
        }
        let back = add(s, v, -1);
        if on(back) && b.empty(back) {
            out.push(Cand {
                from: s,
                to: Some(back),
                target: Some((a, Some(s))),
            });
        } else if !on(back) && role == Role::Knight {
            out.push(Cand {
                from: s,
                to: None,
                target: Some((a, Some(s))),
            });
        }
    }
}

fn pawn(b: &Board, s: Sq, p: Piece, out: &mut Vec<Cand>) {
    let f = p.color.forward();
    let reach: i8 = if s.1 == p.color.pawn_rank() as i8 {
        2
    } else {
        1
    };
    let fwd = (0, f);
    // Plain steps.
    for n in 1..=reach {
        let q = add(s, fwd, n);
        if !on(q) || !(1..=n).all(|i| b.empty(add(s, fwd, i))) {
            break;
        }
        out.push(Cand {
            from: s,
            to: Some(q),
            target: None,
        });
    }
    // Own piece straight ahead, on a square the pawn could move to.
    for i in 1..=reach {
        let t = add(s, fwd, i);
        if !on(t) || !(1..i).all(|k| b.empty(add(s, fwd, k))) {
            break;
        }
        match b.get(t) {
            Some(tp) if tp.color == p.color => {
                for k in (i + 1)..=(reach + 1) {
                    let end = add(s, fwd, k);
                    if !(i + 1..k).all(|x| on(add(s, fwd, x)) && b.empty(add(s, fwd, x))) {
                        break;
                    }
                    let end = if on(end) {
                        if !b.empty(end) {
                            break;
                        }
                        Some(end)
                    } else {
                        None
                    };
                    for q in 0..=reach.min(k - 1) {
                        let to = add(s, fwd, q);
                        if on(to) {
                            out.push(Cand {
                                from: s,
                                to: Some(to),
                                target: Some((t, end)),
                            });
                        }
                    }
                    if end.is_none() {
                        break;
                    }
                }
                break;
            }
            Some(_) => break,
            None => {}
        }
    }
    // Enemy piece diagonally forward.
    for df in [-1, 1] {
        let t = add(s, (df, f), 1);
        if !on(t) {
            continue;
        }
        let Some(tp) = b.get(t) else { continue };
        if tp.color == p.color {
            continue;
        }
        let beyond = add(t, (df, f), 1);
        if on(beyond) && !b.empty(beyond) {
            continue;
        }
        let end = on(beyond).then_some(beyond);
        for to in [s, t] {
            out.push(Cand {
                from: s,
                to: Some(to),
                target: Some((t, end)),
            });
        }
    }
}

fn apply(b: &Board, c: &Cand) -> Board {
    let mut after = b.clone();
    let mover = after.get(c.from);
    after.set(c.from, None);
    if let Some((t, end)) = c.target {
        let tp = after.get(t);
        after.set(t, None);
        if let Some(e) = end {
            after.set(e, tp);
        }
    }
    if let Some(to) = c.to {
        after.set(to, mover);
    }
    after
}

/// Whether `by` has a candidate that takes the piece on `sq` off.
fn threatened(b: &Board, sq: Sq, by: Color, rules: Rules) -> bool {
    candidates(b, by, rules, None)
        .iter()
        .any(|c| c.target == Some((sq, None)))
}

fn promotes(piece: Piece, end: End) -> bool {
    piece.role == Role::Pawn && end.is_some_and(|e| e.1 == piece.color.last_rank() as i8)
}

fn name(sq: Sq) -> String {
    Square::new(sq.0, sq.1).expect("on the board").to_string()
}

fn end_name(end: End) -> String {
    end.map_or("E".to_string(), name)
}

/// Check and the king-transit rule on the board after a move by `us`.
fn legal_after(after: &Board, us: Color, target: Option<(Piece, Sq, End)>, rules: Rules) -> bool {
    let (Some(king), Some(_)) = (after.king(us), after.king(!us)) else {
        return false;
    };
    if threatened(after, king, !us, rules) {
        return false;
    }
    if rules.king_transit_check
        && let Some((tp, t, Some(end))) = target
        && tp.role == Role::King
    {
        let (df, dr) = (end.0 - t.0, end.1 - t.1);
        let n = df.abs().max(dr.abs());
        let straight_line = df == 0 || dr == 0 || df.abs() == dr.abs();
        if straight_line && n >= 2 {
            let step = (df.signum(), dr.signum());
            return !(1..n).any(|i| {
                let q = add(t, step, i);
                let mut test = after.clone();
                test.set(end, None);
                test.set(q, Some(tp));
                threatened(&test, q, !tp.color, rules)
            });
        }
    }
    true
}

/// The legal moves of `pos` in canonical notation, by the naive reading.
/// Under `promotion=owner` a pawn of the side to move on its last rank
/// awaits its owner's choice (§9.1): the moves are each choice's moves,
/// judged with the chosen piece on the board, written `=Q e2e4`.
pub(crate) fn oracle(pos: &Position) -> BTreeSet<String> {
    let b = Board::of(pos);
    let us = pos.turn();
    let pending = all_squares()
        .find(|&sq| b.get(sq) == Some(Piece::new(us, Role::Pawn)) && sq.1 == us.last_rank() as i8);
    let Some(sq) = pending else {
        return oracle_on(pos, b);
    };
    let mut legal = BTreeSet::new();
    for role in Role::PROMOTIONS {
        let mut chosen = b.clone();
        chosen.set(sq, Some(Piece::new(us, role)));
        for m in oracle_on(pos, chosen) {
            legal.insert(format!("={} {m}", role.upper_char()));
        }
    }
    legal
}

/// The legal moves on board `b`, the rest of the state from `pos`.
fn oracle_on(pos: &Position, b: Board) -> BTreeSet<String> {
    let rules = pos.rules();
    let us = pos.turn();
    let ep = pos.ep_square().map(|s| (s.file() as i8, s.rank() as i8));
    let previous = pos.previous().map(|prev| {
        let mut cells = [[None; 8]; 8];
        for (sq, piece) in prev.pieces() {
            cells[sq.file() as usize][sq.rank() as usize] = Some(piece);
        }
        Board(cells)
    });
    let mut legal = BTreeSet::new();
    for c in candidates(&b, us, rules, ep) {
        let after = apply(&b, &c);
        let mover = b.get(c.from).expect("mover");
        let target = c.target.map(|(t, end)| (b.get(t).expect("target"), t, end));
        // Promotion: whichever pawn ends on its own last rank, each choice
        // a move of its own, judged with the promoted piece on the board.
        let promoting =
            promotes(mover, c.to) || target.is_some_and(|(tp, _, end)| promotes(tp, end));
        // §9.1: the opponent's pawn promoted under promotion=owner is one
        // move, written without `=`, legal only if legal for every choice
        // its owner may make; the no-undo rule sees the pawn.
        if rules.promotion == Promotion::Owner
            && let Some((tp, t, Some(end))) = target
            && tp.color != us
            && promotes(tp, Some(end))
        {
            let every_choice = Role::PROMOTIONS.iter().all(|&role| {
                let mut board = after.clone();
                board.set(end, Some(Piece::new(tp.color, role)));
                legal_after(&board, us, target, rules)
            });
            if every_choice && previous.as_ref() != Some(&after) {
                let mut text = String::new();
                if mover.role != Role::Pawn {
                    text.push(mover.role.upper_char());
                }
                text.push_str(&name(c.from));
                if c.to != Some(c.from) {
                    text.push_str(&end_name(c.to));
                }
                legal.insert(format!("{text}/{}{}", name(t), end_name(Some(end))));
            }
            continue;
        }
        let choices: Vec<Option<Role>> = if promoting {
            Role::PROMOTIONS.iter().map(|&r| Some(r)).collect()
        } else {
            vec![None]
        };
        for choice in choices {
            let mut board = after.clone();
            let mut text = String::new();
            if mover.role != Role::Pawn {
                text.push(mover.role.upper_char());
            }
            text.push_str(&name(c.from));
            if c.to != Some(c.from) {
                text.push_str(&end_name(c.to));
            }
            let mut target_text = String::new();
            if let Some((_, t, end)) = target {
                target_text = format!("/{}{}", name(t), end_name(end));
            }
            if let Some(role) = choice {
                if promotes(mover, c.to) {
                    let sq = c.to.expect("lands");
                    board.set(sq, Some(Piece::new(mover.color, role)));
                    text.push('=');
                    text.push(role.upper_char());
                } else if let Some((tp, _, Some(end))) = target {
                    board.set(end, Some(Piece::new(tp.color, role)));
                    target_text.push('=');
                    target_text.push(role.upper_char());
                }
            }
            if legal_after(&board, us, target, rules) && previous.as_ref() != Some(&board) {
                legal.insert(format!("{text}{target_text}"));
            }
        }
    }
    // Castling: rights from the position; squares and check by the oracle.
    let rank = us.back_rank() as i8;
    for side in CastlingSide::ALL {
        if !pos.castling().is_home(us, side) {
            continue;
        }
        let (between, passed, king_to, rook_from, rook_to): (&[i8], i8, i8, i8, i8) = match side {
            CastlingSide::KingSide => (&[5, 6], 5, 6, 7, 5),
            CastlingSide::QueenSide => (&[1, 2, 3], 3, 2, 0, 3),
        };
        if !between.iter().all(|&f| b.empty((f, rank))) {
            continue;
        }
        if threatened(&b, (4, rank), !us, rules) {
            continue;
        }
        let mut through = b.clone();
        through.set((4, rank), None);
        through.set((passed, rank), Some(Piece::new(us, Role::King)));
        if threatened(&through, (passed, rank), !us, rules) {
            continue;
        }
        let mut after = b.clone();
        after.set((4, rank), None);
        after.set((rook_from, rank), None);
        after.set((king_to, rank), Some(Piece::new(us, Role::King)));
        after.set((rook_to, rank), Some(Piece::new(us, Role::Rook)));
        if threatened(&after, (king_to, rank), !us, rules) || previous.as_ref() == Some(&after) {
            continue;
        }
        legal.insert(side.notation().to_string());
    }
    legal
}

/// Whether the side to move in `pos` is in check, by the naive reading
/// (§6: the opponent has a candidate that takes the king off).
#[allow(
    dead_code,
    reason = "dynamo-engine's tests use it; the rules' tests do not"
)]
pub(crate) fn in_check(pos: &Position) -> bool {
    let b = Board::of(pos);
    let us = pos.turn();
    b.king(us)
        .is_some_and(|k| threatened(&b, k, !us, pos.rules()))
}
