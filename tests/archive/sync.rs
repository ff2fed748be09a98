//! Sharing the archive (docs/director.md, "Working with a remote"): two
//! directors' clones of one remote, over `file://` and over a `git
//! daemon` on loopback, each recording and syncing; offline, the commits
//! wait for the next sync; the same game changed on both sides keeps
//! both records and says how to choose.

use std::path::Path;

use super::{AUTHOR, archived, games};
use crate::support::TestEnv;
use crate::support::git::{GitDaemon, assert_fsck_clean, clean, command, event_kinds, git};

/// The second director.
const OTHER: &str = "Olga Other <olga@club.example>";

/// A bare repository `remote.git` in `dir`.
fn bare(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    git(dir, &["init", "-q", "--bare", "remote.git"]);
}

/// The first director's archive, its record pushed to `url`, the remote's
/// default branch made this one's.
fn first(url: &str, remote_dir: &Path) -> TestEnv {
    let env = archived("");
    git(&games(&env), &["remote", "add", "origin", url]);
    let out = env.ok(&["archive", "sync"]);
    assert!(out.contains("0 received, 1 sent"), "{out}");
    let branch = git(&games(&env), &["symbolic-ref", "HEAD"]);
    git(
        &remote_dir.join("remote.git"),
        &["symbolic-ref", "HEAD", branch.trim()],
    );
    env
}

