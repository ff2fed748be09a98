//! Every action through the one recording entry, with a subscriber that
//! must see each recorded event once, in order, and nothing of a refused
//! one, whose game file stays byte for byte as it was.

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use dynamo_core::Color;

use super::action::{Action, Done, Recorded, Request, When, Who};
use super::error::{NotRecorded, Refusal, SubscriberError};
use super::service::Recorder;
use super::subscriber::Subscriber;
use crate::game::store::GameFile;
use crate::game::{Game, LeaveDays, NewGame, Player, TagEdit, clock};

/// What a subscriber was told, in order.
#[derive(Debug, Default)]
struct Seen {
    log: Vec<String>,
    /// The summary and event count of each event committed.
    committed: Vec<(String, usize)>,
    /// Refuse to prepare, as a mail queue that cannot be written.
    fail: bool,
}

impl Subscriber for Seen {
    fn hold(&mut self, file: &GameFile) -> Result<(), SubscriberError> {
        assert!(file.key().is_absolute(), "{}", file.key().display());
        self.log.push("hold".into());
        Ok(())
    }

    fn prepare(&mut self, _: &GameFile, game: &Game) -> Result<(), SubscriberError> {
        self.log.push(format!("prepare {}", game.events().len()));
        if self.fail {
            return Err(SubscriberError::new(std::io::Error::other("no room")));
        }
        Ok(())
    }

    fn commit(&mut self, _: &GameFile, recorded: &Recorded) {
        self.log.push("commit".into());
        let events = recorded.game.events().len();
        self.committed.push((recorded.summary(), events));
    }

    fn discard(&mut self) {
        self.log.push("discard".into());
    }
}

fn time(text: &str) -> DateTime<Utc> {
    clock::parse_time(text).expect("a time")
}

/// A new game at `dir/g.pgn`, through the recorder.
fn new_game(dir: &Path, seen: &mut Seen) -> PathBuf {
    let path = dir.join("g.pgn");
    let white = Player::parse("Ada <ada@example.org>").expect("white");
    let black = Player::parse("Bob <bob@example.org>").expect("black");
    let game =
        Game::create(NewGame::new(white, black, time("2026-11-20T09:00:00Z"))).expect("a game");
    let mut recorder = Recorder::new(Duration::from_secs(5));
    recorder.subscribe(seen);
    let created = recorder
        .create(&GameFile::named(&path), &game)
        .expect("created");
    assert_eq!(created.done, Done::Created);
    path
}

fn player(side: Color, action: Action) -> Request {
    Request::new(action, Who::side(side), When::Now)
}

fn director(action: Action) -> Request {
    Request::new(action, Who::Director, When::Now)
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        offer_draw: false,
    }
}

/// Records `request` with a fresh subscriber; what it saw.
fn record(path: &Path, request: &Request) -> (Result<Recorded, NotRecorded>, Seen) {
    let mut seen = Seen::default();
    let mut recorder = Recorder::new(Duration::from_secs(5));
    recorder.subscribe(&mut seen);
    let result = recorder.record(path, request);
    drop(recorder);
    (result, seen)
}

/// Records `request`, which must be recorded and seen once, prepared
/// with the game as it is then written.
fn recorded(path: &Path, request: &Request, summary: &str) -> Recorded {
    let before = Game::load(path).expect("game").to_text();
    let (result, seen) = record(path, request);
    let done = result.expect("recorded");
    let on_disk = Game::load(path).expect("game");
    assert_ne!(on_disk.to_text(), before);
    assert_eq!(on_disk.to_text(), done.game.to_text());
    let events = on_disk.events().len();
    assert_eq!(seen.log, ["hold", &format!("prepare {events}"), "commit"]);
    assert_eq!(seen.committed, [(summary.to_string(), events)]);
    done
}

