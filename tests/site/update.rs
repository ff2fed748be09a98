//! With `[site] dir` in the config, the pages follow every recorded
//! event by themselves: exactly the pages an event changes are written,
//! and they are then what a full build writes.

use std::collections::BTreeSet;
use std::time::Duration;

use super::{PLAYERS, SECRET, build, club, files, same_as_a_full_build};
use crate::inbox::world::World;
use crate::support::TestEnv;

fn changed(
    before: &std::collections::BTreeMap<String, Vec<u8>>,
    after: &std::collections::BTreeMap<String, Vec<u8>>,
) -> BTreeSet<String> {
    after
        .keys()
        .chain(before.keys())
        .filter(|p| before.get(*p) != after.get(*p))
        .cloned()
        .collect()
}

#[test]
fn a_move_rewrites_its_pages_by_itself() {
    let env = club("dir = \"../pages\"\n");
    build(&env, "../pages");
    let vars = [("DYNAMO_SITE_SECRET", SECRET)];
    let before = files(&env.path("../pages"));
    env.ok_with(
        &[
            "move",
            "games/club/r02-b01.pgn",
            "e2e4",
            "--at",
            "2020-11-23T10:00:00Z",
        ],
        &vars,
    );
    let after = files(&env.path("../pages"));
    let expected: BTreeSet<String> = [
        "games/club/r02-b01.html",
        "games/club/r02-b01.pgn",
        "players/emilie-du-chatelet.html",
        "players/eve-script-alert-1-script.html",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(changed(&before, &after), expected);
    let check = env.run_with(&["site", "../pages", "--check"], &vars);
    assert_eq!(
        (check.code, check.stdout.as_str()),
        (0, ""),
        "{}",
        check.stderr
    );

    // A result changes the section, every player's place in it, the
    // index and the feed too.
    env.ok_with(
        &[
            "resign",
            "games/club/r02-b01.pgn",
            "--by",
            "black",
            "--at",
            "2020-11-24T10:00:00Z",
        ],
        &vars,
    );
    let ended = files(&env.path("../pages"));
    let mut expected = expected;
    expected.extend(
        [
            "sections/club.html",
            "index.html",
            "feed.xml",
            "players/ada-lovelace.html",
            "players/charles-babbage.html",
        ]
        .map(String::from),
    );
    assert_eq!(changed(&after, &ended), expected);
    let check = env.run_with(&["site", "../pages", "--check"], &vars);
    assert_eq!(
        (check.code, check.stdout.as_str()),
        (0, ""),
        "{}",
        check.stderr
    );
}

/// Without `[site] dir`, recording writes no page.
#[test]
fn without_a_folder_no_page_is_written() {
    let env = club("");
    build(&env, "../pages");
    let before = files(&env.path("../pages"));
    env.ok(&[
        "move",
        "games/club/r02-b01.pgn",
        "e2e4",
        "--at",
        "2020-11-23T10:00:00Z",
    ]);
    assert_eq!(before, files(&env.path("../pages")));
}

/// Events by every route — a reply read by the inbox, `move`, `undo`,
/// `set` (a player renamed, so their page is named afresh), `resign` —
/// and game files edited or replaced by hand between them: after each,
/// the pages are byte for byte what a full build writes
/// (docs/director.md, section "Web pages"). The folder is left alone for longer than the cache's
/// settling time first, so that the updates take the other games from
/// the cache, as they do at club scale.
#[test]
fn every_route_leaves_the_pages_a_full_build_writes() {
    let w = World::with_config("\n[site]\ndir = \"../pages\"\n");
    let env = &w.env;
    env.write("players.txt", PLAYERS);
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--players",
        "players.txt",
        "--start",
        "2020-11-20T09:00:00Z",
    ]);
    // Alice's second game: renamed in the first, her page is named
    // afresh, and this game's page, whose file does not change, links to
    // the new one.
    env.ok(&[
        "new",
        "games/k.pgn",
        "--white",
        "Ida",
        "--black",
        "Alice <alice@example.org>",
        "--at",
        "2020-11-20T09:00:00Z",
    ]);
    env.ok(&["site", "../pages"]);
    std::thread::sleep(Duration::from_millis(2500));

    let notice = w.last_to("alice@example.org");
    w.handled(&w.reply(&notice, "Alice <alice@example.org>", "a1@players", "e2e4"));
    same_as_a_full_build(env, "a reply read by the inbox");
    assert!(env.read("../pages/games/g.html").contains("e2e4"));

    let at = |d: u32| format!("2020-11-2{d}T10:00:00Z");
    env.ok(&["move", "games/club/r01-b01.pgn", "e2e4", "--at", &at(1)]);
    same_as_a_full_build(env, "move");
    env.ok(&["move", "games/club/r01-b01.pgn", "e7e5", "--at", &at(2)]);
    let undo = [
        "undo",
        "games/club/r01-b01.pgn",
        "--reason",
        "sent by mistake",
    ];
    env.ok(&[&undo[..], &["--at", &at(3)]].concat());
    same_as_a_full_build(env, "undo");
    // The inbox recorded its move at the mail's arrival, now: no `--at`.
    env.ok(&["set", "games/g.pgn", "--white", "Alice Archer"]);
    same_as_a_full_build(env, "set");
    assert!(env.path("../pages/players/alice-archer.html").exists());
    assert!(!env.path("../pages/players/alice.html").exists());
    assert!(
        env.read("../pages/games/k.html")
            .contains("players/alice-archer.html")
    );
    env.ok(&[
        "resign",
        "games/club/r01-b02.pgn",
        "--by",
        "black",
        "--at",
        &at(5),
    ]);
    same_as_a_full_build(env, "resign");

    // Edited by hand in place (the same file, the same size), then an
    // event in another game of its folder: an edit in place changes no
    // folder, so no event's update looks at the file (only `dynamo`'s
    // own write changed the folder: it is not listed again, docs/
    // director.md "Web pages"); `--check` says so, and a full build puts
    // it right.
    let path = env.path("games/club/r02-b01.pgn");
    let text = std::fs::read_to_string(&path).expect("the game");
    let edited = text.replacen("[Round \"2\"]", "[Round \"9\"]", 1);
    assert_ne!(edited, text);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .and_then(|mut f| std::io::Write::write_all(&mut f, edited.as_bytes()))
        .expect("edited in place");
    env.ok(&["move", "games/club/r01-b01.pgn", "e7e5", "--at", &at(6)]);
    let check = env.run(&["site", "../pages", "--check"]);
    assert_eq!(
        (check.code, check.stdout.as_str()),
        (
            1,
            "changed games/club/r02-b01.html\nchanged games/club/r02-b01.pgn\n"
        ),
        "{}",
        check.stderr
    );
    env.ok(&["site", "../pages"]);
    same_as_a_full_build(env, "a game edited in place");
    assert!(
        env.read("../pages/games/club/r02-b01.pgn")
            .contains("[Round \"9\"]")
    );

    // Replaced by another file, and a game removed.
    let other = env.read("games/club/r01-b02.pgn");
    env.write(
        "games/club/r02-b02.pgn.new",
        &other.replace("Round \"1\"", "Round \"2\""),
    );
    std::fs::rename(
        env.path("games/club/r02-b02.pgn.new"),
        env.path("games/club/r02-b02.pgn"),
    )
    .expect("replaced");
    env.ok(&new_game_h(&at(7)));
    env.ok(&["move", "games/h.pgn", "d2d4", "--at", &at(8)]);
    same_as_a_full_build(env, "a game replaced and one made");
    std::fs::remove_file(env.path("games/h.pgn")).expect("removed");
    env.ok(&["move", "games/g.pgn", "e7e5"]);
    same_as_a_full_build(env, "a game removed");
    assert!(!env.path("../pages/games/h.html").exists());
}

