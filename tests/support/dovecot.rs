//! A real IMAP server on loopback for the inbox tests: Dovecot (Debian's
//! `dovecot-imapd`), one per test, with its own config, certificate,
//! passwd-file user and Maildir in a temporary folder, on two free ports:
//! TLS from the first byte (`tls_port`) and plain with STARTTLS
//! (`plain_port`; a plain login is allowed there only because loopback
//! counts as secure to Dovecot).
//!
//! Dovecot runs in the foreground under a small shell that holds our end
//! of a pipe: when the test drops the server, or dies however it dies,
//! the pipe closes and the shell kills Dovecot, so no server outlives its
//! test. [`Raw`] is a bare IMAP client of the tests' own (not the code
//! under test) to put messages in the mailbox with a chosen INTERNALDATE
//! (APPEND, as a mail server would) and read their flags back.
//!
//! The tests never install anything: without `/usr/sbin/dovecot` a test
//! that needs it fails and says how to install it (`.ci/run` does).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use dynamo::config::{InboxConfig, Security};
use dynamo::inbox::imap::Account;

use super::smtp::unused_port;

const DOVECOT: &str = "/usr/sbin/dovecot";

/// Where the tests' configs say the IMAP password is: a variable of the
/// tests' own, so a developer's real password never takes part.
pub const PASSWORD_VAR: &str = "DYNAMO_TEST_IMAP_PASSWORD";

/// How long Dovecot may take to start listening.
const START_LIMIT: Duration = Duration::from_secs(20);

/// Runs Dovecot until our standard input closes (see the module's note).
const RUN: &str = r#"
exec 3<&0
/usr/sbin/dovecot -F -c "$1" </dev/null &
pid=$!
( read -r _ <&3; kill -KILL "$pid" 2>/dev/null ) &
watcher=$!
wait "$pid"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
"#;

/// A running Dovecot; stopped (and reaped) when dropped.
pub struct Dovecot {
    child: Child,
    stdin: Option<ChildStdin>,
    /// TLS from the first byte.
    pub tls_port: u16,
    /// Plain, offering STARTTLS.
    pub plain_port: u16,
    /// The one user's login name and throwaway password. The password
    /// has a quote, a backslash, braces and non-ASCII letters in it, so
    /// that a client must quote or send it as a literal to log in.
    pub user: String,
    pub password: String,
    dir: tempfile::TempDir,
}

impl Dovecot {
    /// Starts a fresh server and waits until it greets.
    pub fn start() -> Dovecot {
        for needed in [DOVECOT, "/usr/lib/dovecot/imap-login"] {
            assert!(
                Path::new(needed).exists(),
                "the inbox tests need Dovecot's IMAP server ({needed}): install it with \
                 `apt-get install -y dovecot-imapd` (.ci/run does)"
            );
        }
        let dir = tempfile::tempdir().expect("temp folder for Dovecot");
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let stamp = nanos ^ std::process::id();
        let password = format!("p\"w\\{{5}} Zürich-{stamp:08x}");
        let mut last = String::new();
        // A port taken between our look and Dovecot's bind: try afresh.
        for _ in 0..3 {
            match Dovecot::launch(&dir, "director", &password) {
                Ok((child, stdin, tls_port, plain_port)) => {
                    return Dovecot {
                        child,
                        stdin: Some(stdin),
                        tls_port,
                        plain_port,
                        user: "director".to_string(),
                        password,
                        dir,
                    };
                }
                Err(why) => last = why,
            }
        }
        panic!("Dovecot did not start: {last}");
    }

