//! With `[site] dir` in the config, the pages follow every recorded
//! event by themselves: exactly the pages an event changes are written,
//! and they are then what a full build writes.

use std::collections::BTreeSet;

use super::{SECRET, build, club, files};

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
    let env = club("dir = \"pages\"\n");
    build(&env, "pages");
    let vars = [("DYNAMO_SITE_SECRET", SECRET)];
    let before = files(&env.path("pages"));
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
    let after = files(&env.path("pages"));
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
    let check = env.run_with(&["site", "pages", "--check"], &vars);
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
    let ended = files(&env.path("pages"));
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
    let check = env.run_with(&["site", "pages", "--check"], &vars);
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
    build(&env, "pages");
    let before = files(&env.path("pages"));
    env.ok(&[
        "move",
        "games/club/r02-b01.pgn",
        "e2e4",
        "--at",
        "2020-11-23T10:00:00Z",
    ]);
    assert_eq!(before, files(&env.path("pages")));
}
