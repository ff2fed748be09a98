//! What the pages say and what they never say; the same games giving the
//! same bytes; `--check`; the files one move changes; the crosstable as
//! `dynamo standings` computes it; `[site] delay_moves`.

use std::collections::BTreeSet;

use super::{EVE_ESCAPED, MOVES, PRIVATE, SECRET, build, club, club_with, files, text_of};

/// No address, mail reference, note or secret in any file of the site,
/// and Eve's name shown as written, never as markup (docs/director.md, "Web pages").
#[test]
fn nothing_private_and_names_as_text() {
    let env = club("");
    build(&env, "../site");
    let site = files(&env.path("../site"));
    assert!(site.len() > 15, "{:?}", site.keys());
    for (path, bytes) in &site {
        let text = String::from_utf8_lossy(bytes);
        for secret in PRIVATE {
            assert!(!text.contains(secret), "{path} shows {secret}");
        }
        assert!(!text.contains("@"), "{path} has an @");
        // The PGN download is plain text: the name as written.
        if !path.ends_with(".pgn") {
            assert!(!text.contains("<script>alert"), "{path} runs Eve's name");
        }
    }
    let pgn = String::from_utf8_lossy(&site["games/club/r01-b02.pgn"]);
    assert!(
        pgn.contains("[Black \"Eve <script>alert(1)</script>\"]"),
        "{pgn}"
    );
    for page in ["sections/club.html", "index.html", "feed.xml"] {
        let text = String::from_utf8_lossy(&site[page]);
        assert!(
            text.contains(EVE_ESCAPED),
            "{page} does not show Eve's name"
        );
    }
    assert!(
        site.keys().any(|p| p.starts_with("players/eve-")),
        "{:?}",
        site.keys()
    );
}

/// Every position of a game has its board and its FEN, exactly as
/// `dynamo play` prints it; the PGN download has the moves and the names.
#[test]
fn every_position_has_its_board_and_fen() {
    let env = club("");
    build(&env, "../site");
    let page = env.read("../site/games/club/r01-b01.html");
    for n in 0..=MOVES.len() {
        let fen = if n == 0 {
            // `play` needs a move: the start as `show` prints it.
            let shown = env.ok(&["show", "--game", "games/club/r03-b01.pgn"]);
            let line = shown.lines().find_map(|l| l.strip_prefix("FEN: "));
            line.expect("a FEN line").to_string()
        } else {
            let mut args = vec!["play"];
            args.extend_from_slice(&MOVES[..n]);
            env.ok(&args).trim_end().to_string()
        };
        let anchor = format!("id=\"ply-{n}\"");
        assert_eq!(text_of(&page, &anchor, "fen"), fen, "ply {n}");
        assert_eq!(page.matches(&anchor).count(), 1);
    }
    assert!(!page.contains(&format!("id=\"ply-{}\"", MOVES.len() + 1)));
    assert!(page.contains("class=\"ply last\" id=\"ply-3\""));
    let pgn = env.read("../site/games/club/r01-b01.pgn");
    assert!(pgn.contains("[White \"Ada Lovelace\"]"), "{pgn}");
    assert!(pgn.contains("1. e2e4 Ng8f6 2. Bf1/g2E *"), "{pgn}");
}

/// The same games give byte-identical files; `--check` finds nothing
/// then, and names each file that differs or is extra, with exit code 1.
#[test]
fn the_same_games_give_the_same_bytes() {
    let env = club("");
    build(&env, "../a");
    build(&env, "../b");
    assert_eq!(files(&env.path("../a")), files(&env.path("../b")));
    let check =
        |dir: &str| env.run_with(&["site", dir, "--check"], &[("DYNAMO_SITE_SECRET", SECRET)]);
    let same = check("../a");
    assert_eq!(
        (same.code, same.stdout.as_str()),
        (0, ""),
        "{}",
        same.stderr
    );
    env.write("../a/index.html", "changed");
    env.write("../a/games/club/old.html", "a game since renamed");
    std::fs::remove_file(env.path("../a/feed.xml")).expect("removed");
    let differs = check("../a");
    assert_eq!(differs.code, 1, "{}", differs.stderr);
    assert_eq!(
        differs.stdout,
        "missing feed.xml\nchanged index.html\nextra games/club/old.html\n"
    );
    // A full build puts it right; the page it did not write stays, named.
    let built = env.run_with(&["site", "../a"], &[("DYNAMO_SITE_SECRET", SECRET)]);
    assert!(
        built.stdout.contains("2 written, 0 removed"),
        "{}",
        built.stdout
    );
    assert!(
        built
            .stderr
            .contains("old.html: not a file the site wrote: left in place"),
        "{}",
        built.stderr
    );
    assert_eq!(env.read("../a/games/club/old.html"), "a game since renamed");
    std::fs::remove_file(env.path("../a/games/club/old.html")).expect("removed");
    assert_eq!(files(&env.path("../a")), files(&env.path("../b")));
}