    fn launch(
        dir: &tempfile::TempDir,
        user: &str,
        password: &str,
    ) -> Result<(Child, ChildStdin, u16, u16), String> {
        let (tls_port, plain_port) = (unused_port(), unused_port());
        let root = dir.path();
        let conf = write_config(root, user, password, tls_port, plain_port);
        let _ = std::fs::remove_file(root.join("dovecot.log"));
        let stderr = std::fs::File::create(root.join("stderr.log")).expect("stderr.log");
        // A process group of its own: what Dovecot signals to its group
        // never reaches the test.
        let mut child = Command::new("sh")
            .process_group(0)
            .args(["-c", RUN, "run-dovecot"])
            .arg(&conf)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("sh did not run: {e}"))?;
        let stdin = child.stdin.take().expect("the shell's stdin");
        let started = Instant::now();
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("it exited ({status}){}", log(root)));
            }
            if greets(plain_port) && TcpStream::connect(("127.0.0.1", tls_port)).is_ok() {
                return Ok((child, stdin, tls_port, plain_port));
            }
            if started.elapsed() > START_LIMIT {
                drop(stdin);
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "not listening after {START_LIMIT:?}: {}",
                    log(root)
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The server's certificate, as `DYNAMO_IMAP_CA_FILE` takes it.
    pub fn ca_file(&self) -> PathBuf {
        self.dir.path().join("cert.pem")
    }

    /// What Dovecot has logged.
    pub fn log(&self) -> String {
        log(self.dir.path())
    }

    /// Every command the server has finished, from every client, in
    /// order, as Dovecot logs it: `UID STORE 1:50 +FLAGS.SILENT (…)`.
    pub fn commands(&self) -> Vec<String> {
        let log = std::fs::read_to_string(self.dir.path().join("dovecot.log")).unwrap_or_default();
        log.lines()
            .filter_map(|line| line.split_once(": Command finished: "))
            .map(|(_, command)| command.trim_end().to_string())
            .collect()
    }

    /// The `[inbox]` settings for this server: 127.0.0.1, the port for
    /// `security`, the password in [`PASSWORD_VAR`].
    pub fn config(&self, security: Security) -> InboxConfig {
        let mut config = InboxConfig::new("127.0.0.1", security, &self.user, PASSWORD_VAR);
        config.port = match security {
            Security::Tls => self.tls_port,
            Security::Starttls | Security::None => self.plain_port,
        };
        config.timeout = Duration::from_secs(20);
        config
    }

    /// The settings with the password and certificate given directly, as
    /// a test in this process cannot set environment variables.
    pub fn account(&self, security: Security) -> Account {
        Account::new(
            &self.config(security).imap(),
            &self.password,
            Some(&self.ca_file()),
        )
        .expect("valid test settings")
    }

    /// The `[inbox]` table for a `dynamo.toml`, for tests that run the
    /// `dynamo` binary; run it with [`Dovecot::env`].
    pub fn inbox_toml(&self, security: Security) -> String {
        let config = self.config(security);
        let security = match security {
            Security::Tls => "tls",
            Security::Starttls => "starttls",
            Security::None => "none",
        };
        format!(
            "[inbox]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"{security}\"\n\
             username = \"{}\"\npassword_env = \"{PASSWORD_VAR}\"\ntimeout_seconds = 20\n",
            config.port, self.user
        )
    }

    /// The variables `dynamo` needs to log in here: the password and the
    /// certificate to trust.
    pub fn env(&self) -> Vec<(String, String)> {
        vec![
            (PASSWORD_VAR.to_string(), self.password.clone()),
            (
                "DYNAMO_IMAP_CA_FILE".to_string(),
                self.ca_file().to_string_lossy().into_owned(),
            ),
        ]
    }

    /// A logged-in raw client of the tests' own.
    pub fn raw(&self) -> Raw {
        Raw::login(self.plain_port, &self.user, &self.password)
    }

    /// Puts `message` into INBOX as received at `date`
    /// (`"23-Nov-2026 10:00:00 +0000"`); returns its UID.
    pub fn append(&self, message: &[u8], date: &str) -> u32 {
        self.raw().append("INBOX", message, date)
    }

    /// The flags of message `uid` in INBOX.
    pub fn flags(&self, uid: u32) -> Vec<String> {
        self.raw().flags("INBOX", uid)
    }
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        // Closing the pipe makes the shell kill Dovecot and exit.
        drop(self.stdin.take());
        let started = Instant::now();
        while matches!(self.child.try_wait(), Ok(None)) {
            if started.elapsed() > Duration::from_secs(10) {
                let _ = self.child.kill();
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.wait();
    }
}

fn log(root: &Path) -> String {
    let read = |name| std::fs::read_to_string(root.join(name)).unwrap_or_default();
    format!(
        "\n--- stderr ---\n{}\n--- dovecot.log ---\n{}",
        read("stderr.log"),
        read("dovecot.log")
    )
}

/// Whether the plain port answers with an IMAP greeting.
fn greets(port: u16) -> bool {
    let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).is_ok() && line.starts_with("* OK")
}

