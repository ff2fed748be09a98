//! Every kind of notice in every language, pinned byte for byte: one
//! file a kind and language under `tests/mail/snapshots/` (`KIND.LANG.txt`),
//! holding the subject, the plain-text copy and the HTML copy of the
//! player the notice is most for (the player to move while the game goes
//! on). A difference fails with the first line that differs; run with
//! `UPDATE_SNAPSHOTS=1` to write the files anew after a change meant to
//! show, and read the difference in `git diff` before committing it.

use std::path::PathBuf;

use chrono::{DateTime, Duration, Utc};
use dynamo::game::clock::parse_time;
use dynamo::game::{Game, Language, LeaveDays, NewGame, Player, TagEdit};
use dynamo::mail::Notice;
use dynamo_core::{ByColor, Color, Position, Role, Rules};

/// When every sample game begins.
fn start() -> DateTime<Utc> {
    parse_time("2026-11-20T09:00:00Z").expect("a time")
}

/// A new game of Ada Lovelace against Bruno Bianchi, both reading
/// `language`, at 10 moves in 50 days.
fn new_game(language: Language) -> NewGame {
    let mut new = NewGame::new(
        Player::parse("Lovelace, Ada <ada@example.org>").expect("a player"),
        Player::parse("Bruno Bianchi <bruno@example.org>").expect("a player"),
        start(),
    );
    new.event = "Club match".to_string();
    new.round = "3".to_string();
    new.time_control = "10/50d".parse().expect("a time control");
    new.languages = ByColor::new_with(|_| language);
    new
}

/// `game` after `moves`, one an hour after its latest event.
fn play(mut game: Game, moves: &[&str]) -> Game {
    for text in moves {
        let at = game.last_event().at.unwrap_or_else(start) + Duration::hours(1);
        let checked = game.check_move(text, None).expect("legal");
        game = game.with_move(&checked, at).expect("recorded");
    }
    game
}

/// An hour after the game's latest event.
fn later(game: &Game) -> DateTime<Utc> {
    game.last_event().at.unwrap_or_else(start) + Duration::hours(1)
}

/// The sample game after `moves`.
fn moved(language: Language, moves: &[&str]) -> Game {
    play(Game::create(new_game(language)).expect("a game"), moves)
}

/// Each kind of notice: its name, the game after its event, and the
/// side whose copy is pinned.
fn kinds(language: Language) -> Vec<(&'static str, Game, Color)> {
    let opening = moved(language, &["e2e4", "f7f6"]);
    let offered = opening
        .offer_draw(Color::White, later(&opening))
        .expect("offered");
    let leave = LeaveDays::parse("2026-12-01", "2026-12-10").expect("dates");
    let late = {
        let mut new = new_game(language);
        new.time_control = "3d".parse().expect("a time control");
        let game = play(Game::create(new).expect("a game"), &["e2e4"]);
        let at = later(&game) + Duration::days(4);
        let checked = game.check_move("f7f6", None).expect("legal");
        game.with_move(&checked, at).expect("recorded")
    };
    let awaiting = {
        let mut new = new_game(language);
        let rules: Rules = "wikipedia,promotion=owner".parse().expect("rules");
        new.rules = rules;
        new.setup =
            Some(Position::from_fen("8/4P3/4r3/8/7k/8/8/K7 b - - 0 1", rules).expect("a position"));
        play(Game::create(new).expect("a game"), &["Re6e7/e7e8"])
    };
    let chose = awaiting
        .choose(Color::White, Role::Queen, later(&awaiting))
        .expect("chosen");
    let corrected = opening
        .set_tags(
            &[
                TagEdit {
                    field: "--black".to_string(),
                    name: "Black".to_string(),
                    value: "Bruno Bianchi-Rossi".to_string(),
                },
                TagEdit {
                    field: "--black-email".to_string(),
                    name: "BlackEmail".to_string(),
                    value: "bruno@new.example".to_string(),
                },
            ],
            Some("his married name"),
            later(&opening),
        )
        .expect("corrected");
    vec![
        (
            "created",
            Game::create(new_game(language)).expect("a game"),
            Color::White,
        ),
        (
            "moved",
            moved(language, &["e2e4", "f7f6", "Qd1h5"]),
            Color::Black,
        ),
        ("pushed-off", moved(language, &["Bf1/g2E"]), Color::Black),
        ("late", late, Color::White),
        ("draw-offered", offered.clone(), Color::Black),
        (
            "draw-accepted",
            offered
                .accept_draw(Color::Black, later(&offered))
                .expect("accepted"),
            Color::White,
        ),
        (
            "draw-declined",
            offered
                .decline_draw(Color::Black, later(&offered))
                .expect("declined"),
            Color::White,
        ),
        (
            "resigned",
            opening
                .resign(Color::Black, later(&opening))
                .expect("resigned"),
            Color::White,
        ),
        (
            "adjudicated",
            opening
                .adjudicate("1/2-1/2", "dead position", later(&opening))
                .expect("adjudicated"),
            Color::White,
        ),
        (
            "undone",
            opening
                .undo("sent by mistake", later(&opening))
                .expect("undone"),
            Color::Black,
        ),
        ("corrected", corrected, Color::White),
        (
            "leave",
            opening
                .take_leave(Color::Black, leave, later(&opening))
                .expect("leave"),
            Color::White,
        ),
        ("promotion-awaiting", awaiting, Color::White),
        ("promotion-chose", chose, Color::White),
    ]
}

