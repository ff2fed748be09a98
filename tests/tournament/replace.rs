//! `dynamo tournament replace` (docs/director.md, "Replacing a player"):
//! a substitute takes Charles Babbage's seat in a section of four with
//! one of his games finished and two in progress; the files, the
//! standings, the pages, the letters counted at a real SMTP server, the
//! substitute's reply recorded through the inbox and the old address's
//! set aside, a run killed half-way finished by running it again, and
//! each refusal.
//!
//! FIDE's table for four: r01-b01 1-4, r01-b02 2-3, r02-b01 4-3, r02-b02
//! 1-2, r03-b01 2-4, r03-b02 3-1, where 1 is Ada Lovelace, 2 Charles
//! Babbage, 3 Jean-Pierre Lefèvre and 4 Émilie du Châtelet. Charles's
//! games: r01-b02 (White, which he wins before he leaves), r02-b02
//! (Black, Ada to move) and r03-b01 (White, his move).

use serde_json::Value;

use super::{FOUR, section};
use crate::inbox::world::{World, parse, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// `dynamo.toml` mailing through `server`, games in `games/`, pages in
/// `site/` kept up to date by every event.
fn config(env: &TestEnv, server: &SmtpServer) {
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\n[site]\ndir = \"../site\"\n[mail]\nhost = \"127.0.0.1\"\n\
             port = {}\nsecurity = \"none\"\nfrom = \"Director <td@club.example>\"\n",
            server.port
        ),
    );
}

const REPLACE: [&str; 11] = [
    "tournament",
    "replace",
    "club",
    "--player",
    "Charles@Example.org",
    "--by",
    "bob@example.org",
    "--name",
    "Bob Brown",
    "--at",
    "2020-12-01 10:00",
];

/// The section of four, its start notices mailed, and Charles's win in
/// r01-b02 (Jean-Pierre resigns).
fn club(env: &TestEnv) {
    section(env, "club", FOUR, &["--mail", "-q"]);
    env.ok(&[
        "resign",
        "games/club/r01-b02.pgn",
        "--by",
        "black",
        "--at",
        "2020-11-21 10:00",
        "-q",
    ]);
}

/// Who received the messages, sorted.
fn recipients(messages: &[crate::support::smtp::Received]) -> Vec<String> {
    let mut to: Vec<String> = messages.iter().map(|m| m.rcpt_tos.join(",")).collect();
    to.sort();
    to
}