/// After `dynamo move`, a rebuild writes exactly the game's page and
/// PGN and both players' pages (whose move it is), and is then the same
/// as a site built afresh.
#[test]
fn a_move_changes_exactly_its_pages() {
    let env = club("");
    build(&env, "../site");
    let before = files(&env.path("../site"));
    env.ok(&[
        "move",
        "games/club/r02-b01.pgn",
        "e2e4",
        "--at",
        "2020-11-23T10:00:00Z",
    ]);
    let out = build(&env, "../site");
    assert!(out.contains("4 written, 0 removed"), "{out}");
    let after = files(&env.path("../site"));
    let changed: BTreeSet<String> = after
        .keys()
        .filter(|p| before.get(*p) != after.get(*p))
        .cloned()
        .collect();
    let expected: BTreeSet<String> = [
        "games/club/r02-b01.html",
        "games/club/r02-b01.pgn",
        "players/emilie-du-chatelet.html",
        "players/eve-script-alert-1-script.html",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(changed, expected);
    build(&env, "../fresh");
    assert_eq!(after, files(&env.path("../fresh")));
}

/// `½`, `1½` as numbers.
fn points(cell: &str) -> f64 {
    let half = if cell.ends_with('½') { 0.5 } else { 0.0 };
    let whole = cell.trim_end_matches('½');
    whole.parse::<f64>().unwrap_or(0.0) + half
}

/// The text of each cell of each row of the crosstable's body.
pub fn crosstable_rows(page: &str) -> Vec<Vec<String>> {
    let start = page.find("<tbody>").expect("a table body");
    let end = page[start..].find("</tbody>").expect("its end") + start;
    page[start..end]
        .split("<tr>")
        .skip(1)
        .map(|row| {
            let mut cells = Vec::new();
            let mut rest = row;
            while let Some(open) = rest.find("<t") {
                let after = &rest[open..];
                let Some(gt) = after.find('>') else { break };
                let body = &after[gt + 1..];
                let close = body.find("</t").unwrap_or(body.len());
                let mut text = String::new();
                let mut in_tag = false;
                for c in body[..close].chars() {
                    match c {
                        '<' => in_tag = true,
                        '>' => in_tag = false,
                        c if !in_tag => text.push(c),
                        _ => {}
                    }
                }
                cells.push(text);
                rest = &body[close + 3..];
            }
            cells
        })
        .collect()
}

/// The crosstable on the section's page is `dynamo standings --json`:
/// the same players in the same order, places, points, wins and SB.
#[test]
fn the_crosstable_is_the_standings() {
    let env = club("");
    env.ok(&[
        "adjudicate",
        "games/club/r02-b02.pgn",
        "1/2-1/2",
        "--reason",
        "agreed",
        "--at",
        "2020-11-24T10:00:00Z",
    ]);
    build(&env, "../site");
    let page = env.read("../site/sections/club.html");
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["standings", "club", "--json"])).expect("JSON");
    let json = json.as_array().expect("rows");
    let rows = crosstable_rows(&page);
    assert_eq!(rows.len(), json.len());
    for (row, want) in rows.iter().zip(json) {
        let n = row.len();
        let place: u64 = row[0]
            .split('-')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("a place");
        let name = row[2]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        assert_eq!(place, want["rank"].as_u64().expect("rank"));
        assert_eq!(name, want["player"].as_str().expect("player"));
        assert_eq!(
            points(&row[n - 4]),
            want["points"].as_f64().expect("points")
        );
        assert_eq!(row[n - 3], want["finished"].to_string());
        assert_eq!(row[n - 2], want["wins"].to_string());
        assert_eq!(
            row[n - 1].parse::<f64>().expect("SB"),
            want["sonneborn_berger"].as_f64().expect("SB")
        );
    }
}