/// Records `request`, which must be refused: nothing seen but a discard,
/// the file byte for byte as it was.
fn refused(path: &Path, request: &Request) -> Refusal {
    let before = std::fs::read(path).expect("read");
    let (result, seen) = record(path, request);
    let Err(NotRecorded::Refused { why, .. }) = result else {
        panic!("not refused: {result:?}");
    };
    assert_eq!(seen.log, ["hold", "discard"]);
    assert!(seen.committed.is_empty());
    assert_eq!(std::fs::read(path).expect("read"), before);
    why
}

#[test]
fn a_new_game_is_seen_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut seen = Seen::default();
    new_game(tmp.path(), &mut seen);
    assert_eq!(seen.log, ["hold", "prepare 1", "commit"]);
    assert_eq!(seen.committed, [("the game is created".to_string(), 1)]);
    // A second game at the same path is refused; nothing is committed.
    let mut again = Seen::default();
    let path = tmp.path().join("g.pgn");
    let game = Game::load(&path).expect("game");
    let before = std::fs::read(&path).expect("read");
    let mut recorder = Recorder::new(Duration::from_secs(5));
    recorder.subscribe(&mut again);
    let err = recorder.create(&GameFile::named(&path), &game);
    drop(recorder);
    assert!(matches!(err, Err(NotRecorded::Game(_))), "{err:?}");
    assert_eq!(again.log, ["hold", "prepare 1", "discard"]);
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn a_move_is_recorded_once_and_an_illegal_one_never() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let done = recorded(&path, &player(Color::White, mv("e2e4")), "1. e2e4");
    assert_eq!(done.label().as_deref(), Some("1."));
    assert_eq!(done.side, Some(Color::White));
    // By address, whoever's turn it is.
    let from = Request::new(
        mv("e7e5"),
        Who::Player {
            side: None,
            from: Some("Bob <BOB@example.org>".into()),
        },
        When::Now,
    );
    recorded(&path, &from, "1... e7e5");
    // Unnamed: the side to move.
    let anyone = Request::new(
        mv("Ng1f3"),
        Who::Player {
            side: None,
            from: None,
        },
        When::Now,
    );
    recorded(&path, &anyone, "2. Ng1f3");
    let why = refused(&path, &player(Color::White, mv("d2d4")));
    assert_eq!(why.to_string(), "it is Black's turn, not White's");
    refused(&path, &player(Color::Black, mv("Ke8e6")));
    let stranger = Request::new(
        mv("d7d5"),
        Who::Player {
            side: None,
            from: Some("eve@example.org".into()),
        },
        When::Now,
    );
    refused(&path, &stranger);
}

#[test]
fn a_move_with_a_draw_offer_is_one_event_seen_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let offer = Action::Move {
        text: "1. e2e4".into(),
        offer_draw: true,
    };
    let done = recorded(
        &path,
        &player(Color::White, offer),
        "1. e2e4, offering a draw",
    );
    assert_eq!(done.game.draw_offer(), Some(Color::White));
}

#[test]
fn resignation_is_recorded_once_and_not_after_the_end() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    recorded(
        &path,
        &player(Color::Black, Action::Resign),
        "Black resigns",
    );
    refused(&path, &player(Color::White, Action::Resign));
    // Who resigns must be said.
    let nobody = Request::new(
        Action::Resign,
        Who::Player {
            side: None,
            from: None,
        },
        When::Now,
    );
    assert!(matches!(refused(&path, &nobody), Refusal::NoSide));
}

#[test]
fn a_draw_is_offered_declined_offered_and_accepted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    refused(&path, &player(Color::Black, Action::AcceptDraw));
    recorded(
        &path,
        &player(Color::White, Action::OfferDraw),
        "White offers a draw",
    );
    refused(&path, &player(Color::White, Action::OfferDraw));
    recorded(
        &path,
        &player(Color::Black, Action::DeclineDraw),
        "Black declines the draw",
    );
    refused(&path, &player(Color::Black, Action::DeclineDraw));
    recorded(
        &path,
        &player(Color::White, Action::OfferDraw),
        "White offers a draw",
    );
    let done = recorded(
        &path,
        &player(Color::Black, Action::AcceptDraw),
        "Black accepts the draw",
    );
    assert!(done.game.ending().is_some());
}

