//! The IMAP client against servers that misbehave on purpose: a scripted
//! fake on loopback that answers each command as the test says, so that
//! the answers Dovecot never gives (stalls, drips, drops, lies, garbage,
//! a password echoed back) can be proved to end in the right error, in
//! time, without the password in it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::AtomicBool;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use dynamo::config::{InboxConfig, Security};
use dynamo::inbox::imap::{Account, Imap, ImapError, MAX_MESSAGE_BYTES};

const PASSWORD: &str = "s3cret \"quoted\" pässwörd";

const GREETING: &[u8] = b"* OK [CAPABILITY IMAP4rev1 IDLE LITERAL+] fake ready\r\n";

/// What the fake does with one command: `Reply` bytes (`{tag}` in them
/// becomes the command's tag), reply and close (`Last`), `Close` the
/// connection, `Stall`, or send one line `Endless`ly, as fast as it is
/// read, until the client hangs up.
enum Act {
    Reply(String),
    Last(String),
    Close,
    Stall,
    Endless(&'static str),
}

/// The usual answers to a login and a SELECT, so that a test scripts only
/// the command it is about.
fn usual(command: &str) -> Act {
    let word = command.split(' ').next().unwrap_or("").to_ascii_uppercase();
    match word.as_str() {
        "CAPABILITY" => {
            Act::Reply("* CAPABILITY IMAP4rev1 IDLE LITERAL+\r\n{tag} OK done\r\n".into())
        }
        "LOGIN" => Act::Reply("{tag} OK [CAPABILITY IMAP4rev1 IDLE LITERAL+] in\r\n".into()),
        "SELECT" => Act::Reply(
            "* 1 EXISTS\r\n* OK [UIDVALIDITY 7] x\r\n* OK [PERMANENTFLAGS (\\Seen \\*)] x\r\n\
             {tag} OK [READ-WRITE] selected\r\n"
                .into(),
        ),
        "UID" if command.contains("SEARCH") => Act::Reply("* SEARCH 7\r\n{tag} OK done\r\n".into()),
        "NOOP" => Act::Reply("{tag} OK done\r\n".into()),
        "LOGOUT" => Act::Reply("* BYE bye\r\n{tag} OK done\r\n".into()),
        _ => Act::Reply("{tag} BAD not in the script\r\n".into()),
    }
}

/// A fake server for one connection; its thread returns every command it
/// read, literals inline, and whether each literal waited for `+`.
struct Fake {
    port: u16,
    thread: JoinHandle<Vec<String>>,
}

impl Fake {
    fn start(greeting: &'static [u8], script: impl Fn(&str) -> Act + Send + 'static) -> Fake {
        let listener = TcpListener::bind("127.0.0.1:0").expect("binding the fake");
        let port = listener.local_addr().expect("address").port();
        let thread = std::thread::spawn(move || {
            let Ok((stream, _)) = listener.accept() else {
                return Vec::new();
            };
            serve(stream, greeting, &script)
        });
        Fake { port, thread }
    }

    fn config(&self, timeout_seconds: u64) -> InboxConfig {
        let mut config = InboxConfig::new("127.0.0.1", Security::None, "director", "UNUSED");
        config.port = self.port;
        config.timeout = Duration::from_secs(timeout_seconds);
        config
    }

    fn open(&self) -> Result<Imap, ImapError> {
        Imap::open(&Account::new(&self.config(5).imap(), PASSWORD, None).expect("settings"))
    }