/// `[site] delay_moves = 2`: a game in progress shows all but its last
/// two moves, on its page and in its PGN; a finished game shows all.
#[test]
fn a_delay_holds_back_the_latest_moves() {
    let env = club("delay_moves = 2\n");
    build(&env, "../site");
    let page = env.read("../site/games/club/r01-b01.html");
    assert!(page.contains("id=\"ply-1\""));
    assert!(
        !page.contains("id=\"ply-2\""),
        "the last two moves are shown"
    );
    assert!(!page.contains("Bf1/g2E"));
    let pgn = env.read("../site/games/club/r01-b01.pgn");
    assert!(pgn.contains("1. e2e4 *"), "{pgn}");
    let player = env.read("../site/players/ada-lovelace.html");
    assert!(!player.contains("Bf1/g2E"));
}

/// The site's own files under `dir`, hidden ones (its lock, its list, a
/// killed write's temporary file) left out.
fn pages(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut all = files(dir);
    all.retain(|path, _| !path.split('/').any(|part| part.starts_with('.')));
    all
}

/// A full build killed anywhere — after its pages are written and made
/// durable, or between two of their renames — leaves each page the old
/// one or the new, never part of one; the next build leaves the pages a
/// build from nothing writes, no temporary file behind
/// (docs/director.md, "Web pages").
#[test]
fn a_build_killed_anywhere_leaves_each_page_old_or_new() {
    let env = club("");
    build(&env, "../site");
    let old = pages(&env.path("../site"));
    // A move the game's, the section's, both players' pages, the index
    // and the feed show; no `[site] dir`, so no page changes with it.
    env.ok(&[
        "move",
        "games/club/r01-b01.pgn",
        "e7e6",
        "--at",
        "2020-11-23T10:00:00Z",
    ]);
    build(&env, "../fresh");
    let new = pages(&env.path("../fresh"));
    let changed = new.iter().filter(|(p, b)| old.get(*p) != Some(b)).count();
    assert!(changed >= 4, "{changed} pages changed");
    for point in ["pages-flushed", "page-renamed:1", "page-renamed:3"] {
        let killed = env.run_with(
            &["site", "../site"],
            &[("DYNAMO_CRASH_AT", point), ("DYNAMO_SITE_SECRET", SECRET)],
        );
        assert_ne!(killed.code, 0, "not stopped at {point}");
        for (path, bytes) in pages(&env.path("../site")) {
            assert!(
                old.get(&path) == Some(&bytes) || new.get(&path) == Some(&bytes),
                "{path} is neither the old page nor the new after a kill at {point}"
            );
        }
    }
    build(&env, "../site");
    assert_eq!(pages(&env.path("../site")), new);
    let left: Vec<String> = files(&env.path("../site"))
        .into_keys()
        .filter(|p| p.contains(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let check = env.run(&["site", "../site", "--check"]);
    assert_eq!((check.code, check.stdout.as_str()), (0, ""));
}

/// Defect: a section's page was headed by its folder's name (`club`);
/// the event's name from section.toml heads it, the folder stays among
/// its facts.
#[test]
fn a_section_page_is_headed_by_its_event() {
    let env = club_with("", &["--event", "Winter Cup & Plate 2020"]);
    build(&env, "../site");
    let page = env.read("../site/sections/club.html");
    assert!(
        page.contains("<h1>Winter Cup &amp; Plate 2020</h1>"),
        "{page}"
    );
    assert!(page.contains("<dt>Section</dt><dd>club</dd>"), "{page}");
    assert!(!page.contains("<h1>club</h1>"), "{page}");
}
