//! Two `dynamo` runs recording in one game at once: each event its own
//! commit, holding the game exactly as that event left it, never the
//! other run's event beside it.

use dynamo::game::Game;

use super::{archived, games};
use crate::support::TestEnv;
use crate::support::git::{assert_fsck_clean, clean, git};

/// Knights out and back: legal forever, whoever is to move.
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

/// How many moves each of the two runs tries.
const TRIES: usize = 25;

/// Tries the next move of the cycle `TRIES` times, as the game stands
/// when read (the other run's move may come first, and this one is then
/// refused, or taken for that move sent again).
fn mover(env: &TestEnv) {
    let path = env.path("games/g.pgn");
    for _ in 0..TRIES {
        let game = Game::load(&path).expect("the game replays");
        let side = game.position().turn().name();
        let mv = CYCLE[game.moves().len() % 4];
        let out = env.run(&["move", "games/g.pgn", mv, "--by", side]);
        assert!(out.code == 0 || out.code == 1, "{}", out.stderr);
        assert!(
            !out.stderr.contains("not yet in the archive"),
            "{}",
            out.stderr
        );
    }
}

#[test]
fn two_runs_recording_in_one_game_make_one_commit_each_holding_its_own_event() {
    let env = archived("");
    env.new_game_in("games/g.pgn", "2020-11-20T09:00:00Z", &[]);
    std::thread::scope(|s| {
        let runs = [s.spawn(|| mover(&env)), s.spawn(|| mover(&env))];
        for run in runs {
            run.join().expect("a mover");
        }
    });
    let dir = games(&env);
    assert!(clean(&dir), "{}", git(&dir, &["status", "--porcelain"]));
    let recorded = Game::load(&env.path("games/g.pgn")).unwrap().moves().len();
    assert!(recorded >= TRIES, "{recorded} moves recorded");
    // Newest first: each move's commit, then the game's creation.
    let commits: Vec<String> = git(&dir, &["log", "--format=%H", "--", "g.pgn"])
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(commits.len(), recorded + 1, "one commit per event");
    for (i, commit) in commits.iter().enumerate() {
        let text = git(&dir, &["show", &format!("{commit}:g.pgn")]);
        let game = Game::parse(&text).expect("each commit's game replays");
        let subject = git(&dir, &["log", "-1", "--format=%s", commit]);
        // The commit's game is the one its own event left: as many moves
        // as events up to it, its last move the one its message names.
        assert_eq!(game.moves().len(), recorded - i, "{subject}");
        if let Some(last) = game.moves().last() {
            assert!(subject.contains(&last.numbered()), "{subject}");
        }
    }
    assert_fsck_clean(&dir);
}
