//! The site folder is the site's alone: it is refused where it would be,
//! hold or lie inside the club's own files; no symbolic link inside it
//! is followed; only files the site wrote are removed; a killed page
//! write leaves no temporary file past the next command; and a player's
//! page name is never given to a namesake who joins later.

use std::collections::BTreeMap;
use std::path::Path;

use super::{SECRET, build, club, files};
use crate::support::TestEnv;

/// The secret every run needs.
const VARS: [(&str, &str); 1] = [("DYNAMO_SITE_SECRET", SECRET)];

/// White's first move in a game of the club's section: the event each
/// test records over the site folder it sets up.
const FIRST_MOVE: [&str; 5] = [
    "move",
    "games/club/r02-b01.pgn",
    "e2e4",
    "--at",
    "2020-11-23T10:00:00Z",
];

/// Every file under the games folder but the pages' cache (which is the
/// site's to write) and the lock files (which an event makes), by path.
fn games(env: &TestEnv) -> BTreeMap<String, Vec<u8>> {
    let mut all = files(&env.path("games"));
    all.retain(|path, _| !path.starts_with(".dynamo-site-cache") && !path.ends_with(".lock"));
    all
}

/// The temporary files of atomic writes under `dir`.
fn temps(dir: &Path) -> Vec<String> {
    let mut found: Vec<String> = files(dir)
        .into_keys()
        .filter(|p| p.rsplit('/').next().is_some_and(|n| n.contains(".tmp")))
        .collect();
    found.sort();
    found
}

/// `dynamo site DIR` (and `--check`) over the games folder, its parent,
/// a folder inside it and the outbox: exit 2, both folders named, and
/// not a byte of the games changed, nothing removed. The config's folder
/// is refused too, and a folder beside it works.
#[test]
fn a_site_folder_over_the_club_files_is_refused() {
    let env = club("");
    std::fs::create_dir(env.path("outbox")).expect("the outbox");
    let before = games(&env);
    assert!(before.contains_key("club/section.toml"));
    let config = env.path("dynamo.toml");
    let config_folder = format!(
        "the config's folder {}",
        config.parent().expect("a folder").display()
    );
    for (dir, how, what) in [
        (".", "contains", "the games folder games"),
        ("games", "is", "the games folder games"),
        ("games/club/pages", "lies inside", "the games folder games"),
        (
            "./games/../games/club",
            "lies inside",
            "the games folder games",
        ),
        ("outbox", "is", "the outbox outbox"),
        ("outbox/pages", "lies inside", "the outbox outbox"),
        ("public", "lies inside", config_folder.as_str()),
        ("games/../public", "lies inside", config_folder.as_str()),
    ] {
        for args in [vec!["site", dir], vec!["site", dir, "--check"]] {
            let out = env.run_with(&args, &VARS);
            assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
            let said = format!("the site folder {dir} {how} {what}");
            assert!(out.stderr.contains(&said), "{args:?}: {}", out.stderr);
            assert_eq!(out.stdout, "", "{args:?}");
        }
        assert_eq!(games(&env), before, "after site {dir}");
    }
    assert!(!env.path("index.html").exists());
    assert!(!env.path("games/index.html").exists());
    // Beside the config's folder, not in it, the pages are built.
    build(&env, "../public");
    assert!(env.path("../public/index.html").is_file());
    assert_eq!(games(&env), before);
}

/// With `[site] dir` over the games, an event is recorded and its pages
/// refused with a warning naming both folders; nothing is written or
/// removed there.
#[test]
fn an_event_with_the_site_over_the_games_writes_no_page() {
    for dir in [".", "games"] {
        let env = club(&format!("dir = \"{dir}\"\n"));
        let before = games(&env);
        let out = env.run_with(&FIRST_MOVE, &VARS);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let said = format!("warning: the site folder {dir} ");
        assert!(out.stderr.contains(&said), "{}", out.stderr);
        assert!(
            out.stderr.contains("the games folder games"),
            "{}",
            out.stderr
        );
        let after = games(&env);
        assert_eq!(
            after.keys().collect::<Vec<_>>(),
            before.keys().collect::<Vec<_>>()
        );
        for (path, bytes) in &before {
            if path != "club/r02-b01.pgn" {
                assert_eq!(&after[path], bytes, "{path}");
            }
        }
        // The move is in the game file, which is still the game's own.
        let game = env.read("games/club/r02-b01.pgn");
        assert!(game.contains("e2e4") && game.contains("@example."));
        assert!(!env.path("index.html").exists() && !env.path("games/index.html").exists());
    }
}

