//! The mailbox as the inbox sees it: the messages not yet handled, each
//! read whole with the time it arrived, marked handled once its move is
//! recorded, and a wait for new mail.
//!
//! "Handled" is the keyword `$DynamoDone` (with `\Seen`), kept by the
//! server, so it survives this process and any other client; nothing is
//! ever deleted or moved.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use super::account::Account;
use super::account::ImapSettings;
use super::argument::{Arg, mailbox_name, string};
use super::conn::{Conn, ImapReply};
use super::date::internal_date;
use super::error::{ImapError, ImapStep, shown};
use super::frame::MAX_LITERAL;
use super::response::{Attrs, Data, Response, Status, StatusText};
use super::uid_set::{MARK_AT_ONCE, uid_set};
use crate::Security;

/// The keyword that marks a message handled.
pub const DONE_KEYWORD: &str = "$DynamoDone";

/// The largest message fetched whole; of a bigger one only the header is
/// fetched, for the inbox's answer (see its module `message`).
pub const MAX_MESSAGE_BYTES: u64 = MAX_LITERAL as u64;

/// How often a server without IDLE is asked (NOOP) for new mail.
const POLL_EVERY: Duration = Duration::from_secs(30);

/// How often a wait looks at its `stop` flag.
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Codes of a NO that may pass by itself (RFC 5530).
const PASSING: [&str; 5] = [
    "UNAVAILABLE",
    "INUSE",
    "SERVERBUG",
    "LIMIT",
    "EXPUNGEISSUED",
];

/// One message, whole, or its header alone when it is too large.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImapMessage {
    /// Its UID in the mailbox.
    pub uid: u32,
    /// The message as the server holds it, byte for byte; only its header
    /// when `too_large`.
    pub raw: Vec<u8>,
    /// The server gave its size as more than [`MAX_MESSAGE_BYTES`].
    pub too_large: bool,
    /// When the server received it (INTERNALDATE), in UTC.
    pub arrived: DateTime<Utc>,
}

/// A logged-in session with the mailbox selected.
pub struct Imap {
    conn: Conn,
    mailbox: String,
    uid_validity: Option<u32>,
}

impl std::fmt::Debug for Imap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Imap")
            .field("server", &self.conn.server)
            .field("mailbox", &self.mailbox)
            .field("uid_validity", &self.uid_validity)
            .finish_non_exhaustive()
    }
}

impl Imap {
    /// Connects, logs in, selects the mailbox; every step within
    /// `config.timeout`. The password comes from the variable
    /// `password_env` names ([`Account::from_env`]).
    pub fn connect(config: &ImapSettings) -> Result<Imap, ImapError> {
        Imap::open(&Account::from_env(config)?)
    }

    /// The same with the settings already checked.
    pub fn open(account: &Account) -> Result<Imap, ImapError> {
        let (mut conn, greeting) = Conn::open(account)?;
        if conn.caps.is_empty() {
            capability(&mut conn)?;
        }
        if account.security == Security::Starttls {
            conn = start_tls(conn, account, greeting)?;
        }
        if greeting != Status::Preauth {
            login(&mut conn, account)?;
        }
        let mut imap = Imap {
            conn,
            mailbox: account.mailbox.clone(),
            uid_validity: None,
        };
        imap.select()?;
        Ok(imap)
    }

    /// The mailbox's UIDVALIDITY: UIDs kept from another session mean
    /// the same messages only while it is unchanged.
    pub fn uid_validity(&self) -> Option<u32> {
        self.uid_validity
    }

    /// UIDs of messages not yet marked handled (no `$DynamoDone`, not
    /// deleted), oldest first: every such message that had arrived when
    /// this was called.
    pub fn waiting(&mut self) -> Result<Vec<u32>, ImapError> {
        // A server may search only the messages it has told this session
        // of (Dovecot does); NOOP has it tell of the latest first.
        self.ok(&[Arg::Text("NOOP".to_string())], ImapStep::Search, true)?;
        // The search sees those; what it tells of from here on is news
        // to the next idle().
        self.conn.news = false;
        let words = format!("UID SEARCH NOT KEYWORD {DONE_KEYWORD} NOT DELETED");
        let reply = self.ok(&[Arg::Text(words)], ImapStep::Search, true)?;
        let mut uids: Vec<u32> = reply
            .data
            .into_iter()
            .filter_map(|d| match d {
                Data::Search(uids) => Some(uids),
                _ => None,
            })
            .flatten()
            .collect();
        uids.sort_unstable();
        uids.dedup();
        Ok(uids)
    }

