//! `dynamo tournament set`: a section corrected before its first move,
//! each game's header with its audit trail, the section file, and one
//! letter per player counted at a real SMTP server; refused once a game
//! has a move.

use super::{FOUR, games_of, race, section};
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
