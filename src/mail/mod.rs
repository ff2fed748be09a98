//! Mailing each event of a game to each player: what the notice says
//! ([`notice`], its copies in `body.rs`, how to answer in [`reply`]), the
//! MIME message of each copy ([`envelope`]), the SMTP session bounded by
//! one deadline ([`smtp`]), the outbox that makes every notice arrive once
//! ([`outbox`], sending in `delivery.rs`), and reminders of deadlines
//! ([`remind`]).
//!
//! A command that records an event with mailing on first takes the game's
//! recording lock ([`recording`]), builds and queues the notices *before*
//! the game file is written ([`queue_event`]; the recorder's mail
//! subscriber does all of it), then sends them ([`deliver`]); [`retry`] sends whatever is
//! owed. Each notice carries a reply token ([`token`]) signed with the
//! director's secret ([`secret`]), by which the inbox knows a reply.

pub mod answer;
pub mod config;
mod correction;
mod delivery;
pub mod envelope;
mod error;
mod lock;
pub mod notice;
pub mod outbox;
mod picture;
pub mod remind;
pub mod reply;
pub mod secret;
pub mod secure;
mod session;
pub mod smtp;
mod text;
pub mod token;
pub(crate) mod wire;

mod body;

pub use crate::render::BOARD_PX;
pub use answer::Answer;
pub use delivery::{
    Pending, Report, deliver, discard, queue, queue_event, queue_latest, recording, retry,
};
pub use envelope::{Built, Sender};
pub use error::{MailError, Reply, Stage};
pub use notice::Notice;
pub use outbox::{Awaits, Outbox, Queued, RecordingLock};
pub use secret::{Secret, SecretError};
pub use session::Session;
pub use smtp::{CA_FILE_ENV, Transport};
pub use text::header_text;
pub use token::Token;
