//! One SMTP session of `dynamo`'s own, blocking, over rustls: the
//! greeting, EHLO, STARTTLS or implicit TLS, the login, messages to one
//! recipient each, QUIT, each stage bounded by the deadline and named by
//! its failure.
//!
//! `server.rs` holds the settings ([`SmtpSettings`], the `[mail]` table's
//! connection keys) and the server they make once checked, with the
//! password and trusted certificates ([`SmtpServer`]); `session.rs` the
//! session ([`Session`]); `error.rs` what went wrong and where
//! ([`SmtpError`], [`Stage`], [`Reply`]). Mail's courier carries the
//! session and its outbox decides when a notice counts as delivered.

mod error;
mod server;
mod session;

pub use error::{Reply, SmtpError, Stage};
pub use server::{CA_FILE_ENV, SmtpServer, SmtpSettings};
pub use session::Session;
