//! The forge workflow of packaging/forge/pages.yml (docs/director.md,
//! "Pages from the archive"): its build and publish steps, run as
//! written by bash in a clone of a club's archive, leave the pages on the
//! remote's branch `pages`, and nothing else changed.

use std::path::Path;
use std::process::Command;

use super::{archived, games};
use crate::support::git::{self, git};
use crate::support::repo;

/// The shell lines of the step named `name` in the workflow `yaml`: the
/// block under its `run: |`, its indentation taken away.
fn step(yaml: &str, name: &str) -> String {
    let lines: Vec<&str> = yaml.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == format!("- name: {name}"))
        .unwrap_or_else(|| panic!("no step {name}"));
    let run = (at..lines.len())
        .find(|&i| lines[i].trim() == "run: |")
        .unwrap_or_else(|| panic!("no run block in {name}"));
    let indent = lines[run].len() - lines[run].trim_start().len();
    let mut script = String::new();
    for line in &lines[run + 1..] {
        let deeper = line.len() - line.trim_start().len() > indent;
        if !line.trim().is_empty() && !deeper {
            break;
        }
        script.push_str(line.trim_start());
        script.push('\n');
    }
    script
}

/// Runs `script` as the forge's runner would, in `checkout`.
fn run(script: &str, checkout: &Path, temp: &Path, sha: &str) {
    let bin = Path::new(env!("CARGO_BIN_EXE_dynamo"))
        .parent()
        .expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["-c", script])
        .current_dir(checkout)
        .env("PATH", path)
        .env("RUNNER_TEMP", temp)
        .env("GITHUB_SHA", sha)
        .env("DELAY_MOVES", "0")
        .env("HOME", temp)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env_remove("DYNAMO_CONFIG")
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{script}\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_workflow_builds_and_publishes_the_pages_from_the_archive() {
    let env = archived("");
    env.new_game_in("games/g.pgn", "2026-03-01 09:00", &[]);
    env.ok(&[
        "move",
        "games/g.pgn",
        "e2e4",
        "--at",
        "2026-03-01T10:00:00Z",
    ]);
    // The archive pushed to its forge, and checked out by the runner.
    let remote = env.path("../forge.git");
    let checkout = env.path("../checkout");
    let temp = env.path("../runner");
    std::fs::create_dir(&temp).expect("the runner's temporary folder");
    git(
        &games(&env),
        &[
            "init",
            "-q",
            "--bare",
            "-b",
            "main",
            &remote.display().to_string(),
        ],
    );
    git(
        &games(&env),
        &[
            "push",
            "-q",
            &remote.display().to_string(),
            "HEAD:refs/heads/main",
        ],
    );
    git(
        &temp,
        &[
            "clone",
            "-q",
            &remote.display().to_string(),
            &checkout.display().to_string(),
        ],
    );
    let sha = git(&checkout, &["rev-parse", "HEAD"]).trim().to_string();

    let yaml =
        std::fs::read_to_string(repo().join("packaging/forge/pages.yml")).expect("the workflow");
    for name in ["build the pages", "publish the pages"] {
        run(&step(&yaml, name), &checkout, &temp, &sha);
    }

    let pages = git(&remote, &["ls-tree", "-r", "--name-only", "pages"]);
    let pages: Vec<&str> = pages.lines().collect();
    for page in ["index.html", "feed.xml", "games/g.html", "games/g.pgn"] {
        assert!(pages.contains(&page), "{page} in {pages:?}");
    }
    assert!(
        pages
            .iter()
            .all(|p| !p.split('/').any(|part| part.starts_with('.'))),
        "no hidden file published: {pages:?}"
    );
    let index = git(&remote, &["show", "pages:games/g.html"]);
    assert!(index.contains("e2e4"), "{index}");
    let message = git(&remote, &["log", "-1", "--format=%s", "pages"]);
    assert_eq!(message.trim(), format!("The pages of {sha}"));
    // The archive's own branch and the checkout are as they were.
    assert_eq!(git(&remote, &["rev-parse", "main"]).trim(), sha);
    assert!(git::clean(&checkout));
}