/// Output of `id ARGS`, trimmed.
fn id(args: &[&str]) -> String {
    let out = Command::new("id").args(args).output().expect("running id");
    assert!(out.status.success(), "id {args:?} failed");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Writes the certificate, the passwd-file and the config; returns the
/// config's path.
fn write_config(root: &Path, user: &str, password: &str, tls: u16, plain: u16) -> PathBuf {
    let me = std::fs::metadata(root).expect("the temp folder");
    // As root, Dovecot refuses to run its login processes or a mail user
    // as root: the package's own users run them, and `nobody` owns the
    // mail. Otherwise everything runs as the current user.
    let (internal, internal_group, login, uid, gid) = if me.uid() == 0 {
        let nobody = |flag| id(&[flag, "nobody"]).parse::<u32>().expect("nobody's id");
        let (uid, gid) = (nobody("-u"), nobody("-g"));
        (
            "dovecot".to_string(),
            "dovecot".to_string(),
            "dovenull".to_string(),
            uid,
            gid,
        )
    } else {
        let name = id(&["-un"]);
        (name.clone(), id(&["-gn"]), name, me.uid(), me.gid())
    };
    std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let home = root.join("home");
    std::fs::create_dir_all(&home).expect("the mail home");
    std::os::unix::fs::chown(&home, Some(uid), Some(gid)).expect("chown of the mail home");
    make_certificate(root);
    let r = root.display();
    std::fs::write(
        root.join("passwd"),
        format!("{user}:{{PLAIN}}{password}:{uid}:{gid}::{r}/home\n"),
    )
    .expect("writing the passwd-file");
    let run = root.join("run");
    std::fs::create_dir_all(&run).expect("base_dir");
    let conf = format!(
        r#"protocols = imap
listen = 127.0.0.1
base_dir = {r}/run
state_dir = {r}/state
log_path = {r}/dovecot.log
info_log_path = {r}/dovecot.log
debug_log_path = {r}/dovecot.log
# Every command a client sent, as `Command finished: UID STORE 1:50 …`,
# for the tests that count them (Dovecot::commands).
log_debug = event=imap_command_finished
auth_verbose = yes
default_internal_user = {internal}
default_internal_group = {internal_group}
default_login_user = {login}
first_valid_uid = 1
ssl = required
ssl_cert = <{r}/cert.pem
ssl_key = <{r}/key.pem
auth_mechanisms = plain
passdb {{
  driver = passwd-file
  args = scheme=PLAIN {r}/passwd
}}
userdb {{
  driver = passwd-file
  args = {r}/passwd
}}
mail_location = maildir:~/Maildir
# chroot needs root: none, so that a developer's own user can run it too.
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    port = {plain}
  }}
  inet_listener imaps {{
    port = {tls}
    ssl = yes
  }}
}}
"#
    );
    let path = root.join("dovecot.conf");
    std::fs::write(&path, conf).expect("writing dovecot.conf");
    path
}

