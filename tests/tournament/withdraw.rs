//! `dynamo tournament withdraw` under ICCF's rule (docs/director.md,
//! "Withdrawing a player"), the standings worked out by hand, the
//! letters counted at a real SMTP server, the pages still whole.
//!
//! FIDE's table for four: r01-b01 1-4, r01-b02 2-3, r02-b01 4-3, r02-b02
//! 1-2, r03-b01 2-4, r03-b02 3-1, where 1 is Ada Lovelace, 2 Charles
//! Babbage, 3 Jean-Pierre Lefèvre and 4 Émilie du Châtelet, who
//! withdraws: her games are r01-b01, r02-b01 and r03-b01.

use serde_json::Value;

use super::standings::record;
use super::{FOUR, section};
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

/// Each player's (points, finished, ongoing) by name, from `standings
/// --json`.
fn table(env: &TestEnv) -> Vec<(String, f64, u64, u64)> {
    let out = env.ok(&["standings", "games/club", "--json"]);
    let rows: Value = serde_json::from_str(&out).expect("JSON");
    let mut rows: Vec<_> = rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["player"].as_str().expect("name").to_string(),
                r["points"].as_f64().expect("points"),
                r["finished"].as_u64().expect("finished"),
                r["ongoing"].as_u64().expect("ongoing"),
            )
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

fn row(name: &str, points: f64, finished: u64, ongoing: u64) -> (String, f64, u64, u64) {
    (name.to_string(), points, finished, ongoing)
}

const WITHDRAW: [&str; 7] = [
    "tournament",
    "withdraw",
    "club",
    "--player",
    "Emilie@example.fr",
    "--at",
    "2020-12-01 10:00",
];

