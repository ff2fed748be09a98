//! §9.1 through the inbox, with the real SMTP server and a Maildir: the
//! owner's notice asks for the choice and shows the reply's form, the
//! mover's says the opponent chooses; the choice and the move in one
//! reply (`=Q e2e4`, `queen, e2e4`, `Q e2e4`), the choice alone
//! (`queen`) then the move, and a move without the choice refused with
//! words naming the pawn.

use crate::inbox::world::{World, text_of};

const GAME: &str = "games/p.pgn";
const ALICE: &str = "Alice <alice@example.org>";

/// Alice (White) and Bob (Black) under `wikipedia,promotion=owner`;
/// Bob's rook has pushed Alice's pawn from e7 to e8, both mailed.
fn awaiting_alices_choice() -> World {
    let w = World::new();
    w.env.ok(&[
        "new",
        GAME,
        "--white",
        ALICE,
        "--black",
        "Bob <bob@example.org>",
        "--rules",
        "wikipedia,promotion=owner",
        "--fen",
        "8/4P3/4r3/8/7k/8/8/K7 b - - 0 1",
        "--at",
        "2020-11-20T09:00:00Z",
        "--mail",
    ]);
    w.env.ok(&[
        "move",
        GAME,
        "Re6e7/e7e8",
        "--by",
        "black",
        "--at",
        "2020-11-20T09:30:00Z",
        "--mail",
    ]);
    w
}

#[test]
fn the_owners_notice_asks_for_the_choice_and_the_movers_says_who_chooses() {
    let w = awaiting_alices_choice();
    let alice = text_of(&w.last_to("alice@example.org"));
    assert!(
        alice.contains(
            "Alice, it is your turn. Bob's move 1... Re6e7/e7e8 brought your pawn to e8: \
             choose what it becomes (queen, rook, bishop or knight) and then make your move, \
             in one reply (=Q Ka1a2) or the choice first (=Q) and the move later."
        ),
        "{alice}"
    );
    let html = crate::inbox::world::parse(&w.last_to("alice@example.org"))
        .body_html(0)
        .expect("an HTML part")
        .into_owned();
    assert!(
        html.contains("brought your pawn to e8: choose what it becomes"),
        "{html}"
    );
    let bob = text_of(&w.last_to("bob@example.org"));
    assert!(
        bob.contains(
            "Bob's move 1... Re6e7/e7e8 left Alice's pawn on e8: Alice chooses what it becomes, then moves."
        ),
        "{bob}"
    );
}

#[test]
fn the_choice_and_the_move_in_one_reply_are_recorded_in_each_form() {
    for (reply, owner_move) in [
        ("=Q Qe8/e7e6", "2. Qe8/e7e6"),
        ("queen, Qe8/e7e6", "2. Qe8/e7e6"),
        ("Q Qe8/e7e6", "2. Qe8/e7e6"),
        ("I take a knight: Ne8f6", "2. Ne8f6"),
    ] {
        let w = awaiting_alices_choice();
        let notice = w.last_to("alice@example.org");
        w.deliver(
            "1605866400.M1P1.test",
            &w.reply(&notice, ALICE, "c1@alice", reply),
        );
        let out = w.env.ok(&["inbox", "--maildir", "Maildir"]);
        assert!(out.contains(": recorded 2. "), "{reply}: {out}");
        let file = w.env.read(GAME);
        let piece = if owner_move.contains("Ne8") {
            "knight"
        } else {
            "queen"
        };
        let letter = if piece == "knight" { 'N' } else { 'Q' };
        assert!(
            file.contains(&format!(
                "1... Re6e7/e7e8={letter} {{2020-11-20T09:30:00Z}} {{White chose the {piece}}}\n{owner_move} {{"
            )),
            "{reply}: {file}"
        );
        assert!(w.env.ok(&["verify", GAME]).contains(": ok, 2 half-moves"));
    }
}

#[test]
fn the_choice_alone_then_the_move_make_one_turn() {
    let w = awaiting_alices_choice();
    let notice = w.last_to("alice@example.org");
    let sent = w.server.messages().len();
    let out = w.handled(&w.reply(&notice, ALICE, "c1@alice", "Queen, please."));
    assert!(out.contains("recorded"), "{out}");
    let file = w.env.read(GAME);
    assert!(
        file.contains(
            "1... Re6e7/e7e8=Q {2020-11-20T09:30:00Z} {White chose the queen} {[%choose White Q "
        ),
        "{file}"
    );
    assert_eq!(
        w.env.ok(&["verify", GAME]),
        format!("{GAME}: ok, 1 half-move, White to move\n1 file: 1 ok, 0 bad\n")
    );
    // Both players hear of the choice; Alice is still to move.
    assert!(w.server.messages().len() > sent);
    let told = text_of(&w.last_to("alice@example.org"));
    assert!(
        told.contains("Alice (White) chose a queen for the pawn on e8"),
        "{told}"
    );
    assert!(told.contains("Alice, it is your move."), "{told}");
    // The move answers the first notice still: the choice is Alice's own.
    let out = w.handled(&w.reply(&notice, ALICE, "c2@alice", "Qe8/e7e6"));
    assert!(out.contains("recorded 2. Qe8/e7e6"), "{out}");
    let file = w.env.read(GAME);
    assert!(
        file.contains("{White chose the queen} {[%choose White Q ")
            && file.contains("\n2. Qe8/e7e6 {"),
        "{file}"
    );
    assert!(
        w.env
            .ok(&["verify", GAME])
            .contains(": ok, 2 half-moves, Black to move")
    );
}

