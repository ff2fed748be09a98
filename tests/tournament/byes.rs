//! Byes: a section of an odd number of players, in which whoever meets
//! the Berger tables' dummy sits the round out (docs/director.md,
//! "Running a tournament"). A bye is not a game: it has no file, scores
//! nothing and has no cell, in `standings`, its `--json`, the text
//! crosstable and the section's web page alike; the page lists it under
//! its round.
//!
//! FIDE's table for five (the dummy is 6): round 1 r01-b01 Charles
//! Babbage - Grace Hopper, r01-b02 Lefèvre - Émilie du Châtelet, a bye
//! for Ada Lovelace; round 2 r02-b01 Grace - Lefèvre, r02-b02 Ada -
//! Charles, a bye for Émilie.

use serde_json::Value;

use super::standings::record;
use super::{FOUR, section};
use crate::support::TestEnv;

/// Charles beats Grace in round 1, while Ada has her bye; Ada beats
/// Charles in round 2. Worked out by hand: Ada 1 point from 1 game
/// finished and 3 in progress (4 games, not 5 rounds); Charles 1 from 2
/// and 2; Grace 0 from 1 and 3; Jean-Pierre and Émilie 0 from 0 and 4.
/// Ten games, two finished: two points in all, none for a bye.
#[test]
fn a_bye_is_no_game_and_scores_nothing() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "games_dir = \"games\"\n[site]\ndir = \"../site\"\n",
    );
    let five = format!("{FOUR}Grace Hopper <grace@example.org>\n");
    let out = section(&env, "club", &five, &[]);
    assert!(out.contains("round 1: bye for Ada Lovelace\n"), "{out}");
    record(&env, "r01-b01", "1-0");
    record(&env, "r02-b02", "1-0");

    let rows: Value =
        serde_json::from_str(&env.ok(&["standings", "club", "--json"])).expect("JSON");
    let rows = rows.as_array().expect("rows");
    assert_eq!(rows.len(), 5);
    let row = |email: &str| {
        rows.iter()
            .find(|r| r["email"] == email)
            .unwrap_or_else(|| panic!("no row for {email}"))
    };
    for (email, points, finished, ongoing) in [
        ("ada@example.org", 1.0, 1, 3),
        ("charles@example.org", 1.0, 2, 2),
        ("grace@example.org", 0.0, 1, 3),
        ("jp@example.fr", 0.0, 0, 4),
        ("emilie@example.fr", 0.0, 0, 4),
    ] {
        let r = row(email);
        assert_eq!(r["points"], points, "{email}: {r}");
        assert_eq!(r["finished"], finished, "{email}: {r}");
        assert_eq!(r["ongoing"], ongoing, "{email}: {r}");
        // One result per game, none for the bye.
        assert_eq!(r["results"].as_array().expect("results").len(), 4, "{r}");
    }
    let total: f64 = rows
        .iter()
        .map(|r| r["points"].as_f64().expect("points"))
        .sum();
    assert_eq!(total, 2.0);

    let text = env.ok(&["standings", "club"]);
    assert!(
        text.starts_with("club (5 players, 10 games: 2 finished, 8 in progress)\n"),
        "{text}"
    );
    let ada = text
        .lines()
        .find(|l| l.contains("Ada Lovelace"))
        .expect("Ada's row");
    // Her own ×, her win over Charles, three games in progress; no cell
    // and no point for the bye.
    let cells: Vec<&str> = ada.split_whitespace().collect();
    assert_eq!(
        cells[4..13],
        ["×", "1", "·", "·", "·", "1", "1", "3", "1"],
        "{ada}"
    );
    assert!(!text.to_lowercase().contains("bye"), "{text}");

    // The section's page: the same table, and the bye under its round.
    env.ok(&["site", "../site"]);
    let check = env.run(&["site", "../site", "--check"]);
    assert_eq!(check.code, 0, "{}", check.stdout);
    let page = section_page(&env);
    assert!(page.contains("Ada Lovelace: a bye"), "{page}");
    assert!(page.contains("Émilie du Châtelet: a bye"), "{page}");
}

/// The section page of `club` in `site/`: the one page naming its
/// rounds.
fn section_page(env: &TestEnv) -> String {
    let mut todo = vec![env.path("../site")];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let text = std::fs::read_to_string(&path).expect("a page");
                if text.contains(": a bye</li>") {
                    return text;
                }
            }
        }
    }
    panic!("no page lists the byes");
}