/// One finished game of three is fewer than half: all three are
/// cancelled, Ada's win over Émilie too, and count for nobody.
#[test]
fn a_withdrawal_before_half_cancels_every_game_of_the_player() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, &server);
    section(&env, "club", FOUR, &["-q"]);
    record(&env, "r01-b01", "1-0"); // Ada beats Émilie
    record(&env, "r01-b02", "0-1"); // Jean-Pierre beats Charles
    env.ok(&["site", "../site"]);
    let before = server.messages().len();
    let out = env.ok(&[&WITHDRAW[..], &["--mail", "--reason", "moved abroad"]].concat());
    assert!(
        out.contains(
            "withdrew Émilie du Châtelet from section club under the rule iccf (1 of 3 games \
             finished): their games are cancelled"
        ),
        "{out}"
    );
    for file in ["r01-b01", "r02-b01", "r03-b01"] {
        let game = env.read(&format!("games/club/{file}.pgn"));
        assert!(game.contains("[Result \"*\"]"), "{game}");
        assert!(
            game.contains("[Termination \"cancelled: Émilie du Châtelet withdrew on 2020-12-01\"]"),
            "{game}"
        );
    }
    // The win stays in the record, in the correction's audit trail.
    assert!(
        env.read("games/club/r01-b01.pgn")
            .contains("{[%set Result \"1-0\" \"*\" Termination \"Black resigns\""),
    );
    assert!(env.ok(&["verify", "games"]).contains("ok"));
    // Ada's win and Émilie's games count for nobody: Jean-Pierre's win
    // over Charles is the only result.
    assert_eq!(
        table(&env),
        [
            row("Ada Lovelace", 0.0, 0, 2),
            row("Charles Babbage", 0.0, 1, 1),
            row("Lefèvre, Jean-Pierre", 1.0, 1, 1),
            row("Émilie du Châtelet", 0.0, 0, 0),
        ]
    );
    let text = env.ok(&["standings", "games/club"]);
    assert!(
        text.contains("4 players, 6 games: 1 finished, 2 in progress, 3 cancelled"),
        "{text}"
    );
    assert!(
        text.contains("– cancelled: Émilie du Châtelet withdrew on 2020-12-01"),
        "{text}"
    );
    // One letter to Émilie, one to each of her three opponents.
    let messages = &server.messages()[before..];
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
    // The pages followed every game's change, the crosstable's legend too.
    let check = env.run(&["site", "../site", "--check"]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    let page = std::fs::read_dir(env.path("../site"))
        .expect("the pages")
        .flatten()
        .flat_map(|e| walk(&e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .map(|p| std::fs::read_to_string(p).expect("a page"))
        .any(|page| page.contains("– cancelled: Émilie du Châtelet withdrew on 2020-12-01"));
    assert!(page, "no page explains the cancelled games");

    // Withdrawn already, or not in the section: refused, nothing changed.
    let games = env.read("games/club/r02-b02.pgn");
    let again = env.run(&WITHDRAW);
    assert_eq!(again.code, 1, "{}", again.stderr);
    assert!(
        again.stderr.contains("withdrew from section club already"),
        "{}",
        again.stderr
    );
    let stranger = env.run(&[
        "tournament",
        "withdraw",
        "club",
        "--player",
        "zoe@example.org",
    ]);
    assert_eq!(stranger.code, 1, "{}", stranger.stderr);
    assert!(
        stranger
            .stderr
            .contains("zoe@example.org is not a player of section club"),
        "{}",
        stranger.stderr
    );
    assert_eq!(env.read("games/club/r02-b02.pgn"), games);
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

/// Two finished games of three are half or more: they stand, and the
/// third is lost by withdrawal; only that opponent is written to.
#[test]
fn a_withdrawal_from_half_on_loses_the_unfinished_games() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, &server);
    section(&env, "club", FOUR, &["-q"]);
    record(&env, "r01-b01", "1-0"); // Ada beats Émilie
    record(&env, "r02-b01", "1-0"); // Émilie beats Jean-Pierre
    let before = server.messages().len();
    let out = env.ok(&[&WITHDRAW[..], &["--mail"]].concat());
    assert!(
        out.contains("(2 of 3 games finished): their unfinished games are lost"),
        "{out}"
    );
    let lost = env.read("games/club/r03-b01.pgn");
    assert!(lost.contains("[Result \"1-0\"]"), "{lost}");
    assert!(
        lost.contains(
            "[Termination \"adjudicated: lost by withdrawal: Émilie du Châtelet withdrew on \
             2020-12-01\"]"
        ),
        "{lost}"
    );
    assert!(env.ok(&["verify", "games"]).contains("ok"));
    assert_eq!(
        table(&env),
        [
            row("Ada Lovelace", 1.0, 1, 2),
            row("Charles Babbage", 1.0, 1, 2),
            row("Lefèvre, Jean-Pierre", 0.0, 1, 2),
            row("Émilie du Châtelet", 1.0, 3, 0),
        ]
    );
    let messages = &server.messages()[before..];
    let mut to: Vec<String> = messages.iter().map(|m| m.rcpt_tos.join(",")).collect();
    to.sort();
    assert_eq!(to, ["charles@example.org", "emilie@example.fr"]);
}

/// A run stopped after the games and before the section file is
/// finished by running it again: the games are left as they are, the
/// section file records the withdrawal.
#[test]
fn a_withdrawal_run_again_finishes_it() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "club", FOUR, &["-q"]);
    let section_file = env.read("games/club/section.toml");
    env.ok(&WITHDRAW);
    let games: Vec<String> = ["r01-b01", "r02-b01", "r03-b01"]
        .iter()
        .map(|f| env.read(&format!("games/club/{f}.pgn")))
        .collect();
    // As if killed before the section file was written.
    env.write("games/club/section.toml", &section_file);
    env.ok(&WITHDRAW);
    let again: Vec<String> = ["r01-b01", "r02-b01", "r03-b01"]
        .iter()
        .map(|f| env.read(&format!("games/club/{f}.pgn")))
        .collect();
    assert_eq!(again, games);
    let section = env.read("games/club/section.toml");
    assert!(
        section
            .contains("[[withdrawn]]\nplayer = 4\nat = \"2020-12-01T10:00:00Z\"\nrule = \"iccf\""),
        "{section}"
    );
}