#[test]
fn the_director_adjudicates_once_and_a_player_cannot() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let decide = |result: &str| Action::Adjudicate {
        result: result.into(),
        reason: "time forfeit".into(),
    };
    refused(&path, &director(decide("2-0")));
    refused(&path, &player(Color::White, decide("1-0")));
    recorded(&path, &director(decide("1-0")), "the director decides 1-0");
    refused(&path, &director(decide("0-1")));
}

#[test]
fn undo_takes_back_a_move_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let undo = || Action::Undo {
        reason: "sent by mistake".into(),
    };
    refused(&path, &director(undo()));
    recorded(&path, &player(Color::White, mv("e2e4")), "1. e2e4");
    let done = recorded(&path, &director(undo()), "the director takes back 1. e2e4");
    assert!(matches!(&done.done, Done::Undone(m) if m.notation == "e2e4"));
    assert!(done.game.moves().is_empty());
    // The only move is gone: nothing to take back.
    refused(&path, &director(undo()));
}

#[test]
fn set_corrects_the_header_once_and_nothing_to_change_is_refused() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let set = |value: &str| Action::Set {
        edits: vec![TagEdit {
            field: "--black".into(),
            name: "Black".into(),
            value: value.into(),
        }],
        reason: Some("his full name".into()),
    };
    let done = recorded(
        &path,
        &director(set("Robert")),
        "the director corrects the header",
    );
    assert_eq!(done.game.black().name, "Robert");
    let why = refused(&path, &director(set("Robert")));
    assert!(
        matches!(
            why,
            Refusal::Correction(crate::game::CorrectionError::NothingToChange(_))
        ),
        "{why:?}"
    );
}

#[test]
fn leave_is_recorded_once_and_not_twice_at_an_earlier_time() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let days = LeaveDays::parse("2026-12-01", "2026-12-03").expect("days");
    let at = time("2026-11-21T10:00:00Z");
    let leave = Request::new(
        Action::Leave { days },
        Who::side(Color::Black),
        When::At(at),
    );
    recorded(&path, &leave, "Black takes leave 2026-12-01 to 2026-12-03");
    // Before the event just recorded: the record cannot hold it.
    let earlier = Request::new(
        Action::Leave { days },
        Who::side(Color::White),
        When::At(time("2026-11-20T10:00:00Z")),
    );
    refused(&path, &earlier);
}

#[test]
fn a_time_to_come_is_refused_and_a_mail_s_arrival_is_kept_within_the_record() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let future = Utc::now() + chrono::Duration::days(2);
    let why = refused(
        &path,
        &Request::new(mv("e2e4"), Who::side(Color::White), When::At(future)),
    );
    assert!(why.to_string().contains("in the future"), "{why}");
    let game = Game::load(&path).expect("game");
    let last = game.last_event_time().expect("a time");
    let now = last + chrono::Duration::days(1);
    let arrived = |at| When::Arrived(at).time_in(&game, now);
    assert_eq!(arrived(last - chrono::Duration::hours(1)), last);
    assert_eq!(arrived(now + chrono::Duration::hours(1)), now);
    let between = last + chrono::Duration::hours(2);
    assert_eq!(arrived(between), between);
}

