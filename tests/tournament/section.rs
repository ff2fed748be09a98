//! `dynamo tournament new`: the folder, its game files and section file,
//! and every refusal, which changes nothing.

use super::{FOUR, START, section};
use crate::support::smtp::{Options, SmtpServer};
use crate::support::{TestEnv, json_files};

/// Every file under `games/`, sorted, as paths from there.
fn tree(env: &TestEnv) -> Vec<String> {
    fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                walk(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }
    let mut out = Vec::new();
    walk(&env.path("games"), "", &mut out);
    out.sort();
    out
}

#[test]
fn five_players_make_ten_games_five_byes_and_a_section_file() {
    let env = TestEnv::new();
    let players = format!("{FOUR}Grace Hopper <grace@example.org>\n");
    let out = section(
        &env,
        "club",
        &players,
        &[
            "--time-control",
            "10/50d",
            "--event",
            "Club championship 2020",
        ],
    );
    assert_eq!(
        out,
        "created section club in games/club: 5 players, 5 rounds, 10 games\n\
         Event: Club championship 2020\n\
         Rules: nost\n\
         Time control: 10/50d\n\
         Start: 2020-11-20 09:00 UTC\n\
         round 1, board 1: Charles Babbage - Grace Hopper (games/club/r01-b01.pgn)\n\
         round 1, board 2: Lefèvre, Jean-Pierre - Émilie du Châtelet (games/club/r01-b02.pgn)\n\
         round 1: bye for Ada Lovelace\n\
         round 2, board 1: Grace Hopper - Lefèvre, Jean-Pierre (games/club/r02-b01.pgn)\n\
         round 2, board 2: Ada Lovelace - Charles Babbage (games/club/r02-b02.pgn)\n\
         round 2: bye for Émilie du Châtelet\n\
         round 3, board 1: Lefèvre, Jean-Pierre - Ada Lovelace (games/club/r03-b01.pgn)\n\
         round 3, board 2: Émilie du Châtelet - Grace Hopper (games/club/r03-b02.pgn)\n\
         round 3: bye for Charles Babbage\n\
         round 4, board 1: Ada Lovelace - Émilie du Châtelet (games/club/r04-b01.pgn)\n\
         round 4, board 2: Charles Babbage - Lefèvre, Jean-Pierre (games/club/r04-b02.pgn)\n\
         round 4: bye for Grace Hopper\n\
         round 5, board 1: Émilie du Châtelet - Charles Babbage (games/club/r05-b01.pgn)\n\
         round 5, board 2: Grace Hopper - Ada Lovelace (games/club/r05-b02.pgn)\n\
         round 5: bye for Lefèvre, Jean-Pierre\n"
    );
    let mut expected: Vec<String> = (1..=5)
        .flat_map(|r| (1..=2).map(move |b| format!("club/r{r:02}-b{b:02}.pgn")))
        .collect();
    expected.push("club/section.toml".into());
    // The builder's lock stays, as a game's lock file does.
    expected.insert(0, ".club.lock".into());
    assert_eq!(tree(&env), expected);
    let game = env.read("games/club/r03-b01.pgn");
    assert_eq!(
        game,
        "[Event \"Club championship 2020\"]\n[Site \"?\"]\n[Date \"2020.11.20\"]\n\
         [Round \"3\"]\n[White \"Lefèvre, Jean-Pierre\"]\n[Black \"Ada Lovelace\"]\n\
         [Result \"*\"]\n[Variant \"Dynamo\"]\n[Rules \"nost\"]\n\
         [WhiteEmail \"jp@example.fr\"]\n[BlackEmail \"ada@example.org\"]\n\
         [TimeControl \"10/50d\"]\n[UTCDate \"2020.11.20\"]\n[UTCTime \"09:00:00\"]\n\
         [GameId \"club-lef-vre-jean-pierre-ada-lovelace-2020-11-20-3-09-00-00\"]\n\n*\n"
    );
    let text = env.read("games/club/section.toml");
    assert!(
        text.starts_with(
            "# A round-robin section, written by `dynamo tournament new`. The game\n\
             # files hold the results; this file says who plays which game.\n\n\
             name = \"club\"\nevent = \"Club championship 2020\"\ndouble = false\n\
             rules = \"nost\"\ntime_control = \"10/50d\"\nstart = \"2020-11-20T09:00:00Z\"\n\n\
             [[players]]\nnumber = 1\nname = \"Ada Lovelace\"\nemail = \"ada@example.org\"\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "[[games]]\nround = 3\nboard = 1\nwhite = 3\nblack = 1\nfile = \"r03-b01.pgn\"\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("[[byes]]\nround = 5\nplayer = 3\n"),
        "{text}"
    );
    assert_eq!(text.matches("[[byes]]").count(), 5);
    let verified = env.ok(&["verify"]);
    assert!(verified.ends_with("10 files: 10 ok, 0 bad\n"), "{verified}");
}

#[test]
fn a_double_round_robin_numbers_its_second_cycle_on_with_colours_swapped() {
    let env = TestEnv::new();
    section(&env, "double", FOUR, &["--double"]);
    let files = tree(&env);
    assert_eq!(files.len(), 1 + 12 + 1, "{files:?}");
    // Round 1 board 1 is 1-4; round 4 board 1 is 4-1.
    let first = env.read("games/double/r01-b01.pgn");
    let again = env.read("games/double/r04-b01.pgn");
    assert!(
        first.contains("[Round \"1\"]\n[White \"Ada Lovelace\"]\n[Black \"Émilie du Châtelet\"]")
    );
    assert!(
        again.contains("[Round \"4\"]\n[White \"Émilie du Châtelet\"]\n[Black \"Ada Lovelace\"]")
    );
    assert!(
        env.read("games/double/section.toml")
            .contains("double = true\n")
    );
}

#[test]
fn two_players_play_a_match() {
    let env = TestEnv::new();
    let out = section(&env, "match", "A <a@example.org>\nB <b@example.org>\n", &[]);
    assert!(
        out.starts_with("created section match in games/match: 2 players, 1 round, 1 game\n"),
        "{out}"
    );
}

/// Each refusal is exit 2 with its reason, and leaves the games folder as
/// it was.
#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let env = TestEnv::new();
    section(&env, "club", FOUR, &[]);
    let before = tree(&env);
    let club = env.read("games/club/section.toml");
    let cases: &[(&str, &[&str], &str)] = &[
        (
            FOUR,
            &["club"],
            "games/club: already exists; a new section never overwrites one",
        ),
        (
            "Ada <ada@example.org>\n",
            &["solo"],
            "--players: players.txt: 1 player(s); a section needs 2 to 24, one `Name <address>` a line",
        ),
        (
            "Ada <ada@example.org>\n# x\nada <other@example.org>\n",
            &["dup"],
            "--players: players.txt: line 3: the name 'ada' is already on line 1",
        ),
        (
            "Ada <ada@example.org>\nBob <Ada@Example.org>\n",
            &["dup"],
            "--players: players.txt: line 2: the address Ada@Example.org is already on line 1",
        ),
        (
            "Ada <ada@example.org>\nBob bob@example.org>\n",
            &["bad"],
            "--players: players.txt: line 2: player 'Bob bob@example.org>': write it as Name <address>",
        ),
        (
            "Ada <ada@example.org>\nBob\n",
            &["bad"],
            "--players: players.txt: line 2: 'Bob': no address; write it as Name <address>",
        ),
        (
            FOUR,
            &["../escape"],
            "section name '../escape': a folder's name is wanted, without '/'",
        ),
        (
            FOUR,
            &[".hidden"],
            "section name '.hidden': must not start with '.'",
        ),
        (FOUR, &["x", "--time-control", "fast"], "--time-control: "),
        (FOUR, &["x", "--rules", "fide"], "--rules: "),
        (FOUR, &["x", "--start", "yesterday"], "--start: "),
        (
            FOUR,
            &["x", "--event", "two\nlines"],
            "--event: a line break cannot be recorded",
        ),
    ];
    for (players, args, message) in cases {
        env.write("players.txt", players);
        let mut all = vec!["tournament", "new", "--players", "players.txt"];
        all.extend_from_slice(args);
        let out = env.run(&all);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.starts_with(&format!("dynamo: {message}")),
            "{args:?}: {}",
            out.stderr
        );
        assert_eq!(out.stdout, "");
        assert_eq!(tree(&env), before, "{args:?}");
    }
    assert_eq!(env.read("games/club/section.toml"), club);
    env.fails(
        &["tournament", "new", "x", "--players", "missing.txt"],
        2,
        "dynamo: --players: missing.txt: No such file or directory (os error 2)\n",
    );
}

