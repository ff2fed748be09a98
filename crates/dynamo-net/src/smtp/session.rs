//! One SMTP session: the greeting, EHLO, STARTTLS or implicit TLS, the
//! login, messages to one recipient each, QUIT. The opening runs on one
//! deadline, and each message on its own from [`Session::renew`] (see
//! `wire.rs`); a failure names its stage. One session carries every
//! notice of an inbox run (the `Courier` of `dynamo`'s mail).
//!
//! The session is split where the outbox needs it: [`Session::hand_over`]
//! returns once the whole message and its final dot are written, so the
//! caller can record that before [`Session::reply`] reads the server's
//! answer; [`Session::quit`] comes after the notice is recorded as
//! delivered, and its answer does not matter.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use lettre::Address;

use super::error::{Reply, SmtpError, Stage};
use super::server::{CA_FILE_ENV, SmtpServer};
use crate::{Deadline, Security, Wire, WireError, resolve};

/// Longest reply line and whole reply accepted (as Postfix).
const MAX_LINE: usize = 1000;
const MAX_REPLY: usize = 100_000;

/// How long QUIT may wait for its answer: the message is delivered by
/// then, so this only spares the server a rude close.
const QUIT_WAIT: Duration = Duration::from_secs(2);

/// One SMTP session, from the greeting to QUIT.
pub struct Session {
    server: Arc<SmtpServer>,
    wire: Option<Wire>,
    deadline: Deadline,
    stage: Stage,
    /// Bytes read but not yet consumed as reply lines.
    pending: Vec<u8>,
    /// The EHLO keywords, upper case, with their parameters.
    extensions: Vec<String>,
}

impl Session {
    /// Connects, secures the connection and logs in; the session's clock
    /// starts here.
    pub fn open(server: &Arc<SmtpServer>) -> Result<Session, SmtpError> {
        let mut session = Session {
            server: Arc::clone(server),
            wire: None,
            deadline: Deadline::after(server.timeout),
            stage: Stage::Connect,
            pending: Vec::new(),
            extensions: Vec::new(),
        };
        session.start()?;
        Ok(session)
    }

    fn server(&self) -> String {
        self.server.server()
    }

    /// A failure of the wire at the current stage.
    fn fail(&self, e: WireError) -> SmtpError {
        let server = self.server();
        match e {
            WireError::Timeout => SmtpError::Timeout {
                server,
                stage: self.stage,
                seconds: self.deadline.limit().as_secs(),
            },
            WireError::Tls(fault) => SmtpError::Tls {
                server,
                detail: fault.explain(CA_FILE_ENV, "[mail]"),
            },
            e if self.stage == Stage::Connect => SmtpError::Connect {
                server,
                detail: e.to_string(),
            },
            e => SmtpError::Broken {
                server,
                stage: self.stage,
                detail: e.to_string(),
            },
        }
    }

    fn wire(&mut self) -> Result<&mut Wire, SmtpError> {
        let server = self.server();
        self.wire.as_mut().ok_or(SmtpError::Broken {
            server,
            stage: self.stage,
            detail: "not connected".to_string(),
        })
    }

    /// Starts the clock again for one more message of the session: a
    /// session that carries many messages gives each the whole time limit.
    pub fn renew(&mut self) {
        self.deadline = Deadline::after(self.server.timeout);
    }

    fn start(&mut self) -> Result<(), SmtpError> {
        let t = Arc::clone(&self.server);
        let addrs = resolve(&t.host, t.port, self.deadline).map_err(|e| self.fail(e))?;
        let wire = Wire::connect(&addrs, self.deadline).map_err(|e| self.fail(e))?;
        self.wire = Some(wire);
        if t.security == Security::Tls {
            self.stage = Stage::Tls;
            self.secure()?;
        }
        self.stage = Stage::Greeting;
        let greeting = self.read_reply()?;
        if greeting.code != 220 {
            return Err(SmtpError::Connect {
                server: self.server(),
                detail: format!("the server's greeting was {greeting}"),
            });
        }
        self.hello()?;
        if t.security == Security::Starttls {
            self.stage = Stage::Tls;
            if !self.offers("STARTTLS") {
                return Err(SmtpError::Tls {
                    server: self.server(),
                    detail: "the server does not offer STARTTLS".to_string(),
                });
            }
            let reply = self.command("STARTTLS\r\n")?;
            if reply.code != 220 {
                return Err(SmtpError::Tls {
                    server: self.server(),
                    detail: format!("the server answered STARTTLS with {reply}"),
                });
            }
            self.secure()?;
            self.hello()?;
        }
        if let Some((user, password)) = &t.login {
            self.stage = Stage::Login;
            self.login(user, password)?;
        }
        Ok(())
    }

