//! §9.2: `wikipedia` and `vchess`, with overrides after them, wherever a
//! rule set is written; the file keeps the text as written, and `new` and
//! `show` print every option.

use crate::support::TestEnv;

const WIKIPEDIA_OWNER: &str = "wikipedia,en_passant_edge=true,promotion=owner";
const WIKIPEDIA_OWNER_EXPANDED: &str = "wikipedia,en_passant_edge=true,promotion=owner \
     (stationary_pull=false, castling=nost, king_transit_check=true, en_passant_edge=true, promotion=owner)";

#[test]
fn a_named_rule_set_with_overrides_is_recorded_as_written_and_shown_in_full() {
    let env = TestEnv::new();
    let out = env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--rules",
        WIKIPEDIA_OWNER,
    ]);
    assert!(
        out.contains(&format!("Rules: {WIKIPEDIA_OWNER_EXPANDED}\n")),
        "{out}"
    );
    let file = env.read("g.pgn");
    assert!(
        file.contains(&format!("[Rules \"{WIKIPEDIA_OWNER}\"]")),
        "{file}"
    );
    let show = env.ok(&["show", "--game", "g.pgn", "--ascii"]);
    assert!(
        show.contains(&format!("Rules: {WIKIPEDIA_OWNER_EXPANDED}\n")),
        "{show}"
    );
    // The game plays by the name's options: no stationary pull (§2).
    env.ok(&["move", "g.pgn", "e2e4", "--by", "white"]);
    let out = env.run(&["move", "g.pgn", "Qd8/d7d7", "--by", "black"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
}

#[test]
fn vchess_as_the_configured_default() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "default_rules = \"vchess\"\n");
    let out = env.ok(&[
        "--config",
        "dynamo.toml",
        "new",
        "g.pgn",
        "--white",
        "A",
        "--black",
        "B",
    ]);
    assert!(
        out.contains(
            "Rules: vchess (stationary_pull=false, castling=strict, king_transit_check=false, \
             en_passant_edge=false, promotion=mover)\n"
        ),
        "{out}"
    );
    assert!(env.read("g.pgn").contains("[Rules \"vchess\"]"));
}

#[test]
fn an_unknown_name_is_refused_naming_the_three() {
    let env = TestEnv::new();
    let out = env.run(&[
        "new",
        "g.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--rules",
        "pritchard",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("'nost', 'wikipedia' or 'vchess'"),
        "{}",
        out.stderr
    );
    assert!(!env.path("g.pgn").exists());
}
