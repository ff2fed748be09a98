//! The `--json` objects of `tournament set`, `replace`, `withdraw` and
//! `delete`, whole, as docs/reference.md ("JSON") lists their keys:
//! scripts read them.

use serde_json::{Value, json};

use super::{FOUR, section};
use crate::support::TestEnv;

/// The one JSON object `args` printed.
#[track_caller]
fn object(env: &TestEnv, args: &[&str]) -> Value {
    let out = env.ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn each_section_command_prints_its_object() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "club", FOUR, &["-q"]);
    let files: Vec<String> = [
        "r01-b01", "r01-b02", "r02-b01", "r02-b02", "r03-b01", "r03-b02",
    ]
    .iter()
    .map(|g| format!("games/club/{g}.pgn"))
    .collect();
    let set = object(
        &env,
        &[
            "tournament",
            "set",
            "club",
            "--event",
            "Club 2020",
            "--reason",
            "sponsor",
            "--at",
            "2020-11-19 10:00",
            "--json",
        ],
    );
    assert_eq!(
        set,
        json!({
            "section": "club",
            "changes": ["Event: Club 2020 (was club)"],
            "games": files,
        })
    );

    // Charles (seat 3 in the drawing, 2 in the table) has won r01-b02.
    env.ok(&[
        "resign",
        "games/club/r01-b02.pgn",
        "--by",
        "black",
        "--at",
        "2020-11-25 10:00",
        "-q",
    ]);
    let replace = [
        "tournament",
        "replace",
        "club",
        "--player",
        "charles@example.org",
        "--by",
        "bob@example.org",
        "--name",
        "Bob Brown",
        "--at",
        "2020-12-01 10:00",
        "--json",
    ];
    let mut dry = replace.to_vec();
    dry.push("--dry-run");
    let before: Vec<String> = files.iter().map(|f| env.read(f)).collect();
    let expected = |dry_run: bool| {
        json!({
            "section": "club",
            "seat": 2,
            "player": "Charles Babbage",
            "email": "charles@example.org",
            "substitute": "Bob Brown",
            "substitute_email": "bob@example.org",
            "finished_kept": 1,
            "dry_run": dry_run,
            "games": [
                {"file": "games/club/r02-b02.pgn", "side": "black", "changed": true},
                {"file": "games/club/r03-b01.pgn", "side": "white", "changed": true},
            ],
        })
    };
    assert_eq!(object(&env, &dry), expected(true));
    let after: Vec<String> = files.iter().map(|f| env.read(f)).collect();
    assert_eq!(after, before, "a dry run changes nothing");
    assert_eq!(object(&env, &replace), expected(false));

    let withdraw = object(
        &env,
        &[
            "tournament",
            "withdraw",
            "club",
            "--player",
            "emilie@example.fr",
            "--at",
            "2020-12-02 10:00",
            "--json",
        ],
    );
    assert_eq!(
        withdraw,
        json!({
            "section": "club",
            "player": "Émilie du Châtelet",
            "email": "emilie@example.fr",
            "rule": "iccf",
            "games": 3,
            "finished": 0,
            "cancelled": true,
            "files": [
                {"file": "games/club/r01-b01.pgn", "fate": "cancelled"},
                {"file": "games/club/r02-b01.pgn", "fate": "cancelled"},
                {"file": "games/club/r03-b01.pgn", "fate": "cancelled"},
            ],
        })
    );

    section(&env, "cup", FOUR, &["-q"]);
    let mut delete = object(
        &env,
        &[
            "tournament",
            "delete",
            "cup",
            "--reason",
            "too few",
            "--json",
        ],
    );
    let aside = delete["set_aside"].take();
    let aside = aside.as_str().expect("where the section went");
    assert!(aside.starts_with("games/.cup.deleted-"), "{aside}");
    assert!(env.path(aside).is_dir(), "{aside}");
    assert_eq!(
        delete,
        json!({"section": "cup", "games": 6, "set_aside": null, "dropped": []})
    );
}
