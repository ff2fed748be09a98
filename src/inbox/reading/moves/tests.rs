use super::*;

fn found(text: &str) -> Vec<(String, Sureness)> {
    move_words(text)
        .into_iter()
        .map(|w| (w.written(), w.sureness))
        .collect()
}

fn sure(text: &str) -> (String, Sureness) {
    (text.to_string(), Sureness::Surely)
}

fn cued(text: &str) -> (String, Sureness) {
    (text.to_string(), Sureness::Cued)
}

#[test]
fn moves_anywhere_in_the_words() {
    assert_eq!(found("I play Qd1d3/d2d6"), [sure("Qd1d3/d2d6")]);
    assert_eq!(found("My move: 1. e4"), [cued("1. e4")]);
    assert_eq!(found("Nf3, I think"), [sure("Nf3")]);
    assert_eq!(found("1...e5 (finally!)"), [cued("1... e5")]);
    assert_eq!(found("Move 12: Qd8/d7d5"), [sure("Qd8/d7d5")]);
    assert_eq!(found("23.Nf3"), [sure("23. Nf3")]);
    assert_eq!(found("23… Nf3"), [sure("23... Nf3")]);
    assert_eq!(found("Then e2e4 it is"), [sure("e2e4")]);
    assert_eq!(found("*O–O*"), [sure("O-O")]);
    assert_eq!(found("I push with P-K4 today"), [sure("P-K4")]);
    assert_eq!(found("e8=Q+ later"), [sure("e8=Q+")]);
    assert_eq!(found("4143/4246"), [sure("4143/4246")]);
    assert_eq!(found("Bf1E"), [sure("Bf1E")]);
}

#[test]
fn a_bare_square_or_a_number_only_where_a_move_is_expected() {
    assert_eq!(found("e4"), [cued("e4")]);
    assert_eq!(found("  e4.  "), [cued("e4")]);
    assert_eq!(found("e4, I think"), [cued("e4")]);
    assert_eq!(found("I play e4 today"), [cued("e4")]);
    assert_eq!(found("my move is a4"), [cued("a4")]);
    assert_eq!(found("4143"), [cued("4143")]);
    assert_eq!(found("0-0"), [cued("0-0")]);
    assert_eq!(found("12... d5"), [cued("12... d5")]);
}

/// Words that are not moves never read as moves.
#[test]
fn false_friends() {
    for text in [
        "Ben",
        "Be",
        "Ed",
        "OK",
        "I",
        "KE",
        "Pen",
        "Thanks, Ed",
        "Please print it on a4 paper",
        "On A4 paper please",
        "See you at 10.30",
        "See you at 10:30 or 10.45",
        "Back on 23.11.2026, or 2026-11-23, or 11/23",
        "My club lost 1-0 yesterday, the other game ended 0-1",
        "we drew 0-0 at football",
        "½-½ in round 2, 1/2-1/2 in round 3",
        "room 1234 at the club",
        "call me on 0612345678",
        "The B2B meeting runs to 5pm",
        "In Q4 we meet in room B12",
        "I am 42 and my rating is 1850",
        "Game 3 of the match",
        "c u l8r",
        "f1 race on Sunday",
    ] {
        assert_eq!(found(text), [], "{text}");
    }
}

#[test]
fn a_mistyped_move_where_a_move_is_expected() {
    assert_eq!(
        found("2... Nc66"),
        [("2... Nc66".to_string(), Sureness::Mistyped)]
    );
    assert_eq!(found("Ng1g9"), [("Ng1g9".to_string(), Sureness::Mistyped)]);
    assert_eq!(found("I liked Ng1g9 as an idea"), []);
}

#[test]
fn each_word_knows_its_line() {
    let words = move_words("Hi\n\nNf3\nthen e4");
    assert_eq!(words.iter().map(|w| w.line).collect::<Vec<_>>(), [2, 3]);
}

#[test]
fn joined_candidates_a_dash_a_capture_and_numbered_castling() {
    assert_eq!(found("Nf3 or d4?"), [sure("Nf3"), cued("d4")]);
    assert_eq!(found("between c4 and d4"), [cued("c4"), cued("d4")]);
    assert_eq!(found("c4 and I offer a draw"), [cued("c4")]);
    assert_eq!(found("c4 - the Queen's Gambit"), [cued("c4")]);
    assert_eq!(found("I take exd5 now"), [sure("exd5")]);
    assert_eq!(found("12...Nxe5"), [sure("12... Nxe5")]);
    assert_eq!(found("I think 12. 0-0 is best"), [cued("12. 0-0")]);
    assert_eq!(found("so 12.0-0"), [cued("12. 0-0")]);
    // Talk joined to talk stays talk.
    assert_eq!(found("A4 and A5 paper, room 12 or 14"), []);
    assert_eq!(found("print it on a4 or letter paper"), []);
}