/// A self-signed certificate for 127.0.0.1 that rustls accepts as its
/// own root: `CA:FALSE` (rustls refuses a CA certificate as the server's),
/// with the address in subjectAltName.
fn make_certificate(root: &Path) {
    std::fs::write(
        root.join("openssl.cnf"),
        "[req]\ndistinguished_name = dn\nprompt = no\nx509_extensions = ext\n\
         [dn]\nCN = 127.0.0.1\n\
         [ext]\nbasicConstraints = critical, CA:FALSE\n\
         subjectAltName = IP:127.0.0.1, DNS:localhost\n\
         keyUsage = critical, digitalSignature\nextendedKeyUsage = serverAuth\n",
    )
    .expect("writing openssl.cnf");
    let out = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
        ])
        .args(["-nodes", "-days", "2", "-config", "openssl.cnf"])
        .args(["-keyout", "key.pem", "-out", "cert.pem"])
        .current_dir(root)
        .output()
        .expect("running openssl");
    assert!(
        out.status.success(),
        "openssl could not make the test certificate: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A bare IMAP client over the plain port, for the tests' own use: no
/// parsing beyond what they need, every read within 20 seconds.
pub struct Raw {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    tag: u32,
}

impl Raw {
    /// Connects to the plain port on loopback and logs in.
    pub fn login(port: u16, user: &str, password: &str) -> Raw {
        let addr = ("127.0.0.1", port)
            .to_socket_addrs()
            .expect("address")
            .next();
        let stream = TcpStream::connect_timeout(&addr.expect("address"), Duration::from_secs(20))
            .expect("connecting the raw client");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        let mut raw = Raw {
            reader: BufReader::new(stream.try_clone().expect("clone")),
            writer: stream,
            tag: 0,
        };
        let mut greeting = String::new();
        raw.reader.read_line(&mut greeting).expect("greeting");
        let mut login = format!("LOGIN \"{user}\" {{{}+}}\r\n", password.len()).into_bytes();
        login.extend_from_slice(password.as_bytes());
        raw.command(&login);
        raw
    }

    /// Sends a command (without tag and final CRLF) and returns the lines
    /// before its tagged OK; panics on NO or BAD.
    pub fn command(&mut self, command: &[u8]) -> Vec<String> {
        self.tag += 1;
        let tag = format!("R{}", self.tag);
        let mut line = format!("{tag} ").into_bytes();
        line.extend_from_slice(command);
        line.extend_from_slice(b"\r\n");
        self.writer.write_all(&line).expect("writing to Dovecot");
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .reader
                .read_line(&mut line)
                .expect("reading from Dovecot");
            assert!(n > 0, "Dovecot closed the connection");
            if let Some(rest) = line.strip_prefix(&format!("{tag} ")) {
                assert!(rest.starts_with("OK"), "Dovecot refused {tag}: {line}");
                lines.push(line);
                return lines;
            }
            lines.push(line);
        }
    }

    /// APPENDs `message` to `mailbox` with INTERNALDATE `date`; its UID.
    pub fn append(&mut self, mailbox: &str, message: &[u8], date: &str) -> u32 {
        let mut command = format!(
            "APPEND \"{mailbox}\" () \"{date}\" {{{}+}}\r\n",
            message.len()
        )
        .into_bytes();
        command.extend_from_slice(message);
        let lines = self.command(&command);
        let done = lines.last().expect("the tagged answer");
        // `R2 OK [APPENDUID 1795394294 1] Append completed.`
        let uid = done
            .split("APPENDUID ")
            .nth(1)
            .and_then(|rest| rest.split([' ', ']']).nth(1))
            .and_then(|uid| uid.parse().ok());
        uid.unwrap_or_else(|| panic!("no APPENDUID in {done:?}"))
    }

    /// The flags of message `uid` in `mailbox`.
    pub fn flags(&mut self, mailbox: &str, uid: u32) -> Vec<String> {
        self.command(format!("EXAMINE \"{mailbox}\"").as_bytes());
        let lines = self.command(format!("UID FETCH {uid} (FLAGS)").as_bytes());
        let fetch = lines
            .iter()
            .find(|l| l.starts_with("* ") && l.contains("FETCH"))
            .unwrap_or_else(|| panic!("no message {uid} in {mailbox}: {lines:?}"));
        let inside = fetch
            .split("FLAGS (")
            .nth(1)
            .and_then(|rest| rest.split(')').next())
            .unwrap_or("");
        inside.split_whitespace().map(str::to_string).collect()
    }
}