    fn commands(self) -> Vec<String> {
        self.thread.join().expect("the fake's thread")
    }
}

fn serve(stream: TcpStream, greeting: &[u8], script: &dyn Fn(&str) -> Act) -> Vec<String> {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
    let mut writer = stream.try_clone().expect("clone");
    let mut reader = BufReader::new(stream);
    let mut seen = Vec::new();
    if writer.write_all(greeting).is_err() {
        return seen;
    }
    loop {
        let Some(command) = read_command(&mut reader, &mut writer) else {
            return seen;
        };
        seen.push(command.clone());
        let (tag, rest) = command.split_once(' ').unwrap_or((&command, ""));
        match script(rest) {
            Act::Reply(text) => {
                if writer
                    .write_all(text.replace("{tag}", tag).as_bytes())
                    .is_err()
                {
                    return seen;
                }
            }
            Act::Last(text) => {
                let _ = writer.write_all(text.replace("{tag}", tag).as_bytes());
                return seen;
            }
            Act::Close => return seen,
            Act::Stall => {
                std::thread::sleep(Duration::from_secs(8));
                return seen;
            }
            Act::Endless(line) => {
                let many = line.repeat(64 * 1024 / line.len());
                while writer.write_all(many.as_bytes()).is_ok() {}
                return seen;
            }
        }
    }
}

/// One command with its literals inline; a literal without `+` is noted
/// as `<sync>` after it, once the fake has sent its go-ahead.
fn read_command(reader: &mut BufReader<TcpStream>, writer: &mut TcpStream) -> Option<String> {
    let mut command = Vec::new();
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line).ok()? == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&line).trim_end().to_string();
        let literal = text
            .rsplit_once('{')
            .and_then(|(_, size)| size.strip_suffix('}'))
            .map(|size| {
                (
                    size.trim_end_matches('+').parse::<usize>().ok(),
                    size.ends_with('+'),
                )
            });
        let Some((Some(n), plus)) = literal else {
            command.extend_from_slice(text.as_bytes());
            return Some(String::from_utf8_lossy(&command).into_owned());
        };
        let head = text.rsplit_once('{').map_or("", |(head, _)| head);
        command.extend_from_slice(head.as_bytes());
        if !plus {
            writer.write_all(b"+ go on\r\n").ok()?;
        }
        let mut bytes = vec![0; n];
        reader.read_exact(&mut bytes).ok()?;
        command.extend_from_slice(&bytes);
        if !plus {
            command.extend_from_slice(b"<sync>");
        }
    }
}

#[test]
fn without_literal_plus_the_password_waits_for_the_go_ahead() {
    let fake = Fake::start(b"* OK [CAPABILITY IMAP4rev1 IDLE] fake\r\n", usual);
    fake.open().expect("logs in").logout().expect("logout");
    let commands = fake.commands();
    let login = commands
        .iter()
        .find(|c| c.contains("LOGIN"))
        .expect("a LOGIN");
    // The user quoted; the password, not ASCII, as a literal sent on `+`.
    assert!(
        login.ends_with(&format!("LOGIN \"director\" {PASSWORD}<sync>")),
        "{login}"
    );
}

#[test]
fn with_literal_plus_the_password_goes_at_once() {
    let fake = Fake::start(GREETING, usual);
    fake.open().expect("logs in").logout().expect("logout");
    let commands = fake.commands();
    let login = commands
        .iter()
        .find(|c| c.contains("LOGIN"))
        .expect("a LOGIN");
    assert!(
        login.ends_with(&format!("LOGIN \"director\" {PASSWORD}")),
        "{login}"
    );
}

#[test]
fn a_refusal_that_echoes_the_password_does_not_show_it() {
    let fake = Fake::start(GREETING, |c| {
        if c.starts_with("LOGIN") {
            Act::Reply(format!(
                "{{tag}} NO [AUTHENTICATIONFAILED] {PASSWORD} is wrong\r\n"
            ))
        } else {
            usual(c)
        }
    });
    let err = fake.open().expect_err("refused");
    assert!(matches!(err, ImapError::Login { .. }), "{err:?}");
    assert!(!err.is_temporary());
    let text = format!("{err} {err:?}");
    assert!(
        !text.contains(PASSWORD) && !text.contains("s3cret"),
        "{text}"
    );
    assert!(text.contains("is wrong"), "{text}");
}

