//! The game as PGN for the page's download: what any PGN reader shows of
//! it and nothing private — the players' names without their addresses,
//! no notes, no events' mail references, only the moves shown.

use std::fmt::Write;

use super::positions::Positions;

/// A PGN tag value: `\` and `"` escaped (PGN standard 8.1.1), line breaks
/// made spaces.
fn value(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// The game's PGN, with the first `shown` plies.
pub fn pgn(g: &Positions, shown: usize) -> String {
    let game = g.game;
    let result = match game.ending() {
        Some(end) if shown == g.plies.len() => end.outcome.pgn(),
        _ => "*",
    };
    let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
    let mut out = String::new();
    for (name, v) in [
        ("Event", game.event().to_string()),
        ("Site", tag("Site")),
        ("Date", tag("Date")),
        ("Round", tag("Round")),
        ("White", game.white().name.clone()),
        ("Black", game.black().name.clone()),
        ("Result", result.to_string()),
    ] {
        let _ = writeln!(out, "[{name} \"{}\"]", value(&v));
    }
    let _ = writeln!(out, "[Rules \"{}\"]", value(&game.rules().to_string()));
    let _ = writeln!(
        out,
        "[TimeControl \"{}\"]",
        value(&game.time_control().to_string())
    );
    let start = game.start_position();
    if *start != dynamo_core::Position::startpos(game.rules()) {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{}\"]", start.to_fen());
    }
    if let Some(end) = game.ending().filter(|_| result != "*") {
        let _ = writeln!(out, "[Termination \"{}\"]", value(&end.reason));
    }
    out.push('\n');
    let mut line = String::new();
    for i in 0..shown {
        // The last move shown without the owner's choice when the owner's
        // turn is hidden (§9.1).
        let Some(m) = g.recorded(i, shown) else {
            break;
        };
        let word = if i == 0 || m.mover == dynamo_core::Color::White {
            m.numbered()
        } else {
            m.notation.clone()
        };
        if !line.is_empty() && line.len() + word.len() >= 79 {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() && line.len() + result.len() >= 79 {
        let _ = writeln!(out, "{line}");
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(result);
    let _ = writeln!(out, "{line}");
    out
}
