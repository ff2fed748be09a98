//! A player's new address across three games in two sections: each game
//! corrected with its audit trail (a finished one too), both section
//! files, `standings` showing the player once, one letter to the player
//! at both addresses counted at a real SMTP server and none to their
//! opponents; a run interrupted half-way finished by running it again.

use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};
use crate::tournament::section;

/// Ada plays two games of `club` (three players, a bye each round) and
/// one of `cup`.
const CLUB: &str = "Ada Lovelace <ada@example.org>\n\
    Charles Babbage <charles@example.org>\n\
    Émilie du Châtelet <emilie@example.fr>\n";
pub(crate) const CUP: &str = "Ada Lovelace <ada@example.org>\nBob Ross <bob@example.org>\n";

/// `dynamo.toml` mailing through `server`, games in `games/`.
pub(crate) fn mail_config(env: &TestEnv, server: &SmtpServer) {
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = {}\n\
             security = \"none\"\nfrom = \"Director <td@club.example>\"\n",
            server.port
        ),
    );
}

/// The game files of `folder` that hold `text`, by name.
fn files_with(env: &TestEnv, folder: &str, text: &str) -> Vec<String> {
    let mut found: Vec<String> = std::fs::read_dir(env.path(folder))
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .filter(|p| std::fs::read_to_string(p).expect("a game").contains(text))
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    found.sort();
    found
}

/// Both sections, with Ada's first club game resigned by her opponent:
/// a finished game keeps its moves and result, and changes its header.
fn two_sections(env: &TestEnv) {
    section(env, "club", CLUB, &["-q"]);
    section(env, "cup", CUP, &["-q"]);
    let club = files_with(env, "games/club", "ada@example.org");
    assert_eq!(club.len(), 2, "{club:?}");
    let first = format!("games/club/{}", club[0]);
    let text = env.read(&first);
    let her_side = if text.contains("[WhiteEmail \"ada@example.org\"]") {
        "black"
    } else {
        "white"
    };
    env.ok(&[
        "resign",
        &first,
        "--by",
        her_side,
        "--at",
        "2020-11-21 10:00",
        "-q",
    ]);
}

#[test]
fn an_address_changed_in_three_games_of_two_sections_tells_the_player_once() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    two_sections(&env);
    let args = [
        "player",
        "set",
        "Ada@Example.org",
        "--email",
        "ada@new.example",
        "--name",
        "Ada King",
        "--reason",
        "her new address",
        "--at",
        "2020-11-25 10:00",
        "--mail",
    ];
    // --dry-run lists the five files and changes none.
    let dry = env.ok(&[&args[..11], &["--dry-run"]].concat());
    assert_eq!(dry.lines().count(), 5, "{dry}");
    assert!(dry.lines().all(|l| l.starts_with("would change ")), "{dry}");
    assert_eq!(files_with(&env, "games/club", "ada@new.example").len(), 0);

    let out = env.ok(&args);
    assert!(
        out.contains(
            "changed ada@example.org to ada@new.example in 3 games (1 finished) and 2 section files"
        ),
        "{out}"
    );
    for folder in ["games/club", "games/cup"] {
        assert_eq!(
            files_with(&env, folder, "ada@example.org\"]").len(),
            0,
            "{folder}"
        );
        let section = env.read(&format!("{folder}/section.toml"));
        assert!(
            section.contains("name = \"Ada King\"\nemail = \"ada@new.example\""),
            "{section}"
        );
    }
    // Each game keeps the old values in its audit trail, with time and reason.
    let changed = files_with(&env, "games/club", "[%set ");
    assert_eq!(changed.len(), 2);
    let game = env.read(&format!("games/club/{}", changed[0]));
    assert!(
        game.contains("\"ada@example.org\" \"ada@new.example\""),
        "{game}"
    );
    assert!(
        game.contains("2020-11-25T10:00:00Z \"her new address\""),
        "{game}"
    );
    assert!(
        env.ok(&["verify", "games"]).contains("ok"),
        "the games replay"
    );

    // One letter, at each address; nothing to the opponents.
    let messages = server.messages();
    let mut to: Vec<String> = messages.iter().map(|m| m.rcpt_tos.join(",")).collect();
    to.sort();
    assert_eq!(to, ["ada@example.org", "ada@new.example"]);
    assert!(
        messages[0].data.contains("Dear Ada King,"),
        "{}",
        messages[0].data
    );
    assert!(
        messages[0].data.contains("replies go to the director"),
        "{}",
        messages[0].data
    );

    // The standings know Ada once, with her result from the finished game.
    let rows: serde_json::Value =
        serde_json::from_str(&env.ok(&["standings", "club", "--json"])).expect("JSON");
    let rows = rows.as_array().expect("rows");
    assert_eq!(rows.len(), 3, "{rows:?}");
    let ada: Vec<_> = rows.iter().filter(|r| r["player"] == "Ada King").collect();
    assert_eq!(ada.len(), 1, "{rows:?}");
    assert_eq!(ada[0]["email"], "ada@new.example");
    assert_eq!(ada[0]["finished"], 1);
    assert_eq!(ada[0]["points"], 1.0);

    // Run again: nothing to change, nothing mailed.
    let again = env.ok(&args);
    assert!(again.starts_with("nothing to change"), "{again}");
    assert_eq!(server.messages().len(), 2);
}

/// Killed after its first game, a change is finished by running it again:
/// the rest of the games and both section files, and the letter, once.
#[test]
fn a_change_interrupted_after_one_game_is_finished_by_running_it_again() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    two_sections(&env);
    // What a run killed after its first step leaves: the first game changed.
    let first = files_with(&env, "games/club", "ada@example.org")[0].clone();
    let path = format!("games/club/{first}");
    let side = if env.read(&path).contains("[WhiteEmail \"ada@example.org\"]") {
        "--white-email"
    } else {
        "--black-email"
    };
    env.ok(&[
        "set",
        &path,
        side,
        "ada@new.example",
        "--at",
        "2020-11-25 10:00",
        "-q",
    ]);
    let out = env.ok(&[
        "player",
        "set",
        "ada@example.org",
        "--email",
        "ada@new.example",
        "--at",
        "2020-11-25 10:00",
        "--mail",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let files = value["files"].as_array().expect("files");
    assert_eq!(files.len(), 4, "{out}");
    assert_eq!(
        files.iter().filter(|f| f["kind"] == "section").count(),
        2,
        "{out}"
    );
    assert_eq!(server.messages().len(), 2);
    let rows: serde_json::Value =
        serde_json::from_str(&env.ok(&["standings", "cup", "--json"])).expect("JSON");
    assert_eq!(rows.as_array().expect("rows").len(), 2, "{rows}");
}

#[test]
fn bad_input_changes_nothing() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "cup", CUP, &["-q"]);
    let before = env.read("games/cup/r01-b01.pgn");
    let out = env.run(&[
        "player",
        "set",
        "nobody@example.org",
        "--email",
        "x@example.org",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .ends_with("games has the address nobody@example.org; nothing was changed\n"),
        "{}",
        out.stderr
    );
    env.fails(
        &[
            "player",
            "set",
            "ada@example.org",
            "--email",
            "Bob <bob@example.org>",
        ],
        2,
        "dynamo: --email: 'Bob <bob@example.org>': give the address alone, without a name\n",
    );
    let out = env.run(&[
        "player",
        "set",
        "ada@example.org",
        "--email",
        "bob@example.org",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.ends_with(
            "r01-b01.pgn: bob@example.org is the address of Bob Ross, Ada Lovelace's \
             opponent; nothing was changed\n"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(env.read("games/cup/r01-b01.pgn"), before);
}
