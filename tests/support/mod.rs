//! What the tests share: [`TestEnv`], an empty folder to run `dynamo` in,
//! [`smtp`], a real SMTP server on loopback for the mail tests,
//! [`dovecot`], a real IMAP server on loopback for the inbox tests, the
//! seeded generators of [`rng`], the kill tests' harness, [`kill`], and
//! the real `git` the archive tests read, [`git`].

pub mod dovecot;
pub mod git;
pub mod kill;
pub mod rng;
pub mod smtp;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// A temporary folder, removed when dropped, where `dynamo` runs with no
/// config of the developer's around it. The folder `dynamo` runs in is
/// one level down, so that `..` is the test's own too: the web pages
/// stand there, outside the config's folder as the site's rule wants.
pub struct TestEnv {
    dir: TempDir,
    root: PathBuf,
}

/// A failed test keeps its folder (the game files, the stores, the
/// outbox as the failure left them) and says where it is.
impl Drop for TestEnv {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.dir.disable_cleanup(true);
            eprintln!("the test's folder is kept: {}", self.root.display());
        }
    }
}

/// What one run of `dynamo` did.
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl TestEnv {
    pub fn new() -> TestEnv {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let root = dir.path().join("club");
        std::fs::create_dir(&root).expect("the folder to run in");
        TestEnv { dir, root }
    }

    /// `name` inside the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
    }

    /// Writes `name`, creating its folders.
    pub fn write(&self, name: &str, text: &str) {
        let path = self.path(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("creating the file's folder");
        }
        std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {name}: {e}"));
    }

    /// `dynamo`, to run in the folder. The variables through which the
    /// developer's own setup would reach it are removed: `DYNAMO_CONFIG`
    /// (a config file), `DYNAMO_SMTP_CA_FILE` and `DYNAMO_IMAP_CA_FILE`
    /// (trusted certificates) and `XDG_CONFIG_HOME`; `HOME` is `home/` in
    /// the folder, so the per-user config is
    /// `home/.config/dynamo/config.toml` there.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_dynamo"));
        cmd.current_dir(&self.root)
            .env_remove("DYNAMO_CONFIG")
            .env_remove("DYNAMO_SMTP_CA_FILE")
            .env_remove("DYNAMO_IMAP_CA_FILE")
            .env_remove("XDG_CONFIG_HOME")
            .env("HOME", self.root.join("home"));
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.run_with(args, &[])
    }

    /// Runs with these environment variables set.
    pub fn run_with(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        let out = self
            .command()
            .args(args)
            .envs(vars.iter().copied())
            .output()
            .expect("running dynamo");
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs with these environment variables set, and fails the test if
    /// `dynamo` has not finished within `limit` (it is killed then): for
    /// what used to hang. For commands that print little: the output is
    /// read once they end.
    pub fn run_within(&self, args: &[&str], vars: &[(&str, &str)], limit: Duration) -> Output {
        self.run_measured(args, vars, limit).0
    }

    /// As [`TestEnv::run_within`], with the most memory `dynamo` held, in
    /// kB: its resident high-water mark (`VmHWM` of /proc), read each time
    /// it is looked at (a mark only rises, so the last look before it
    /// ends holds nearly all of it).
    pub fn run_measured(
        &self,
        args: &[&str],
        vars: &[(&str, &str)],
        limit: Duration,
    ) -> (Output, u64) {
        let mut child = self
            .command()
            .args(args)
            .envs(vars.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("running dynamo");
        let start = Instant::now();
        let status = format!("/proc/{}/status", child.id());
        let mut peak = 0;
        while child.try_wait().expect("waiting for dynamo").is_none() {
            let hwm = std::fs::read_to_string(&status).ok().and_then(|text| {
                let line = text.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
                line.trim().trim_end_matches("kB").trim().parse().ok()
            });
            peak = peak.max(hwm.unwrap_or(0));
            if start.elapsed() > limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!("dynamo {args:?} still ran after {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let out = child.wait_with_output().expect("reading dynamo's output");
        let out = Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        (out, peak)
    }

    /// Runs, insists on exit 0, and returns what it printed.
    #[track_caller]
    pub fn ok(&self, args: &[&str]) -> String {
        self.ok_with(args, &[])
    }

    /// As [`TestEnv::ok`], with these environment variables set.
    #[track_caller]
    pub fn ok_with(&self, args: &[&str], vars: &[(&str, &str)]) -> String {
        let out = self.run_with(args, vars);
        assert_eq!(
            out.code, 0,
            "dynamo {args:?} failed: {}{}",
            out.stdout, out.stderr
        );
        out.stdout
    }

    /// Runs, and insists on exit `code`, exactly `stderr`, and nothing on
    /// standard output.
    #[track_caller]
    pub fn fails(&self, args: &[&str], code: i32, stderr: &str) {
        let out = self.run(args);
        assert_eq!(out.code, code, "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr, stderr, "{args:?}");
        assert_eq!(out.stdout, "", "{args:?}");
    }

    /// A new game `g.pgn` between Alice and Bob, started 2020-11-20 09:00 UTC.
    pub fn new_game(&self, extra: &[&str]) {
        self.new_game_at("2020-11-20T09:00:00Z", extra);
    }

    /// As [`TestEnv::new_game`], started at `at`.
    pub fn new_game_at(&self, at: &str, extra: &[&str]) {
        self.new_game_in("g.pgn", at, extra);
    }

    /// A new game at `file` between Alice and Bob, started at `at`.
    pub fn new_game_in(&self, file: &str, at: &str, extra: &[&str]) {
        let mut args = vec![
            "new",
            file,
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

/// The repository's own folder, for the files it ships (the sample game,
/// the example config).
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.json` files in `dir`, sorted by name; none when `dir` does not
/// exist. The SMTP server saves each message it receives as one, and the
/// outbox each notice.
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
}
