//! A temporary folder to run `dynamo` in, with no config around it.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

pub struct Env {
    pub dir: TempDir,
}

pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Env {
    pub fn new() -> Env {
        Env {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn cmd(&self) -> Command {
        let mut cmd = Command::cargo_bin("dynamo").expect("the dynamo binary");
        cmd.current_dir(self.dir.path()).env_remove("DYNAMO_CONFIG");
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Output {
        let out = self.cmd().args(args).output().expect("run dynamo");
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs and insists on exit 0.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert_eq!(
            out.code, 0,
            "dynamo {args:?} failed: {}{}",
            out.stdout, out.stderr
        );
        out.stdout
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).expect("read file")
    }

    pub fn write(&self, name: &str, text: &str) {
        let path = self.path(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(path, text).expect("write file");
    }

    /// A new game `g.pgn` between Alice and Bob starting at 2026-11-20 09:00 UTC.
    pub fn new_game(&self, extra: &[&str]) {
        self.new_game_at("2020-11-20T09:00:00Z", extra);
    }

    /// As [`Env::new_game`], starting at `at`.
    pub fn new_game_at(&self, at: &str, extra: &[&str]) {
        let mut args = vec![
            "new",
            "g.pgn",
            "--white",
            "Alice <alice@example.org>",
            "--black",
            "Bob <bob@example.org>",
            "--at",
            at,
        ];
        args.extend_from_slice(extra);
        self.ok(&args);
    }
}

/// The repository's own folder (for the sample games).
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}
