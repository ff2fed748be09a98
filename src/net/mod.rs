//! The network floor under both mail clients, the SMTP client
//! (`mail/smtp.rs`) and the IMAP client (`inbox/imap/`): a connection,
//! plain or TLS, bounded by one deadline (`wire.rs`, `deadline.rs`); the
//! host as the config gives it and the loopback rule ([`host`]); the
//! certificates TLS trusts ([`tls`]); the password's variable
//! ([`password`]); and what `[mail]` and `[inbox]` say alike of a
//! connection ([`settings`]: `security`, `timeout_seconds`).
//!
//! It knows nothing of notices, replies or games: it never imports mail,
//! the inbox, the game layer or the CLI (`.ci/module-cycles.py` checks).

pub(crate) mod deadline;
mod error;
pub mod host;
pub mod password;
pub mod settings;
pub mod tls;
pub(crate) mod wire;

pub(crate) use deadline::Deadline;
pub use error::TlsFault;
pub(crate) use error::WireError;
pub(crate) use host::resolve;
pub use host::{host_and_port, is_loopback, tls_name};
pub use password::{is_plausible_variable_name, password_from_env};
pub use settings::{MAX_TIMEOUT_SECONDS, Security, timeout_value};
pub use tls::{CaFile, client_config};
pub(crate) use wire::Wire;
