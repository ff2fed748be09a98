//! The pairings and colours of the Berger tables, written out by hand from
//! FIDE's tables (Handbook C.05, Annex 1), and what every table must hold.

use std::collections::HashMap;

use dynamo::tournament::berger::{Round, schedule};

/// A round as the tables print it: `1-4 2-3`, White first, board order,
/// then `bye N` when a player sits out.
fn printed(round: &Round) -> String {
    let mut parts: Vec<String> = round
        .games
        .iter()
        .map(|p| format!("{}-{}", p.white, p.black))
        .collect();
    if let Some(b) = round.bye {
        parts.push(format!("bye {b}"));
    }
    parts.join(" ")
}

#[track_caller]
fn assert_table(players: u32, double: bool, expected: &[&str]) {
    let rounds = schedule(players, double);
    let got: Vec<String> = rounds.iter().map(printed).collect();
    assert_eq!(got, expected, "{players} players, double: {double}");
    let numbers: Vec<u32> = rounds.iter().map(|r| r.number).collect();
    let want: Vec<u32> = (1..=expected.len() as u32).collect();
    assert_eq!(numbers, want);
}

const FOUR: [&str; 3] = ["1-4 2-3", "4-3 1-2", "2-4 3-1"];
const SIX: [&str; 5] = [
    "1-6 2-5 3-4",
    "6-4 5-3 1-2",
    "2-6 3-1 4-5",
    "6-5 1-4 2-3",
    "3-6 4-2 5-1",
];
const EIGHT: [&str; 7] = [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
];

#[test]
fn four_players() {
    assert_table(4, false, &FOUR);
}

#[test]
fn four_players_double_swaps_colours_in_rounds_4_to_6() {
    let second = ["4-1 3-2", "3-4 2-1", "4-2 1-3"];
    assert_table(4, true, &[&FOUR[..], &second[..]].concat());
}

#[test]
fn five_players_have_a_bye_each_round() {
    // The table for six, number 6 being the bye.
    let five = [
        "2-5 3-4 bye 1",
        "5-3 1-2 bye 4",
        "3-1 4-5 bye 2",
        "1-4 2-3 bye 5",
        "4-2 5-1 bye 3",
    ];
    assert_table(5, false, &five);
    let second = [
        "5-2 4-3 bye 1",
        "3-5 2-1 bye 4",
        "1-3 5-4 bye 2",
        "4-1 3-2 bye 5",
        "2-4 1-5 bye 3",
    ];
    assert_table(5, true, &[&five[..], &second[..]].concat());
}

#[test]
fn six_players() {
    assert_table(6, false, &SIX);
    let second = [
        "6-1 5-2 4-3",
        "4-6 3-5 2-1",
        "6-2 1-3 5-4",
        "5-6 4-1 3-2",
        "6-3 2-4 1-5",
    ];
    assert_table(6, true, &[&SIX[..], &second[..]].concat());
}

#[test]
fn eight_players() {
    assert_table(8, false, &EIGHT);
    let second = [
        "8-1 7-2 6-3 5-4",
        "5-8 4-6 3-7 2-1",
        "8-2 1-3 7-4 6-5",
        "6-8 5-7 4-1 3-2",
        "8-3 2-4 1-5 7-6",
        "7-8 6-1 5-2 4-3",
        "8-4 3-5 2-6 1-7",
    ];
    assert_table(8, true, &[&EIGHT[..], &second[..]].concat());
}

#[test]
fn two_players_play_a_match() {
    assert_table(2, false, &["1-2"]);
    assert_table(2, true, &["1-2", "2-1"]);
    assert!(schedule(1, false).is_empty());
}

/// For every size a section may have: every pair meets once (twice, once
/// with each colour, in a double round robin), nobody plays twice in a
/// round, exactly one bye a round for an odd number and none for an even
/// one, and colours are balanced.
#[test]
fn every_table_pairs_everyone_and_balances_colours() {
    for players in 2..=24u32 {
        for double in [false, true] {
            let rounds = schedule(players, double);
            let even = players + players % 2;
            let cycles = if double { 2 } else { 1 };
            assert_eq!(rounds.len() as u32, cycles * (even - 1));
            let mut met: HashMap<(u32, u32), u32> = HashMap::new();
            let mut whites = vec![0i32; players as usize + 1];
            let mut games = vec![0i32; players as usize + 1];
            for round in &rounds {
                let mut seen: Vec<u32> = round.bye.into_iter().collect();
                for p in &round.games {
                    seen.extend([p.white, p.black]);
                    *met.entry((p.white, p.black)).or_default() += 1;
                    whites[p.white as usize] += 1;
                    games[p.white as usize] += 1;
                    games[p.black as usize] += 1;
                }
                seen.sort();
                let all: Vec<u32> = (1..=players).collect();
                assert_eq!(seen, all, "{players} players, round {}", round.number);
                assert_eq!(round.bye.is_some(), players % 2 == 1);
            }
            for a in 1..=players {
                for b in (a + 1)..=players {
                    let ab = met.get(&(a, b)).copied().unwrap_or(0);
                    let ba = met.get(&(b, a)).copied().unwrap_or(0);
                    if double {
                        assert_eq!((ab, ba), (1, 1), "{players}: {a} and {b}");
                    } else {
                        assert_eq!(ab + ba, 1, "{players}: {a} and {b}");
                    }
                }
                let blacks = games[a as usize] - whites[a as usize];
                let gap = (whites[a as usize] - blacks).abs();
                let most = if double { 0 } else { 1 };
                assert!(
                    gap <= most,
                    "{players} players: {a} has {gap} more of one colour"
                );
            }
        }
    }
}