/// What a builder killed before its rename left is removed by the next.
#[test]
fn a_half_built_section_left_by_a_killed_run_is_cleared() {
    let env = TestEnv::new();
    env.write("games/.club.new/r01-b01.pgn", "half a game");
    section(&env, "club", FOUR, &[]);
    assert!(!env.path("games/.club.new").exists());
    assert_eq!(tree(&env).len(), 1 + 6 + 1);
}

/// With mail on, every player gets a notice of each of their games; when
/// the notices cannot be queued, no section appears.
#[test]
fn start_notices_go_to_every_player_of_every_game() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &format!(
            "[mail]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\n\
             from = \"Director <td@club.example>\"\n",
            server.port
        ),
    );
    let out = section(&env, "club", FOUR, &["--mail"]);
    assert!(out.contains("\nmailed 12 notices ("), "{out}");
    let got = server.messages();
    assert_eq!(got.len(), 12);
    for address in [
        "ada@example.org",
        "charles@example.org",
        "jp@example.fr",
        "emilie@example.fr",
    ] {
        let to_them = got.iter().filter(|m| m.rcpt_tos == [address]).count();
        assert_eq!(to_them, 3, "{address}");
    }
    assert_eq!(json_files(&env.path("outbox/sent")).len(), 12);

    // An outbox that cannot be made: the notices fail before the rename.
    env.write("blocked", "a file where the outbox would be");
    env.write(
        "dynamo.toml",
        &format!(
            "[mail]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\n\
             from = \"Director <td@club.example>\"\noutbox = \"blocked/outbox\"\n",
            server.port
        ),
    );
    env.write("players.txt", FOUR);
    let before = tree(&env);
    let failed = env.run(&[
        "tournament",
        "new",
        "other",
        "--players",
        "players.txt",
        "--start",
        START,
        "--mail",
    ]);
    assert_eq!(failed.code, 3, "{}", failed.stderr);
    assert_eq!(failed.stdout, "");
    assert!(failed.stderr.starts_with("dynamo: "), "{}", failed.stderr);
    let mut expected = [&before[..], &[".other.lock".to_string()]].concat();
    expected.sort();
    assert_eq!(tree(&env), expected);
    assert_eq!(server.messages().len(), 12);
}