/// After `queen` chosen alone, `=R Ka1b1` contradicts it: refused as
/// `dynamo move` refuses it, the choice made named, nothing recorded,
/// whichever notice the reply answers; `=R` alone the same. `=Q Ka1b1`
/// is a second choice too (docs/RULES.md §13.18), refused alike by mail
/// and on the command line.
#[test]
fn a_choice_that_contradicts_the_one_made_alone_is_refused_naming_it() {
    let w = awaiting_alices_choice();
    let first = w.last_to("alice@example.org");
    let out = w.handled(&w.reply(&first, ALICE, "c1@alice", "queen"));
    assert!(out.contains("recorded"), "{out}");
    let second = w.last_to("alice@example.org");
    let before = w.env.read(GAME);
    let refusal = "no pawn awaits a choice: White chose the queen (=Q) for the pawn on e8; \
                   White's move is awaited: write it without =Q, =R, =B or =N before it";
    for text in ["=R Ka1b1", "=Q Ka1b1"] {
        let cli = w.env.run(&["check", GAME, text, "--by", "white"]);
        assert_eq!(cli.stderr, format!("dynamo: rejected: {text}: {refusal}\n"));
    }
    for (id, notice, text) in [
        ("c2@alice", &first, "=R Ka1b1"),
        ("c3@alice", &second, "=R Ka1b1"),
        ("c4@alice", &second, "=R"),
        ("c6@alice", &first, "=Q Ka1b1"),
        ("c7@alice", &second, "=Q Ka1b1"),
    ] {
        let out = w.handled(&w.reply(notice, ALICE, id, text));
        assert!(!out.contains("recorded 2."), "{text}: {out}");
        let answer = text_of(&w.last_to("alice@example.org"));
        assert!(
            answer.contains(&format!("rejected: {text}: {refusal}")),
            "{text}: {answer}"
        );
        assert_eq!(w.env.read(GAME), before, "{text}: nothing recorded");
    }
    // The move alone completes the turn with the queen.
    let out = w.handled(&w.reply(&second, ALICE, "c5@alice", "Qe8/e7e6"));
    assert!(out.contains("recorded 2. Qe8/e7e6"), "{out}");
}

#[test]
fn a_move_without_the_choice_is_refused_naming_the_pawn() {
    let w = awaiting_alices_choice();
    let notice = w.last_to("alice@example.org");
    let before = w.env.read(GAME);
    let out = w.handled(&w.reply(&notice, ALICE, "c1@alice", "Ka1b1"));
    assert!(out.contains("refused"), "{out}");
    assert_eq!(w.env.read(GAME), before, "a refusal changes nothing");
    let answer = text_of(&w.last_to("alice@example.org"));
    assert!(
        answer.contains("the white pawn on e8 awaits your choice: write =Q, =R, =B or =N"),
        "{answer}"
    );
}

/// A reply sent twice around the owner's turn (§9.1, §13.18) is a
/// duplicate as any other: the same mail delivered twice, the choice
/// alone resent, the move after it resent, the choice and the move in
/// one reply resent after they were recorded. Nothing changes, and
/// Alice is told it was already recorded, never that the game moved on.
#[test]
fn a_reply_sent_twice_around_the_owners_turn_is_already_recorded() {
    let w = awaiting_alices_choice();
    let notice = w.last_to("alice@example.org");
    let choice = w.reply(&notice, ALICE, "c1@alice", "Queen, please.");
    assert!(w.handled(&choice).contains("recorded"));
    let chosen = w.env.read(GAME);
    // The same mail again.
    let out = w.handled(&choice);
    assert!(out.contains("handled before"), "{out}");
    assert!(!out.contains("moved on"), "{out}");
    assert_eq!(w.env.read(GAME), chosen);
    // The choice again, in another mail.
    let out = w.handled(&w.reply(&notice, ALICE, "c2@alice", "=Q"));
    assert!(out.contains("already recorded in games/p.pgn as "), "{out}");
    let told = text_of(&w.last_to("alice@example.org"));
    assert!(told.contains("already recorded as "), "{told}");
    assert_eq!(w.env.read(GAME), chosen);
    // The move completes the turn; sent again, it is recorded already.
    let out = w.handled(&w.reply(&notice, ALICE, "c3@alice", "Qe8/e7e6"));
    assert!(out.contains("recorded 2. Qe8/e7e6"), "{out}");
    let moved = w.env.read(GAME);
    for (id, text) in [("c4@alice", "Qe8/e7e6"), ("c5@alice", "queen")] {
        let out = w.handled(&w.reply(&notice, ALICE, id, text));
        assert!(
            out.contains("already recorded in games/p.pgn as "),
            "{text}: {out}"
        );
        assert!(!out.contains("moved on"), "{text}: {out}");
        assert_eq!(w.env.read(GAME), moved, "{text}");
    }
}

#[test]
fn the_choice_and_the_move_in_one_reply_resent_is_already_recorded() {
    let w = awaiting_alices_choice();
    let notice = w.last_to("alice@example.org");
    let reply = w.reply(&notice, ALICE, "c1@alice", "=Q Qe8/e7e6");
    let out = w.handled(&reply);
    assert!(out.contains(": recorded 2. "), "{out}");
    let record = w.env.read(GAME);
    let out = w.handled(&reply);
    assert!(out.contains("handled before"), "{out}");
    let out = w.handled(&w.reply(&notice, ALICE, "c2@alice", "=Q Qe8/e7e6"));
    assert!(
        out.contains("already recorded in games/p.pgn as 2. Qe8/e7e6 at "),
        "{out}"
    );
    assert_eq!(w.env.read(GAME), record);
}