#[test]
fn a_subscriber_that_cannot_prepare_stops_the_write() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let before = std::fs::read(&path).expect("read");
    let mut seen = Seen {
        fail: true,
        ..Seen::default()
    };
    let mut recorder = Recorder::new(Duration::from_secs(5));
    recorder.subscribe(&mut seen);
    let result = recorder.record(&path, &player(Color::White, mv("e2e4")));
    drop(recorder);
    assert!(
        matches!(result, Err(NotRecorded::Subscriber(_))),
        "{result:?}"
    );
    assert_eq!(seen.log, ["hold", "prepare 2", "discard"]);
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn the_front_end_s_check_refuses_under_the_lock_and_a_mail_is_noted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let file = GameFile::existing(&path).expect("file");
    let before = std::fs::read(&path).expect("read");
    let mut seen = Seen::default();
    let mut recorder = Recorder::new(Duration::from_secs(5));
    recorder.subscribe(&mut seen);
    let request = player(Color::White, mv("e2e4"));
    let stopped = recorder.record_in(&file, &request, |_: &Game, by| {
        assert_eq!(by, Some(Color::White));
        Err("moved on")
    });
    assert!(
        matches!(
            stopped,
            Err(NotRecorded::Refused {
                why: Refusal::Check("moved on"),
                ..
            })
        ),
        "{stopped:?}"
    );
    assert_eq!(std::fs::read(&path).expect("read"), before);
    let mut from_mail = request.clone();
    from_mail.mail = Some("<m1@example.org>".into());
    let done = recorder
        .record_in(&file, &from_mail, |_: &Game, _| Ok::<(), &str>(()))
        .expect("recorded");
    drop(recorder);
    assert!(done.game.event_from_mail("<m1@example.org>").is_some());
    assert_eq!(seen.log, ["hold", "discard", "hold", "prepare 2", "commit"]);
    assert_eq!(seen.committed.len(), 1);
}

#[test]
fn a_preview_writes_nothing_and_tells_no_one() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let before = std::fs::read(&path).expect("read");
    let game = Game::load(&path).expect("game");
    let recorder = Recorder::new(Duration::from_secs(5));
    let done = recorder
        .preview(&game, &player(Color::White, mv("e2e4")))
        .expect("legal");
    assert_eq!(done.summary(), "1. e2e4");
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

/// The inbox's line of a move after its deadline says so (docs/director.md,
/// "Time control"): by how much, and who may claim the game.
#[test]
fn a_late_move_s_summary_says_it_is_late() {
    let white = Player::parse("Ada <ada@example.org>").expect("white");
    let black = Player::parse("Bob <bob@example.org>").expect("black");
    let mut new = NewGame::new(white, black, time("2026-11-20T09:00:00Z"));
    new.time_control = "3d".parse().expect("a time control");
    let game = Game::create(new).expect("a game");
    let recorder = Recorder::new(Duration::from_secs(5));
    let late = Request::new(
        mv("e2e4"),
        Who::side(Color::White),
        When::At(time("2026-11-23T09:05:00Z")),
    );
    let done = recorder.preview(&game, &late).expect("legal");
    assert_eq!(
        done.summary(),
        "1. e2e4, LATE: received 5 minutes after its deadline, 2026-11-23 09:00 UTC; Black may claim the game on time"
    );
    let in_time = Request::new(
        mv("e2e4"),
        Who::side(Color::White),
        When::At(time("2026-11-23T09:00:00Z")),
    );
    let done = recorder.preview(&game, &in_time).expect("legal");
    assert_eq!(done.summary(), "1. e2e4");
}

#[test]
fn two_names_of_one_game_are_one_game() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = new_game(tmp.path(), &mut Seen::default());
    let link = tmp.path().join("link.pgn");
    std::os::unix::fs::symlink("g.pgn", &link).expect("link");
    let by_link = GameFile::existing(&link).expect("link");
    let by_name = GameFile::existing(&path).expect("file");
    assert_eq!(by_link.key(), by_name.key());
    assert_eq!(by_link.real(), path.as_path());
    assert_eq!(by_link.given(), link.as_path());
    // A game not made yet is named by its folder's real path.
    let new = GameFile::named(&tmp.path().join(".").join("new.pgn"));
    assert_eq!(
        new.key(),
        std::fs::canonicalize(tmp.path())
            .expect("real")
            .join("new.pgn")
    );
}
