//! The defects of a hostile round in making sections and games: two games
//! sharing an id, a section name too long for the file system, a
//! byte-order mark in a players file, a start whose deadline falls past
//! the year 9999.

use mail_parser::MessageParser;

use super::{FOUR, START, section};
use crate::support::smtp::{Options, Received, SmtpServer};
use crate::support::{Output, TestEnv, json_files};

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

/// The game ids of the files under `games/`, from their GameId tags.
fn game_id_tags(env: &TestEnv, folder: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(env.path(folder)).expect("the folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let text = std::fs::read_to_string(&path).expect("a game file");
            let id = text
                .lines()
                .find_map(|l| l.strip_prefix("[GameId \""))
                .and_then(|l| l.strip_suffix("\"]"));
            ids.push(
                id.unwrap_or_else(|| panic!("no GameId: {text}"))
                    .to_string(),
            );
        }
    }
    ids.sort();
    ids
}

/// A reply to `notice` from its recipient, `first` on its first line,
/// threaded to it as a mail client threads a reply.
fn reply(notice: &Received, id: &str, first: &str) -> String {
    let parsed = MessageParser::default()
        .parse(notice.data.as_bytes())
        .expect("a notice parses");
    let their = parsed.message_id().expect("a Message-ID");
    format!(
        "From: {from}\r\nTo: Director <td@club.example>\r\nSubject: Re: {subject}\r\n\
         Message-ID: <{id}>\r\nIn-Reply-To: <{their}>\r\nReferences: <{their}>\r\n\
         Date: Mon, 23 Nov 2020 10:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{first}\r\n",
        from = notice.rcpt_tos[0],
        subject = parsed.subject().expect("a subject"),
    )
}

/// `dynamo inbox --stdin` reading `raw`.
fn inbox_stdin(env: &TestEnv, raw: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = env
        .command()
        .args(["inbox", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running dynamo inbox");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(raw.as_bytes()).expect("the mail written");
    drop(stdin);
    let out = child.wait_with_output().expect("dynamo inbox ends");
    Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The first notice to White of a game of `section`: White is to move.
fn to_white_of(messages: &[Received], section: &str) -> Received {
    messages
        .iter()
        .find(|m| {
            let parsed = MessageParser::default().parse(m.data.as_bytes());
            let id = parsed.as_ref().and_then(|p| p.message_id()).unwrap_or("");
            id.starts_with(&format!("dynamo.{section}-")) && id.contains(".white.")
        })
        .unwrap_or_else(|| panic!("no notice to White of {section}"))
        .clone()
}

/// How many game files of `folder` hold the move `m`.
fn games_with(env: &TestEnv, folder: &str, m: &str) -> usize {
    std::fs::read_dir(env.path(folder))
        .expect("the folder")
        .filter_map(|e| std::fs::read_to_string(e.expect("entry").path()).ok())
        .filter(|text| text.contains(&format!("1. {m}")))
        .count()
}

/// Two game can share an id: a cup and a league made from one players
/// file with one start. Each game's id carries its section's name, so
/// both sets of start notices go out, and a reply to each is recorded in
/// its own section's game.
#[test]
fn two_sections_of_one_players_file_and_start_share_no_game_id() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    section(&env, "cup", FOUR, &["--mail", "-q"]);
    section(&env, "league", FOUR, &["--mail", "-q"]);
    let cup = game_id_tags(&env, "games/cup");
    let league = game_id_tags(&env, "games/league");
    assert_eq!(cup.len(), 6);
    assert!(cup.iter().all(|id| id.starts_with("cup-")), "{cup:?}");
    assert!(
        league.iter().all(|id| id.starts_with("league-")),
        "{league:?}"
    );

    // Both sets of start notices were delivered: 12 a section, each with
    // its own Message-ID.
    let got = server.messages();
    assert_eq!(got.len(), 24);
    assert_eq!(json_files(&env.path("outbox/sent")).len(), 24);
    for address in ["ada@example.org", "jp@example.fr"] {
        let to_them = got.iter().filter(|m| m.rcpt_tos == [address]).count();
        assert_eq!(to_them, 6, "{address}");
    }

    // A reply to a notice of each section is recorded, each in its game.
    for (name, id) in [("cup", "r1@player"), ("league", "r2@player")] {
        let notice = to_white_of(&got, name);
        let out = inbox_stdin(&env, &reply(&notice, id, "e2e4"));
        assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains("recorded"), "{}", out.stdout);
        assert_eq!(games_with(&env, &format!("games/{name}"), "e2e4"), 1);
    }
    assert!(json_files(&env.path("inbox/unmatched")).is_empty());
}

/// Two game can share an id: two `dynamo new` of the same players, start
/// and round. The first keeps the id made from its tags (as every game
/// file already written does, whose tokens are out); the second gets
/// `-2`, the third `-3`, pinned in their GameId tags at creation.
#[test]
fn two_new_games_of_the_same_players_start_and_round_share_no_game_id() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    for file in ["games/a.pgn", "games/b.pgn", "games/c.pgn"] {
        env.ok(&[
            "new",
            file,
            "--white",
            "Ada <ada@example.org>",
            "--black",
            "Bob <bob@example.org>",
            "--at",
            START,
            "--round",
            "1",
        ]);
    }
    assert!(!env.read("games/a.pgn").contains("[GameId "));
    assert!(
        env.read("games/b.pgn")
            .contains("[GameId \"ada-bob-2020-11-20-1-09-00-00-2\"]")
    );
    assert!(
        env.read("games/c.pgn")
            .contains("[GameId \"ada-bob-2020-11-20-1-09-00-00-3\"]")
    );
}

