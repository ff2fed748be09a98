//! `dynamo tournament set`: a section corrected before its first move,
//! each game's header with its audit trail, the section file, and one
//! letter per player counted at a real SMTP server; refused once a game
//! has a move.

use super::{FOUR, games_of, race, section};
use crate::inbox::world::{World, parse};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// `dynamo.toml` mailing through `server`, games in `games/`.
fn mail_config(env: &TestEnv, server: &SmtpServer) {
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = {}\n\
             security = \"none\"\nfrom = \"Director <td@club.example>\"\n",
            server.port
        ),
    );
}

/// The six game files of `games/club`, read.
fn club_games(env: &TestEnv) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(env.path("games/club"))
        .expect("the section")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|n| env.read(&format!("games/club/{n}")))
        .collect()
}

#[test]
fn a_section_corrected_before_play_tells_each_player_once() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    section(&env, "club", FOUR, &["-q"]);
    // Put back a week, decided the day before the old start.
    let args = [
        "tournament",
        "set",
        "club",
        "--start",
        "2020-11-27 09:00",
        "--time-control",
        "5/30d",
        "--event",
        "Club championship 2020",
        "--reason",
        "late entries",
        "--at",
        "2020-11-19 10:00",
        "--mail",
    ];
    let out = env.ok(&args);
    assert!(
        out.contains(
            "corrected section club in 6 game(s): Start: 2020-11-27 09:00 UTC (was \
             2020-11-20 09:00 UTC); Time control: 5/30d (was none); Event: Club \
             championship 2020 (was club)"
        ),
        "{out}"
    );
    for game in club_games(&env) {
        assert!(game.contains("[UTCDate \"2020.11.27\"]"), "{game}");
        assert!(game.contains("[TimeControl \"5/30d\"]"), "{game}");
        assert!(
            game.contains("[Event \"Club championship 2020\"]"),
            "{game}"
        );
        assert!(
            game.contains("UTCDate \"2020.11.20\" \"2020.11.27\""),
            "{game}"
        );
        assert!(
            game.contains("2020-11-19T10:00:00Z \"late entries\"]"),
            "{game}"
        );
    }
    let section = env.read("games/club/section.toml");
    assert!(
        section.contains("start = \"2020-11-27T09:00:00Z\""),
        "{section}"
    );
    assert!(section.contains("time_control = \"5/30d\""), "{section}");
    assert!(env.ok(&["verify", "games"]).contains("ok"));
    // One letter to each of the four players, naming every change.
    let messages = server.messages();
    let mut to: Vec<String> = messages.iter().map(|m| m.rcpt_tos.join(",")).collect();
    to.sort();
    assert_eq!(
        to,
        [
            "ada@example.org",
            "charles@example.org",
            "emilie@example.fr",
            "jp@example.fr"
        ]
    );
    assert!(
        messages[0].data.contains("Reason: late entries."),
        "{}",
        messages[0].data
    );

    // Again: nothing to change, nothing mailed.
    let again = env.ok(&args);
    assert_eq!(again, "nothing to change: section club says so already\n");
    assert_eq!(server.messages().len(), 4);

    // The first move closes the section to corrections (exit 1).
    env.ok(&[
        "move",
        "games/club/r01-b01.pgn",
        "e2e4",
        "--by",
        "white",
        "--at",
        "2020-11-28 10:00",
        "-q",
    ]);
    let before = club_games(&env);
    let out = env.run(&["tournament", "set", "club", "--event", "Club 2020"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "r01-b01.pgn: it has a move (1. e2e4): a section is corrected only before its \
             first move; nothing was changed"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(club_games(&env), before);
}

#[test]
fn bad_settings_change_nothing() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "club", FOUR, &["-q"]);
    let before = club_games(&env);
    for (args, says) in [
        (vec!["nosuch", "--event", "X"], "no section 'nosuch' in"),
        (vec!["club", "--start", "soon"], "--start: "),
        (vec!["club", "--time-control", "fast"], "--time-control: "),
        (vec!["club", "--rules", "fide"], "--rules: "),
        (
            vec![
                "club",
                "--start",
                "9999-12-31 09:00",
                "--time-control",
                "10/50d",
            ],
            "past the year 9999",
        ),
        (
            vec!["club", "--event", "bad\u{7}name"],
            "--event: the control character",
        ),
    ] {
        let out = env.run(&[&["tournament", "set"][..], &args].concat());
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
    }
    assert_eq!(club_games(&env), before);
}

