//! A real SMTP server on loopback for the mail tests: `smtp_server.py`
//! (aiosmtpd) in a child process, saving every accepted message to a
//! folder the test reads. Installs aiosmtpd on first use when it is
//! missing (through `ensure-smtp-deps.sh`), so `cargo test` works on a
//! fresh machine.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;

use serde::Deserialize;

fn support_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support")
}

/// Runs `ensure-smtp-deps.sh` once per test binary if python3 cannot
/// import aiosmtpd and cryptography.
fn ensure_deps() {
    static READY: OnceLock<Result<(), String>> = OnceLock::new();
    let ready = READY.get_or_init(|| {
        let ok = Command::new("python3")
            .args(["-c", "import aiosmtpd, cryptography"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Ok(());
        }
        let status = Command::new("bash")
            .arg(support_dir().join("ensure-smtp-deps.sh"))
            .status()
            .map_err(|e| format!("running ensure-smtp-deps.sh: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("ensure-smtp-deps.sh failed: {status}"))
        }
    });
    if let Err(why) = ready {
        panic!("the SMTP test server cannot run: {why}");
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
    /// Listen on this port instead of a free one.
    pub port: Option<u16>,
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
    pub maildir: PathBuf,
    /// The certificate to trust (with `starttls`).
    pub cert: Option<PathBuf>,
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

    pub fn start(options: Options) -> SmtpServer {
        ensure_deps();
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
        if let Some(port) = options.port {
            cmd.arg("--port").arg(port.to_string());
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
        let Ok(entries) = std::fs::read_dir(&self.maildir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths
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
