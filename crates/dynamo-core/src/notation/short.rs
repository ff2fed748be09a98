//! Short algebraic (docs/RULES.md §10): the mover's square left out, or
//! only its file or rank written. Like descriptive notation it is a
//! pattern that must fit exactly one legal move; unlike it, it is also
//! written, by [`format_short`].

use super::nost::{Dest, Notation, Part, Short};
use super::resolve::{choose, resolve_move};
use super::write::format;
use crate::illegal::Illegal;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::{Square, Step};

impl Short {
    fn role_or_pawn(&self) -> Role {
        self.role.unwrap_or(Role::Pawn)
    }

    fn hint_fits(&self, sq: Square) -> bool {
        self.file.is_none_or(|f| f == sq.file()) && self.rank.is_none_or(|r| r == sq.rank())
    }

    /// Whether the legal move `m` fits this pattern, promotion aside.
    pub fn fits(&self, m: &Move) -> bool {
        if m.role() != self.role_or_pawn() || !self.hint_fits(m.from()) {
            return false;
        }
        let square = self.square.square();
        match (m.shove(), self.target) {
            // `Kg1` is castling when the king lands there (§13, ruling 3).
            (None, None) => m.to() == square,
            (Some(s), Some(t)) => {
                let mover_fits = if s.is_stationary() {
                    self.file.is_none() && self.rank.is_none() && square == Some(s.from)
                } else {
                    s.to == square
                };
                mover_fits
                    && s.target_from == t.from
                    && Some(s.target_to) == t.to.map(Dest::square)
                    && t.role.is_none_or(|r| r == s.target)
            }
            _ => false,
        }
    }

    /// The stationary reading of `Bf1/g2E`: the square written holds a
    /// piece and is not the target's. No mover can end on a square whose
    /// piece stays, so this reading is the only one, and it is resolved
    /// exactly: with the rule it breaks, if any (the piece is not yours,
    /// not a bishop, cannot push that piece there).
    fn stationary(&self, pos: &Position) -> Option<(Part, Part)> {
        let target = self.target?;
        let Dest::Square(sq) = self.square else {
            return None;
        };
        let occupied = !pos.board().is_empty(sq);
        let hinted = self.file.is_some() || self.rank.is_some();
        (occupied && !hinted && target.from != sq).then_some((
            Part {
                role: self.role,
                from: sq,
                to: None,
                promotion: self.promotion,
            },
            target,
        ))
    }

    /// The legal move this pattern fits in `pos`, or why there is none.
    /// [`crate::parse_move`] adds the closest legal moves to a refusal.
    pub fn resolve(&self, pos: &Position) -> Result<Move, Illegal> {
        if let Some((mover, target)) = self.stationary(pos) {
            return resolve_move(pos, mover, Some(target), &mut pos.clone());
        }
        let fitting: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| self.fits(m))
            .collect();
        let written = self.promotion.or(self.target.and_then(|t| t.promotion));
        choose(fitting, written, || Illegal::NoFit(self.why_none(pos)))
    }

    /// Why no legal move fits: the rule that the one piece meant breaks,
    /// or that none of the pieces meant can do what is written.
    fn why_none(&self, pos: &Position) -> String {
        let role = self.role_or_pawn();
        let ours: Vec<Square> = pos
            .board()
            .pieces()
            .filter(|(_, p)| p.color == pos.turn() && p.role == role)
            .map(|(sq, _)| sq)
            .collect();
        if ours.is_empty() {
            return format!("you have no {role}");
        }
        let mut meant: Vec<Square> = ours.into_iter().filter(|&sq| self.hint_fits(sq)).collect();
        if meant.is_empty() {
            let place = match (self.file, self.rank) {
                (Some(f), None) => format!("on the {}-file", char::from(b'a' + f)),
                (None, Some(r)) => format!("on rank {}", r + 1),
                _ => "there".to_string(),
            };
            return format!("you have no {role} {place}");
        }
        if let (None, Dest::Square(sq)) = (self.target, self.square)
            && !pos.board().is_empty(sq)
        {
            return Illegal::Occupied(sq).to_string();
        }
        // A plain move goes along the piece's own lines: only the pieces
        // that could reach the square on an empty board are meant (the
        // bishop of the square's colour, the pawns on its file), so that
        // the one meant is told what stands in its way.
        if self.target.is_none()
            && let Some(to) = self.square.square()
        {
            meant.retain(|&from| reaches(role, from, to));
        }
        if let [from] = meant[..] {
            let mover = Part {
                role: Some(role),
                from,
                to: Some(self.square),
                promotion: self.promotion,
            };
            if let Err(reason) = resolve_move(pos, mover, self.target, &mut pos.clone()) {
                return reason.to_string();
            }
        }
        let goes = match self.square {
            Dest::Square(sq) => format!("move to {sq}"),
            Dest::Off => "leave the board".to_string(),
        };
        match self.target {
            None => format!("no {role} of yours can {goes}"),
            Some(t) => {
                let t_to =
                    t.to.and_then(Dest::square)
                        .map_or("off the board".to_string(), |sq| sq.to_string());
                format!(
                    "no {role} of yours can {goes} and take the piece on {} to {t_to}",
                    t.from
                )
            }
        }
    }
}

