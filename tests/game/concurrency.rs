//! Racing writers: exactly one move is recorded per turn.

use std::process::Stdio;

use crate::support::TestEnv;

#[test]
fn sixteen_racing_moves_for_one_turn_record_exactly_one() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let moves = [
        "e2e4", "d2d4", "c2c4", "b2b4", "a2a4", "f2f4", "g2g4", "h2h4", "e2e3", "d2d3", "c2c3",
        "b2b3", "a2a3", "f2f3", "g2g3", "h2h3",
    ];
    let children: Vec<_> = moves
        .iter()
        .map(|m| {
            env.command()
                .args(["move", "g.pgn", m, "--by", "white", "--ascii"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn dynamo")
        })
        .collect();
    let results: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().expect("wait"))
        .collect();
    let winners: Vec<_> = results
        .iter()
        .filter(|o| o.status.code() == Some(0))
        .collect();
    assert_eq!(winners.len(), 1, "exactly one move is recorded");
    for loser in results.iter().filter(|o| o.status.code() != Some(0)) {
        assert_eq!(loser.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&loser.stderr),
            "dynamo: rejected: it is Black's turn, not White's\n"
        );
    }
    let verify = env.ok(&["verify", "g.pgn"]);
    assert_eq!(
        verify,
        "g.pgn: ok, 1 half-move, Black to move\n1 file: 1 ok, 0 bad\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "g.pgn", "--format", "json"])).unwrap();
    let recorded = json["moves"][0]["notation"].as_str().unwrap();
    let winner_out = String::from_utf8_lossy(&winners[0].stdout);
    assert!(
        winner_out.starts_with(&format!("1. {recorded}\n")),
        "{winner_out}"
    );
    // No temporary files are left behind.
    let mut names: Vec<String> = std::fs::read_dir(env.path("."))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["g.pgn", "g.pgn.lock"]);
}
