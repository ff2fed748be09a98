//! One connection to the IMAP server: tagged commands out (their literals
//! sent with the server's go-ahead, or at once under LITERAL+), whole
//! responses in, until the command's tagged answer. Every command has its
//! own deadline (`[inbox] timeout_seconds`) over all its reads and writes
//! (see `wire.rs`), so a server that stalls or drips gives a
//! timeout, never a hang.
//!
//! Once anything goes wrong mid-command (a broken or garbled stream), the
//! connection is spent: every later command fails at once, as the reply
//! that was due may still be on its way.

use std::time::Duration;

use super::account::Account;
use super::account::CA_FILE_ENV;
use super::argument::Arg;
use super::error::{ImapError, ImapStep, shown};
use super::frame::{Framer, MAX_RESPONSE};
use super::response::{Data, Response, Status, StatusText, parse};
use crate::{Deadline, Security, Wire, WireError, resolve};

/// The longest non-synchronising literal under LITERAL- (RFC 7888).
const LITERAL_MINUS_MAX: usize = 4096;

/// The most untagged responses kept for one command. The client asks for
/// one message at a time, so a few suffice (a SELECT brings about ten); a
/// server answering with endless `* OK` lines would otherwise grow memory
/// until the command's time ran out (the defect "IMAP memory bounded").
pub(super) const MAX_UNTAGGED: usize = 10_000;

/// The most bytes of untagged responses kept for one command: one
/// message as large as may be fetched ([`MAX_RESPONSE`]) and room besides.
pub(super) const MAX_UNTAGGED_BYTES: usize = MAX_RESPONSE + (1 << 20);

/// The untagged responses read for one command so far, and their size.
#[derive(Debug, Default)]
struct Untagged {
    data: Vec<Data>,
    bytes: usize,
}

/// A command's answer: its tagged status and the untagged data before it.
#[derive(Debug)]
pub(super) struct ImapReply {
    pub status: StatusText,
    pub data: Vec<Data>,
}

/// The connection and what the server has said about itself.
pub(super) struct Conn {
    wire: Wire,
    framer: Framer,
    tag: u32,
    pub(super) server: String,
    pub(super) timeout: Duration,
    /// The capabilities last announced, upper case.
    pub(super) caps: Vec<String>,
    /// How many messages the mailbox holds, as last told.
    pub(super) exists: u32,
    /// Whether the mailbox has grown since this was last cleared.
    pub(super) news: bool,
    /// What the server said with BYE, if it did.
    bye: Option<String>,
    /// Why the connection cannot be used any more.
    spent: Option<String>,
    /// The size of the last response read, in bytes.
    last_size: usize,
}

impl Conn {
    /// Connects (with TLS at once for `security = "tls"`) and reads the
    /// greeting: its status is returned (`OK`, or `PREAUTH`).
    pub(super) fn open(account: &Account) -> Result<(Conn, Status), ImapError> {
        let server = account.server();
        let deadline = Deadline::after(account.timeout);
        let fail = |e: WireError| connect_error(&server, account.timeout, ImapStep::Connect, e);
        let addrs = resolve(&account.host, account.port, deadline).map_err(fail)?;
        let mut wire = Wire::connect(&addrs, deadline).map_err(fail)?;
        if account.security == Security::Tls {
            let tls = account
                .tls
                .clone()
                .ok_or_else(|| ImapError::Config("TLS settings missing".to_string()))?;
            wire = wire
                .start_tls(tls, account.tls_name()?, deadline)
                .map_err(|e| connect_error(&server, account.timeout, ImapStep::Tls, e))?;
        }
        let mut conn = Conn::new(wire, server, account.timeout);
        let greeting = loop {
            match conn.read(deadline, ImapStep::Greeting)? {
                Response::Data(Data::Status(s)) => break s,
                Response::Data(_) => {}
                _ => return Err(conn.garbled(ImapStep::Greeting, "a greeting that is not * OK")),
            }
        };
        match greeting.status {
            Status::Ok | Status::Preauth => Ok((conn, greeting.status)),
            _ => Err(ImapError::Connect {
                server: conn.server.clone(),
                detail: format!("the server turned the connection away: {}", greeting.text),
            }),
        }
    }

