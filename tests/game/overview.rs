//! `dynamo games`, the director's overview: the table at given widths,
//! natural file order and the other sorts, the filters, colour only when
//! asked for or on a terminal without `NO_COLOR`, and the JSON keys added
//! to the old ones. Four games in `games/`, judged at a fixed `--now`:
//! g1 due within a day (yellow), g2 with weeks left, g10 overdue (red),
//! g100 finished.

use std::process::Command;

use crate::support::TestEnv;

const NOW: &str = "2020-11-24T12:00:00Z";

fn four_games() -> TestEnv {
    let env = TestEnv::new();
    let new =
        |file: &str, white: &str, black: &str, event: &str, round: &str, tc: &str, at: &str| {
            env.ok(&[
                "new",
                file,
                "--white",
                white,
                "--black",
                black,
                "--event",
                event,
                "--round",
                round,
                "--time-control",
                tc,
                "--at",
                at,
                "-q",
            ]);
        };
    let ada = "Ada Lovelace <ada@example.org>";
    let charles = "Charles Babbage <charles@example.org>";
    new(
        "games/g1.pgn",
        ada,
        charles,
        "Winter cup",
        "1",
        "3d",
        "2020-11-20 09:00",
    );
    env.ok(&[
        "move",
        "games/g1.pgn",
        "e2e4",
        "--at",
        "2020-11-21 09:00",
        "-q",
    ]);
    env.ok(&[
        "move",
        "games/g1.pgn",
        "e7e5",
        "--at",
        "2020-11-22 09:00",
        "-q",
    ]);
    new(
        "games/g2.pgn",
        charles,
        "Émilie du Châtelet <emilie@example.org>",
        "Spring open",
        "2",
        "10/50d",
        "2020-11-01 09:00",
    );
    new(
        "games/g10.pgn",
        "王小明 <wang@example.org>",
        ada,
        "Spring open",
        "10",
        "3d",
        "2020-11-10 09:00",
    );
    new(
        "games/g100.pgn",
        ada,
        "Grace Hopper <grace@example.org>",
        "Winter cup",
        "2",
        "3d",
        "2020-11-10 09:00",
    );
    env.ok(&[
        "move",
        "games/g100.pgn",
        "d2d4",
        "--at",
        "2020-11-11 09:00",
        "-q",
    ]);
    env.ok(&[
        "resign",
        "games/g100.pgn",
        "--by",
        "black",
        "--at",
        "2020-11-12 10:00",
        "-q",
    ]);
    env
}

