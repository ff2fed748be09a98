//! The standings of a group of games: each player's points, games
//! finished and in progress, and ICCF's tie-breaks in order — the number
//! of wins (Baumbach), the Sonneborn-Berger score, then the head-to-head
//! result among the players still tied.
//!
//! Results come from the game files alone: a game with an ending (mate,
//! stalemate, resignation, an agreed draw, an adjudication such as a
//! time forfeit) counts; one without is in progress and scores nothing
//! yet; a cancelled game (a player withdrew early on) counts for nobody,
//! neither finished nor in progress. A player is known by their address, without regard to letter
//! case (by name only when a game gives none), so a name spelt
//! differently in some game is still the same player.

use std::collections::{HashMap, HashSet};
use std::fmt;

use dynamo_core::Color;

use crate::game::{Game, Outcome, Player};

/// A score counted in half points, so that sums are exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Halves(pub u32);

impl Halves {
    /// As a number: `1.5`.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

/// `1½`, `½`, `0`, `3`, as crosstables write points.
impl fmt::Display for Halves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// A Sonneborn-Berger score, counted in quarter points (a half point
/// times an opponent's half points).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quarters(pub u32);

impl Quarters {
    /// As a number: `4.75`.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 4.0
    }
}

/// `4.75`, `4.5`, `4`.
impl fmt::Display for Quarters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        match self.0 % 4 {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}.25"),
            2 => write!(f, "{whole}.5"),
            _ => write!(f, "{whole}.75"),
        }
    }
}

/// A player known before any game is read (a section's list), in the
/// order of their numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Competitor {
    pub name: String,
    pub email: Option<String>,
}

impl From<&Player> for Competitor {
    fn from(p: &Player) -> Competitor {
        Competitor {
            name: p.name.clone(),
            email: p.email.as_ref().map(|a| a.to_string()),
        }
    }
}

/// What the standings take of one game: its players, its result, its
/// round and file. Made from each game as it is loaded, so that the
/// standings of ten thousand games never hold ten thousand games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub white: Competitor,
    pub black: Competitor,
    /// `None` while the game goes on; [`Outcome::Cancelled`] for a game
    /// that counts for nobody.
    pub outcome: Option<Outcome>,
    /// Why the game was cancelled (its Termination after `cancelled: `),
    /// for a cancelled game.
    pub cancelled: Option<String>,
    /// The game's Round tag.
    pub round: String,
    /// The game file, as the caller named it.
    pub file: String,
}

impl Played {
    /// What the standings take of `game`, from the file `file`.
    pub fn of(file: String, game: &Game) -> Played {
        Played {
            white: game.white().into(),
            black: game.black().into(),
            outcome: game.ending().map(|e| e.outcome),
            cancelled: game.cancelled().map(str::to_string),
            round: game.tag("Round").unwrap_or("").to_string(),
            file,
        }
    }
}

/// One game of a player, from their side of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encounter {
    /// The opponent's number.
    pub opponent: u32,
    /// The colour this player has.
    pub color: Color,
    /// What this player scored; `None` while the game goes on, and for
    /// a cancelled game.
    pub score: Option<Halves>,
    /// Why the game was cancelled, when it was: it counts for nobody,
    /// neither finished nor in progress.
    pub cancelled: Option<String>,
    /// The game's Round tag.
    pub round: String,
    /// The game file, as the caller named it.
    pub file: String,
}

/// The crosstable's mark of a cancelled game, explained under the table
/// ([`Standings::cancellations`]).
pub const CANCELLED_MARK: &str = "–";

impl Encounter {
    /// The crosstable's cell for this game: `1`, `½`, `0`, `·` in
    /// progress, [`CANCELLED_MARK`] cancelled.
    pub fn mark(&self) -> String {
        match (self.score, &self.cancelled) {
            (Some(s), _) => s.to_string(),
            (None, Some(_)) => CANCELLED_MARK.to_string(),
            (None, None) => "·".to_string(),
        }
    }
}

/// One player's line of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// From 1: a section's number, else the order of first appearance.
    pub number: u32,
    pub name: String,
    pub email: Option<String>,
    /// The places this player shares: `(3, 4)` when the tie-breaks leave
    /// two players level on third place, `(1, 1)` for a place alone.
    pub rank: (u32, u32),
    pub points: Halves,
    pub finished: u32,
    pub ongoing: u32,
    pub wins: u32,
    pub sonneborn_berger: Quarters,
    /// In the order the games were given.
    pub encounters: Vec<Encounter>,
    /// The names of those who held this seat before the player, a
    /// substitute (`tournament replace`): their games count for it.
    pub replacing: Vec<String>,
}

/// A crosstable: every player in rank order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    pub rows: Vec<Standing>,
}

/// The key a player is known by: the address in lower case, else the name.
fn key(name: &str, email: Option<&str>) -> String {
    match email {
        Some(e) => format!("@{}", e.to_lowercase()),
        None => format!("name:{name}"),
    }
}