    /// The whole message without setting `\Seen` (`BODY.PEEK[]`), and its
    /// INTERNALDATE. Its size is asked first: of one over
    /// [`MAX_MESSAGE_BYTES`] only the header is fetched
    /// (`BODY.PEEK[HEADER]`), so that its sender can still be answered.
    pub fn fetch(&mut self, uid: u32) -> Result<ImapMessage, ImapError> {
        let words = format!("UID FETCH {uid} (UID RFC822.SIZE INTERNALDATE)");
        let reply = self.ok(&[Arg::Text(words)], ImapStep::Fetch, true)?;
        let head = attrs_of(reply, uid).ok_or(ImapError::Gone { uid })?;
        let too_large = head.size.is_some_and(|s| s > MAX_MESSAGE_BYTES);
        let date = head.internal_date.unwrap_or_default();
        let Some(arrived) = internal_date(&date) else {
            return Err(self.conn.garbled(
                ImapStep::Fetch,
                &format!("an INTERNALDATE that is not a date: {date:?}"),
            ));
        };
        let section = match too_large {
            true => "HEADER",
            false => "",
        };
        let words = format!("UID FETCH {uid} BODY.PEEK[{section}]");
        let reply = self.ok(&[Arg::Text(words)], ImapStep::Fetch, true)?;
        let raw = attrs_of(reply, uid)
            .and_then(|a| a.body)
            .ok_or(ImapError::Gone { uid })?;
        Ok(ImapMessage {
            uid,
            raw,
            too_large,
            arrived,
        })
    }

    /// Marks the messages `uids` handled, `$DynamoDone` and `\Seen`: one
    /// `UID STORE` over their set for every hundred of them (the
    /// inbox's batch is one), consecutive UIDs written as a range. Nothing
    /// is sent for none. A failure may leave some of them marked: marking
    /// again is harmless.
    pub fn mark_handled(&mut self, uids: &[u32]) -> Result<(), ImapError> {
        let mut uids = uids.to_vec();
        uids.sort_unstable();
        uids.dedup();
        for some in uids.chunks(MARK_AT_ONCE) {
            let set = uid_set(some);
            let words = format!("UID STORE {set} +FLAGS.SILENT ({DONE_KEYWORD} \\Seen)");
            self.ok(&[Arg::Text(words)], ImapStep::Store, true)?;
        }
        Ok(())
    }

    /// Waits (IDLE) until something arrives, `max` passes (keep it under
    /// 29 minutes) or `stop` is set, looking at `stop` every second; true
    /// when something may have arrived since the last [`Imap::waiting`].
    /// A server without IDLE is asked every 30 seconds instead.
    pub fn idle(&mut self, max: Duration, stop: &AtomicBool) -> Result<bool, ImapError> {
        if std::mem::take(&mut self.conn.news) {
            return Ok(true);
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(false);
        }
        if !self.conn.offers("IDLE") {
            return self.poll(max, stop);
        }
        let tag = match self.conn.start("IDLE", ImapStep::Idle)? {
            Ok(tag) => tag,
            Err(reply) => return Err(self.refused(ImapStep::Idle, &reply.status, true)),
        };
        let started = Instant::now();
        while !self.conn.news && !stop.load(Ordering::Relaxed) {
            let left = max.saturating_sub(started.elapsed());
            if left.is_zero() {
                break;
            }
            // Untagged news is noted as it is read; anything else in
            // IDLE (`* OK Still here`) only shows the server is alive.
            if let Some(Response::Done { tag: t, status }) =
                self.conn.poll(left.min(LOOK_EVERY), ImapStep::Idle)?
                && t == tag
            {
                // The server ended the IDLE itself.
                if status.status != Status::Ok {
                    return Err(self.refused(ImapStep::Idle, &status, true));
                }
                return Ok(true);
            }
        }
        self.conn.write(b"DONE\r\n", ImapStep::Idle)?;
        let reply = self.conn.finish(&tag, ImapStep::Idle)?;
        if reply.status.status != Status::Ok {
            return Err(self.refused(ImapStep::Idle, &reply.status, true));
        }
        Ok(std::mem::take(&mut self.conn.news))
    }

