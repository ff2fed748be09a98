//! Mailing each event of a game to each player: what the notice says
//! ([`notice`]: its lines, each player's copies, how to answer), the
//! MIME message of each copy ([`envelope`]), the SMTP session of the
//! network crate (`dynamo_net::smtp`, its server filled from `[mail]` in
//! [`transport`], carried by the [`Courier`]), the outbox that makes every notice arrive once
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
mod courier;
mod delivery;
pub mod digest;
pub mod envelope;
mod error;
mod letter_copy;
mod lock;
pub mod mail_config;
pub mod messages;
pub mod notice;
pub mod outbox;
pub mod remind;
mod report;
pub mod secret;
mod text;
pub mod token;
pub mod transport;

pub use crate::render::BOARD_PX;
pub use answer::Answer;
pub use courier::Courier;
pub use delivery::{deliver, discard, queue, queue_event, queue_latest, recording, retry};
pub use envelope::{Built, Sender};
pub use error::{MailError, Reply, Stage};
pub use notice::Notice;
pub use outbox::{Awaits, Outbox, Queued, RecordingLock};
pub use report::{DeliveryReport, Pending};
pub use secret::{Secret, SecretError};
pub use text::header_text;
pub use token::Token;
pub use transport::CA_FILE_ENV;
