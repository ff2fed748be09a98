//! The network floor under `dynamo`'s two mail clients: a connection,
//! plain or TLS, bounded by one deadline (`wire.rs`, `deadline.rs`); the
//! host as a config gives it and the loopback rule ([`host`]); the
//! certificates TLS trusts ([`tls`]); the password's variable
//! ([`password`]); what the SMTP and IMAP settings say alike of a
//! connection ([`settings`]: `security`, `timeout_seconds`); and on top,
//! the two clients themselves: a small IMAP client ([`imap`]) and one
//! SMTP session ([`smtp`]), each with its own settings type.
//!
//! It knows nothing of notices, replies or games, and imports nothing of
//! `dynamo`: the inbox and mail keep thin adapters that fill the settings
//! from the config and turn these errors into theirs
//! (`.ci/net-imports.py` checks that only they import this crate).
//! The settings' key names (`inbox.host`, `[mail]`) appear in the
//! messages, so that an error names the key that fixes it.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod deadline;
mod error;
pub mod host;
pub mod imap;
pub mod password;
pub mod settings;
pub mod smtp;
pub mod tls;
mod wire;

use deadline::Deadline;
pub use error::TlsFault;
use error::WireError;
use host::resolve;
pub use host::{host_and_port, is_loopback, tls_name};
pub use password::{is_plausible_variable_name, password_from_env};
pub use settings::{MAX_TIMEOUT_SECONDS, Security, timeout_value};
pub use tls::{CaFile, client_config};
use wire::Wire;
