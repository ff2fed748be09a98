//! The real `git` program, as the archive tests read what `dynamo`
//! committed: run in a folder with no identity or config of the
//! developer's around it.

use std::path::Path;
use std::process::Command;

/// `git args` in `dir`; panics with git's words when it fails.
#[track_caller]
pub fn git(dir: &Path, args: &[&str]) -> String {
    let out = command(dir).args(args).output().expect("running git");
    assert!(
        out.status.success(),
        "git {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `git` in `dir`, to run, committing as a test's hand.
pub fn command(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.arg("-C")
        .arg(dir)
        .env("LC_ALL", "C")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .env("GIT_AUTHOR_NAME", "A Hand")
        .env("GIT_AUTHOR_EMAIL", "hand@example.org")
        .env("GIT_COMMITTER_NAME", "A Hand")
        .env("GIT_COMMITTER_EMAIL", "hand@example.org");
    cmd
}

/// The commits' subjects, newest first.
pub fn subjects(dir: &Path) -> Vec<String> {
    git(dir, &["log", "--format=%s"])
        .lines()
        .map(str::to_string)
        .collect()
}

/// The kinds of the commits' events (`Dynamo-Event:`), newest first.
pub fn event_kinds(dir: &Path) -> Vec<String> {
    git(
        dir,
        &["log", "--format=%(trailers:key=Dynamo-Event,valueonly)"],
    )
    .lines()
    .filter(|l| !l.is_empty())
    .map(str::to_string)
    .collect()
}

/// Whether the work tree is as committed: nothing changed, nothing new.
pub fn clean(dir: &Path) -> bool {
    git(dir, &["status", "--porcelain", "--untracked-files=all"]).is_empty()
}

/// `git fsck --full` finds nothing broken or missing.
#[track_caller]
pub fn assert_fsck_clean(dir: &Path) {
    let out = command(dir)
        .args(["fsck", "--full", "--no-dangling"])
        .output()
        .expect("running git fsck");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "git fsck: {said}");
    assert!(
        !said.contains("error") && !said.contains("missing") && !said.contains("broken"),
        "git fsck: {said}"
    );
}