#[test]
fn a_login_refused_for_now_is_temporary() {
    let fake = Fake::start(GREETING, |c| {
        if c.starts_with("LOGIN") {
            Act::Reply("{tag} NO [UNAVAILABLE] try later\r\n".into())
        } else {
            usual(c)
        }
    });
    let err = fake.open().expect_err("refused");
    assert!(err.is_temporary(), "{err:?}");
}

#[test]
fn a_server_that_never_greets_times_out_in_time() {
    let fake = Fake::start(b"", |_| Act::Stall);
    let started = Instant::now();
    let account = Account::new(&fake.config(1).imap(), PASSWORD, None).expect("settings");
    let err = Imap::open(&account).expect_err("no greeting");
    assert!(matches!(err, ImapError::Timeout { .. }), "{err:?}");
    assert!(err.is_temporary());
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_server_that_drips_its_greeting_still_times_out() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    let dripper = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().expect("accept");
        for b in b"* OK a very slow greeting that never ends in time\r\n" {
            if stream.write_all(&[*b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    let mut config = InboxConfig::new("127.0.0.1", Security::None, "director", "UNUSED");
    config.port = port;
    config.timeout = Duration::from_secs(1);
    let started = Instant::now();
    let err = Imap::open(&Account::new(&config.imap(), PASSWORD, None).expect("settings"))
        .expect_err("too slow");
    assert!(matches!(err, ImapError::Timeout { .. }), "{err:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    drop(err);
    dripper.join().expect("dripper");
}

#[test]
fn a_connection_dropped_in_the_middle_of_a_message_is_temporary() {
    let fake = Fake::start(GREETING, |c| {
        if c.contains("BODY.PEEK[]") {
            Act::Last("* 1 FETCH (UID 7 BODY[] {100}\r\nFrom: half a mess".into())
        } else if c.contains("RFC822.SIZE") {
            Act::Reply(
                "* 1 FETCH (UID 7 RFC822.SIZE 100 INTERNALDATE \"23-Nov-2026 10:00:00 +0000\")\r\n\
                 {tag} OK done\r\n"
                    .into(),
            )
        } else {
            usual(c)
        }
    });
    let mut imap = fake.open().expect("logs in");
    let err = imap.fetch(7).expect_err("cut short");
    assert!(matches!(err, ImapError::Broken { .. }), "{err:?}");
    assert!(err.is_temporary());
    // The connection is spent: the next command fails at once.
    let started = Instant::now();
    assert!(imap.waiting().expect_err("spent").is_temporary());
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn a_huge_literal_is_refused_unread() {
    let fake = Fake::start(GREETING, |c| {
        if c.contains("BODY.PEEK[]") {
            Act::Reply("* 1 FETCH (UID 7 BODY[] {99999999999}\r\n".into())
        } else if c.contains("RFC822.SIZE") {
            Act::Reply(
                "* 1 FETCH (UID 7 RFC822.SIZE 100 INTERNALDATE \"23-Nov-2026 10:00:00 +0000\")\r\n\
                 {tag} OK done\r\n"
                    .into(),
            )
        } else {
            usual(c)
        }
    });
    let mut imap = fake.open().expect("logs in");
    let err = imap.fetch(7).expect_err("a lie");
    assert!(matches!(err, ImapError::Protocol { .. }), "{err:?}");
    assert!(!err.is_temporary());
}

/// A mail over the limit is not fetched whole: its header alone comes,
/// so that its sender can be answered (docs/players.md, "What a reply may say").
#[test]
fn of_a_message_over_the_limit_only_the_header_is_fetched() {
    let size = MAX_MESSAGE_BYTES + 1;
    let head = "From: ada@example.org\r\nMessage-ID: <big@ada>\r\n\r\n";
    let fake = Fake::start(GREETING, move |c| {
        if c.contains("RFC822.SIZE") {
            Act::Reply(format!(
                "* 1 FETCH (UID 7 RFC822.SIZE {size} INTERNALDATE \"23-Nov-2026 10:00:00 +0000\")\r\n\
                 {{tag}} OK done\r\n"
            ))
        } else if c.contains("BODY.PEEK[HEADER]") {
            Act::Reply(format!(
                "* 1 FETCH (UID 7 BODY[HEADER] {{{}}}\r\n{head})\r\n{{tag}} OK done\r\n",
                head.len()
            ))
        } else {
            usual(c)
        }
    });
    let mut imap = fake.open().expect("logs in");
    let message = imap.fetch(7).expect("its header");
    assert!(message.too_large);
    assert_eq!(message.raw, head.as_bytes());
    assert_eq!(imap.waiting().expect("search"), [7]);
    let commands = fake_commands_after_logout(imap, fake);
    assert!(
        !commands.iter().any(|c| c.contains("BODY.PEEK[]")),
        "{commands:?}"
    );
}

fn fake_commands_after_logout(imap: Imap, fake: Fake) -> Vec<String> {
    imap.logout().expect("logout");
    fake.commands()
}

#[test]
fn garbage_for_a_greeting_is_a_protocol_error() {
    let fake = Fake::start(b"HTTP/1.1 400 Bad Request\r\n\r\n", |_| Act::Close);
    let err = fake.open().expect_err("not IMAP");
    assert!(matches!(err, ImapError::Protocol { .. }), "{err:?}");
    assert!(!err.is_temporary());
}

#[test]
fn a_mailbox_that_cannot_keep_the_keyword_is_refused_clearly() {
    let fake = Fake::start(GREETING, |c| {
        if c.starts_with("SELECT") {
            Act::Reply(
                "* OK [PERMANENTFLAGS (\\Seen \\Deleted)] x\r\n{tag} OK [READ-WRITE] in\r\n".into(),
            )
        } else {
            usual(c)
        }
    });
    let err = fake.open().expect_err("no keywords");
    assert!(matches!(err, ImapError::Mailbox { .. }), "{err:?}");
    assert!(err.to_string().contains("PERMANENTFLAGS"), "{err}");
    let fake = Fake::start(GREETING, |c| {
        if c.starts_with("SELECT") {
            Act::Reply("{tag} OK [READ-ONLY] in\r\n".into())
        } else {
            usual(c)
        }
    });
    let err = fake.open().expect_err("read-only");
    assert!(err.to_string().contains("read-only"), "{err}");
}

#[test]
fn bytes_after_the_ok_to_starttls_are_refused() {
    let fake = Fake::start(b"* OK [CAPABILITY IMAP4rev1 STARTTLS] fake\r\n", |c| {
        if c.starts_with("STARTTLS") {
            Act::Reply(
                "{tag} OK begin\r\n* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] injected\r\n".into(),
            )
        } else {
            usual(c)
        }
    });
    let mut config = fake.config(5);
    config.security = Security::Starttls;
    let err = Imap::open(&Account::new(&config.imap(), PASSWORD, None).expect("settings"))
        .expect_err("refused");
    assert!(matches!(err, ImapError::Protocol { .. }), "{err:?}");
}

#[test]
fn a_bye_during_idle_is_a_temporary_error_with_the_servers_words() {
    let fake = Fake::start(GREETING, |c| {
        if c.starts_with("IDLE") {
            Act::Last("+ idling\r\n* BYE shutting down for maintenance\r\n".into())
        } else {
            usual(c)
        }
    });
    let mut imap = fake.open().expect("logs in");
    imap.waiting().expect("search");
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let err = imap.idle(Duration::from_secs(60), &stop).expect_err("BYE");
    assert!(err.is_temporary(), "{err:?}");
    assert!(err.to_string().contains("maintenance"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// IMAP memory bounded: a server that answers a command with endless
/// untagged `* OK` lines is cut off after `MAX_UNTAGGED` of them, with an
/// error that says the server misbehaves, long before the command's time
/// runs out (a timeout would mean the lines were kept until then). The
/// peak memory this leaves is measured by hand: docs/mail.md, "The `[inbox]` table".
#[test]
fn endless_untagged_responses_end_in_an_error_not_in_memory() {
    let fake = Fake::start(GREETING, |c| {
        if c.starts_with("SELECT") {
            Act::Endless("* OK [ALERT] still here\r\n")
        } else {
            usual(c)
        }
    });
    let err = fake
        .open()
        .expect_err("a server that never answers the SELECT");
    assert!(matches!(err, ImapError::Protocol { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("the server misbehaves: more than 10000 untagged responses"),
        "{err}"
    );
    assert!(!err.is_temporary());
}

/// Certificate and TLS errors in plain words: a certificate of an
/// authority nobody named is "not trusted", with the variable that fixes
/// it; a port that does not speak TLS says to check security and port.
#[test]
fn tls_errors_name_the_cause_and_the_setting_that_fixes_it() {
    let dovecot = crate::support::dovecot::Dovecot::start();
    for security in [Security::Tls, Security::Starttls] {
        let account = Account::new(&dovecot.config(security).imap(), &dovecot.password, None);
        let err = Imap::open(&account.expect("settings")).expect_err("untrusted");
        let text = err.to_string();
        assert!(
            text.contains("the server's certificate is not trusted")
                && text.contains("set DYNAMO_IMAP_CA_FILE"),
            "{security:?}: {text}"
        );
        assert!(!text.contains("Context"), "{text}");
    }
    let fake = Fake::start(GREETING, usual);
    let mut config = fake.config(5);
    config.security = Security::Tls;
    let err = Imap::open(&Account::new(&config.imap(), PASSWORD, None).expect("settings"))
        .expect_err("no TLS there");
    assert!(
        err.to_string()
            .contains("does not speak TLS there; check security and port in [inbox]"),
        "{err}"
    );
}

/// `inbox --watch` says on standard error that it is connected and
/// waiting, at once, and again each time it connects anew: a person
/// starting the service sees it work before the first mail.
#[test]
fn watch_says_when_it_is_connected_and_when_it_connects_again() {
    let w = super::world::World::new();
    let listener = TcpListener::bind("127.0.0.1:0").expect("binding the fake");
    let port = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        // The first session is dropped in IDLE; the second idles on.
        for drop_idle in [true, false] {
            let Ok((stream, _)) = listener.accept() else {
                return;
            };
            serve(stream, GREETING, &move |c: &str| {
                if c.starts_with("UID SEARCH") {
                    Act::Reply("* SEARCH\r\n{tag} OK done\r\n".into())
                } else if c.starts_with("IDLE") && drop_idle {
                    Act::Close
                } else if c.starts_with("IDLE") {
                    Act::Stall
                } else {
                    usual(c)
                }
            });
        }
    });
    w.config(&format!(
        "\n[inbox]\nhost = \"127.0.0.1\"\nport = {port}\nsecurity = \"none\"\n\
         username = \"u\"\npassword_env = \"P\"\ntimeout_seconds = 5\n"
    ));
    let mut child = w
        .env
        .command()
        .args(["inbox", "--imap", "--watch", "--poll", "1"])
        .env("P", "pw")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dynamo inbox --imap --watch");
    let stderr = child.stderr.take().expect("its standard error");
    let (lines, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let name = format!("imap://127.0.0.1:{port}/INBOX");
    let mut seen = Vec::new();
    let started = Instant::now();
    while !seen
        .iter()
        .any(|l: &String| l.starts_with("dynamo: reconnected"))
    {
        let left = Duration::from_secs(20).saturating_sub(started.elapsed());
        match said.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        seen.first().map(String::as_str),
        Some(format!("dynamo: connected to {name}, waiting for mail").as_str()),
        "{seen:#?}"
    );
    assert_eq!(
        seen.last().map(String::as_str),
        Some(format!("dynamo: reconnected to {name}, waiting for mail").as_str()),
        "{seen:#?}"
    );
}