/// `dynamo new` of the game both event tests add to the top folder,
/// `games/h.pgn`, received `at`.
fn new_game_h(at: &str) -> [&str; 8] {
    [
        "new",
        "games/h.pgn",
        "--white",
        "Hedy",
        "--black",
        "Ida",
        "--at",
        at,
    ]
}

/// Runs `args`, which must succeed with the warning that the pages'
/// cache `why` (and so every page was built again).
fn warned(env: &TestEnv, args: &[&str], why: &str) {
    let out = env.run(args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let warning = format!("warning: the web pages' cache {why}");
    assert!(out.stderr.contains(&warning), "{}", out.stderr);
}

/// A missing or damaged cache costs a full build and a warning, never
/// the event: the move is recorded and the pages are what a full build
/// writes (docs/director.md, section "Web pages").
#[test]
fn a_missing_or_damaged_cache_is_a_warning() {
    let env = club("dir = \"../pages\"\n");
    build(&env, "../pages");
    let cache = env.path("games/.dynamo-site-cache");
    std::fs::remove_dir_all(&cache).expect("the cache removed");
    warned(
        &env,
        &[
            "move",
            "games/club/r02-b01.pgn",
            "e2e4",
            "--at",
            "2020-11-23T10:00:00Z",
        ],
        "was missing",
    );
    same_as_a_full_build(&env, "a move without the cache");
    let top = cache.join("top");
    let text = std::fs::read(&top).expect("the cache written again");
    std::fs::write(&top, &text[..text.len() / 2]).expect("the cache cut short");
    warned(
        &env,
        &[
            "move",
            "games/club/r02-b01.pgn",
            "e7e5",
            "--at",
            "2020-11-23T11:00:00Z",
        ],
        "could not be used",
    );
    assert!(
        env.read("../pages/games/club/r02-b01.html")
            .contains("e7e5")
    );
    same_as_a_full_build(&env, "a move with the cache cut short");
}

/// A folder's own cache file damaged, found only when an event reads the
/// whole cache (a game made: a file came), warns as a damaged `top` does
/// instead of building every page in silence.
#[test]
fn a_damaged_folder_file_read_for_a_new_game_is_a_warning() {
    let env = club("dir = \"../pages\"\n");
    build(&env, "../pages");
    let cache = env.path("games/.dynamo-site-cache");
    // The folder `club`'s file, named by the FNV-1a hash of its path;
    // the event's own folder (the top one) stays whole.
    let club = cache.join("f136d47911d6640ad");
    assert!(club.is_file(), "the cache has the club's file");
    std::fs::write(&club, "not a cache").expect("damaged");
    warned(
        &env,
        &new_game_h("2020-11-23T10:00:00Z"),
        "could not be used",
    );
    same_as_a_full_build(&env, "a game made with a folder file damaged");
}

/// An event killed after its game was written and before its pages, a
/// game file added by hand and one removed by hand: the next event in
/// the same folder, whose own write is not the folder's only change,
/// leaves the pages a full build writes (docs/director.md, "Web pages").
#[test]
fn an_event_after_a_killed_one_or_a_hand_change_sees_it() {
    let env = club("dir = \"../pages\"\n");
    build(&env, "../pages");
    std::thread::sleep(Duration::from_millis(2500));
    let killed = env.run_with(
        &[
            "move",
            "games/club/r01-b01.pgn",
            "e7e6",
            "--at",
            "2020-11-23T10:00:00Z",
        ],
        &[("DYNAMO_CRASH_AT", "pages-before")],
    );
    assert_ne!(killed.code, 0, "not stopped before the pages");
    assert!(env.read("games/club/r01-b01.pgn").contains("e7e6"));
    env.ok(&[
        "move",
        "games/club/r02-b01.pgn",
        "e2e4",
        "--at",
        "2020-11-23T11:00:00Z",
    ]);
    same_as_a_full_build(&env, "an event killed before its pages");
    assert!(env.read("../pages/games/club/r01-b01.pgn").contains("e7e6"));

    let game = env.read("games/g.pgn");
    env.write(
        "games/copy.pgn",
        &game.replace("Alice", "Carol").replace("alice@", "carol@"),
    );
    env.ok(&[
        "move",
        "games/g.pgn",
        "e7e5",
        "--at",
        "2020-11-23T12:00:00Z",
    ]);
    same_as_a_full_build(&env, "a game file added by hand");
    assert!(env.path("../pages/games/copy.html").exists());
    std::fs::remove_file(env.path("games/copy.pgn")).expect("removed");
    env.ok(&[
        "move",
        "games/g.pgn",
        "g1f3",
        "--at",
        "2020-11-23T13:00:00Z",
    ]);
    same_as_a_full_build(&env, "a game file removed by hand");
    assert!(!env.path("../pages/games/copy.html").exists());
}
