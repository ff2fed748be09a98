//! A real SMTP server on loopback for the mail tests: `smtp_server.py`
//! (aiosmtpd) in a child process, saving every accepted message to a
//! folder the test reads.
//!
//! The tests never install anything: when python3 cannot import aiosmtpd
//! and cryptography, a test that needs the server fails and names the
//! script that installs them (`.ci/run` runs it before the tests).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;

use serde::Deserialize;

use super::json_files;

fn support_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support")
}

/// Fails the calling test when the server's Python packages are missing
/// (looked for once per run).
fn require_deps() {
    static MISSING: OnceLock<Option<String>> = OnceLock::new();
    let missing = MISSING.get_or_init(|| {
        match Command::new("python3")
            .args(["-c", "import aiosmtpd, cryptography"])
            .output()
        {
            Ok(out) if out.status.success() => None,
            // The last line of Python's traceback names the missing module.
            Ok(out) => Some(
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .last()
                    .unwrap_or("the import failed")
                    .to_string(),
            ),
            Err(e) => Some(format!("python3 does not run: {e}")),
        }
    });
    if let Some(why) = missing {
        panic!(
            "the SMTP test server needs python3 with aiosmtpd and cryptography \
             ({why}); install them with `bash tests/support/ensure-smtp-deps.sh`"
        );
    }
}

/// How to start the server.
#[derive(Debug, Default, Clone)]
pub struct Options {
    /// Offer and require STARTTLS with a fresh self-signed certificate.
    pub starttls: bool,
    /// TLS from the first byte instead of STARTTLS (with `starttls` set
    /// for the certificate).
    pub implicit_tls: bool,
    /// Require AUTH with `user:password`.
    pub auth: Option<(String, String)>,
    /// Answer 550 to these recipients.
    pub reject: Vec<String>,
    /// Misbehave (`smtp_server.py --fault`): `drip`, `silent`, `no-quit`
    /// or `silent-after-data`.
    pub fault: Option<&'static str>,
    /// The pause between the bytes of the `drip` fault, in seconds.
    pub drip_seconds: Option<f64>,
}

/// One message as the server received it.
#[derive(Debug, Clone, Deserialize)]
pub struct Received {
    pub mail_from: String,
    pub rcpt_tos: Vec<String>,
    pub data: String,
    pub tls: bool,
    pub auth: Option<String>,
}

/// A running server; stopped (and reaped) when dropped.
pub struct SmtpServer {
    child: Child,
    stdin: Option<ChildStdin>,
    pub port: u16,
    maildir: PathBuf,
    cert: Option<PathBuf>,
    _dir: tempfile::TempDir,
}

impl SmtpServer {
    /// The server's self-signed certificate, as `DYNAMO_SMTP_CA_FILE` takes
    /// it; only for a server started with `starttls`.
    pub fn ca_file(&self) -> String {
        self.cert
            .as_ref()
            .expect("a server started with starttls has a certificate")
            .to_string_lossy()
            .into_owned()
    }

    /// The folder the server saves each accepted message into.
    pub fn maildir(&self) -> &Path {
        &self.maildir
    }

    pub fn start(options: Options) -> SmtpServer {
        require_deps();
        let dir = tempfile::tempdir().expect("temp folder for the SMTP server");
        let maildir = dir.path().join("received");
        let mut cmd = Command::new("python3");
        cmd.arg(support_dir().join("smtp_server.py")).arg(&maildir);
        let mut cert = None;
        if options.starttls {
            let cert_dir = dir.path().join("cert");
            cmd.arg("--make-cert").arg(&cert_dir);
            cert = Some(cert_dir.join("cert.pem"));
        }
        if options.implicit_tls {
            cmd.arg("--implicit-tls");
        }
        if let Some((user, password)) = &options.auth {
            cmd.arg("--auth").arg(format!("{user}:{password}"));
        }
        for address in &options.reject {
            cmd.arg("--reject-rcpt").arg(address);
        }
        if let Some(fault) = options.fault {
            cmd.arg("--fault").arg(fault);
        }
        if let Some(seconds) = options.drip_seconds {
            cmd.arg("--drip-seconds").arg(seconds.to_string());
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting tests/support/smtp_server.py");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("server stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("reading the server's port");
        let port = match line.trim().parse() {
            Ok(port) => port,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the SMTP test server did not start (printed {line:?})");
            }
        };
        SmtpServer {
            child,
            stdin,
            port,
            maildir,
            cert,
            _dir: dir,
        }
    }

    /// The messages received so far, in arrival order.
    pub fn messages(&self) -> Vec<Received> {
        json_files(&self.maildir)
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(p).expect("reading a received message");
                serde_json::from_str(&text).expect("a received-message record")
            })
            .collect()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        // Closing stdin asks the server to stop; kill in case it does not.
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A loopback port with nothing listening on it (bound, then released).
pub fn unused_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("binding a free port");
    listener.local_addr().expect("local address").port()
}
