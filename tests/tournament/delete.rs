//! `dynamo tournament delete`: a section cancelled before play, its
//! queued notices dropped, its players told once, its folder set aside;
//! refused once a game has a move.

use super::{FOUR, START, race, section};
use crate::inbox::world::{World, parse, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer, unused_port};

/// `dynamo.toml` mailing through `port`, games in `games/`.
fn mail_config(env: &TestEnv, port: u16) {
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = {port}\n\
             security = \"none\"\nfrom = \"Director <td@club.example>\"\ntimeout_seconds = 5\n",
        ),
    );
}

/// The GameId tags of the games in `folder`.
fn ids(env: &TestEnv, folder: &str) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(env.path(folder))
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).expect("a game");
            text.lines().find_map(|l| {
                l.strip_prefix("[GameId \"")?
                    .strip_suffix("\"]")
                    .map(String::from)
            })
        })
        .collect();
    ids.sort();
    ids
}

#[test]
fn a_section_deleted_before_play_drops_its_notices_and_tells_each_player_once() {
    let env = TestEnv::new();
    // The start notices cannot go out: the server is down.
    mail_config(&env, unused_port());
    env.write("players.txt", FOUR);
    let out = env.run(&[
        "tournament",
        "new",
        "club",
        "--players",
        "players.txt",
        "--start",
        START,
        "--mail",
        "-q",
    ]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let before = ids(&env, "games/club");
    assert_eq!(before.len(), 6);
    let list = env.ok(&["mail", "--list"]);
    assert_eq!(list.matches("dynamo.club-").count(), 12, "{list}");

    let server = SmtpServer::start(Options::default());
    mail_config(&env, server.port);
    let out = env.ok(&[
        "tournament",
        "delete",
        "club",
        "--reason",
        "too few entries",
        "--mail",
    ]);
    assert!(
        out.contains("deleted section club: 6 game(s) set aside in ")
            && out.contains("games/.club.deleted-")
            && out.contains("; 12 queued notice(s) dropped"),
        "{out}"
    );
    assert!(!env.path("games/club").exists());
    let list = env.ok(&["mail", "--list"]);
    assert_eq!(list.matches("dynamo.club-").count(), 0, "{list}");
    // One letter to each player, none of the start notices.
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
        messages[0].data.contains("Reason: too few entries."),
        "{}",
        messages[0].data
    );
    assert!(env.ok(&["mail", "--retry"]).is_empty() || server.messages().len() == 4);
    assert_eq!(server.messages().len(), 4);

    // The name is free again; the deleted games' ids are not.
    section(&env, "club", FOUR, &["-q"]);
    let after = ids(&env, "games/club");
    assert_eq!(after.len(), 6);
    assert!(
        after.iter().all(|id| !before.contains(id)),
        "{before:?} {after:?}"
    );
    let out = env.ok(&["standings", "--json", "club"]);
    assert!(out.contains("ada@example.org"), "{out}");
}

#[test]
fn a_section_with_a_move_is_not_deleted() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "club", FOUR, &["-q"]);
    env.ok(&[
        "move",
        "games/club/r02-b01.pgn",
        "e2e4",
        "--by",
        "white",
        "--at",
        "2020-11-21 10:00",
        "-q",
    ]);
    let out = env.run(&["tournament", "delete", "club"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "r02-b01.pgn: it has a move (1. e2e4): a section is deleted only before its \
             first move; nothing was changed"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(ids(&env, "games/club").len(), 6);
    let out = env.run(&["tournament", "delete", "nosuch"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

/// Every file under `dir`, by its path below it, with its text.
fn site_files(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("a folder of the site") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("a file");
                let text = String::from_utf8_lossy(&bytes);
                let name = path.strip_prefix(dir).expect("below").display().to_string();
                files.push((name, text.into_owned()));
            }
        }
    }
    files.sort();
    files
}

/// With `[site] dir`, a deleted section leaves the pages at once: its
/// page, its games' pages and its players' entries go (the players keep
/// their page for the other section), and `site --check` finds them as
/// `dynamo site` would build them.
#[test]
fn a_deleted_section_leaves_the_pages() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "games_dir = \"games\"\n[site]\ndir = \"../site\"\n",
    );
    section(&env, "league", FOUR, &["-q"]);
    section(&env, "cup", FOUR, &["-q"]);
    env.ok(&["site", "../site"]);
    let cup_ids = ids(&env, "games/cup");
    let named = |files: &[(String, String)]| {
        files
            .iter()
            .filter(|(name, text)| {
                cup_ids.iter().any(|id| text.contains(id.as_str()))
                    || name.contains("cup")
                    || text.contains("cup/")
            })
            .count()
    };
    assert!(named(&site_files(&env.path("../site"))) > 0);
    env.ok(&["tournament", "delete", "cup", "-q"]);
    let check = env.run(&["site", "../site", "--check"]);
    assert_eq!(check.code, 0, "{}", check.stdout);
    assert!(check.stdout.is_empty(), "{}", check.stdout);
    let after = site_files(&env.path("../site"));
    assert_eq!(named(&after), 0, "{after:?}");
    // The players' pages stay, for the league.
    assert!(
        after
            .iter()
            .any(|(_, text)| text.contains("Ada Lovelace") && text.contains("league")),
    );
}

