//! What handling mail needs to know, and what it makes of it that every
//! kind of reply shares: the secret that signs an answer's reply token,
//! and the recorder the commands use.

use std::path::PathBuf;
use std::time::Duration;

use super::error::InboxError;
use crate::archive::Archive;
use crate::mail::Secret;
use crate::mail::mail_config::MailConfig;
use crate::recorder::conditional::Store;
use crate::recorder::{Pages, Recorder, RecorderSettings};

/// What handling needs to know.
#[derive(Debug, Clone)]
pub struct Settings<'a> {
    /// Where the games are (`games_dir`).
    pub games_dir: PathBuf,
    /// `[mail]`: the outbox, the sender, the inbox's state folder and the
    /// hourly limit of answers.
    pub mail: &'a MailConfig,
    /// The secret of the reply tokens; without one no token is valid.
    pub secret: Option<&'a Secret>,
    /// How long to wait for a lock (the inbox's, a game's).
    pub lock_wait: Duration,
    /// Say what would be done; change nothing.
    pub dry_run: bool,
    /// `[site] dir`: the web pages kept up to date with every move
    /// recorded, as the commands keep them; `None` without one.
    pub pages: Option<Pages>,
    /// `conditional_dir`: the players' conditional lines, played when
    /// the move they answer is recorded, as the commands play them.
    pub conditionals: Store,
    /// `[archive] git`: each reply's event a commit, as the commands'
    /// are; `None` without one.
    pub archive: Option<Archive>,
}

impl<'a> Settings<'a> {
    /// The secret to sign an answer's reply token with: a mail answered
    /// without one could not be replied to.
    pub(super) fn signing_secret(&self) -> Result<&'a Secret, InboxError> {
        self.secret.ok_or_else(|| InboxError::Source {
            what: "no secret to sign the answer's reply token with".to_string(),
            temporary: false,
        })
    }

    /// A recorder as the commands make it: the players' conditional lines
    /// are played after every move it records, whichever reply brought it.
    pub(super) fn recorder<'s>(&self) -> Recorder<'s> {
        Recorder::configured(&RecorderSettings {
            lock_wait: self.lock_wait,
            // The sender is known by the reply token.
            require_identity: false,
            conditionals: Some(self.conditionals.clone()),
            archive: self.archive.clone(),
        })
    }
}
