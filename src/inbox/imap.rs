//! The IMAP mailbox as one of the inbox's sources: the session of the
//! network crate's client (`dynamo_net::imap`) kept open between looks
//! and opened again after a failure, IDLE as the wait of `--watch`, its
//! settings filled from `[inbox]` ([`InboxConfig::imap`]).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use dynamo_net::imap::{
    Account, DONE_KEYWORD, Imap, ImapError, ImapMessage, ImapSettings, ImapStep, MAX_MESSAGE_BYTES,
};

use crate::inbox::error::InboxError;
use crate::inbox::inbox_config::InboxConfig;
use crate::inbox::source::{RawMessage, Source};

impl InboxConfig {
    /// The connection keys, as the IMAP client takes them.
    pub fn imap(&self) -> ImapSettings {
        ImapSettings {
            host: self.host.clone(),
            port: self.port,
            security: self.security,
            username: self.username.clone(),
            password_env: self.password_env.clone(),
            mailbox: self.mailbox.clone(),
            timeout: self.timeout,
        }
    }
}

/// What is told the mailbox's name when a session is opened again.
type Announce = Box<dyn FnMut(&str) + Send>;

/// The `[inbox]` mailbox, read through one session at a time.
pub struct ImapMailbox {
    account: Account,
    mailbox: String,
    idle: Duration,
    /// `None` after a failure: the next call logs in again.
    session: Option<Imap>,
    /// Told the mailbox's name each time a session after the first is
    /// open, for `--watch` to say so.
    reconnected: Option<Announce>,
}

impl ImapMailbox {
    /// Logs in and selects the mailbox, so that settings that do not work
    /// are found before anything else is done.
    pub fn open(config: &InboxConfig) -> Result<ImapMailbox, InboxError> {
        let account = Account::from_env(&config.imap()).map_err(source_error)?;
        let session = Imap::open(&account).map_err(source_error)?;
        Ok(ImapMailbox {
            account,
            mailbox: config.mailbox.clone(),
            idle: config.idle,
            session: Some(session),
            reconnected: None,
        })
    }

    /// Calls `say` with the mailbox's name whenever a session is opened
    /// again after a failure.
    pub fn on_reconnect(&mut self, say: impl FnMut(&str) + Send + 'static) {
        self.reconnected = Some(Box::new(say));
    }

    /// Runs `step` on the session, opening one if the last failed; a
    /// failure closes it, since the server may be in any state after it.
    fn with<T>(
        &mut self,
        step: impl FnOnce(&mut Imap) -> Result<T, ImapError>,
    ) -> Result<T, ImapError> {
        let mut session = match self.session.take() {
            Some(session) => session,
            None => {
                let session = Imap::open(&self.account)?;
                let name = self.name();
                if let Some(say) = &mut self.reconnected {
                    say(&name);
                }
                session
            }
        };
        let result = step(&mut session);
        if result.is_ok() {
            self.session = Some(session);
        }
        result
    }
}

impl Source for ImapMailbox {
    fn name(&self) -> String {
        format!("imap://{}/{}", self.account.server(), self.mailbox)
    }

    fn waiting(&mut self) -> Result<Vec<String>, InboxError> {
        let uids = self.with(Imap::waiting).map_err(source_error)?;
        Ok(uids.iter().map(u32::to_string).collect())
    }

    fn fetch(&mut self, id: &str) -> Result<Option<RawMessage>, InboxError> {
        let uid = uid(id)?;
        match self.with(|s| s.fetch(uid)) {
            Ok(fetched) => Ok(Some(RawMessage {
                raw: fetched.raw,
                arrived: fetched.arrived,
                too_large: fetched.too_large,
            })),
            // Expunged by someone else since the search: nothing to do.
            Err(ImapError::Gone { .. }) => Ok(None),
            Err(e) => Err(source_error(e)),
        }
    }

    /// One `UID STORE` for the batch ([`Imap::mark_handled`]); its
    /// failure is each message's.
    fn mark_handled(&mut self, ids: &[String]) -> Vec<Result<(), InboxError>> {
        let uids: Vec<Result<u32, InboxError>> = ids.iter().map(|id| uid(id)).collect();
        let good: Vec<u32> = uids
            .iter()
            .filter_map(|u| u.as_ref().ok().copied())
            .collect();
        let stored = match good.is_empty() {
            true => Ok(()),
            false => self.with(|s| s.mark_handled(&good)),
        };
        let failed = stored.err().map(|e| (e.to_string(), e.is_temporary()));
        uids.into_iter()
            .map(|uid| {
                uid?;
                match &failed {
                    None => Ok(()),
                    Some((what, temporary)) => Err(InboxError::Source {
                        what: what.clone(),
                        temporary: *temporary,
                    }),
                }
            })
            .collect()
    }

    /// IDLE: returns as soon as the server says mail arrived, at the
    /// renewal time, or when `stop` is set; `poll` is for mailboxes that
    /// cannot say.
    fn wait(&mut self, _poll: Duration, stop: &AtomicBool) -> Result<(), InboxError> {
        let idle = self.idle;
        self.with(|s| s.idle(idle, stop))
            .map(|_| ())
            .map_err(source_error)
    }
}

fn uid(id: &str) -> Result<u32, InboxError> {
    id.parse().map_err(|_| InboxError::Source {
        what: format!("{id:?} is not an IMAP UID"),
        temporary: false,
    })
}

fn source_error(e: ImapError) -> InboxError {
    InboxError::Source {
        temporary: e.is_temporary(),
        what: e.to_string(),
    }
}