/// What a notice's snapshot holds: subject, text copy, HTML copy.
fn rendered(game: &Game, side: Color) -> String {
    let notice = Notice::from_game(game, later(game));
    format!(
        "Subject: {}\n\n{}\n======== HTML ========\n{}",
        notice.subject(side),
        notice.text(side, "Director <td@club.example>"),
        notice.html(side, "board@club.example", "Director <td@club.example>"),
    )
}

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mail/snapshots")
}

/// Compares `got` with the file `name`, or writes it under
/// `UPDATE_SNAPSHOTS=1`; the differences, described.
fn against(name: &str, got: &str) -> Option<String> {
    let path = folder().join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(folder()).expect("the folder");
        std::fs::write(&path, got).expect("written");
        return None;
    }
    let want = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => return Some(format!("{name}: {e} (UPDATE_SNAPSHOTS=1 writes it)")),
    };
    if want == got {
        return None;
    }
    let line = want
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| want.lines().count().min(got.lines().count()));
    Some(format!(
        "{name}, line {}:\n  pinned: {:?}\n  now:    {:?}",
        line + 1,
        want.lines().nth(line).unwrap_or("(end)"),
        got.lines().nth(line).unwrap_or("(end)")
    ))
}

#[test]
fn every_notice_kind_in_every_language_is_as_pinned() {
    let mut differences = Vec::new();
    let mut names = Vec::new();
    for language in Language::ALL {
        for (kind, game, side) in kinds(language) {
            let name = format!("{kind}.{}.txt", language.code());
            differences.extend(against(&name, &rendered(&game, side)));
            names.push(name);
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    // A file no kind writes any more is a kind gone unnoticed.
    let mut stored: Vec<String> = std::fs::read_dir(folder())
        .expect("the snapshots")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    stored.sort();
    names.sort();
    assert_eq!(stored, names);
}

/// A notice in English is as the notices were before they were
/// translated, and one in another language says nothing in English but
/// the names, the moves and the phrases the reader of replies reads in
/// every language.
#[test]
fn a_translated_notice_keeps_no_english_sentence() {
    for language in Language::ALL.into_iter().skip(1) {
        for (kind, game, side) in kinds(language) {
            let text = Notice::from_game(&game, later(&game)).text(side, "td@club.example");
            for english in [
                "Clock of",
                "deadline",
                "Reply with",
                "Replies go",
                "The director",
                "Left the board",
                "Late move",
                "taken back",
                "choose what",
                "The game is over",
            ] {
                assert!(
                    !text.contains(english),
                    "{kind} in {language} says {english:?}:\n{text}"
                );
            }
        }
    }
}
