//! Lines by mail, with a real SMTP server: given in a reply beside a
//! move, answered privately, played when the opponent's reply is read,
//! and never in a notice to the opponent, the game file or an export.

use crate::inbox::world::{GAME, World, parse, text_of};

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// Everything Bob or the public can see: his mail, the file, exports.
fn seen_by_bob(w: &World) -> String {
    let mut all: String = w
        .mail_to("bob@example.org")
        .iter()
        .map(|m| format!("{}{}{}", m.data, text_of(m), html_of(m)))
        .collect();
    all.push_str(&w.game());
    for format in ["pgn", "fen", "json"] {
        all.push_str(&w.env.ok(&["export", GAME, "--format", format]));
    }
    all
}

/// The HTML copy of a received message, decoded.
fn html_of(m: &crate::support::smtp::Received) -> String {
    parse(m).body_html(0).expect("an HTML part").into_owned()
}

/// Nothing of Alice's lines nor of their end reaches Bob.
fn assert_private(w: &World) {
    let seen = seen_by_bob(w);
    for hidden in ["conditional", "Ended line", "Ng1f3"] {
        assert!(!seen.contains(hidden), "{hidden} in {seen}");
    }
}

#[test]
fn a_move_no_line_began_with_ends_them_and_alices_copy_alone_says_which_and_why() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let text = "1. e2e4, and if 1... e5 then 2. Nf3\r\nif 1... c5 then 2. Nf3 Nc6 3. d4";
    w.handled(&w.reply(&notice, ALICE, "m1@alice", text));
    let answer = text_of(&w.last_to("alice@example.org"));
    assert!(
        answer.contains("  1... c7c5 2. Ng1f3 Nb8c6 3. d2d4"),
        "{answer}"
    );
    let notice = w.last_to("bob@example.org");
    let out = w.handled(&w.reply(&notice, BOB, "m2@bob", "1... d5"));
    assert!(out.contains("recorded 1... d7d5"), "{out}");
    let told = w.last_to("alice@example.org");
    for copy in [text_of(&told), html_of(&told)] {
        assert!(
            copy.contains(
                "Your conditional lines ended, so none of them will be played: \
                 none of them began with 1... d7d5."
            ),
            "{copy}"
        );
        assert!(copy.contains("Ended line: 1... e7e5 2. Ng1f3"), "{copy}");
        assert!(
            copy.contains("Ended line: 1... c7c5 2. Ng1f3 Nb8c6 3. d2d4"),
            "{copy}"
        );
    }
    assert_private(&w);
    // Told once: Alice's next notice says nothing of them.
    let notice = w.last_to("alice@example.org");
    w.handled(&w.reply(&notice, ALICE, "m3@alice", "2. d2d4"));
    let notice = w.last_to("bob@example.org");
    w.handled(&w.reply(&notice, BOB, "m4@bob", "2... e7e6"));
    assert!(!text_of(&w.last_to("alice@example.org")).contains("conditional"));
    assert_private(&w);
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

/// `undo` ends the lines too, saying so in the notice of the correction
/// to their player alone (docs/players.md, "Conditional moves").
#[test]
fn undo_ends_the_lines_and_alices_copy_of_the_correction_says_so() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    w.handled(&w.reply(
        &notice,
        ALICE,
        "m1@alice",
        "1. e2e4, and if 1... e5 then 2. Nf3",
    ));
    let before = w.mail_to("alice@example.org").len();
    w.env.ok(&[
        "undo",
        GAME,
        "--reason",
        "entered by mistake",
        "--mail",
        "-q",
    ]);
    let got = w.mail_to("alice@example.org");
    assert_eq!(got.len(), before + 1, "one notice of the correction");
    let told = got.last().expect("the correction's notice");
    for copy in [text_of(told), html_of(told)] {
        assert!(
            copy.contains("Your conditional lines ended, so none of them will be played"),
            "{copy}"
        );
        assert!(copy.contains("Ended line: 1... e7e5 2. Ng1f3"), "{copy}");
    }
    assert_eq!(
        w.env.ok(&["conditional", "list", GAME]),
        "White: ended (the director took back 1. e2e4):\n  1... e7e5 2. Ng1f3\n"
    );
    assert_private(&w);
}