    fn new(wire: Wire, server: String, timeout: Duration) -> Conn {
        Conn {
            wire,
            framer: Framer::new(),
            tag: 0,
            server,
            timeout,
            caps: Vec::new(),
            exists: 0,
            news: false,
            bye: None,
            spent: None,
            last_size: 0,
        }
    }

    /// Whether the server offers `cap` (upper case).
    pub(super) fn offers(&self, cap: &str) -> bool {
        self.caps.iter().any(|c| c == cap)
    }

    /// Encrypts the connection after the server's OK to STARTTLS.
    pub(super) fn start_tls(mut self, account: &Account) -> Result<Conn, ImapError> {
        let tls = account
            .tls
            .clone()
            .ok_or_else(|| ImapError::Config("TLS settings missing".to_string()))?;
        // Bytes after the OK came unencrypted: a man in the middle could
        // have put them there to be read as if from inside TLS.
        if self.framer.has_pending() {
            return Err(self.garbled(ImapStep::Tls, "more after its OK to STARTTLS"));
        }
        let deadline = Deadline::after(self.timeout);
        let name = account.tls_name()?;
        let Conn {
            wire,
            server,
            timeout,
            ..
        } = self;
        let wire = wire
            .start_tls(tls, name, deadline)
            .map_err(|e| connect_error(&server, timeout, ImapStep::Tls, e))?;
        Ok(Conn::new(wire, server, timeout))
    }

    /// Sends a command and reads until its tagged answer, whatever it
    /// is; a NO or BAD is for the caller to judge.
    pub(super) fn command(
        &mut self,
        pieces: &[Arg],
        step: ImapStep,
    ) -> Result<ImapReply, ImapError> {
        let deadline = Deadline::after(self.timeout);
        let (tag, data) = match self.send(pieces, step, deadline)? {
            Sent::Tag(tag, kept) => (tag, kept),
            Sent::Refused(reply) => return Ok(reply),
        };
        self.finish_by(&tag, data, step, deadline)
    }

    /// Sends a command of plain words (IDLE) and waits for the server's
    /// go-ahead: `Ok(tag)`, or `Err(reply)` when it answered at once.
    pub(super) fn start(
        &mut self,
        words: &str,
        step: ImapStep,
    ) -> Result<Result<String, ImapReply>, ImapError> {
        let deadline = Deadline::after(self.timeout);
        let Sent::Tag(tag, mut kept) =
            self.send(&[Arg::Text(words.to_string())], step, deadline)?
        else {
            return Err(self.garbled(step, "a refusal of a literal that was not sent"));
        };
        loop {
            match self.read(deadline, step)? {
                Response::Continue => return Ok(Ok(tag)),
                Response::Data(d) => self.keep(&mut kept, d, step)?,
                Response::Done { tag: t, status } if t == tag => {
                    let data = kept.data;
                    return Ok(Err(ImapReply { status, data }));
                }
                Response::Done { .. } => {
                    return Err(self.garbled(step, "the answer to a command it was not sent"));
                }
            }
        }
    }

    /// Reads until the tagged answer to `tag`, within the time limit.
    pub(super) fn finish(&mut self, tag: &str, step: ImapStep) -> Result<ImapReply, ImapError> {
        let deadline = Deadline::after(self.timeout);
        self.finish_by(tag, Untagged::default(), step, deadline)
    }

    fn finish_by(
        &mut self,
        tag: &str,
        mut kept: Untagged,
        step: ImapStep,
        deadline: Deadline,
    ) -> Result<ImapReply, ImapError> {
        loop {
            match self.read(deadline, step)? {
                Response::Data(d) => self.keep(&mut kept, d, step)?,
                Response::Done { tag: t, status } if t == tag => {
                    let data = kept.data;
                    return Ok(ImapReply { status, data });
                }
                Response::Done { .. } => {
                    return Err(self.garbled(step, "the answer to a command it was not sent"));
                }
                Response::Continue => return Err(self.garbled(step, "an unasked-for go-ahead (+)")),
            }
        }
    }

