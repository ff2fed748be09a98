use dynamo_core::{Rules, parse_and_play};

use super::*;

/// The position after `moves` from the start.
fn after(moves: &[&str]) -> Position {
    let mut position = Position::startpos(Rules::default());
    for m in moves {
        let before = position.clone();
        parse_and_play(&before, m, &mut position).expect("a legal move");
    }
    position
}

fn white(text: &str) -> Result<Command, Unread> {
    read_reply(text, &after(&[]), Color::White)
}

fn a_move(text: &str, number: Option<(u32, bool)>, offer_draw: bool) -> Result<Command, Unread> {
    Ok(Command::Move {
        text: text.to_string(),
        number,
        offer_draw,
    })
}

fn unclear(found: &[&str]) -> Result<Command, Unread> {
    Err(Unread::Unclear(
        found.iter().map(|s| s.to_string()).collect(),
    ))
}

#[test]
fn one_legal_move_anywhere_is_recorded() {
    assert_eq!(white("I play Ng1f3"), a_move("Ng1f3", None, false));
    assert_eq!(
        white("My move: 1. e4"),
        a_move("e4", Some((1, false)), false)
    );
    assert_eq!(white("Nf3, I think"), a_move("Nf3", None, false));
    assert_eq!(
        white("Hi Bob,\n\ne2e4\n\nand again e2e4, to be sure. Cheers, Ada"),
        a_move("e2e4", None, false)
    );
    // The same move in two notations counts once.
    assert_eq!(white("Nf3 (that is Ng1f3)"), a_move("Nf3", None, false));
    let black = after(&["e2e4"]);
    assert_eq!(
        read_reply("1...e5 (finally!)", &black, Color::Black),
        a_move("e5", Some((1, true)), false)
    );
}

#[test]
fn a_word_that_names_no_legal_move_is_passed_over() {
    // Be7 is not White's move; Nf3 is.
    assert_eq!(
        white("Nf3 - my Be7 idea failed"),
        a_move("Nf3", None, false)
    );
    assert_eq!(
        white("I resign. Your Qd8h4 was too strong."),
        Ok(Command::Resign)
    );
}

#[test]
fn two_moves_or_a_move_and_a_resignation_are_unclear() {
    assert_eq!(
        white("Nf3 or maybe e2e4"),
        unclear(&["Nf3 (Ng1f3)", "e2e4"])
    );
    assert_eq!(white("e2e4\nresign"), unclear(&["e2e4", "resign"]));
    assert_eq!(
        white("I resign and accept the draw."),
        unclear(&["accept draw", "resign"])
    );
    assert_eq!(
        white("e2e4. I accept the draw"),
        unclear(&["e2e4", "accept draw"])
    );
}

#[test]
fn a_move_with_a_draw_offer_or_a_declined_offer() {
    assert_eq!(white("e2e4\noffer draw"), a_move("e2e4", None, true));
    assert_eq!(white("I offer a draw with Nf3."), a_move("Nf3", None, true));
    assert_eq!(
        white("No thanks, I decline the draw. Ng1f3"),
        a_move("Ng1f3", None, false)
    );
}

#[test]
fn only_moves_that_are_not_legal_are_refused_with_their_rule() {
    let Err(Unread::Refused(e)) = white("Ng1g3") else {
        panic!("refused");
    };
    assert!(e.to_string().starts_with("Ng1g3: "), "{e}");
    let black = after(&["e2e4", "e7e5", "Ng1f3"]);
    let Err(Unread::Refused(e)) = read_reply("2... Nc66", &black, Color::Black) else {
        panic!("refused");
    };
    assert!(e.to_string().contains("Nc66"), "{e}");
    // With `offer draw`, a move was meant.
    assert!(matches!(
        white("Ng1g3, and I offer a draw"),
        Err(Unread::Refused(_))
    ));
}