    fn secure(&mut self) -> Result<(), SmtpError> {
        let t = Arc::clone(&self.server);
        let config = t
            .tls
            .clone()
            .ok_or_else(|| SmtpError::Config("TLS settings missing".to_string()))?;
        let name = t.tls_name()?;
        let wire = self.wire.take().ok_or(SmtpError::Tls {
            server: self.server(),
            detail: "not connected".to_string(),
        })?;
        // Bytes the server sent before the handshake would be plain text
        // injected ahead of the encryption: none may be used.
        self.pending.clear();
        let wire = wire
            .start_tls(config, name, self.deadline)
            .map_err(|e| self.fail(e))?;
        self.wire = Some(wire);
        Ok(())
    }

    fn hello(&mut self) -> Result<(), SmtpError> {
        self.stage = Stage::Hello;
        let reply = self.command(&format!("EHLO {}\r\n", hello_name()))?;
        if reply.code != 250 {
            return Err(SmtpError::Connect {
                server: self.server(),
                detail: format!("the server answered EHLO with {reply}"),
            });
        }
        self.extensions = reply
            .lines
            .iter()
            .skip(1)
            .map(|l| l.to_ascii_uppercase())
            .collect();
        Ok(())
    }

    fn offers(&self, keyword: &str) -> bool {
        self.extensions
            .iter()
            .any(|e| e.split_whitespace().next() == Some(keyword))
    }

    fn offers_auth(&self, mechanism: &str) -> bool {
        self.extensions.iter().any(|e| {
            let mut words = e.split([' ', '=']);
            words.next() == Some("AUTH") && words.any(|m| m == mechanism)
        })
    }

    fn login(&mut self, user: &str, password: &str) -> Result<(), SmtpError> {
        let refused = |s: &Self, detail: String| SmtpError::Auth {
            server: s.server(),
            user: user.to_string(),
            detail,
        };
        let reply = if self.offers_auth("PLAIN") {
            let token = BASE64.encode(format!("\0{user}\0{password}"));
            self.command(&format!("AUTH PLAIN {token}\r\n"))?
        } else if self.offers_auth("LOGIN") {
            let mut reply = self.command("AUTH LOGIN\r\n")?;
            for answer in [user, password] {
                if reply.code != 334 {
                    break;
                }
                reply = self.command(&format!("{}\r\n", BASE64.encode(answer)))?;
            }
            reply
        } else {
            let detail = if self.wire.as_ref().is_some_and(Wire::is_tls) {
                "the server offers no login (AUTH PLAIN or LOGIN)"
            } else {
                "the server offers no login (AUTH PLAIN or LOGIN) on this connection"
            };
            return Err(refused(self, detail.to_string()));
        };
        if reply.code != 235 {
            return Err(refused(self, reply.to_string()));
        }
        Ok(())
    }

    /// Sends the envelope (one sender, one recipient) and the whole
    /// message but its final dot ([`Session::end_message`]).
    pub fn hand_over(&mut self, from: &Address, to: &Address, raw: &[u8]) -> Result<(), SmtpError> {
        self.stage = Stage::Envelope;
        let mut params = String::new();
        let non_ascii =
            !AsRef::<str>::as_ref(from).is_ascii() || !AsRef::<str>::as_ref(to).is_ascii();
        if non_ascii {
            if !self.offers("SMTPUTF8") {
                return Err(SmtpError::SenderRejected {
                    address: from.to_string(),
                    detail: "an address is not ASCII and the server does not offer SMTPUTF8"
                        .to_string(),
                });
            }
            params.push_str(" SMTPUTF8");
        }
        if !raw.is_ascii() && self.offers("8BITMIME") {
            params.push_str(" BODY=8BITMIME");
        }
        let reply = self.command(&format!("MAIL FROM:<{from}>{params}\r\n"))?;
        if reply.code != 250 {
            return Err(SmtpError::SenderRejected {
                address: from.to_string(),
                detail: reply.to_string(),
            });
        }
        let reply = self.command(&format!("RCPT TO:<{to}>\r\n"))?;
        if reply.code != 250 && reply.code != 251 {
            return Err(SmtpError::RecipientRejected {
                address: to.to_string(),
                code: reply.code,
                detail: reply.to_string(),
            });
        }
        let reply = self.command("DATA\r\n")?;
        if reply.code != 354 {
            return Err(SmtpError::MessageRejected {
                code: reply.code,
                detail: reply.to_string(),
            });
        }
        self.stage = Stage::Message;
        let data = dot_stuffed(raw);
        let deadline = self.deadline;
        let written = self.wire()?.write_all(&data, deadline);
        written.map_err(|e| self.fail(e))
    }

