//! The benches' club: random games of [`PLIES`] half-moves that neither
//! mate nor stalemate, and game files around them as a club has them
//! (events, rounds, players with addresses, a `10/50d` clock, moves a day
//! or so apart, one in eight resigned). Shared by `benches/games.rs` and
//! `benches/site.rs`.

use std::fmt::Write as _;

use dynamo_core::{Position, Rules};

use super::rng::Rng;

/// Half-moves in each generated game.
pub const PLIES: usize = 80;

/// A random game of `PLIES` half-moves that neither mates nor stalemates.
pub fn random_game(seed: u64) -> Vec<String> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    'restart: loop {
        let mut pos = Position::startpos(Rules::NOST);
        let mut moves = Vec::with_capacity(PLIES);
        while moves.len() < PLIES {
            let mut legal = pos.legal_moves();
            loop {
                if legal.is_empty() {
                    continue 'restart;
                }
                let i = (rng.next() % legal.len() as u64) as usize;
                let m = legal.swap_remove(i);
                let after = pos.play(&m).expect("a legal move");
                if !after.status().is_over() {
                    moves.push(dynamo_core::notation::format(&m));
                    pos = after;
                    break;
                }
            }
        }
        return moves;
    }
}

pub const FIRST: [&str; 8] = [
    "Ada", "Charles", "Émilie", "Józef", "Grace", "Alan", "Sofia", "Ngozi",
];
pub const LAST: [&str; 8] = [
    "Lovelace",
    "Babbage",
    "du Châtelet",
    "Lovász",
    "Hopper",
    "Turing",
    "Kovalevskaya",
    "Okonjo",
];

pub fn player(n: usize) -> (String, String) {
    let first = FIRST[n % 8];
    let last = LAST[(n / 8) % 8];
    let name = format!("{first} {last} {}", n % 97);
    let address = format!("p{n}@club{}.example.org", n % 13);
    (name, address)
}

pub fn game_text(moves: &[String], n: usize) -> String {
    let (white, white_email) = player(n * 2);
    let (black, black_email) = player(n * 2 + 1);
    let resigned = n % 8 == 7;
    let result = if resigned { "0-1" } else { "*" };
    // Games start on different days of 2024, moves come 20 to 40 hours
    // apart: deadlines spread over the year, some long past.
    let start = chrono::DateTime::from_timestamp(1_704_067_200, 0).expect("a time")
        + chrono::Duration::hours((n % 300) as i64 * 24);
    let mut out = format!(
        "[Event \"Club championship {}\"]\n[Site \"By email\"]\n[Date \"{}\"]\n[Round \"{}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"Dynamo\"]\n[Rules \"nost\"]\n[WhiteEmail \"{white_email}\"]\n[BlackEmail \"{black_email}\"]\n[TimeControl \"10/50d\"]\n[UTCDate \"{}\"]\n[UTCTime \"{}\"]\n",
        n % 40,
        start.format("%Y.%m.%d"),
        n % 7 + 1,
        start.format("%Y.%m.%d"),
        start.format("%H:%M:%S"),
    );
    if resigned {
        out.push_str("[Termination \"White resigns\"]\n");
    }
    out.push('\n');
    let mut at = start;
    for (i, m) in moves.iter().enumerate() {
        at += chrono::Duration::hours(20 + ((n + i) % 21) as i64);
        if i % 2 == 0 {
            let _ = write!(out, "{}. ", i / 2 + 1);
        }
        let _ = write!(out, "{m} {{{}}}", at.format("%Y-%m-%dT%H:%M:%SZ"));
        out.push(if i % 2 == 1 { '\n' } else { ' ' });
    }
    if resigned {
        at += chrono::Duration::hours(3);
        let _ = writeln!(
            out,
            "{{[%resign White {}]}}",
            at.format("%Y-%m-%dT%H:%M:%SZ")
        );
    }
    out.push_str(result);
    out.push('\n');
    out
}