    /// Keeps `d`, the response just read, for the command at `step`:
    /// past [`MAX_UNTAGGED`] responses or [`MAX_UNTAGGED_BYTES`] the
    /// server misbehaves, and the connection is spent.
    fn keep(&mut self, kept: &mut Untagged, d: Data, step: ImapStep) -> Result<(), ImapError> {
        kept.bytes = kept.bytes.saturating_add(self.last_size);
        if kept.data.len() >= MAX_UNTAGGED || kept.bytes > MAX_UNTAGGED_BYTES {
            let what = format!(
                "the server misbehaves: more than {MAX_UNTAGGED} untagged responses or {} MB \
                 of them to one command",
                MAX_UNTAGGED_BYTES >> 20
            );
            return Err(self.garbled(step, &what));
        }
        kept.data.push(d);
        Ok(())
    }

    /// Whether the server has said BYE.
    pub(super) fn said_bye(&self) -> bool {
        self.bye.is_some()
    }

    /// Writes raw bytes (IDLE's `DONE`).
    pub(super) fn write(&mut self, bytes: &[u8], step: ImapStep) -> Result<(), ImapError> {
        let deadline = Deadline::after(self.timeout);
        self.write_by(bytes, step, deadline)
    }

    /// The next response, or `None` when none came within `wait`: for
    /// IDLE, which waits long but must look up every second.
    pub(super) fn poll(
        &mut self,
        wait: Duration,
        step: ImapStep,
    ) -> Result<Option<Response>, ImapError> {
        match self.read_by(Deadline::after(wait)) {
            Ok(response) => Ok(Some(response)),
            Err(Unread::Wire(WireError::Timeout)) => Ok(None),
            Err(e) => Err(self.failure(step, e)),
        }
    }

    /// Closes the connection at once.
    pub(super) fn abort(&self) {
        self.wire.abort();
    }

    fn send(
        &mut self,
        pieces: &[Arg],
        step: ImapStep,
        deadline: Deadline,
    ) -> Result<Sent, ImapError> {
        if let Some(why) = &self.spent {
            return Err(ImapError::Broken {
                server: self.server.clone(),
                step,
                detail: format!("the connection was lost before: {why}"),
            });
        }
        self.tag += 1;
        let tag = format!("D{}", self.tag);
        let mut kept = Untagged::default();
        let mut line = tag.clone().into_bytes();
        for piece in pieces {
            line.push(b' ');
            match piece {
                Arg::Text(text) => line.extend_from_slice(text.as_bytes()),
                Arg::Literal(bytes) if self.non_synchronising(bytes.len()) => {
                    line.extend_from_slice(format!("{{{}+}}\r\n", bytes.len()).as_bytes());
                    line.extend_from_slice(bytes);
                }
                Arg::Literal(bytes) => {
                    line.extend_from_slice(format!("{{{}}}\r\n", bytes.len()).as_bytes());
                    self.write_by(&line, step, deadline)?;
                    line.clear();
                    loop {
                        match self.read(deadline, step)? {
                            Response::Continue => break,
                            Response::Data(d) => self.keep(&mut kept, d, step)?,
                            Response::Done { tag: t, status } if t == tag => {
                                let data = kept.data;
                                return Ok(Sent::Refused(ImapReply { status, data }));
                            }
                            Response::Done { .. } => {
                                return Err(self.garbled(step, "the answer to another command"));
                            }
                        }
                    }
                    line.extend_from_slice(bytes);
                }
            }
        }
        line.extend_from_slice(b"\r\n");
        self.write_by(&line, step, deadline)?;
        Ok(Sent::Tag(tag, kept))
    }

    fn non_synchronising(&self, len: usize) -> bool {
        self.offers("LITERAL+") || (self.offers("LITERAL-") && len <= LITERAL_MINUS_MAX)
    }

