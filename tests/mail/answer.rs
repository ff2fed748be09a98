//! The answer to a refused mail, as the real SMTP server receives it: the
//! rule in `dynamo check`'s words with the closest legal moves, the
//! position's picture from the player's side (the very picture of their
//! last notice), and the notice's own "How to reply", which says what the
//! player can do next and only that (docs/players.md, "How to reply").

use mail_parser::MimeHeaders;

use super::picture_of;
use crate::inbox::world::{GAME, World, parse, text_of};

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// Plays `moves` by mail, each a reply to its player's last notice,
/// White first.
fn play_by_mail(w: &World, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let (from, address) = if i % 2 == 0 {
            (ALICE, "alice@example.org")
        } else {
            (BOB, "bob@example.org")
        };
        let notice = w.last_to(address);
        let out = w.handled(&w.reply(&notice, from, &format!("move{i}@test"), mv));
        assert!(out.contains("recorded"), "{mv}: {out}");
    }
}

/// The HTML part of a message, and the Content-ID of its PNG part.
fn html_and_cid(m: &crate::support::smtp::Received) -> (String, String) {
    let msg = parse(m);
    let html = msg.body_html(0).expect("an HTML part").into_owned();
    let png = msg
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.subtype() == Some("png")))
        .expect("a PNG part");
    let cid = png.content_id().expect("a Content-ID").to_string();
    (html, cid)
}

#[test]
fn a_refused_move_is_answered_with_the_closest_moves_the_picture_and_how_to_reply() {
    let w = World::new();
    play_by_mail(&w, &["e2e4", "d7d6", "Ng1f3", "e7e5", "Bf1c4"]);
    let notice = w.last_to("bob@example.org");
    let record = w.game();
    let sent = w.server.messages().len();
    let out = w.handled(&w.reply(&notice, BOB, "bc5@bob", "3... Bc5"));
    assert_eq!(w.game(), record, "nothing recorded");
    let rule = "the bishop on f8 cannot reach c5: the black pawn on d6 stands in the way; \
                did you mean Bf8c5/d6b4, Bf8c5/d6a3 or Bf8c5/d6E?";
    assert!(out.contains(rule), "{out}");
    // `dynamo check` says the same words.
    let check = w
        .env
        .run(&["check", GAME, "3... Bc5", "--from", "bob@example.org"]);
    assert!(check.stderr.contains(rule), "{}", check.stderr);

    let got = &w.server.messages()[sent..];
    assert_eq!(got.len(), 1, "to the sender alone");
    assert_eq!(got[0].rcpt_tos, ["bob@example.org"]);
    let text = text_of(&got[0]).replace("\r\n", "\n");
    assert!(text.contains(rule), "{text}");
    assert!(text.contains("Bob, it is your move."), "{text}");
    assert!(
        text.contains(
            "How to reply\n------------\nReply with one move, alone or in a sentence, for example"
        ),
        "{text}"
    );
    assert!(!text.contains("corrected move"), "{text}");
    // The text diagram from Black's side: Black at the bottom.
    assert!(text.contains("h g f e d c b a"), "{text}");

    // The picture: the one Bob's last notice carries, drawn from his side
    // with the last move marked, shown by the HTML copy.
    assert_eq!(picture_of(&got[0]), picture_of(&notice));
    let (html, cid) = html_and_cid(&got[0]);
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{html}");
    assert!(
        html.contains("The board from Black&#39;s side")
            || html.contains("The board from Black's side"),
        "{html}"
    );
    assert!(
        html.contains("<h3 style=\"margin-bottom:0.3em\">How to reply</h3>"),
        "{html}"
    );
    assert!(html.contains("stands in the way"), "{html}");

    // One of the moves suggested, sent as a reply to the answer, is
    // recorded.
    let out = w.handled(&w.reply(&got[0], BOB, "push@bob", "Bf8c5/d6b4"));
    assert!(out.contains("recorded 3... Bf8c5/d6b4"), "{out}");
}

#[test]
fn an_exact_illegal_move_by_mail_gets_its_rule_and_the_closest_moves() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let sent = w.server.messages().len();
    w.handled(&w.reply(&notice, ALICE, "ng3@alice", "Ng1g3"));
    let got = &w.server.messages()[sent..];
    assert_eq!(got.len(), 1);
    let text = text_of(&got[0]);
    assert!(
        text.contains("Ng1g3: a knight cannot move from g1 to g3; did you mean Ng1f3 or Ng1h3?"),
        "{text}"
    );
    // White's picture: the board from White's side, as in her notice.
    assert_eq!(picture_of(&got[0]), picture_of(&notice));
}

#[test]
fn a_mail_out_of_turn_is_told_to_wait_not_to_correct_its_move() {
    let w = World::new();
    play_by_mail(&w, &["e2e4"]);
    let notice = w.last_to("alice@example.org");
    let sent = w.server.messages().len();
    w.handled(&w.reply(&notice, ALICE, "again@alice", "d2d4"));
    let got = &w.server.messages()[sent..];
    assert_eq!(got.len(), 1);
    let text = text_of(&got[0]).replace("\r\n", "\n");
    assert!(text.contains("Waiting for Bob's move."), "{text}");
    assert!(
        text.contains(
            "How to reply\n------------\nWhen Bob has moved, reply to that notice with one move, \
             alone or in a sentence.\nMeanwhile you may write \"offer draw\""
        ),
        "{text}"
    );
    assert!(!text.contains("corrected move"), "{text}");
    assert!(!text.contains("Reply with one move"), "{text}");
}
