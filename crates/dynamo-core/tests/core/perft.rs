//! The perft vectors of `perft.txt`, each count checked three
//! independent ways, and every move on the way through its notation.

use dynamo_core::notation::format;
use dynamo_core::{Position, Rules, parse_move};
use dynamo_core::{perft, perft_made};

struct Vector {
    line: usize,
    fen: String,
    rules: Rules,
    depth: u32,
    count: u64,
}

fn vectors() -> Vec<Vector> {
    let text = include_str!("perft.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(fields.len(), 4, "perft.txt line {}: {line}", i + 1);
        out.push(Vector {
            line: i + 1,
            fen: fields[0].to_string(),
            rules: fields[1].parse().expect("rule set"),
            depth: fields[2].parse().expect("depth"),
            count: fields[3].parse().expect("count"),
        });
    }
    assert!(out.len() >= 20, "the vector file lost lines");
    out
}

/// The second way: every child is rebuilt from the FEN its parent prints,
/// so castling rights, the en-passant-edge square and the board before the
/// last move must all survive the text.
fn perft_through_fen(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for (_, child) in pos.legal_children() {
        let text = child.to_fen();
        let rebuilt = Position::from_fen(&text, pos.rules())
            .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
        assert_eq!(rebuilt, child, "{text}");
        // The last ply lists the rebuilt position's moves one by one
        // instead of counting them in bulk as `perft` does.
        total += if depth == 1 {
            1
        } else if depth == 2 {
            rebuilt.legal_moves().len() as u64
        } else {
            perft_through_fen(&rebuilt, depth - 1)
        };
    }
    total
}

/// Every legal move's canonical text resolves to that same move, and no
/// two moves share a text.
fn round_trip(pos: &Position, depth: u32) {
    let moves = pos.legal_moves();
    let mut texts: Vec<String> = moves.iter().map(format).collect();
    texts.sort();
    texts.dedup();
    assert_eq!(
        texts.len(),
        moves.len(),
        "duplicate notation in {}",
        pos.to_fen()
    );
    for m in &moves {
        let text = format(m);
        let back =
            parse_move(pos, &text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_fen()));
        assert_eq!(&back, m, "{text} in {}", pos.to_fen());
        if depth > 1 {
            round_trip(&pos.play(m).expect("listed moves play"), depth - 1);
        }
    }
}

#[test]
fn perft_vectors_counted_by_playing_moves() {
    for v in vectors() {
        let pos = Position::from_fen(&v.fen, v.rules).expect("vector position");
        assert_eq!(perft(&pos, v.depth), v.count, "perft.txt line {}", v.line);
    }
}

#[test]
fn perft_vectors_counted_as_a_search_makes_moves() {
    for v in vectors() {
        let pos = Position::from_fen(&v.fen, v.rules).expect("vector position");
        let (count, made) = perft_made(&pos, v.depth);
        assert_eq!(count, v.count, "perft.txt line {}", v.line);
        assert!(made >= count, "perft.txt line {}", v.line);
    }
}

#[test]
fn perft_vectors_counted_through_fen_text() {
    for v in vectors() {
        let pos = Position::from_fen(&v.fen, v.rules).expect("vector position");
        assert_eq!(
            perft_through_fen(&pos, v.depth),
            v.count,
            "perft.txt line {}",
            v.line
        );
    }
}

#[test]
fn perft_vectors_moves_round_trip_through_notation() {
    for v in vectors() {
        let pos = Position::from_fen(&v.fen, v.rules).expect("vector position");
        round_trip(&pos, v.depth.min(2));
    }
}