    /// Writes the message's final dot but holds it back in the system
    /// until [`Session::release`]: once it reaches the server the message
    /// is delivered, so the outbox must record that first. Were the dot
    /// sent at once, the server would wake and, on one busy core, run
    /// before this process renames the notice, so a kill in between
    /// would send it twice; held back, a kill lets the system send it on
    /// closing, after or before the rename, and only a preemption between
    /// this call and the rename is left.
    pub fn end_message(&mut self) -> Result<(), SmtpError> {
        let deadline = self.deadline;
        let wire = self.wire()?;
        wire.hold();
        let written = wire.write_all(b".\r\n", deadline);
        written.map_err(|e| self.fail(e))
    }

    /// Gives up a message whose final dot is held back: the server never
    /// gets it (the connection is reset as the session is dropped).
    pub fn withdraw(self) {
        if let Some(wire) = &self.wire {
            wire.discard();
        }
    }

    /// Lets the final dot go to the server.
    pub fn release(&mut self) {
        if let Some(wire) = &self.wire {
            wire.release();
        }
    }

    /// The server's reply to the message: `Ok` is its 250, the moment the
    /// notice counts as delivered.
    pub fn reply(&mut self) -> Result<(), SmtpError> {
        self.stage = Stage::Reply;
        let reply = self.read_reply()?;
        if reply.code != 250 {
            return Err(SmtpError::MessageRejected {
                code: reply.code,
                detail: reply.to_string(),
            });
        }
        Ok(())
    }

    /// Says goodbye, waiting briefly for the answer, then closes.
    pub fn quit(mut self) {
        self.deadline = self.deadline.capped(QUIT_WAIT);
        self.stage = Stage::Quit;
        let _ = self.command("QUIT\r\n");
        self.abort();
    }

    /// Closes the connection without a goodbye.
    pub fn abort(&self) {
        if let Some(wire) = &self.wire {
            wire.abort();
        }
    }

    fn command(&mut self, line: &str) -> Result<Reply, SmtpError> {
        let deadline = self.deadline;
        let written = self.wire()?.write_all(line.as_bytes(), deadline);
        written.map_err(|e| self.fail(e))?;
        self.read_reply()
    }

    fn read_line(&mut self) -> Result<String, SmtpError> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line);
                return Ok(text.trim_end_matches(['\r', '\n']).to_string());
            }
            if self.pending.len() > MAX_LINE {
                return Err(self.garbled("a reply line longer than 1000 bytes"));
            }
            let mut buf = [0u8; 4096];
            let deadline = self.deadline;
            let read = self.wire()?.read_some(&mut buf, deadline);
            let n = read.map_err(|e| self.fail(e))?;
            self.pending.extend_from_slice(&buf[..n]);
        }
    }

    fn read_reply(&mut self) -> Result<Reply, SmtpError> {
        let mut lines = Vec::new();
        let mut size = 0;
        loop {
            let line = self.read_line()?;
            size += line.len();
            let bytes = line.as_bytes();
            let code = line
                .get(..3)
                .filter(|c| c.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|c| c.parse::<u16>().ok());
            let Some(code) = code else {
                return Err(self.garbled("a reply that does not start with a code"));
            };
            let last = bytes.get(3).is_none_or(|&b| b == b' ');
            lines.push(line.get(4..).unwrap_or("").to_string());
            if last {
                return Ok(Reply { code, lines });
            }
            if size > MAX_REPLY {
                return Err(self.garbled("a reply longer than 100000 bytes"));
            }
        }
    }

    fn garbled(&self, what: &str) -> SmtpError {
        SmtpError::Broken {
            server: self.server(),
            stage: self.stage,
            detail: format!("the server sent {what}"),
        }
    }
}

/// The message with CRLF line ends and every line that starts with a dot
/// given a second one (RFC 5321 §4.5.2), ending with CRLF.
fn dot_stuffed(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 50 + 8);
    let mut line_start = true;
    for (i, &b) in raw.iter().enumerate() {
        if line_start && b == b'.' {
            out.push(b'.');
        }
        if b == b'\n' && (i == 0 || raw[i - 1] != b'\r') {
            out.push(b'\r');
        }
        out.push(b);
        line_start = b == b'\n';
    }
    if !out.ends_with(b"\r\n") {
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// The name this client gives in EHLO: the machine's, when it is a valid
/// domain, else an address literal.
fn hello_name() -> String {
    let name = lettre::transport::smtp::extension::ClientId::default().to_string();
    let tame = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '[' || c == ']');
    if tame {
        name
    } else {
        "[127.0.0.1]".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_are_stuffed_and_lines_end_in_crlf() {
        assert_eq!(dot_stuffed(b".a\r\nb\n.\r\nc"), b"..a\r\nb\r\n..\r\nc\r\n");
        assert_eq!(dot_stuffed(b"x\r\n"), b"x\r\n");
    }
}