/// The folders the section `name` was set aside as.
fn set_aside(env: &TestEnv, name: &str) -> Vec<std::path::PathBuf> {
    let prefix = format!(".{name}.deleted-");
    std::fs::read_dir(env.path("games"))
        .expect("the games folder")
        .map(|e| e.expect("an entry"))
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect()
}

/// `tournament delete` racing real `dynamo move` processes, many times,
/// each started a little before or after the other: either the moves are
/// recorded and the deletion refused, nothing of it anywhere, or the
/// section is deleted and each move refused as the section's cancelled;
/// never a move in a file set aside, never an error exit.
#[test]
fn a_deletion_racing_moves_is_all_or_nothing() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    let (mut deleted, mut refused) = (0, 0);
    for i in 0..16u64 {
        let name = format!("club{i}");
        section(&env, &name, FOUR, &["-q"]);
        let delete = || {
            env.command()
                .args(["tournament", "delete", &name, "-q"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("dynamo tournament delete")
        };
        let (delete, moves) = race(&env, &name, i, delete);
        let stderr = String::from_utf8_lossy(&delete.stderr);
        let aside = set_aside(&env, &name);
        match delete.status.code() {
            Some(0) => {
                deleted += 1;
                assert!(!env.path(&format!("games/{name}")).exists(), "round {i}");
                assert_eq!(aside.len(), 1, "round {i}");
                for m in &moves {
                    let said = String::from_utf8_lossy(&m.stderr);
                    assert_eq!(m.status.code(), Some(1), "round {i}: {said}");
                    assert!(
                        said.contains(&format!(
                            "not recorded: the section {name} was cancelled, its games set \
                             aside in "
                        )),
                        "round {i}: {said}"
                    );
                }
                for game in std::fs::read_dir(&aside[0]).expect("set aside") {
                    let path = game.expect("an entry").path();
                    if path.extension().is_some_and(|e| e == "pgn") {
                        let text = std::fs::read_to_string(&path).expect("a game");
                        assert!(!text.contains("e2e4"), "round {i}: {text}");
                    }
                }
            }
            Some(1) => {
                refused += 1;
                assert!(
                    stderr.contains("it has a move (1. e2e4): a section is deleted only"),
                    "round {i}: {stderr}"
                );
                assert!(aside.is_empty(), "round {i}");
                for (m, game) in moves.iter().zip(["r01-b01", "r03-b02"]) {
                    let said = String::from_utf8_lossy(&m.stderr);
                    assert!(m.status.success(), "round {i}: {said}");
                    let text = env.read(&format!("games/{name}/{game}.pgn"));
                    assert_eq!(text.matches("1. e2e4").count(), 1, "round {i}: {text}");
                }
            }
            other => panic!("round {i}: exit {other:?}: {stderr}"),
        }
    }
    assert!(env.ok(&["verify", "games"]).contains("ok"));
    eprintln!("{deleted} sections deleted whole, {refused} deletions refused whole");
}

/// A move into a game of a section deleted before it came is refused as
/// the section's cancelled (exit 1), not as a file that never was.
#[test]
fn a_move_after_the_deletion_is_refused_as_the_section_is_cancelled() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "cup", FOUR, &["-q"]);
    env.ok(&["tournament", "delete", "cup", "-q"]);
    let out = env.run(&["move", "games/cup/r01-b01.pgn", "e2e4", "--by", "white"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "games/cup/r01-b01.pgn: not recorded: the section cup was cancelled, its games \
             set aside in games/.cup.deleted-"
        ),
        "{}",
        out.stderr
    );
    // A file that never was is still bad input.
    let out = env.run(&["move", "games/cup/r09-b01.pgn", "e2e4", "--by", "white"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

/// A run stopped after its letters were queued and before the folder was
/// set aside leaves the deletion decided: a move in the section is
/// refused, not recorded, so that the letters never tell of a
/// cancellation while play goes on; the run again finishes it, each
/// letter once.
#[test]
fn a_deletion_stopped_after_its_letters_refuses_moves_until_it_is_finished() {
    let env = TestEnv::new();
    let server = SmtpServer::start(Options::default());
    mail_config(&env, server.port);
    section(&env, "club", FOUR, &["-q"]);
    let args = ["tournament", "delete", "club", "--mail", "-q"];
    let killed = env.run_with(&args, &[("DYNAMO_CRASH_AT", "cancel-letters-queued")]);
    assert_ne!(killed.code, 0, "{}", killed.stderr);
    assert!(env.path("games/club").exists(), "not yet set aside");
    let before = env.read("games/club/r01-b01.pgn");

    let out = env.run(&["move", "games/club/r01-b01.pgn", "e2e4", "--by", "white"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("its section is being deleted"),
        "{}",
        out.stderr
    );
    assert_eq!(
        env.read("games/club/r01-b01.pgn"),
        before,
        "nothing written"
    );

    env.ok(&args);
    assert!(!env.path("games/club").exists());
    env.ok(&["mail", "--retry", "-q"]);
    assert_eq!(server.messages().len(), 4, "one letter to each player");
}

/// A reply to a notice of a deleted section is answered that the section
/// was cancelled, once, rather than set aside as a token no game knows;
/// a stranger's use of the same notice is still set aside.
#[test]
fn a_reply_to_a_deleted_sections_notice_is_told_the_section_was_cancelled() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port);
    section(&env, "club", FOUR, &["--mail", "-q"]);
    let world = World { env, server };
    let notice = world
        .mail_to("ada@example.org")
        .into_iter()
        .find(|m| parse(m).subject().is_some_and(|s| s.contains("[dynamo ")))
        .expect("one of Ada's start notices");
    world.env.ok(&["tournament", "delete", "club", "-q"]);
    let sent = world.server.messages().len();

    let stranger = world.reply(
        &notice,
        "Eve <eve@example.org>",
        "eve-1@example.org",
        "e2e4",
    );
    let out = world.stdin(&stranger, &[], &[]);
    let said = format!("{}{}", out.stdout, out.stderr);
    assert!(said.contains("is not a player's address"), "{said}");
    assert_eq!(world.server.messages().len(), sent);

    let raw = world.reply(
        &notice,
        "Ada Lovelace <ada@example.org>",
        "ada-1@example.org",
        "e2e4",
    );
    let out = world.handled(&raw);
    assert!(out.contains("the section club was cancelled"), "{out}");
    assert!(!out.contains("no valid reply token"), "{out}");
    let answers = world.mail_to("ada@example.org");
    let answer = answers.last().expect("Ada's answer");
    assert_eq!(world.server.messages().len(), sent + 1);
    assert!(
        text_of(answer).contains("the director has cancelled the section club"),
        "{}",
        text_of(answer)
    );
    // The same mail again is not answered twice.
    world.handled(&raw);
    assert_eq!(world.server.messages().len(), sent + 1);
    for aside in set_aside(&world.env, "club") {
        for game in std::fs::read_dir(aside).expect("set aside") {
            let text = std::fs::read_to_string(game.expect("an entry").path()).unwrap_or_default();
            assert!(!text.contains("e2e4"), "{text}");
        }
    }
}