#[test]
fn a_substitute_takes_the_seat_and_its_results() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, &server);
    club(&env);
    let started = server.messages().len();
    assert_eq!(started, 12, "the start notices");

    // --dry-run lists the two games and the section file, and writes nothing.
    let files = ["r01-b02", "r02-b02", "r03-b01", "r01-b01"];
    let read = |env: &TestEnv| -> Vec<String> {
        files
            .iter()
            .map(|f| env.read(&format!("games/club/{f}.pgn")))
            .chain([env.read("games/club/section.toml")])
            .collect()
    };
    let before = read(&env);
    let dry = env.ok(&[&REPLACE[..], &["--dry-run", "--mail"]].concat());
    assert_eq!(dry.lines().count(), 3, "{dry}");
    assert!(dry.lines().all(|l| l.starts_with("would ")), "{dry}");
    assert_eq!(read(&env), before);
    assert_eq!(server.messages().len(), started);

    let out = env.ok(&[&REPLACE[..], &["--reason", "Charles is ill", "--mail"]].concat());
    assert!(
        out.contains(
            "Bob Brown takes the seat 2 of Charles Babbage in section club: 2 games in \
             progress taken over, 1 finished kept"
        ),
        "{out}"
    );
    // The games in progress name Bob, with the audit trail; the finished
    // one stays Charles's, as played; the other games are untouched.
    let after = read(&env);
    assert_eq!(after[0], before[0], "the finished game stays as played");
    assert_eq!(after[3], before[3], "a game of other players");
    for (game, side) in [(&after[1], "Black"), (&after[2], "White")] {
        assert!(game.contains(&format!("[{side} \"Bob Brown\"]")), "{game}");
        assert!(
            game.contains(&format!("[{side}Email \"bob@example.org\"]")),
            "{game}"
        );
        assert!(
            game.contains(&format!(
                "[%set {side}Email \"charles@example.org\" \"bob@example.org\" {side} \
                 \"Charles Babbage\" \"Bob Brown\""
            )),
            "{game}"
        );
        assert!(
            game.contains(
                "2020-12-01T10:00:00Z \"Bob Brown replaces Charles Babbage: Charles is ill\""
            ),
            "{game}"
        );
    }
    assert!(after[0].contains("[White \"Charles Babbage\"]"));
    let section = &after[4];
    assert!(
        section.contains(
            "[[players]]\nnumber = 2\nname = \"Bob Brown\"\nemail = \"bob@example.org\"\n"
        ),
        "{section}"
    );
    assert!(
        section.contains(
            "[[substituted]]\nplayer = 2\nold_name = \"Charles Babbage\"\n\
             old_email = \"charles@example.org\"\nnew_name = \"Bob Brown\"\n\
             at = \"2020-12-01T10:00:00Z\"\nreason = \"Charles is ill\"\n"
        ),
        "{section}"
    );
    assert!(env.ok(&["verify", "games"]).contains("ok"));

    // Bob: his letter and the notice of r03-b01, his move; one letter each
    // to Charles, and to the opponents of the games taken over.
    let messages = &server.messages()[started..];
    assert_eq!(
        recipients(messages),
        [
            "ada@example.org",
            "bob@example.org",
            "bob@example.org",
            "charles@example.org",
            "emilie@example.fr"
        ]
    );
    let to_bob: Vec<_> = messages
        .iter()
        .filter(|m| m.rcpt_tos == ["bob@example.org"])
        .collect();
    let subject =
        |m: &crate::support::smtp::Received| parse(m).subject().unwrap_or_default().to_string();
    let letter = to_bob
        .iter()
        .find(|m| subject(m) == "Dynamo: you take a seat in section club")
        .expect("Bob's letter");
    let words = text_of(letter);
    assert!(
        words.contains("r03-b01.pgn against Émilie du Châtelet, White, your move"),
        "{words}"
    );
    assert!(
        words.contains("r02-b02.pgn against Ada Lovelace, Black")
            && !words.contains("Ada Lovelace, Black, your move"),
        "{words}"
    );
    let notice = to_bob
        .iter()
        .find(|m| subject(m).contains("[dynamo "))
        .expect("the notice of r03-b01, with its token");
    assert!(text_of(notice).contains("How to reply"));
    let ada = messages
        .iter()
        .find(|m| m.rcpt_tos == ["ada@example.org"])
        .expect("Ada's letter");
    assert!(
        text_of(ada).contains("your replies keep working"),
        "{}",
        text_of(ada)
    );

    // A reply from Charles's address to his start notice of r03-b01 is
    // set aside: the game is Bob's now. Bob's reply to his notice is
    // recorded.
    let world = World { env, server };
    let charles_notice = world
        .mail_to("charles@example.org")
        .into_iter()
        .find(|m| subject(m).contains("Émilie") && subject(m).contains("[dynamo "))
        .expect("Charles's start notice of r03-b01");
    let game = world.env.read("games/club/r03-b01.pgn");
    let raw = world.reply(
        &charles_notice,
        "Charles Babbage <charles@example.org>",
        "late@example.org",
        "e2e4",
    );
    let out = world.stdin(&raw, &[], &[]);
    assert!(
        format!("{}{}", out.stdout, out.stderr).contains("is not a player's address"),
        "{}{}",
        out.stdout,
        out.stderr
    );
    assert_eq!(world.env.read("games/club/r03-b01.pgn"), game);
    let notice = (*notice).clone();
    let raw = world.reply(
        &notice,
        "Bob Brown <bob@example.org>",
        "bob-1@example.org",
        "e2e4",
    );
    world.handled(&raw);
    assert!(
        world.env.read("games/club/r03-b01.pgn").contains("1. e2e4"),
        "{}",
        world.env.read("games/club/r03-b01.pgn")
    );
    let env = &world.env;

    // Bob wins r02-b02: the seat has Charles's point and Bob's.
    env.ok(&[
        "resign",
        "games/club/r02-b02.pgn",
        "--by",
        "white",
        "--at",
        "2020-12-02 10:00",
        "-q",
    ]);
    let rows: Value =
        serde_json::from_str(&env.ok(&["standings", "club", "--json"])).expect("JSON");
    let rows = rows.as_array().expect("rows");
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows.iter().all(|r| r["player"] != "Charles Babbage"));
    let bob = rows
        .iter()
        .find(|r| r["player"] == "Bob Brown")
        .expect("the seat");
    assert_eq!(bob["email"], "bob@example.org");
    assert_eq!(bob["points"], 2);
    assert_eq!(bob["finished"], 2);
    assert_eq!(bob["ongoing"], 1);
    assert_eq!(bob["replacing"], serde_json::json!(["Charles Babbage"]));
    assert_eq!(bob["rank"], 1);
    let text = env.ok(&["standings", "club"]);
    assert!(
        text.contains("Substitutions: Charles Babbage was substituted by Bob Brown (2)."),
        "{text}"
    );
    assert!(!text.contains("Charles Babbage  "), "{text}");
    let html = env.ok(&["standings", "club", "--html"]);
    assert!(html.contains("Substitutions: Charles Babbage was substituted by Bob Brown (2)."));

    // The pages: the section's names the substitution, Charles's page
    // keeps his finished game, and no page has an address.
    env.ok(&["site", "../site"]);
    let check = env.run(&["site", "../site", "--check"]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    let pages: Vec<(String, String)> = walk(&env.path("../site"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a page");
            (p.display().to_string(), text)
        })
        .collect();
    assert!(
        pages
            .iter()
            .any(|(_, t)| t
                .contains("Substitutions: Charles Babbage was substituted by Bob Brown (2).")),
        "no page names the substitution"
    );
    let charles = pages
        .iter()
        .find(|(p, _)| p.contains("players/charles-babbage"))
        .expect("Charles's page");
    assert!(
        charles.1.contains("substituted by Bob Brown"),
        "{}",
        charles.1
    );
    assert!(
        charles.1.contains("1-0"),
        "his finished game: {}",
        charles.1
    );
    let bob_page = pages
        .iter()
        .find(|(p, _)| p.contains("players/bob-brown"))
        .expect("Bob's page");
    assert!(
        bob_page.1.contains("replacing Charles Babbage"),
        "{}",
        bob_page.1
    );
    for (path, text) in &pages {
        assert!(!text.contains("@example.org"), "{path} has an address");
    }

    // Run again: nothing to change, nothing mailed.
    let sent = world.server.messages().len();
    let again = env.ok(&[&REPLACE[..], &["--mail"]].concat());
    assert!(again.starts_with("nothing to change: "), "{again}");
    assert_eq!(world.server.messages().len(), sent);
}