/// `tournament set` racing real `dynamo move` processes, many times, each
/// started a little before or after the other: the correction is applied
/// to every game and the section file, with each move recorded after it,
/// or refused for a move already there with nothing of it anywhere;
/// never some games corrected and the section file old.
#[test]
fn a_correction_racing_moves_is_all_or_nothing() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    let (mut applied, mut refused) = (0, 0);
    for i in 0..16u64 {
        let name = format!("club{i}");
        section(&env, &name, FOUR, &["-q"]);
        let set = || {
            env.command()
                .args([
                    "tournament",
                    "set",
                    &name,
                    "--event",
                    "Club 2020",
                    "--at",
                    "2020-11-19 10:00",
                    "-q",
                ])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("dynamo tournament set")
        };
        let (set, moves) = race(&env, &name, i, set);
        for m in moves {
            assert!(
                m.status.success(),
                "round {i}: {}",
                String::from_utf8_lossy(&m.stderr)
            );
        }
        let games = games_of(&env, &name);
        let corrected = games
            .iter()
            .filter(|g| g.contains("[Event \"Club 2020\"]"))
            .count();
        let section_file = env.read(&format!("games/{name}/section.toml"));
        let stderr = String::from_utf8_lossy(&set.stderr);
        match set.status.code() {
            Some(0) => {
                applied += 1;
                assert_eq!(corrected, 6, "round {i}");
                assert!(section_file.contains("event = \"Club 2020\""), "round {i}");
                // Each move was judged after the correction, under it.
                for g in [&games[0], &games[5]] {
                    let set_at = g.find("[%set").expect("the correction");
                    let moved_at = g.find("1. e2e4").expect("the move");
                    assert!(set_at < moved_at, "round {i}: {g}");
                }
            }
            Some(1) => {
                refused += 1;
                assert!(
                    stderr.contains("it has a move (1. e2e4)"),
                    "round {i}: {stderr}"
                );
                assert_eq!(corrected, 0, "round {i}");
                assert!(!games.iter().any(|g| g.contains("[%set")), "round {i}");
                assert!(
                    section_file.contains(&format!("event = \"{name}\"")),
                    "round {i}: {section_file}"
                );
            }
            other => panic!("round {i}: exit {other:?}: {stderr}"),
        }
        for g in [&games[0], &games[5]] {
            assert_eq!(g.matches("1. e2e4").count(), 1, "round {i}: {g}");
        }
    }
    assert!(env.ok(&["verify", "games"]).contains("ok"));
    eprintln!("{applied} corrections applied whole, {refused} refused whole");
}

/// Killed after two games were corrected (and before the section file),
/// a correction is finished by running it again, even once play has
/// begun in a game it had corrected: the other four games, the section
/// file, and one letter to each player.
#[test]
fn a_correction_killed_half_way_is_finished_by_running_it_again() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    section(&env, "club", FOUR, &["-q"]);
    let args = [
        "tournament",
        "set",
        "club",
        "--event",
        "Club 2020",
        "--at",
        "2020-11-19 10:00",
        "--mail",
        "-q",
    ];
    let out = env.run_with(&args, &[("DYNAMO_CRASH_AT", "amended:2")]);
    assert_ne!(out.code, 0, "{}", out.stderr);
    let corrected = |env: &TestEnv| {
        games_of(env, "club")
            .iter()
            .filter(|g| g.contains("[Event \"Club 2020\"]"))
            .count()
    };
    assert_eq!(corrected(&env), 2);
    assert!(
        env.read("games/club/section.toml")
            .contains("event = \"club\"")
    );
    assert!(server.messages().is_empty());
    // Play begins in a corrected game.
    env.ok(&[
        "move",
        "games/club/r01-b01.pgn",
        "e2e4",
        "--by",
        "white",
        "--at",
        "2020-11-28 10:00",
        "-q",
    ]);
    env.ok(&args);
    assert_eq!(corrected(&env), 6);
    assert!(
        env.read("games/club/section.toml")
            .contains("event = \"Club 2020\"")
    );
    assert_eq!(server.messages().len(), 4);
    assert!(env.ok(&["verify", "games"]).contains("ok"));
    let again = env.ok(&args[..7]);
    assert_eq!(again, "nothing to change: section club says so already\n");
    assert_eq!(server.messages().len(), 4);
}

