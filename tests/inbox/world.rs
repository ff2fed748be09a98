//! A tournament folder for the inbox tests: a config whose `[mail]` table
//! points at a real SMTP server, a games folder, the notices the players
//! received, and replies written as a mail client writes them.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use mail_parser::{HeaderValue, Message, MessageParser};

use crate::support::smtp::{Options, Received, SmtpServer};
use crate::support::{Output, TestEnv};

/// The game every world starts with.
pub const GAME: &str = "games/g.pgn";

/// The director's address.
pub const DIRECTOR: &str = "dynamo@club.example";

/// 2020-11-20T10:00:00Z, an hour after the game started: the delivery time
/// at the start of a Maildir name.
pub const TEN_O_CLOCK: i64 = 1_605_866_400;

pub struct World {
    pub env: TestEnv,
    pub server: SmtpServer,
}

/// A received message, parsed.
pub fn parse(m: &Received) -> Message<'_> {
    MessageParser::default()
        .parse(m.data.as_bytes())
        .expect("a message the server received parses")
}

/// The ids of a header such as References, brackets removed.
pub fn ids(value: &HeaderValue) -> Vec<String> {
    match value {
        HeaderValue::Text(id) => vec![id.to_string()],
        HeaderValue::TextList(ids) => ids.iter().map(|i| i.to_string()).collect(),
        _ => Vec::new(),
    }
}

/// The plain text of a received message.
pub fn text_of(m: &Received) -> String {
    parse(m).body_text(0).expect("a text part").into_owned()
}

impl World {
    /// Alice (White) and Bob (Black) in `games/g.pgn`, started at
    /// 2020-11-20 09:00 UTC, both mailed its creation.
    pub fn new() -> World {
        World::with_config("")
    }

    /// As [`World::new`], with more lines in the `[mail]` table.
    pub fn with_config(extra: &str) -> World {
        World::start(extra, None)
    }

    /// As [`World::with_config`], with the club's record on git
    /// (`[archive]` with `archive`'s lines, `dynamo archive init` run)
    /// before the game is made.
    pub fn archived(extra: &str, archive: &str) -> World {
        World::start(extra, Some(archive))
    }

    fn start(extra: &str, archive: Option<&str>) -> World {
        let server = SmtpServer::start(Options::default());
        let env = TestEnv::new();
        let world = World { env, server };
        match archive {
            Some(lines) => {
                world.config(&format!("{extra}\n[archive]\ngit = true\n{lines}\n"));
                world.env.ok(&["archive", "init"]);
            }
            None => world.config(extra),
        }
        world.env.ok(&[
            "new",
            GAME,
            "--white",
            "Alice <alice@example.org>",
            "--black",
            "Bob <bob@example.org>",
            "--at",
            "2020-11-20T09:00:00Z",
            "--mail",
        ]);
        world
    }

    /// Writes `dynamo.toml`, with `extra` in its `[mail]` table.
    pub fn config(&self, extra: &str) {
        self.env.write(
            "dynamo.toml",
            &format!(
                "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = {}\n\
                 security = \"none\"\nfrom = \"Dynamo Adjudicator <{DIRECTOR}>\"\n{extra}",
                self.server.port
            ),
        );
    }

    /// The game file's text.
    pub fn game(&self) -> String {
        self.env.read(GAME)
    }

    /// The messages the server received for `address`, in order.
    pub fn mail_to(&self, address: &str) -> Vec<Received> {
        self.server
            .messages()
            .into_iter()
            .filter(|m| m.rcpt_tos == [address])
            .collect()
    }

    /// The last message `address` received.
    pub fn last_to(&self, address: &str) -> Received {
        self.mail_to(address)
            .pop()
            .unwrap_or_else(|| panic!("{address} received nothing"))
    }

    /// A reply to `notice` from `from`, Message-ID `<id>`, `first` on its
    /// first line, the notice quoted below as a mail client quotes it.
    pub fn reply(&self, notice: &Received, from: &str, id: &str, first: &str) -> String {
        let n = parse(notice);
        let their = n
            .message_id()
            .expect("a notice has a Message-ID")
            .to_string();
        let mut references: Vec<String> = ids(n.references());
        references.push(their.clone());
        let references: Vec<String> = references.iter().map(|r| format!("<{r}>")).collect();
        let quoted: String = text_of(notice)
            .lines()
            .take(5)
            .map(|l| format!("> {l}\r\n"))
            .collect();
        format!(
            "From: {from}\r\nTo: Dynamo Adjudicator <{DIRECTOR}>\r\nSubject: Re: {}\r\n\
             Message-ID: <{id}>\r\nIn-Reply-To: <{their}>\r\nReferences: {}\r\n\
             Date: Mon, 23 Nov 2020 10:00:00 +0000\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n{first}\r\n\r\n\
             On Friday the director wrote:\r\n{quoted}",
            n.subject().expect("a subject"),
            references.join(" ")
        )
    }

    /// `dynamo inbox --stdin` (and `extra` arguments) reading `raw`.
    pub fn stdin(&self, raw: &str, extra: &[&str], vars: &[(&str, &str)]) -> Output {
        let mut child = self
            .env
            .command()
            .args(["inbox", "--stdin"])
            .args(extra)
            .envs(vars.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("running dynamo inbox");
        let written = child.stdin.take().expect("stdin").write_all(raw.as_bytes());
        // dynamo may refuse (a bad setting) before it reads the message.
        if let Err(e) = written {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        let out = child.wait_with_output().expect("dynamo inbox ends");
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// As [`World::stdin`], insisting on exit 0; what it printed.
    #[track_caller]
    pub fn handled(&self, raw: &str) -> String {
        let out = self.stdin(raw, &[], &[]);
        assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
        out.stdout
    }

    /// The Maildir `Maildir/` (made with its three folders).
    pub fn maildir(&self) -> PathBuf {
        let dir = self.env.path("Maildir");
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(dir.join(sub)).expect("a Maildir folder");
        }
        dir
    }

    /// Delivers `raw` into the Maildir's `new/` as `NAME`.
    pub fn deliver(&self, name: &str, raw: &str) {
        let dir = self.maildir();
        std::fs::write(dir.join("tmp").join(name), raw).expect("written");
        std::fs::rename(dir.join("tmp").join(name), dir.join("new").join(name)).expect("delivered");
    }

    /// The file names in a Maildir folder, sorted.
    pub fn listed(&self, sub: &str) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.maildir().join(sub))
            .expect("a Maildir folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

/// Waits until `done` holds, at most 20 s; `what` says in the failure
/// what did not happen (and anything that helps to see why).
#[track_caller]
pub fn within_seconds(what: impl Fn() -> String, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "not within 20 s: {}",
            what()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Stops a `dynamo inbox --watch` with SIGTERM, as systemd does: it must
/// exit 0 within 10 s. Returns what it printed.
#[track_caller]
pub fn stop_watching(mut child: Child) -> String {
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let start = Instant::now();
    while child.try_wait().expect("waiting").is_none() {
        assert!(start.elapsed() < Duration::from_secs(10), "still running");
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("its output");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
