//! Lines by mail, with a real SMTP server: given in a reply beside a
//! move, answered privately, played when the opponent's reply is read,
//! and never in a notice to the opponent, the game file or an export.

use crate::inbox::world::{GAME, World, text_of};

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// Everything Bob or the public can see: his mail, the file, exports.
fn seen_by_bob(w: &World) -> String {
    let mut all: String = w
        .mail_to("bob@example.org")
        .iter()
        .map(|m| format!("{}{}", m.data, text_of(m)))
        .collect();
    all.push_str(&w.game());
    for format in ["pgn", "fen", "json"] {
        all.push_str(&w.env.ok(&["export", GAME, "--format", format]));
    }
    all
}

#[test]
fn a_reply_with_a_move_and_lines_plays_them_and_keeps_them_private() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let text = "1. e2e4, and if 1... e5 then 2. Nf3\r\nif 1... d5 then 2. Nc3 d5d4 3. Nc3b5";
    let out = w.handled(&w.reply(&notice, ALICE, "m1@alice", text));
    assert!(out.contains("recorded 1. e2e4 in games/g.pgn"), "{out}");
    let answer = text_of(&w.last_to("alice@example.org"));
    assert!(
        answer.contains("your conditional lines now stand as follows"),
        "{answer}"
    );
    assert!(answer.contains("  1... e7e5 2. Ng1f3"), "{answer}");
    assert!(
        answer.contains("  1... d7d5 2. Nb1c3 d5d4 3. Nc3b5"),
        "{answer}"
    );
    for hidden in ["Ng1f3", "Nb1c3", "Nc3b5"] {
        assert!(!seen_by_bob(&w).contains(hidden), "{hidden}");
    }
    let notice = w.last_to("bob@example.org");
    let out = w.handled(&w.reply(&notice, BOB, "m2@bob", "1... d5"));
    assert!(out.contains("recorded 1... d7d5"), "{out}");
    assert!(w.game().contains("2. Nb1c3"), "{}", w.game());
    // Bob is told of Alice's reply as of any move; the rest stays hidden.
    let told = text_of(&w.last_to("bob@example.org"));
    assert!(told.contains("Alice (White) played 2. Nb1c3"), "{told}");
    assert!(!seen_by_bob(&w).contains("Nc3b5"));
    assert!(!seen_by_bob(&w).contains("Ng1f3"));
    // Alice cancels what is left: Bob's d5d4 then calls for nothing.
    let notice = w.last_to("alice@example.org");
    let out = w.handled(&w.reply(&notice, ALICE, "m3@alice", "Please cancel my conditionals."));
    assert!(out.contains("conditional lines cancelled"), "{out}");
    let notice = w.last_to("bob@example.org");
    w.handled(&w.reply(&notice, BOB, "m4@bob", "2... d5d4"));
    assert!(!w.game().contains("Nc3b5"), "{}", w.game());
}

#[test]
fn a_refused_line_is_answered_with_its_reason() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    w.handled(&w.reply(&notice, ALICE, "m1@alice", "1. e2e4"));
    let notice = w.last_to("alice@example.org");
    let out = w.handled(&w.reply(&notice, ALICE, "m2@alice", "1... e7e5 2. Ke1e3"));
    assert!(
        out.contains("refused in games/g.pgn: refused: 1... e7e5 2. Ke1e3: rejected: "),
        "{out}"
    );
    let answer = text_of(&w.last_to("alice@example.org"));
    assert!(answer.contains("nothing was recorded"), "{answer}");
}