#[test]
fn nothing_like_a_move_or_a_phrase() {
    for text in [
        "",
        "Hi Bob,\nThanks!\nBen",
        "Please print it on a4 paper",
        "See you at 10.30",
    ] {
        assert_eq!(white(text), Err(Unread::Missing), "{text}");
    }
    assert!(Unread::Missing.to_string().contains("resign, offer draw"));
    // The examples are the position's own, in the answer's How to reply:
    // a move named here might not be legal.
    assert!(!Unread::Missing.to_string().contains("Qd8/d7d5"));
}

#[test]
fn phrases_alone() {
    assert_eq!(white("I resign. Well played, Tomás!"), Ok(Command::Resign));
    assert_eq!(white("Draw accepted"), Ok(Command::AcceptDraw));
    assert_eq!(white("resign\nResign!"), Ok(Command::Resign));
}

/// Answering the notice of their own move, a player names no legal move
/// of theirs: the move goes as written, for the recorder to say whose
/// turn it is.
#[test]
fn not_the_players_move() {
    let black_to_move = after(&["e2e4"]);
    assert_eq!(
        read_reply("Ng1f3", &black_to_move, Color::White),
        a_move("Ng1f3", None, false)
    );
    assert_eq!(
        read_reply("Ng1f3 or d2d4", &black_to_move, Color::White),
        unclear(&["Ng1f3", "d2d4"])
    );
}

/// Two candidate moves named, neither chosen: both named back, neither
/// recorded; before, the bare square after `or` was passed over and the
/// other move recorded.
#[test]
fn two_candidates_without_a_choice_are_unclear() {
    assert_eq!(white("Nf3 or d4?"), unclear(&["Nf3 (Ng1f3)", "d4 (d2d4)"]));
    assert_eq!(
        white("I'm torn between c4 and d4"),
        unclear(&["c4 (c2c4)", "d4 (d2d4)"])
    );
    assert_eq!(
        white("Je joue c4 ou d4, je ne sais pas"),
        unclear(&["c4 (c2c4)", "d4 (d2d4)"])
    );
    // `and` after a move joins no move here.
    assert_eq!(white("c2c4 and I offer a draw"), a_move("c2c4", None, true));
}

#[test]
fn a_move_and_a_phrase_on_one_line_are_both_recorded() {
    assert_eq!(
        white("c4, et je propose la nulle."),
        a_move("c4", None, true)
    );
    assert_eq!(white("I play c4. I offer a draw"), a_move("c4", None, true));
    assert_eq!(white("c4 and I resign"), unclear(&["c4 (c2c4)", "resign"]));
}

#[test]
fn a_move_closing_a_sentence_and_numbered_castling_in_prose() {
    assert_eq!(white("I play c4."), a_move("c4", None, false));
    let castles = after(&["e2e4", "e7e5", "Ng1f3", "Nb8c6", "Bf1c4", "Bf8c5"]);
    assert_eq!(
        read_reply("I think 4. 0-0 is best here", &castles, Color::White),
        a_move("0-0", Some((4, false)), false)
    );
    assert_eq!(
        read_reply("Then 4.0-0 and we'll see", &castles, Color::White),
        a_move("0-0", Some((4, false)), false)
    );
}

#[test]
fn a_move_followed_by_a_dash_and_words() {
    assert_eq!(white("c4 - the Queen's Gambit"), a_move("c4", None, false));
    assert_eq!(white("d4 – solid as ever"), a_move("d4", None, false));
}

/// A capture, natural for any chess player, is answered with the rule
/// and the closest legal moves, as `dynamo check` words it; before, it
/// was refused for its syntax alone, or not found at all.
#[test]
fn a_capture_is_answered_with_the_rule_and_the_closest_moves() {
    let black = after(&["e2e4", "d7d5"]);
    for text in ["exd5", "I take exd5!", "2. exd5"] {
        let Err(Unread::Refused(e)) = read_reply(text, &black, Color::White) else {
            panic!("refused: {text}");
        };
        let said = e.to_string();
        assert!(
            said.contains("exd5: there are no captures in Dynamo Chess"),
            "{said}"
        );
        assert!(said.contains("did you mean e4e5"), "{said}");
    }
    // A legal move beside it is the move.
    assert_eq!(
        read_reply("e4e5, not exd5", &black, Color::White),
        a_move("e4e5", None, false)
    );
}