/// A link inside the site folder to a folder outside it, and one to the
/// games folder: a full build and an event write nothing through them
/// and remove nothing behind them, and both are named.
#[cfg(unix)]
#[test]
fn a_link_inside_the_site_folder_is_never_followed() {
    use std::os::unix::fs::symlink;
    let env = club("dir = \"../pages\"\n");
    build(&env, "../pages");
    let outside = env.path("outside");
    std::fs::create_dir(&outside).expect("a folder outside");
    env.write("outside/ada-lovelace.html", "theirs");
    env.write("outside/notes.txt", "theirs too");
    std::fs::remove_dir_all(env.path("../pages/players")).expect("removed");
    symlink(&outside, env.path("../pages/players")).expect("a link out");
    std::fs::remove_dir_all(env.path("../pages/games/club")).expect("removed");
    symlink(env.path("games/club"), env.path("../pages/games/club")).expect("a link to the games");
    let before = games(&env);
    let theirs = files(&outside);
    let out = env.run_with(&["site", "../pages"], &VARS);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for link in ["../pages/players", "../pages/games/club"] {
        let said = format!("{link}: a symbolic link: left alone");
        assert!(out.stderr.contains(&said), "{}", out.stderr);
    }
    assert_eq!(games(&env), before);
    assert_eq!(files(&outside), theirs);
    let check = env.run_with(&["site", "../pages", "--check"], &VARS);
    assert_eq!(check.code, 1);
    assert!(
        check.stdout.contains("link games/club\n"),
        "{}",
        check.stdout
    );
    assert!(check.stdout.contains("link players\n"), "{}", check.stdout);
    // An event in the linked folder's game: recorded, its page refused.
    let out = env.run_with(&FIRST_MOVE, &VARS);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("games/club is a symbolic link"),
        "{}",
        out.stderr
    );
    let game = env.read("games/club/r02-b01.pgn");
    assert!(game.contains("e2e4") && game.contains("@example."));
    assert!(!env.path("games/club/r02-b01.html").exists());
    for (path, bytes) in &before {
        if path != "club/r02-b01.pgn" {
            assert_eq!(&games(&env)[path], bytes, "{path}");
        }
    }
    assert_eq!(files(&outside), theirs);
}

/// A file the site did not write survives a full build and an event; a
/// folder written before the site listed its files loses its stale pages
/// of the site's own make, and only those.
#[test]
fn a_file_the_site_did_not_write_is_never_removed() {
    let env = club("dir = \"../pages\"\n");
    build(&env, "../pages");
    env.write("../pages/players/notes.txt", "mine");
    env.write("../pages/games/club/mine.html", "<p>mine</p>");
    env.write("../pages/sections/plan.pgn", "[Event \"mine\"]");
    let out = env.run_with(&["site", "../pages"], &VARS);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains(" 0 removed"), "{}", out.stdout);
    assert!(
        out.stderr
            .contains("notes.txt: not a file the site wrote: left in place"),
        "{}",
        out.stderr
    );
    // A game deleted: its pages, which the site wrote, go.
    std::fs::remove_file(env.path("games/g.pgn")).expect("removed");
    env.ok_with(&FIRST_MOVE, &VARS);
    assert!(!env.path("../pages/games/g.html").exists());
    assert!(!env.path("../pages/games/g.pgn").exists());
    for (path, text) in [
        ("../pages/players/notes.txt", "mine"),
        ("../pages/games/club/mine.html", "<p>mine</p>"),
        ("../pages/sections/plan.pgn", "[Event \"mine\"]"),
    ] {
        assert_eq!(env.read(path), text);
    }
    // A site folder of an earlier version: no list. A page of the site's
    // make that it no longer has goes; the rest stays.
    std::fs::remove_file(env.path("../pages/.dynamo-site-files")).expect("removed");
    let page = env.read("../pages/games/club/r02-b01.html");
    env.write("../pages/games/club/gone.html", &page);
    env.write("../pages/games/club/gone.pgn", "[Event \"x\"]\n");
    let out = env.run_with(&["site", "../pages"], &VARS);
    assert!(out.stdout.contains(" 2 removed"), "{}", out.stdout);
    assert!(!env.path("../pages/games/club/gone.html").exists());
    assert!(!env.path("../pages/games/club/gone.pgn").exists());
    assert_eq!(env.read("../pages/games/club/mine.html"), "<p>mine</p>");
    assert_eq!(env.read("../pages/sections/plan.pgn"), "[Event \"mine\"]");
}