/// A 300-character section name: refused at input (exit 2) with the
/// limit named, not the system's "File name too long" (exit 3).
#[test]
fn a_300_character_section_name_is_refused_with_its_limit() {
    let env = TestEnv::new();
    env.write("players.txt", FOUR);
    let name = "a".repeat(300);
    let out = env.run(&["tournament", "new", &name, "--players", "players.txt"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("(300 bytes): too long: at most 200 bytes"),
        "{}",
        out.stderr
    );
    assert!(!env.path("games").exists() || json_files(&env.path("games")).is_empty());
    // 200 bytes is a name still.
    section(&env, &"b".repeat(200), FOUR, &["-q"]);
}

/// A byte-order mark at the start of a players file, as some editors
/// write one, is no part of the first player's name.
#[test]
fn a_byte_order_mark_in_a_players_file_is_dropped() {
    let env = TestEnv::new();
    let out = section(&env, "club", &format!("\u{feff}{FOUR}"), &[]);
    assert!(!out.contains('\u{feff}'), "{out}");
    let toml = env.read("games/club/section.toml");
    assert!(!toml.contains('\u{feff}'), "{toml}");
    assert!(toml.contains("name = \"Ada Lovelace\""), "{toml}");
}

/// A start of 9999-12-31 whose first deadline would fall past the year
/// 9999 (shown as `+10000-01-03`) is refused at input, exit 2, for a
/// section and for one game; without a time control it is a start.
#[test]
fn a_start_whose_deadline_falls_past_the_year_9999_is_refused() {
    let env = TestEnv::new();
    env.write("players.txt", FOUR);
    let late = "9999-12-31T00:00:00Z";
    let out = env.run(&[
        "tournament",
        "new",
        "club",
        "--players",
        "players.txt",
        "--start",
        late,
        "--time-control",
        "3d",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("dynamo: --start: 9999-12-31 00:00 UTC with the time control 3d")
            && out.stderr.contains("past the year 9999"),
        "{}",
        out.stderr
    );
    assert!(!env.path("games/club").exists());
    let out = env.run(&[
        "new",
        "g.pgn",
        "--white",
        "Ada",
        "--black",
        "Bob",
        "--at",
        "9999-12-31T10:00:00Z",
        "--time-control",
        "10/50d",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.starts_with("dynamo: --at: "), "{}", out.stderr);
    assert!(!env.path("g.pgn").exists());
    env.ok(&[
        "new", "g.pgn", "--white", "Ada", "--black", "Bob", "--at", late,
    ]);
}

/// Two game can share an id: a plain `dynamo new` after a section was
/// deleted. The section `ada` had the game `ada-lovelace-somerville-…`
/// whose start notices went out; a game of Ada Lovelace and Somerville
/// with the same start and round, made by hand, would have the same id
/// (and so its notice the Message-ID of one sent already). It gets `-2`:
/// its notice is delivered and a reply to it recorded in it.
#[test]
fn a_new_game_takes_no_id_of_a_deleted_section() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    let players = "Lovelace <ada@example.org>\nBabbage <charles@example.org>\n\
                   Menabrea <luigi@example.org>\nSomerville <mary@example.org>\n";
    section(&env, "ada", players, &["--mail", "-q"]);
    let deleted = game_id_tags(&env, "games/ada");
    let clash = "ada-lovelace-somerville-2020-11-20-1-09-00-00";
    assert!(deleted.iter().any(|id| id == clash), "{deleted:?}");
    assert_eq!(server.messages().len(), 12);
    env.ok(&["tournament", "delete", "ada", "-q"]);

    let out = env.ok(&[
        "new",
        "games/friendly.pgn",
        "--white",
        "Ada Lovelace <ada@example.org>",
        "--black",
        "Somerville <mary@example.org>",
        "--at",
        START,
        "--round",
        "1",
        "--mail",
        "-q",
    ]);
    assert!(out.is_empty(), "{out}");
    let game = env.read("games/friendly.pgn");
    assert!(game.contains(&format!("[GameId \"{clash}-2\"]")), "{game}");
    // Both notices delivered, under Message-IDs of their own.
    let got = server.messages();
    assert_eq!(got.len(), 14);
    let notice = got
        .iter()
        .rev()
        .find(|m| m.rcpt_tos == ["ada@example.org"])
        .expect("the notice to White")
        .clone();
    assert!(
        notice.data.contains(&format!("{clash}-2")),
        "{}",
        notice.data
    );
    let out = inbox_stdin(&env, &reply(&notice, "friendly@player", "e2e4"));
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("recorded"), "{}", out.stdout);
    assert!(env.read("games/friendly.pgn").contains("1. e2e4"));
    assert!(json_files(&env.path("inbox/unmatched")).is_empty());
}
