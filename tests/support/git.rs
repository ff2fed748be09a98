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

/// A `git daemon` on loopback serving the bare repositories of a folder
/// over `git://`, pushes allowed (`--enable=receive-pack`); stopped when
/// dropped, and started again on the same port ([`GitDaemon::start`])
/// after [`GitDaemon::stop`] (a remote gone offline and back).
pub struct GitDaemon {
    base: std::path::PathBuf,
    port: u16,
    child: Option<std::process::Child>,
}

impl GitDaemon {
    /// Serves the bare repositories in `base` on a free port.
    pub fn new(base: &Path) -> GitDaemon {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut daemon = GitDaemon {
            base: base.to_path_buf(),
            port,
            child: None,
        };
        daemon.start();
        daemon
    }

    /// The URL of the repository `name` in the folder.
    pub fn url(&self, name: &str) -> String {
        format!("git://127.0.0.1:{}/{name}", self.port)
    }

    /// Starts the daemon (again) and waits until it listens.
    pub fn start(&mut self) {
        // The daemon's own program, not `git daemon`: killing the `git`
        // that runs it would leave the daemon listening.
        let exec_path = git(&self.base, &["--exec-path"]);
        let child = Command::new(Path::new(exec_path.trim()).join("git-daemon"))
            .current_dir(&self.base)
            .args(["--reuseaddr", "--export-all", "--enable=receive-pack"])
            .arg("--listen=127.0.0.1")
            .arg(format!("--port={}", self.port))
            .arg(format!("--base-path={}", self.base.display()))
            .arg(&self.base)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("starting git daemon");
        self.child = Some(child);
        let start = std::time::Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(
                start.elapsed() < std::time::Duration::from_secs(30),
                "git daemon did not listen on port {}",
                self.port
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Stops the daemon: the remote is unreachable until started again.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // Ended already is as good.
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for GitDaemon {
    fn drop(&mut self) {
        self.stop();
    }
}