/// `set` ends the lines as `undo` does, saying so in the notice of the
/// correction to their player alone (docs/players.md, "Conditional
/// moves").
#[test]
fn set_ends_the_lines_and_alices_copy_of_the_correction_says_so() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    w.handled(&w.reply(
        &notice,
        ALICE,
        "m1@alice",
        "1. e2e4, and if 1... e5 then 2. Nf3",
    ));
    let (alice, bob) = (
        w.mail_to("alice@example.org").len(),
        w.mail_to("bob@example.org").len(),
    );
    w.env.ok(&[
        "set",
        GAME,
        "--black",
        "Bob Baker",
        "--reason",
        "his full name",
        "--mail",
        "-q",
    ]);
    let got = w.mail_to("alice@example.org");
    assert_eq!(got.len(), alice + 1, "one notice of the correction");
    let told = got.last().expect("the correction's notice");
    for copy in [text_of(told), html_of(told)] {
        assert!(
            // The HTML copy writes the apostrophe as an entity.
            copy.contains(
                "Your conditional lines ended, so none of them will be played: \
                 the director corrected the game"
            ),
            "{copy}"
        );
        assert!(copy.contains("Ended line: 1... e7e5 2. Ng1f3"), "{copy}");
    }
    // Bob is told of the correction, and of nothing of Alice's lines.
    assert_eq!(w.mail_to("bob@example.org").len(), bob + 1);
    assert_eq!(
        w.env.ok(&["conditional", "list", GAME]),
        "White: ended (the director corrected the game's header):\n  1... e7e5 2. Ng1f3\n"
    );
    assert_private(&w);
    // Bob's e5 now calls for nothing.
    let notice = w.last_to("bob@example.org");
    w.handled(&w.reply(&notice, BOB, "m2@bob", "1... e7e5"));
    assert!(!w.game().contains("Ng1f3"), "{}", w.game());
}

/// `inbox --dry-run` says the conditional reply a move it reads would set
/// off, and records neither.
#[test]
fn a_dry_run_shows_the_reply_a_move_would_set_off() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let text = "1. e2e4, and if 1... d5 then 2. Nc3 d5d4 3. Nc3b5";
    w.handled(&w.reply(&notice, ALICE, "m1@alice", text));
    let file = w.game();
    let notice = w.last_to("bob@example.org");
    let reply = w.reply(&notice, BOB, "m2@bob", "1... d5");
    let out = w.stdin(&reply, &["--dry-run"], &[]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("would record 1... d7d5, then White's conditional reply 2. Nb1c3"),
        "{}",
        out.stdout
    );
    // The line's moves still to come are not said.
    assert!(!out.stdout.contains("Nc3b5"), "{}", out.stdout);
    assert_eq!(w.game(), file, "a dry run records nothing");
    let out = w.handled(&reply);
    assert!(out.contains("recorded 1... d7d5"), "{out}");
    assert!(w.game().contains("2. Nb1c3"), "{}", w.game());
}

/// An overlong line (4,000 moves) is refused by mail as on the command
/// line: the answer quotes it cut short (docs/mail.md), never whole.
#[test]
fn an_overlong_line_by_mail_is_quoted_short_in_the_answer() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let x = "Nc6 Nf3 ".repeat(2_000);
    let text = format!("1. e2e4, and if 1... e5 then 2. Nf3 {x}");
    w.handled(&w.reply(&notice, ALICE, "m1@alice", &text));
    let answer = text_of(&w.last_to("alice@example.org"));
    assert!(
        answer.len() < 4_000,
        "{} bytes: {answer:.2000}",
        answer.len()
    );
    assert!(!answer.contains(&x[..1_000]), "{answer:.2000}");
}