/// Where `tournament set` can be stopped, in the order it reaches them.
const CRASH_POINTS: [&str; 9] = [
    "correction-pending",
    "amended:1",
    "amended:2",
    "amended:3",
    "amended:4",
    "amended:5",
    "amended:6",
    "section-stored",
    "letters-queued",
];

/// How many games of `games` carry the correction, and how many `[%set`.
fn carried(games: &[String]) -> (usize, usize) {
    let new = games
        .iter()
        .filter(|g| g.contains("[Event \"Club 2020\"]"))
        .count();
    let sets = games.iter().map(|g| g.matches("[%set").count()).sum();
    (new, sets)
}

/// Killed at each of its crash points, then a move into the game it
/// corrects last, then run again: the move is judged under the new
/// settings (the correction made first in its game), every game carries
/// the correction once, the section file says it, and each player gets
/// one letter; the commands that only read say the correction is pending
/// meanwhile.
#[test]
fn a_correction_killed_anywhere_is_finished_whatever_is_played_meanwhile() {
    for point in CRASH_POINTS {
        let server = SmtpServer::start(Options::default());
        let env = TestEnv::new();
        mail_config(&env, &server);
        section(&env, "club", FOUR, &["-q"]);
        let args = [
            "tournament",
            "set",
            "club",
            "--event",
            "Club 2020",
            "--reason",
            "sponsor",
            "--at",
            "2020-11-19 10:00",
            "--mail",
            "-q",
        ];
        let out = env.run_with(&args, &[("DYNAMO_CRASH_AT", point)]);
        assert_ne!(out.code, 0, "{point}: {}", out.stderr);
        for read in [&["games"][..], &["verify", "games"], &["standings", "club"]] {
            let out = env.run(read);
            assert!(
                out.stderr.contains(
                    "section club has a correction pending (a `tournament set` stopped \
                     half-way): its games are shown as they are; `dynamo tournament set club` \
                     finishes it"
                ),
                "{point}: {read:?}: {}",
                out.stderr
            );
        }
        env.ok(&[
            "move",
            "games/club/r03-b02.pgn",
            "e2e4",
            "--by",
            "white",
            "--at",
            "2020-11-28 10:00",
            "-q",
        ]);
        let last = env.read("games/club/r03-b02.pgn");
        assert!(last.contains("[Event \"Club 2020\"]"), "{point}: {last}");
        let set_at = last.find("[%set").expect("the correction");
        assert!(set_at < last.find("1. e2e4").expect("the move"), "{point}");
        env.ok(&args);
        let games = games_of(&env, "club");
        assert_eq!(carried(&games), (6, 6), "{point}");
        assert!(
            games
                .iter()
                .all(|g| g.contains("2020-11-19T10:00:00Z \"sponsor\"]")),
            "{point}"
        );
        assert!(
            env.read("games/club/section.toml")
                .contains("event = \"Club 2020\""),
            "{point}"
        );
        assert!(!env.path("games/club/.dynamo-correction.json").exists());
        assert_eq!(server.messages().len(), 4, "{point}");
        let verified = env.run(&["verify", "games"]);
        assert_eq!(verified.code, 0, "{point}: {}", verified.stdout);
        assert!(verified.stderr.is_empty(), "{point}: {}", verified.stderr);
        // Again: nothing left, nothing mailed.
        let again = env.ok(&args[..9]);
        assert_eq!(again, "nothing to change: section club says so already\n");
        assert_eq!(server.messages().len(), 4, "{point}");
    }
}