    fn write_by(
        &mut self,
        bytes: &[u8],
        step: ImapStep,
        deadline: Deadline,
    ) -> Result<(), ImapError> {
        let written = self.wire.write_all(bytes, deadline);
        written.map_err(|e| self.failure(step, Unread::Wire(e)))
    }

    /// The next response within the deadline, noting what it says of the
    /// connection and the mailbox.
    fn read(&mut self, deadline: Deadline, step: ImapStep) -> Result<Response, ImapError> {
        self.read_by(deadline).map_err(|e| self.failure(step, e))
    }

    fn read_by(&mut self, deadline: Deadline) -> Result<Response, Unread> {
        let mut chunk = [0u8; 16 * 1024];
        loop {
            if let Some(bytes) = self
                .framer
                .next()
                .map_err(|e| Unread::Garbled(e.to_string()))?
            {
                let response = parse(&bytes).map_err(Unread::Garbled)?;
                self.last_size = bytes.len();
                self.note(&response);
                return Ok(response);
            }
            let n = self
                .wire
                .read_some(&mut chunk, deadline)
                .map_err(Unread::Wire)?;
            self.framer.push(&chunk[..n]);
        }
    }

    fn note(&mut self, response: &Response) {
        match response {
            Response::Data(Data::Exists(n)) => {
                self.news |= *n > self.exists;
                self.exists = *n;
            }
            Response::Data(Data::Expunge(_)) => self.exists = self.exists.saturating_sub(1),
            Response::Data(Data::Capability(caps)) => self.caps.clone_from(caps),
            Response::Data(Data::Status(s)) if s.status == Status::Bye => {
                self.bye = Some(s.text.clone());
            }
            Response::Data(Data::Status(s)) | Response::Done { status: s, .. } => {
                if let Some(code) = s.code.as_ref().filter(|c| c.name == "CAPABILITY") {
                    self.caps = code.args.split(' ').map(str::to_ascii_uppercase).collect();
                }
            }
            _ => {}
        }
    }

    /// A failure to read or write while at `step`; the connection is
    /// spent.
    fn failure(&mut self, step: ImapStep, e: Unread) -> ImapError {
        let server = self.server.clone();
        let error = match e {
            Unread::Garbled(detail) => ImapError::Protocol {
                server,
                step,
                detail: shown(&detail),
            },
            Unread::Wire(WireError::Closed) if self.bye.is_some() => ImapError::Broken {
                server,
                step,
                detail: format!("the server said BYE: {}", self.bye.as_deref().unwrap_or("")),
            },
            Unread::Wire(e) => connect_error(&server, self.timeout, step, e),
        };
        self.spent = Some(error.to_string());
        self.abort();
        error
    }

    /// The server sent something out of place; the connection is spent.
    pub(super) fn garbled(&mut self, step: ImapStep, what: &str) -> ImapError {
        let error = ImapError::Protocol {
            server: self.server.clone(),
            step,
            detail: what.to_string(),
        };
        self.spent = Some(error.to_string());
        self.abort();
        error
    }
}

/// What sending a command came to.
enum Sent {
    /// All sent: the tag to wait for, and the data read meanwhile.
    Tag(String, Untagged),
    /// The server refused the command at a literal.
    Refused(ImapReply),
}

/// Why no response could be read.
enum Unread {
    /// The connection failed or timed out.
    Wire(WireError),
    /// The bytes are not an IMAP response (or too many of them).
    Garbled(String),
}

fn connect_error(server: &str, timeout: Duration, step: ImapStep, e: WireError) -> ImapError {
    let server = server.to_string();
    match e {
        WireError::Timeout => ImapError::Timeout {
            server,
            step,
            seconds: timeout.as_secs(),
        },
        WireError::Tls(fault) => ImapError::Tls {
            server,
            detail: fault.explain(CA_FILE_ENV, "[inbox]"),
        },
        e if step == ImapStep::Connect => ImapError::Connect {
            server,
            detail: e.to_string(),
        },
        e => ImapError::Broken {
            server,
            step,
            detail: e.to_string(),
        },
    }
}