/// Every file under `path`.
fn walk(path: &std::path::Path) -> Vec<std::path::PathBuf> {
    if path.is_dir() {
        std::fs::read_dir(path)
            .expect("a folder")
            .flatten()
            .flat_map(|e| walk(&e.path()))
            .collect()
    } else {
        vec![path.to_path_buf()]
    }
}

/// Killed after its first game, a substitution is finished by running it
/// again: the second game and the section file, and each letter once.
/// The player's conditional lines leave with them: a line Charles gave in
/// r02-b02 is never played for Bob when Ada makes the move it answers.
#[test]
fn the_players_conditional_lines_are_not_played_for_the_substitute() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, &server);
    club(&env);
    let game = "games/club/r02-b02.pgn";
    env.ok(&[
        "conditional",
        "add",
        game,
        "--by",
        "black",
        "1. e2e4 1... e7e5",
    ]);
    assert!(env.ok(&["conditional", "list", game]).contains("e7e5"));
    env.ok(&REPLACE);
    assert!(!env.ok(&["conditional", "list", game]).contains("e7e5"));
    env.ok(&["move", game, "e2e4", "--at", "2020-12-02 10:00", "-q"]);
    let text = env.read(game);
    assert!(text.contains("e2e4"), "{text}");
    assert!(
        !text.contains("e7e5"),
        "Charles's line played for Bob:\n{text}"
    );
    assert!(env.ok(&["verify", game]).contains("ok"));
}