/// The second director's archive: a clone of `url`, then `archive init`.
fn second(url: &str) -> TestEnv {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &format!("games_dir = \"games\"\n[archive]\ngit = true\nauthor = \"{OTHER}\"\n"),
    );
    let out = command(&env.path("."))
        .args(["clone", "-q", url, "games"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = env.ok(&["archive", "init"]);
    assert!(out.contains("nothing new to commit"), "{out}");
    env
}

/// The commits of recorded events, every start and clone's beginning
/// left out.
fn events(env: &TestEnv) -> usize {
    event_kinds(&games(env))
        .iter()
        .filter(|k| *k != "archive-start")
        .count()
}

/// Moves of the knights' cycle in `game`, `from` the given ply.
fn play(env: &TestEnv, game: &str, plies: std::ops::Range<usize>) {
    const CYCLE: [(&str, &str); 4] = [
        ("Ng1f3", "white"),
        ("Ng8f6", "black"),
        ("Nf3g1", "white"),
        ("Nf6g8", "black"),
    ];
    for ply in plies {
        let (mv, side) = CYCLE[ply % 4];
        env.ok(&["move", game, mv, "--by", side]);
    }
}

/// Two directors in different games, syncing after each command: one
/// record, the same on both machines, one commit per event.
fn two_directors_share_one_record(url: &str, remote_dir: &Path) {
    let ada = first(url, remote_dir);
    let olga = second(url);
    ada.new_game_in("games/a.pgn", "2020-11-20T09:00:00Z", &[]);
    ada.ok(&["archive", "sync"]);
    olga.new_game_in("games/o.pgn", "2020-11-20T09:00:00Z", &[]);
    let out = olga.ok(&["archive", "sync"]);
    assert!(out.contains("1 received, 1 sent"), "{out}");
    for round in 0..3 {
        play(&ada, "games/a.pgn", round * 2..round * 2 + 2);
        play(&olga, "games/o.pgn", round * 2..round * 2 + 2);
        ada.ok(&["archive", "sync"]);
        olga.ok(&["archive", "sync"]);
    }
    ada.ok(&["archive", "sync"]);
    let (a, o) = (games(&ada), games(&olga));
    assert_eq!(
        git(&a, &["rev-parse", "HEAD"]),
        git(&o, &["rev-parse", "HEAD"])
    );
    // Two creations and twelve moves.
    assert_eq!(events(&ada), 14);
    assert_eq!(events(&olga), 14);
    for dir in [&a, &o] {
        assert!(clean(dir));
        assert_fsck_clean(dir);
    }
    // Each commit keeps its director.
    let authors = git(&a, &["log", "--format=%an <%ae>", "--", "o.pgn"]);
    assert!(authors.lines().all(|l| l == OTHER), "{authors}");
    let authors = git(&a, &["log", "--format=%an <%ae>", "--", "a.pgn"]);
    assert!(authors.lines().all(|l| l == AUTHOR), "{authors}");
    ada.ok(&["verify", "games/o.pgn"]);
    olga.ok(&["verify", "games/a.pgn"]);
}

#[test]
fn two_directors_share_one_record_over_a_file_url() {
    let remote = TestEnv::new();
    bare(&remote.path("."));
    let url = format!("file://{}", remote.path("remote.git").display());
    two_directors_share_one_record(&url, &remote.path("."));
}

#[test]
fn two_directors_share_one_record_over_a_git_daemon() {
    let remote = TestEnv::new();
    bare(&remote.path("."));
    let daemon = GitDaemon::new(&remote.path("."));
    two_directors_share_one_record(&daemon.url("remote.git"), &remote.path("."));
}

#[test]
fn offline_the_commits_wait_here_and_the_next_sync_sends_them() {
    let remote = TestEnv::new();
    bare(&remote.path("."));
    let mut daemon = GitDaemon::new(&remote.path("."));
    let ada = first(&daemon.url("remote.git"), &remote.path("."));
    daemon.stop();
    ada.new_game_in("games/a.pgn", "2020-11-20T09:00:00Z", &[]);
    play(&ada, "games/a.pgn", 0..2);
    let out = ada.run(&["archive", "sync"]);
    assert_eq!(out.code, 75, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("origin not reached (")
            && out
                .stdout
                .contains("3 commit(s) kept here; the next sync sends them"),
        "{}",
        out.stdout
    );
    daemon.start();
    let out = ada.ok(&["archive", "sync"]);
    assert!(out.contains("0 received, 3 sent"), "{out}");
    let olga = second(&daemon.url("remote.git"));
    assert_eq!(events(&olga), 3);
    assert_eq!(
        git(&games(&olga), &["rev-parse", "HEAD"]),
        git(&games(&ada), &["rev-parse", "HEAD"])
    );
}

#[test]
fn a_game_changed_on_both_sides_keeps_both_records_and_says_how_to_choose() {
    let remote = TestEnv::new();
    bare(&remote.path("."));
    let url = format!("file://{}", remote.path("remote.git").display());
    let ada = first(&url, &remote.path("."));
    ada.new_game_in("games/g.pgn", "2020-11-20T09:00:00Z", &[]);
    ada.ok(&["archive", "sync"]);
    let olga = second(&url);
    // The same move recorded on both machines, a minute apart; Olga's
    // other game is hers alone.
    ada.ok(&["move", "games/g.pgn", "Ng1f3", "--by", "white"]);
    ada.ok(&["archive", "sync"]);
    olga.ok(&[
        "move",
        "games/g.pgn",
        "Ng1f3",
        "--by",
        "white",
        "--at",
        "2020-11-21T10:00:00Z",
    ]);
    olga.new_game_in("games/o.pgn", "2020-11-20T09:00:00Z", &[]);
    let mine = olga.read("games/g.pgn");
    let out = olga.run(&["archive", "sync"]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("conflict: g changed both here and on origin"),
        "{}",
        out.stdout
    );
    let branch = out
        .stdout
        .split("this machine's on branch ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the branch named")
        .to_string();
    let (a, o) = (games(&ada), games(&olga));
    // The remote's record in the folder, usable; Olga's on the branch;
    // her other game shared.
    assert_eq!(olga.read("games/g.pgn"), ada.read("games/g.pgn"));
    assert_eq!(git(&o, &["show", &format!("{branch}:g.pgn")]), mine);
    assert!(clean(&o));
    olga.ok(&["verify", "games/g.pgn"]);
    ada.ok(&["archive", "sync"]);
    assert!(a.join("o.pgn").exists());
    // Olga keeps her record: checked out from the branch, committed as a
    // hand edit, shared.
    git(&o, &["checkout", &branch, "--", "g.pgn"]);
    let out = olga.run(&["verify", "games/g.pgn"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("committed g.pgn as a hand edit"),
        "{}",
        out.stderr
    );
    olga.ok(&["archive", "sync"]);
    ada.ok(&["archive", "sync"]);
    assert_eq!(ada.read("games/g.pgn"), mine);
    assert_eq!(
        git(&a, &["rev-parse", "HEAD"]),
        git(&o, &["rev-parse", "HEAD"])
    );
    assert_fsck_clean(&a);
}