impl Standings {
    /// The standings of `games`, between the `known` players (numbered
    /// from 1 in that order) and whoever else the games name (numbered
    /// on, in order of appearance). Time and memory grow in proportion to
    /// the games and the players (the defect "`standings` quadratic in
    /// players": a list of keys searched for every game, and the
    /// head-to-head's tied group searched for every game of it).
    pub fn compute(known: &[Competitor], games: &[Played]) -> Standings {
        Standings::compute_seated(known, &[], games)
    }

    /// As [`Standings::compute`], where each of `before` held the seat
    /// numbered so among `known` before its present player, a
    /// substitute: their games count for the seat, as ICCF counts a
    /// substitute's results together with the original's
    /// (docs/director.md, "Replacing a player").
    pub fn compute_seated(
        known: &[Competitor],
        before: &[(u32, Competitor)],
        games: &[Played],
    ) -> Standings {
        let mut players: Vec<Standing> = Vec::new();
        let mut numbers: HashMap<String, u32> = HashMap::new();
        let number_of = |p: &Competitor,
                         players: &mut Vec<Standing>,
                         numbers: &mut HashMap<String, u32>|
         -> u32 {
            let k = key(&p.name, p.email.as_deref());
            if let Some(&n) = numbers.get(&k) {
                return n;
            }
            let number = players.len() as u32 + 1;
            numbers.insert(k, number);
            players.push(Standing {
                number,
                name: p.name.clone(),
                email: p.email.clone(),
                rank: (0, 0),
                points: Halves(0),
                finished: 0,
                ongoing: 0,
                wins: 0,
                sonneborn_berger: Quarters(0),
                encounters: Vec::new(),
                replacing: Vec::new(),
            });
            number
        };
        for p in known {
            number_of(p, &mut players, &mut numbers);
        }
        for (seat, p) in before {
            let Some(row) = players.get_mut((*seat as usize).wrapping_sub(1)) else {
                continue;
            };
            // The seat's first key stays its own: a player known by
            // several keys is the same row under each.
            numbers
                .entry(key(&p.name, p.email.as_deref()))
                .or_insert(*seat);
            row.replacing.push(p.name.clone());
        }
        for game in games {
            let white = number_of(&game.white, &mut players, &mut numbers);
            let black = number_of(&game.black, &mut players, &mut numbers);
            if white == black {
                // A game of a player against themself scores for nobody.
                continue;
            }
            let outcome = game.outcome;
            for (me, other, color) in [(white, black, Color::White), (black, white, Color::Black)] {
                let score = outcome.and_then(|o| match o {
                    Outcome::Draw => Some(Halves(1)),
                    Outcome::Decisive { winner } if winner == color => Some(Halves(2)),
                    Outcome::Decisive { .. } => Some(Halves(0)),
                    Outcome::Cancelled => None,
                });
                let row = &mut players[me as usize - 1];
                match score {
                    Some(s) => {
                        row.finished += 1;
                        row.points.0 += s.0;
                        row.wins += u32::from(s == Halves(2));
                    }
                    None if outcome.is_none() => row.ongoing += 1,
                    None => {}
                }
                row.encounters.push(Encounter {
                    opponent: other,
                    color,
                    score,
                    cancelled: game.cancelled.clone(),
                    round: game.round.clone(),
                    file: game.file.clone(),
                });
            }
        }
        let points: Vec<Halves> = players.iter().map(|p| p.points).collect();
        for row in &mut players {
            let sb: u32 = row
                .encounters
                .iter()
                .filter_map(|e| e.score.map(|s| s.0 * points[e.opponent as usize - 1].0))
                .sum();
            row.sonneborn_berger = Quarters(sb);
        }
        rank(players)
    }
}

impl Standings {
    /// The legend of the cancelled games, one line for each reason in the
    /// order first met: `– cancelled: Eve withdrew on 2026-12-01`.
    pub fn cancellations(&self) -> Vec<String> {
        let mut seen = HashSet::new();
        let mut lines = Vec::new();
        for e in self.rows.iter().flat_map(|r| &r.encounters) {
            if let Some(reason) = &e.cancelled
                && seen.insert(reason.as_str())
            {
                lines.push(format!("{CANCELLED_MARK} cancelled: {reason}"));
            }
        }
        lines
    }

    /// The line under the table naming each seat's substitution, as
    /// ICCF's event pages do: `Substitutions: Alan Adams was substituted
    /// by Bob Brown (2).`; `None` when there is none.
    pub fn substitutions(&self) -> Option<String> {
        let mut rows: Vec<&Standing> = self
            .rows
            .iter()
            .filter(|r| !r.replacing.is_empty())
            .collect();
        rows.sort_by_key(|r| r.number);
        let each: Vec<String> = rows
            .iter()
            .map(|r| {
                let mut names = r.replacing.clone();
                names.push(r.name.clone());
                let chain = names.join(" was substituted by ");
                format!("{chain} ({})", r.number)
            })
            .collect();
        (!each.is_empty()).then(|| format!("Substitutions: {}.", each.join("; ")))
    }
}