/// Whether a `role` on `from` could move to `to` on an empty board, its
/// colour and first step aside: a pawn on the same file.
fn reaches(role: Role, from: Square, to: Square) -> bool {
    let steps: &[Step] = match role {
        Role::Pawn => return from.file() == to.file() && from != to,
        // Castling is written as the king's two steps (§13, ruling 3).
        Role::King if from.rank() == to.rank() && from.file().abs_diff(to.file()) == 2 => {
            return true;
        }
        Role::King => &Step::KING,
        Role::Knight => &Step::KNIGHT,
        _ => {
            return Step::line_between(from, to).is_some_and(|(dir, _)| {
                if dir.is_straight() {
                    role.slides_straight()
                } else {
                    role.slides_diagonally()
                }
            });
        }
    };
    steps.iter().any(|&step| from.offset(step) == Some(to))
}

/// The short algebraic form of a legal move: the mover's square left out
/// when no other legal move fits without it, else only its file, else
/// only its rank, else canonical (SAN's rule). Castling and stationary
/// movers are written as canonical, which is already short. The owner's
/// choice, if the turn begins with one, comes first, and the move is
/// shortened among that choice's moves (docs/RULES.md §9.1): `=Q e4`.
pub fn format_short(m: &Move, pos: &Position) -> String {
    if let Some(role) = m.choice()
        && let Ok(chosen) = pos.choose(role)
    {
        let inner = m.with_choice(None);
        let short = format_short_in(&inner, &chosen, &chosen.legal_moves());
        return format!("={} {short}", role.upper_char());
    }
    format_short_in(m, pos, &pos.legal_moves())
}

/// [`format_short`] with the legal moves of `pos` already listed: all of
/// them, or at least those of `m`'s kind of piece to `m`'s square.
pub(crate) fn format_short_in(m: &Move, pos: &Position, legal: &[Move]) -> String {
    let canonical = format(m);
    let (from, to, promotion, target) = match m {
        Move::Castle { .. } => return canonical,
        Move::Plain {
            from,
            to,
            promotion,
            ..
        } => (*from, *to, *promotion, None),
        Move::Push(s) | Move::Pull(s) => {
            if s.is_stationary() {
                return canonical;
            }
            let target = Part {
                role: None,
                from: s.target_from,
                to: Some(s.target_to.map_or(Dest::Off, Dest::Square)),
                promotion: if s.mover_promotes() {
                    None
                } else {
                    s.promotion
                },
            };
            let promotion = if s.mover_promotes() {
                s.promotion
            } else {
                None
            };
            (s.from, s.to, promotion, Some(target))
        }
    };
    let role = m.role();
    let hints: &[(bool, bool)] = if role == Role::Pawn {
        &[(false, false)]
    } else {
        &[(false, false), (true, false), (false, true)]
    };
    // Only moves of the same kind of piece to the same square can share a
    // pattern with this one: sort them out once, not once per hint.
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|l| l.role() == role && l.to() == to && l.promotion() == m.promotion())
        .collect();
    for &(by_file, by_rank) in hints {
        let short = Short {
            role: (role != Role::Pawn).then_some(role),
            file: by_file.then_some(from.file()),
            rank: by_rank.then_some(from.rank()),
            square: to.map_or(Dest::Off, Dest::Square),
            promotion,
            target,
        };
        let fitting: Vec<&&Move> = rivals.iter().filter(|l| short.fits(l)).collect();
        if fitting == [&m] && short.stationary(pos).is_none() {
            // `B1E` would read as the square b1: a form that does not
            // read back as itself is not used.
            let text = written(&short, from);
            if Notation::parse(&text) == Ok(Notation::Short(short)) {
                return text;
            }
        }
    }
    canonical
}

/// The text of a short pattern: `Nf3`, `Nbd2`, `R1a3`, `e8=Q`, `NE/e2g1`.
fn written(short: &Short, from: Square) -> String {
    let mut out = String::with_capacity(12);
    if let Some(role) = short.role {
        out.push(role.upper_char());
    }
    if short.file.is_some() {
        out.push(from.file_char());
    }
    if short.rank.is_some() {
        out.push(from.rank_char());
    }
    match short.square {
        Dest::Square(sq) => out.push_str(&sq.to_string()),
        Dest::Off => out.push('E'),
    }
    for (part, promotion) in [(None, short.promotion)]
        .into_iter()
        .chain(short.target.map(|t| (Some(t), t.promotion)))
    {
        if let Some(t) = part {
            out.push('/');
            out.push_str(&t.from.to_string());
            match t.to {
                Some(Dest::Square(sq)) => out.push_str(&sq.to_string()),
                _ => out.push('E'),
            }
        }
        if let Some(role) = promotion {
            out.push('=');
            out.push(role.upper_char());
        }
    }
    out
}