/// Page writes killed before their rename, by a full build and by an
/// event, leave no temporary file in the site folder or the pages'
/// cache once the next command has run.
#[test]
fn killed_page_writes_leave_no_temporary_file() {
    let env = club("dir = \"../pages\"\n");
    let cache = env.path("games/.dynamo-site-cache");
    let mut left = 0;
    for n in (1..=31).step_by(3) {
        let dir = format!("../built-{n}");
        let point = format!("before-rename:{n}");
        let out = env.run_with(&["site", &dir], &[VARS[0], ("DYNAMO_CRASH_AT", &point)]);
        if out.code != 0 {
            left += temps(&env.path(&dir)).len() + temps(&cache).len();
        }
        build(&env, &dir);
        assert_eq!(temps(&env.path(&dir)), Vec::<String>::new(), "{point}");
        assert_eq!(temps(&cache), Vec::<String>::new(), "{point}");
    }
    assert!(left > 0, "no run was killed in a write");
    build(&env, "../pages");
    // An event's writes: the game's first, then its pages and the cache;
    // each move taken back after, for the next to be killed again.
    let mut left = 0;
    for k in 2..=7 {
        let point = format!("before-rename:{k}");
        let at = format!("2020-11-23T1{k}:00:00Z");
        let args = ["move", "games/club/r02-b01.pgn", "e2e4", "--at", &at];
        env.run_with(&args, &[VARS[0], ("DYNAMO_CRASH_AT", &point)]);
        left += temps(&env.path("../pages")).len() + temps(&cache).len();
        // The game was written first: the move stands. The next command
        // is the next writer of the pages.
        env.ok_with(&["site", "../pages"], &VARS);
        assert_eq!(
            temps(&env.path("../pages")),
            Vec::<String>::new(),
            "{point}"
        );
        assert_eq!(temps(&cache), Vec::<String>::new(), "{point}");
        let at = format!("2020-11-23T1{k}:30:00Z");
        let undo = [
            "undo",
            "games/club/r02-b01.pgn",
            "--reason",
            "again",
            "--at",
            &at,
        ];
        env.ok_with(&undo, &VARS);
    }
    assert!(left > 0, "no event was killed in a page write");
}

/// A namesake who joins later gets a page name of their own; the first
/// player keeps theirs, and every link to either names the right one.
#[test]
fn a_namesake_joining_keeps_the_first_players_page() {
    let env = club("dir = \"../pages\"\n");
    let new = |file: &str, white: &str, black: &str| {
        let args = [
            "new",
            file,
            "--white",
            white,
            "--black",
            black,
            "--at",
            "2020-11-24T09:00:00Z",
        ];
        env.ok_with(&args, &VARS);
    };
    new(
        "games/first.pgn",
        "Ann Lee <ann@z.example.org>",
        "Zoe Ray <zoe@example.org>",
    );
    build(&env, "../pages");
    let first = env.read("../pages/players/ann-lee.html");
    assert!(first.contains("Zoe Ray"), "{first}");
    // Her address sorts after the newcomer's, who used to take the page.
    new(
        "games/second.pgn",
        "Ann Lee <ann@a.example.org>",
        "Yan Orr <yan@example.org>",
    );
    for how in ["after the event", "after a full build"] {
        let page = env.read("../pages/players/ann-lee.html");
        assert!(
            page.contains("Zoe Ray") && !page.contains("Yan Orr"),
            "{how}: {page}"
        );
        let other = env.read("../pages/players/ann-lee-2.html");
        assert!(
            other.contains("Yan Orr") && !other.contains("Zoe Ray"),
            "{how}: {other}"
        );
        let second = env.read("../pages/games/second.html");
        assert!(second.contains("players/ann-lee-2.html"), "{how}");
        assert!(
            env.read("../pages/games/first.html")
                .contains("players/ann-lee.html")
        );
        build(&env, "../pages");
    }
    super::same_as_a_full_build(&env, "a namesake joined");
}