/// `dynamo games ARGS --now NOW` with `COLUMNS` set (or unset).
fn games(env: &TestEnv, columns: Option<&str>, args: &[&str]) -> String {
    let mut all = vec!["games", "--now", NOW];
    all.extend_from_slice(args);
    let mut cmd = env.command();
    cmd.args(&all).env_remove("NO_COLOR").env_remove("COLUMNS");
    if let Some(c) = columns {
        cmd.env("COLUMNS", c);
    }
    let out = cmd.output().expect("running dynamo");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The files the table lists, in its order, with the folder said once
/// above the table put back in front of each.
fn files(table: &str) -> Vec<String> {
    let folder = table
        .lines()
        .find_map(|l| l.strip_prefix("Folder: "))
        .unwrap_or("");
    let lines: Vec<&str> = table
        .lines()
        .filter(|l| !l.starts_with("Folder: ") && !l.starts_with("Event: "))
        .collect();
    // The header, the games, the count; or the count alone.
    let games = lines.get(1..lines.len().saturating_sub(1)).unwrap_or(&[]);
    games
        .iter()
        .map(|r| format!("{folder}{}", r.split(' ').next().unwrap_or("")))
        .collect()
}

/// The four games whole: the folder every file is in said once above
/// the table; their events differ, so each line says its own.
const WIDE: &str = "\
Folder: games/
FILE      EVENT        ROUND  WHITE            BLACK               MOVE  TO MOVE          LAST MOVE  RECEIVED UTC      DEADLINE UTC      LEFT                        RESULT
g1.pgn    Winter cup   1      Ada Lovelace     Charles Babbage        2  Ada Lovelace     1... e7e5  2020-11-22 09:00  2020-11-25 09:00  21 hours
g2.pgn    Spring open  2      Charles Babbage  Émilie du Châtelet     1  Charles Babbage                               2020-12-21 09:00  26 days 21 hours
g10.pgn   Spring open  10     王小明           Ada Lovelace           1  王小明                                        2020-11-13 09:00  OVERDUE by 11 days 3 hours
g100.pgn  Winter cup   2      Ada Lovelace     Grace Hopper           1                   1. d2d4    2020-11-11 09:00                                                1-0 Black resigns
4 games: 3 in progress (1 overdue), 1 finished
";

#[test]
fn the_table_fits_the_width_it_is_given() {
    let env = four_games();
    // No terminal and no COLUMNS: no limit; 200 is wider than needed.
    assert_eq!(games(&env, None, &[]), WIDE);
    assert_eq!(games(&env, Some("200"), &[]), WIDE);
    // Who is to move stays; what was left out is said below the count.
    assert_eq!(
        games(&env, Some("100"), &[]),
        "\
Folder: games/
FILE      EVENT       WHITE           BLACK          TO MOVE        LEFT              RESULT
g1.pgn    Winter cup  Ada Lovelace    Charles Babb…  Ada Lovelace   21 hours
g2.pgn    Spring op…  Charles Babba…  Émilie du Ch…  Charles Babb…  26 days 21 hours
g10.pgn   Spring op…  王小明          Ada Lovelace   王小明         OVERDUE by 11 d…
g100.pgn  Winter cup  Ada Lovelace    Grace Hopper                                    1-0 Black res…
4 games: 3 in progress (1 overdue), 1 finished
Left out: ROUND, MOVE, LAST MOVE, RECEIVED UTC, DEADLINE UTC (--wide shows all, --columns chooses)
"
    );
    assert_eq!(
        games(&env, Some("60"), &[]),
        "\
Folder: games/
FILE      WHITE   BLACK   TO MOVE   LEFT             RESULT
g1.pgn    Ada L…  Charl…  Ada Lov…  21 hours
g2.pgn    Charl…  Émili…  Charles…  26 days 21 hou…
g10.pgn   王小明  Ada L…  王小明    OVERDUE by 11 …
g100.pgn  Ada L…  Grace…                             1-0 Bl…
4 games: 3 in progress (1 overdue), 1 finished
6 columns left out (--wide shows all, --columns chooses)
"
    );
    // --wide: whole lines at any width.
    assert_eq!(games(&env, Some("60"), &["--wide"]), WIDE);
    // Never wider than asked, counting a CJK character as two columns.
    for columns in [30, 45, 60, 80, 100, 120, 140, 170] {
        let table = games(&env, Some(&columns.to_string()), &[]);
        for line in table.lines() {
            let width: usize = line
                .chars()
                .map(|c| {
                    if ('\u{4e00}'..='\u{9fff}').contains(&c) {
                        2
                    } else {
                        1
                    }
                })
                .sum();
            assert!(width <= columns, "{columns}: {line:?}");
            assert_eq!(line, line.trim_end(), "no blanks at the end");
        }
    }
}

#[test]
fn file_names_sort_by_their_numbers_and_the_other_sorts() {
    let env = four_games();
    let order = |args: &[&str]| {
        let table = games(&env, None, args);
        files(&table)
    };
    let by_file = [
        "games/g1.pgn",
        "games/g2.pgn",
        "games/g10.pgn",
        "games/g100.pgn",
    ];
    assert_eq!(order(&[]), by_file);
    assert_eq!(order(&["--sort", "file"]), by_file);
    // Files named on the command line are sorted too.
    assert_eq!(
        order(&[
            "games/g100.pgn",
            "games/g10.pgn",
            "games/g2.pgn",
            "games/g1.pgn"
        ]),
        by_file
    );
    // The most urgent first: overdue, due tomorrow, due in weeks, over.
    assert_eq!(
        order(&["--sort", "deadline"]),
        [
            "games/g10.pgn",
            "games/g1.pgn",
            "games/g2.pgn",
            "games/g100.pgn"
        ]
    );
    // By event, then round by its number: Spring open 2, 10; Winter cup 1, 2.
    assert_eq!(
        order(&["--sort", "event"]),
        [
            "games/g2.pgn",
            "games/g10.pgn",
            "games/g1.pgn",
            "games/g100.pgn"
        ]
    );
}

#[test]
fn filters_by_player_event_and_state() {
    let env = four_games();
    let pick = |args: &[&str]| {
        let table = games(&env, None, args);
        let summary = table.lines().last().unwrap_or("").to_string();
        (files(&table).join(" "), summary)
    };
    // Part of a name, any case; an address exactly, in any form, any case.
    assert_eq!(
        pick(&["--player", "lovelace"]),
        (
            "games/g1.pgn games/g10.pgn games/g100.pgn".to_string(),
            "3 of 4 games: 2 in progress (1 overdue), 1 finished".to_string()
        )
    );
    assert_eq!(
        pick(&["--player", "Charles B <CHARLES@example.org>"]).0,
        "games/g1.pgn games/g2.pgn"
    );
    assert_eq!(pick(&["--player", "harles@example.org"]).0, "");
    assert_eq!(pick(&["--player", "王"]).0, "games/g10.pgn");
    assert_eq!(
        pick(&["--event", "WINTER"]).0,
        "games/g1.pgn games/g100.pgn"
    );
    assert_eq!(
        pick(&["--ongoing"]).0,
        "games/g1.pgn games/g2.pgn games/g10.pgn"
    );
    assert_eq!(
        pick(&["--finished"]),
        (
            "games/g100.pgn".to_string(),
            "1 of 4 games: 0 in progress (0 overdue), 1 finished".to_string()
        )
    );
    assert_eq!(pick(&["--overdue"]).0, "games/g10.pgn");
    assert_eq!(
        pick(&[
            "--player",
            "ada@example.org",
            "--event",
            "winter",
            "--ongoing"
        ])
        .0,
        "games/g1.pgn"
    );
    // Nothing left: no table, the count.
    assert_eq!(
        games(&env, None, &["--player", "nobody"]),
        "0 of 4 games: 0 in progress (0 overdue), 0 finished\n"
    );
    let out = env.run(&["games", "--ongoing", "--finished"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let out = env.run(&["games", "--player", "a@@b"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("dynamo: --player 'a@@b': "),
        "{}",
        out.stderr
    );
}

const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const RESET: &str = "\x1b[0m";

#[test]
fn colour_only_when_forced_or_on_a_terminal_without_no_color() {
    let env = four_games();
    let plain = games(&env, None, &[]);
    assert!(!plain.contains('\x1b'), "not a terminal: no colour");
    assert_eq!(games(&env, None, &["--color", "never"]), plain);
    let coloured = games(&env, None, &["--color", "always"]);
    assert!(
        coloured.contains(&format!("{RED}OVERDUE by 11 days 3 hours{RESET}")),
        "{coloured}"
    );
    assert!(coloured.contains(&format!("{RED}2020-11-13 09:00{RESET}")));
    assert!(coloured.contains(&format!("{YELLOW}21 hours{RESET}")));
    assert!(coloured.contains(&format!("{YELLOW}2020-11-25 09:00{RESET}")));
    assert!(
        !coloured.contains(&format!("{YELLOW}26 days")),
        "weeks away: plain"
    );
    // Without the colour codes, the same table.
    let stripped = coloured
        .replace(RED, "")
        .replace(YELLOW, "")
        .replace("\x1b[1m", "")
        .replace(RESET, "");
    assert_eq!(stripped, plain);
    // `always` is asked for by name, and wins over NO_COLOR.
    let forced = env.ok_with(
        &["games", "--now", NOW, "--color", "always"],
        &[("NO_COLOR", "1")],
    );
    assert!(forced.contains(RED));
}

/// On a real terminal (a pseudo-terminal from `script`), `auto` colours,
/// unless NO_COLOR is set and not empty.
#[test]
fn no_color_turns_colour_off_on_a_terminal() {
    let env = four_games();
    let on_terminal = |no_color: Option<&str>| {
        let binary = env!("CARGO_BIN_EXE_dynamo");
        let mut cmd = Command::new("script");
        cmd.current_dir(env.path(""))
            .args(["-qec", &format!("{binary} games --now {NOW}"), "/dev/null"])
            .env("COLUMNS", "200")
            .env("HOME", env.path("home"))
            .env_remove("DYNAMO_CONFIG")
            .env_remove("NO_COLOR");
        if let Some(v) = no_color {
            cmd.env("NO_COLOR", v);
        }
        let out = cmd
            .output()
            .expect("`script` (util-linux) runs a command on a pseudo-terminal");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(on_terminal(None).contains(RED), "{}", on_terminal(None));
    assert!(!on_terminal(Some("1")).contains('\x1b'));
    // An empty NO_COLOR does not count (no-color.org).
    assert!(on_terminal(Some("")).contains(RED));
}

#[test]
fn json_keeps_its_keys_and_adds_round_site_clocks_and_leave() {
    let env = four_games();
    let text = env.ok(&["games", "--json", "--now", NOW]);
    let all: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let g1 = &all[0];
    // The keys of the first object, in the order printed.
    let first = &text[..text.find("\n  },").expect("two objects")];
    let keys: Vec<&str> = first
        .lines()
        .filter_map(|l| l.strip_prefix("    \"")?.split('"').next())
        .collect();
    assert_eq!(
        keys,
        [
            "file",
            "ok",
            "game_id",
            "event",
            "white",
            "black",
            "rules",
            "time_control",
            "move_number",
            "plies",
            "to_move",
            "last_move",
            "clock",
            "late_move",
            "draw_offer",
            "result",
            "reason",
            "round",
            "site",
            "clocks",
            "leave",
            "queued_notices"
        ]
    );
    assert_eq!(g1["round"], "1");
    assert_eq!(g1["site"], "?");
    // No [mail] table: no outbox to look in.
    assert_eq!(g1["queued_notices"], serde_json::Value::Null);
    assert_eq!(g1["leave"], serde_json::json!([]));
    // Ada (White) used a day on 1. e2e4, Charles a day on his reply of
    // 22 November 09:00; Ada's 3 days run from then, and at noon on the
    // 24th 51 hours have run: 21 hours left, to 25 November 09:00.
    assert_eq!(
        g1["clocks"],
        serde_json::json!({
            "white": {
                "moves": 1, "used_seconds": 86_400, "running": true,
                "seconds_in_hand": 21 * 3600, "deadline": "2020-11-25T09:00:00Z",
                "seconds_left": 21 * 3600, "overdue": false,
                "on_leave": false, "next_leave": null
            },
            "black": {
                "moves": 1, "used_seconds": 86_400, "running": false,
                "seconds_in_hand": 3 * 86_400, "deadline": null,
                "seconds_left": null, "overdue": false,
                "on_leave": false, "next_leave": null
            }
        })
    );
    // The finished game's clocks run no more; no time control, no clocks.
    assert_eq!(all[3]["clocks"]["white"]["running"], false);
    assert_eq!(all[3]["clocks"]["black"]["running"], false);
    assert_eq!(all[3]["clock"], serde_json::Value::Null);
    env.ok(&["new", "games/g3.pgn", "--white", "A", "--black", "B", "-q"]);
    let text = env.ok(&["games", "--json", "--now", NOW, "games/g3.pgn"]);
    let g3: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(g3[0]["clocks"], serde_json::Value::Null);
    // Filters and sorts apply to the JSON as to the table.
    let text = env.ok(&[
        "games",
        "--json",
        "--now",
        NOW,
        "--overdue",
        "--sort",
        "deadline",
    ]);
    let overdue: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(overdue.as_array().map(Vec::len), Some(1));
    assert_eq!(overdue[0]["file"], "games/g10.pgn");
}