#[test]
fn a_substitution_killed_half_way_is_finished_by_running_it_again() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, &server);
    club(&env);
    let started = server.messages().len();
    let section = env.read("games/club/section.toml");
    let args = [&REPLACE[..], &["--mail"]].concat();
    let killed = env.run_with(&args, &[("DYNAMO_CRASH_AT", "replaced:1")]);
    assert_ne!(killed.code, 0, "{}", killed.stderr);
    assert!(
        env.read("games/club/r02-b02.pgn")
            .contains("[Black \"Bob Brown\"]")
    );
    assert!(
        env.read("games/club/r03-b01.pgn")
            .contains("[White \"Charles Babbage\"]")
    );
    assert_eq!(env.read("games/club/section.toml"), section);
    assert_eq!(server.messages().len(), started, "nothing mailed yet");
    let first = env.read("games/club/r02-b02.pgn");

    let out = env.ok(&args);
    assert!(
        out.contains("r02-b02.pgn: the substitute's already"),
        "{out}"
    );
    assert_eq!(env.read("games/club/r02-b02.pgn"), first, "left as it is");
    assert!(
        env.read("games/club/r03-b01.pgn")
            .contains("[White \"Bob Brown\"]")
    );
    assert!(
        env.read("games/club/section.toml")
            .contains("[[substituted]]")
    );
    assert_eq!(server.messages().len(), started + 5);

    // Killed after the letters were queued and before the section file:
    // run again, each goes once.
    env.write("games/club/section.toml", &section);
    env.ok(&args);
    assert_eq!(server.messages().len(), started + 5);
    assert!(env.ok(&args).starts_with("nothing to change"));
    assert_eq!(server.messages().len(), started + 5);
}

#[test]
fn a_substitution_refused_changes_nothing() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "club", FOUR, &["-q"]);
    let tree = |env: &TestEnv| -> Vec<String> {
        let mut files: Vec<_> = walk(&env.path("games"))
            .into_iter()
            .filter(|p| !p.to_string_lossy().ends_with(".lock"))
            .map(|p| std::fs::read_to_string(&p).unwrap_or_default())
            .collect();
        files.sort();
        files
    };
    let with = |pairs: &[(&str, &str)]| -> Vec<String> {
        REPLACE
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let flag = i.checked_sub(1).map(|j| REPLACE[j]);
                match pairs.iter().find(|(f, _)| Some(*f) == flag) {
                    Some((_, v)) => v.to_string(),
                    None => a.to_string(),
                }
            })
            .collect()
    };
    let refused = |pairs: &[(&str, &str)], code: i32, says: &str| {
        let before = tree(&env);
        let args = with(pairs);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = env.run(&args);
        assert_eq!(out.code, code, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
        assert_eq!(tree(&env), before, "{args:?} changed a file");
    };
    refused(
        &[("--player", "zoe@example.org")],
        1,
        "zoe@example.org is not a player of section club; nothing was changed",
    );
    refused(
        &[("--by", "ADA@example.org")],
        1,
        "ADA@example.org is the address of player 1 (Ada Lovelace): a substitute must be new \
         to section club",
    );
    refused(
        &[("--name", "ada lovelace")],
        1,
        "player 1 is called Ada Lovelace already",
    );
    refused(&[("--at", "the first of December")], 2, "--at");
    refused(&[("--name", "")], 2, "--name");
    refused(&[("--name", "Bob <bob@example.org>")], 2, "--name");
    refused(
        &[("--by", "Bob <bob@example.org>")],
        2,
        "give the address alone",
    );
    let bad_reason = [&REPLACE[..], &["--reason", "ill\nand away"]].concat();
    let out = env.run(&bad_reason);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--reason"), "{}", out.stderr);

    // A corrupt game or section file: refused, as every command refuses
    // a file that does not read (exit 2, docs/reference.md).
    let game = env.read("games/club/r03-b01.pgn");
    env.write("games/club/r03-b01.pgn", "[Event \"club\"]\n1. e9e4 *\n");
    refused(&[], 2, "r03-b01.pgn");
    env.write("games/club/r03-b01.pgn", &game);
    let section_file = env.read("games/club/section.toml");
    env.write("games/club/section.toml", "name = [\n");
    refused(&[], 2, "section.toml");
    env.write("games/club/section.toml", &section_file);

    // A withdrawn player's games are settled: nobody takes them over.
    env.ok(&[
        "tournament",
        "withdraw",
        "club",
        "--player",
        "emilie@example.fr",
        "--at",
        "2020-12-01 09:00",
        "-q",
    ]);
    refused(
        &[("--player", "emilie@example.fr")],
        1,
        "a withdrawn player's games are settled",
    );

    // A seat given already, to someone else: refused.
    env.ok(&[&REPLACE[..], &["-q"]].concat());
    refused(
        &[("--by", "dan@example.org"), ("--name", "Dan Dare")],
        1,
        "Charles Babbage <charles@example.org> was substituted by Bob Brown in section club \
         already",
    );
    // Nor may a player who left come back in another seat.
    refused(
        &[
            ("--player", "ada@example.org"),
            ("--by", "charles@example.org"),
            ("--name", "Charles Babbage"),
        ],
        1,
        "Charles Babbage <charles@example.org> held seat 2 before",
    );
}
