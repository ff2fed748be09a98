//! The Berger tables of a round robin (FIDE Handbook C.05, Annex 1):
//! which players meet in which round, and who has White.
//!
//! With an even number `n` of players, player `n` stays put while the
//! others turn round a circle: in round `r` the circle starts at player
//! `1 + (r - 1) · n/2` (counted round `1..n-1`), that player meets `n`
//! (with White in odd rounds, Black in even ones) on board 1, and the
//! `k`-th player after it meets the `k`-th before it, the first of the
//! two with White. With an odd number of players a dummy is added as the
//! last number; whoever meets it has a bye that round.
//!
//! A double round robin plays the table twice, the second cycle with
//! colours swapped and its rounds numbered on (rounds `n..2n-2`). FIDE
//! advises reversing the last two rounds of the first cycle when rounds
//! are played one after another, to spare a player three games in a row
//! with one colour; in correspondence play every game starts together, so
//! the rounds are labels and the table is kept as it is.

/// One game of a round: two player numbers, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The player who has White.
    pub white: u32,
    /// The player who has Black.
    pub black: u32,
}

/// One round of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// From 1; the second cycle of a double round robin numbers on.
    pub number: u32,
    /// The games in board order.
    pub games: Vec<Pairing>,
    /// The player who sits out the round (odd numbers of players only).
    pub bye: Option<u32>,
}

/// Every round of a round robin of `players` players (numbered from 1),
/// twice over with `double`. Fewer than two players play nothing.
pub fn schedule(players: u32, double: bool) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    // With an odd number, the dummy's opponent has the bye.
    let n = players + players % 2;
    let half = n / 2;
    let mut rounds = Vec::new();
    for r in 1..n {
        let first = (r - 1) * half % (n - 1);
        let circle = |k: u32| 1 + (first + k) % (n - 1);
        let mut table = Vec::with_capacity(half as usize);
        table.push(if r % 2 == 1 {
            (circle(0), n)
        } else {
            (n, circle(0))
        });
        for k in 1..half {
            table.push((circle(k), circle(n - 1 - k)));
        }
        rounds.push(round(r, &table, players));
    }
    if double {
        let second: Vec<Round> = rounds
            .iter()
            .map(|first| Round {
                number: first.number + n - 1,
                games: first
                    .games
                    .iter()
                    .map(|p| Pairing {
                        white: p.black,
                        black: p.white,
                    })
                    .collect(),
                bye: first.bye,
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

/// A round from its table of (White, Black) numbers; a pair with a
/// number above `players` (the dummy) is the bye.
fn round(number: u32, table: &[(u32, u32)], players: u32) -> Round {
    let mut games = Vec::with_capacity(table.len());
    let mut bye = None;
    for &(white, black) in table {
        if white > players {
            bye = Some(black);
        } else if black > players {
            bye = Some(white);
        } else {
            games.push(Pairing { white, black });
        }
    }
    Round { number, games, bye }
}