/// Orders the players (indexed by number − 1) and gives each their place.
fn rank(players: Vec<Standing>) -> Standings {
    let mut order: Vec<usize> = (0..players.len()).collect();
    let merit = |p: &Standing| (p.points, p.wins, p.sonneborn_berger);
    // Best first; equal players by number.
    order.sort_by(|&a, &b| merit(&players[b]).cmp(&merit(&players[a])).then(a.cmp(&b)));
    let mut clusters: Vec<Vec<usize>> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let level = merit(&players[order[start]]);
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&i| merit(&players[i]) == level)
                .count();
        clusters.extend(head_to_head(&players, &order[start..end]));
        start = end;
    }
    let mut rows: Vec<Option<Standing>> = players.into_iter().map(Some).collect();
    let mut ranked = Vec::with_capacity(rows.len());
    for cluster in clusters {
        let first = ranked.len() as u32 + 1;
        let last = first + cluster.len() as u32 - 1;
        for i in cluster {
            if let Some(mut row) = rows[i].take() {
                row.rank = (first, last);
                ranked.push(row);
            }
        }
    }
    Standings { rows: ranked }
}

/// Splits players level on points, wins and Sonneborn-Berger by what
/// they scored in their finished games against each other, best first;
/// a part still level is split again among its own players. What no
/// split separates stays one cluster, which shares its places.
fn head_to_head(players: &[Standing], group: &[usize]) -> Vec<Vec<usize>> {
    if group.len() < 2 {
        return vec![group.to_vec()];
    }
    let members: HashSet<usize> = group.iter().copied().collect();
    let among = |i: usize| -> u32 {
        players[i]
            .encounters
            .iter()
            .filter(|e| members.contains(&(e.opponent as usize - 1)))
            .filter_map(|e| e.score.map(|s| s.0))
            .sum()
    };
    let mut scored: Vec<(u32, usize)> = group.iter().map(|&i| (among(i), i)).collect();
    // Stable: equal scores keep the order by number.
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut parts: Vec<(u32, Vec<usize>)> = Vec::new();
    for &(score, i) in &scored {
        match parts.last_mut() {
            Some((level, part)) if *level == score => part.push(i),
            _ => parts.push((score, vec![i])),
        }
    }
    let parts: Vec<Vec<usize>> = parts.into_iter().map(|(_, part)| part).collect();
    if parts.len() == 1 {
        return parts;
    }
    parts
        .into_iter()
        .flat_map(|part| head_to_head(players, &part))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Player `number` with these (opponent, half points) results.
    fn player(number: u32, results: &[(u32, u32)]) -> Standing {
        Standing {
            number,
            name: format!("P{number}"),
            email: None,
            rank: (0, 0),
            points: Halves(results.iter().map(|r| r.1).sum()),
            finished: results.len() as u32,
            ongoing: 0,
            wins: 0,
            sonneborn_berger: Quarters(0),
            encounters: results
                .iter()
                .map(|&(opponent, h)| Encounter {
                    opponent,
                    color: Color::White,
                    score: Some(Halves(h)),
                    cancelled: None,
                    round: String::new(),
                    file: String::new(),
                })
                .collect(),
            replacing: Vec::new(),
        }
    }

    /// Four players level before the head-to-head: among all four, 4
    /// scores 2, 1 and 2 score 1½ each, 3 scores 1; 1 beat 2, so among
    /// the two of them 1 comes first, which the first comparison alone
    /// could not say.
    #[test]
    fn a_part_still_level_is_compared_again_among_itself() {
        let players = [
            player(1, &[(2, 2), (3, 0), (4, 1)]),
            player(2, &[(1, 0), (3, 2), (4, 1)]),
            player(3, &[(1, 2), (2, 0), (4, 0)]),
            player(4, &[(1, 1), (2, 1), (3, 2)]),
        ];
        assert_eq!(
            head_to_head(&players, &[0, 1, 2, 3]),
            [vec![3], vec![0], vec![1], vec![2]]
        );
        // Among all four, 3 and 4 score 2 each and 1 and 2 one each; 4
        // beat 3, and 1 and 2 drew, so they share their places.
        let players = [
            player(1, &[(2, 1), (3, 0), (4, 1)]),
            player(2, &[(1, 1), (3, 0), (4, 1)]),
            player(3, &[(1, 2), (2, 2), (4, 0)]),
            player(4, &[(1, 1), (2, 1), (3, 2)]),
        ];
        assert_eq!(
            head_to_head(&players, &[0, 1, 2, 3]),
            [vec![3], vec![2], vec![0, 1]]
        );
    }

    #[test]
    fn scores_print_as_crosstables_write_them() {
        let texts: Vec<String> = [0, 1, 2, 3, 8].map(|h| Halves(h).to_string()).into();
        assert_eq!(texts, ["0", "½", "1", "1½", "4"]);
        let texts: Vec<String> = [0, 1, 2, 3, 19].map(|q| Quarters(q).to_string()).into();
        assert_eq!(texts, ["0", "0.25", "0.5", "0.75", "4.75"]);
    }
}