/// After a kill anywhere and any commands after it (moves into any game,
/// the reading commands, the correction finished), `verify` is ok and no
/// game is played under the old settings: a game with a move carries the
/// correction; once no correction is pending, the section is all new or
/// all old.
#[test]
fn after_any_kill_and_any_commands_no_game_is_played_under_the_old_settings() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    let boards = [
        "r01-b01", "r01-b02", "r02-b01", "r02-b02", "r03-b01", "r03-b02",
    ];
    // A fixed sequence of pseudo-random choices, the same every run.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for round in 0..8 {
        let name = format!("club{round}");
        section(&env, &name, FOUR, &["-q"]);
        let set = ["tournament", "set", &name, "--event", "Club 2020", "-q"];
        let point = CRASH_POINTS[next(CRASH_POINTS.len())];
        let out = env.run_with(&set, &[("DYNAMO_CRASH_AT", point)]);
        assert_ne!(out.code, 0, "{round} {point}: {}", out.stderr);
        for _ in 0..4 {
            let board = format!("games/{name}/{}.pgn", boards[next(boards.len())]);
            let out = match next(5) {
                0 | 1 => env.run(&["move", &board, "e2e4", "--by", "white", "-q"]),
                2 => env.run(&["games"]),
                3 => env.run(&["standings", &name]),
                _ => env.run(&["tournament", "set", &name, "-q"]),
            };
            assert!(
                out.code == 0 || out.code == 1,
                "{round} {point}: {}",
                out.stderr
            );
            let verified = env.run(&["verify", "games"]);
            assert_eq!(verified.code, 0, "{round} {point}: {}", verified.stdout);
            for game in games_of(&env, &name) {
                if game.contains("1. e2e4") {
                    assert!(game.contains("[Event \"Club 2020\"]"), "{round}: {game}");
                }
            }
        }
        let pending = env.path(&format!("games/{name}/.dynamo-correction.json"));
        if pending.exists() {
            env.ok(&["tournament", "set", &name, "-q"]);
        }
        let (new, sets) = carried(&games_of(&env, &name));
        assert_eq!((new, sets), (6, 6), "{round} {point}");
    }
}

/// `inbox --dry-run` judges a reply as a run would record it: with the
/// correction a stopped `tournament set` left pending made first in the
/// game. Here the correction gives the section a time control, under
/// which the reply comes after its deadline; the run records it late, and
/// the preview says so too.
#[test]
fn a_dry_run_judges_a_reply_under_the_correction_pending() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    section(
        &env,
        "club",
        FOUR,
        &["--time-control", "none", "--mail", "-q"],
    );
    let args = [
        "tournament",
        "set",
        "club",
        "--time-control",
        "3d",
        "--at",
        "2020-11-19 10:00",
        "-q",
    ];
    let out = env.run_with(&args, &[("DYNAMO_CRASH_AT", "correction-pending")]);
    assert_ne!(out.code, 0, "{}", out.stderr);
    let world = World { env, server };
    let notice = world
        .mail_to("ada@example.org")
        .into_iter()
        .find(|m| parse(m).subject().is_some_and(|s| s.contains("your move")))
        .expect("Ada's start notice of a game she opens");
    let raw = world.reply(
        &notice,
        "Ada Lovelace <ada@example.org>",
        "ada-1@example.org",
        "e2e4",
    );
    let before = games_of(&world.env, "club");
    let preview = world.stdin(&raw, &["--dry-run"], &[]);
    assert_eq!(preview.code, 0, "{}{}", preview.stdout, preview.stderr);
    assert_eq!(games_of(&world.env, "club"), before);
    let recorded = world.handled(&raw);
    for said in [&preview.stdout, &recorded] {
        assert!(
            said.contains("1. e2e4, LATE: received ")
                && said.contains(" after its deadline, 2020-11-23 09:00 UTC"),
            "{said}"
        );
    }
}