    /// Logs out and closes the connection.
    pub fn logout(mut self) -> Result<(), ImapError> {
        let said = self
            .conn
            .command(&[Arg::Text("LOGOUT".to_string())], ImapStep::Logout);
        self.conn.abort();
        match said {
            Ok(_) => Ok(()),
            // The server may close as soon as it has said BYE.
            Err(_) if self.conn.said_bye() => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// The wait of [`Imap::idle`] for a server without IDLE.
    fn poll(&mut self, max: Duration, stop: &AtomicBool) -> Result<bool, ImapError> {
        let started = Instant::now();
        let mut asked = Instant::now();
        while !stop.load(Ordering::Relaxed) {
            let left = max.saturating_sub(started.elapsed());
            if left.is_zero() {
                break;
            }
            std::thread::sleep(left.min(LOOK_EVERY));
            if asked.elapsed() >= POLL_EVERY {
                self.ok(&[Arg::Text("NOOP".to_string())], ImapStep::Idle, true)?;
                asked = Instant::now();
                if self.conn.news {
                    break;
                }
            }
        }
        Ok(std::mem::take(&mut self.conn.news))
    }

    fn select(&mut self) -> Result<(), ImapError> {
        let name = mailbox_name(&self.mailbox);
        let name = string(name.as_bytes()).ok_or_else(|| {
            ImapError::Config(format!(
                "inbox.mailbox {:?} cannot be named in IMAP",
                self.mailbox
            ))
        })?;
        let reply = self
            .conn
            .command(&[Arg::Text("SELECT".to_string()), name], ImapStep::Select)?;
        let unusable = |detail: String| ImapError::Mailbox {
            server: self.conn.server.clone(),
            mailbox: self.mailbox.clone(),
            detail,
        };
        match reply.status.status {
            Status::Ok => {}
            Status::No if !is_passing(&reply.status) => {
                return Err(unusable(format!(
                    "cannot be opened: {}",
                    said(&reply.status)
                )));
            }
            _ => return Err(self.refused(ImapStep::Select, &reply.status, false)),
        }
        if reply
            .status
            .code
            .as_ref()
            .is_some_and(|c| c.name == "READ-ONLY")
        {
            return Err(unusable(
                "is read-only for this user, so replies cannot be marked handled".to_string(),
            ));
        }
        for data in &reply.data {
            let Data::Status(status) = data else { continue };
            let Some(code) = &status.code else { continue };
            match code.name.as_str() {
                "UIDVALIDITY" => self.uid_validity = code.args.trim().parse().ok(),
                "PERMANENTFLAGS" if !keeps_keyword(&code.args) => {
                    return Err(unusable(format!(
                        "does not keep new keywords (PERMANENTFLAGS {} has no \\*), so \
                         replies cannot be marked handled with {DONE_KEYWORD}",
                        code.args
                    )));
                }
                _ => {}
            }
        }
        // Messages already there are found by the first search.
        self.conn.news = false;
        Ok(())
    }

    /// Runs a command and takes only OK; a NO counts as passing when
    /// `no_passes` (and it has no lasting code).
    fn ok(
        &mut self,
        pieces: &[Arg],
        step: ImapStep,
        no_passes: bool,
    ) -> Result<ImapReply, ImapError> {
        let reply = self.conn.command(pieces, step)?;
        if reply.status.status == Status::Ok {
            Ok(reply)
        } else {
            Err(self.refused(step, &reply.status, no_passes))
        }
    }

    fn refused(&self, step: ImapStep, status: &StatusText, no_passes: bool) -> ImapError {
        let temporary = status.status == Status::No
            && match &status.code {
                Some(_) => is_passing(status),
                None => no_passes,
            };
        ImapError::Refused {
            server: self.conn.server.clone(),
            step,
            detail: said(status),
            temporary,
        }
    }
}

/// Asks for the capabilities (after TLS they must be asked again).
fn capability(conn: &mut Conn) -> Result<(), ImapError> {
    let reply = conn.command(&[Arg::Text("CAPABILITY".to_string())], ImapStep::Capability)?;
    if reply.status.status != Status::Ok {
        return Err(ImapError::Connect {
            server: conn.server.clone(),
            detail: format!(
                "the server answered CAPABILITY with {}",
                said(&reply.status)
            ),
        });
    }
    Ok(())
}

fn start_tls(mut conn: Conn, account: &Account, greeting: Status) -> Result<Conn, ImapError> {
    let refuse = |conn: &Conn, detail: String| ImapError::Tls {
        server: conn.server.clone(),
        detail,
    };
    if greeting == Status::Preauth {
        return Err(refuse(
            &conn,
            "the server logged in before STARTTLS (PREAUTH): the session would not be encrypted"
                .to_string(),
        ));
    }
    // A greeting may list only some capabilities: ask before giving up.
    if !conn.offers("STARTTLS") {
        capability(&mut conn)?;
    }
    if !conn.offers("STARTTLS") {
        return Err(refuse(
            &conn,
            "the server does not offer STARTTLS".to_string(),
        ));
    }
    let reply = conn.command(&[Arg::Text("STARTTLS".to_string())], ImapStep::Tls)?;
    if reply.status.status != Status::Ok {
        let detail = format!("the server answered STARTTLS with {}", said(&reply.status));
        return Err(refuse(&conn, detail));
    }
    let mut conn = conn.start_tls(account)?;
    capability(&mut conn)?;
    Ok(conn)
}

fn login(conn: &mut Conn, account: &Account) -> Result<(), ImapError> {
    let refuse = |conn: &Conn, detail: String, temporary: bool| ImapError::Login {
        server: conn.server.clone(),
        user: account.user.clone(),
        // The server's words, in case they echo the password (as sent,
        // or as made safe to show).
        detail: detail
            .replace(&account.password, "…")
            .replace(&shown(&account.password), "…"),
        temporary,
    };
    if conn.offers("LOGINDISABLED") {
        let why = "the server does not allow LOGIN on this connection (LOGINDISABLED)";
        return Err(refuse(conn, why.to_string(), false));
    }
    let (Some(user), Some(password)) = (
        string(account.user.as_bytes()),
        string(account.password.as_bytes()),
    ) else {
        return Err(ImapError::Config(
            "a NUL character in the login".to_string(),
        ));
    };
    let reply = conn.command(
        &[Arg::Text("LOGIN".to_string()), user, password],
        ImapStep::Login,
    )?;
    if reply.status.status != Status::Ok {
        let temporary = reply.status.status == Status::No && is_passing(&reply.status);
        return Err(refuse(conn, said(&reply.status), temporary));
    }
    // The capabilities change with the login; the OK may list them.
    if reply
        .status
        .code
        .as_ref()
        .is_none_or(|c| c.name != "CAPABILITY")
    {
        capability(conn)?;
    }
    Ok(())
}

/// Every FETCH item about `uid`, merged (a server may split them).
fn attrs_of(reply: ImapReply, uid: u32) -> Option<Attrs> {
    let mut found: Option<Attrs> = None;
    for data in reply.data {
        let Data::Fetch(attrs) = data else { continue };
        if attrs.uid != Some(uid) {
            continue;
        }
        let merged = found.get_or_insert_with(Attrs::default);
        merged.uid = attrs.uid;
        merged.size = merged.size.or(attrs.size);
        merged.internal_date = merged.internal_date.take().or(attrs.internal_date);
        merged.body = merged.body.take().or(attrs.body);
        merged.flags = merged.flags.take().or(attrs.flags);
    }
    found
}

/// Whether a PERMANENTFLAGS list lets a client add its own keyword.
fn keeps_keyword(flags: &str) -> bool {
    flags
        .trim_matches(|c| c == '(' || c == ')')
        .split(' ')
        .any(|f| f == "\\*" || f.eq_ignore_ascii_case(DONE_KEYWORD))
}

fn is_passing(status: &StatusText) -> bool {
    status
        .code
        .as_ref()
        .is_some_and(|c| PASSING.contains(&c.name.as_str()))
}

/// A status in words: `NO [CODE] text`.
fn said(status: &StatusText) -> String {
    let word = match status.status {
        Status::Ok => "OK",
        Status::No => "NO",
        Status::Bad => "BAD",
        Status::Preauth => "PREAUTH",
        Status::Bye => "BYE",
    };
    match &status.code {
        Some(code) => format!("{word} [{}] {}", code.name, status.text),
        None => format!("{word} {}", status.text),
    }
}
