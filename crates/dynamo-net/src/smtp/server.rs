//! The SMTP server as the `[mail]` table's connection keys give it
//! ([`SmtpSettings`]), checked ([`SmtpServer`]): the password read from
//! the variable they name, and the certificates TLS trusts. The client
//! that uses it is `session.rs` (`Session::open`): one session for many
//! messages, plain or over rustls, its opening and each message bounded
//! by `timeout_seconds` (see `wire.rs`), step by step so that each
//! failure names its stage: connecting, the greeting, TLS, the login, the
//! envelope, the message, the server's reply to it, or the time limit.

use std::sync::Arc;
use std::time::Duration;

use rustls::ClientConfig;
use rustls::pki_types::ServerName;

use super::error::SmtpError;
use crate::{
    CaFile, Security, client_config, host_and_port, is_loopback, password_from_env, tls_name,
};

/// Extra trusted root certificates (PEM), added to the system's: for a
/// self-hosted server with its own certificate authority, and for tests.
pub const CA_FILE_ENV: &str = "DYNAMO_SMTP_CA_FILE";

/// How to reach and log in to the SMTP server, as the `[mail]` table says
/// it (its key names are the ones errors name); nothing here is checked
/// until an [`SmtpServer`] is made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    /// The server's host name or address.
    pub host: String,
    /// Its port.
    pub port: u16,
    /// How the connection is secured; `none` only for a loopback host.
    pub security: Security,
    /// The login name, if the server wants a login.
    pub username: Option<String>,
    /// The NAME of the environment variable that holds the password.
    pub password_env: Option<String>,
    /// The longest the opening of a session, or one message, may take.
    pub timeout: Duration,
}

/// A configured SMTP server. Holds the password read from the
/// environment; never printed (no `Debug` of the secret).
pub struct SmtpServer {
    pub(super) host: String,
    pub(super) port: u16,
    pub(super) security: Security,
    pub(super) login: Option<(String, String)>,
    pub(super) tls: Option<Arc<ClientConfig>>,
    pub(super) timeout: Duration,
}

impl std::fmt::Debug for SmtpServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpServer")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.login.as_ref().map(|(user, _)| user))
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl SmtpServer {
    /// Checks the settings and reads the password from the environment
    /// variable they name.
    pub fn from_env(config: &SmtpSettings) -> Result<SmtpServer, SmtpError> {
        let host = config.host.trim().to_string();
        if host.is_empty() {
            return Err(SmtpError::Config("mail.host is empty".to_string()));
        }
        if config.security == Security::None && !is_loopback(&host) {
            return Err(SmtpError::Config(format!(
                "mail.security = \"none\" is allowed only for a loopback host \
                 (localhost, 127.0.0.1, ::1), not {host:?}: use \"starttls\" or \"tls\""
            )));
        }
        let login = match (&config.username, &config.password_env) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(SmtpError::Config(
                    "mail.password_env is set but mail.username is not".to_string(),
                ));
            }
            (Some(_), None) => {
                return Err(SmtpError::Config(
                    "mail.username is set but mail.password_env (the name of the \
                     environment variable holding the password) is not"
                        .to_string(),
                ));
            }
            (Some(user), Some(var)) => Some((user.clone(), password(var)?)),
        };
        let tls = match config.security {
            Security::None => None,
            Security::Starttls | Security::Tls => Some(tls_config()?),
        };
        Ok(SmtpServer {
            host,
            port: config.port,
            security: config.security,
            login,
            tls,
            timeout: config.timeout,
        })
    }

    /// `host:port`, for messages.
    pub fn server(&self) -> String {
        host_and_port(&self.host, self.port)
    }

    pub(super) fn tls_name(&self) -> Result<ServerName<'static>, SmtpError> {
        tls_name(&self.host).map_err(|e| SmtpError::Config(format!("mail.host {e}")))
    }
}

/// The password from the variable `var` (see [`password_from_env`]).
fn password(var: &str) -> Result<String, SmtpError> {
    password_from_env(var, "mail.password_env").map_err(SmtpError::Config)
}

/// The system's trusted certificates, plus those of `DYNAMO_SMTP_CA_FILE`.
fn tls_config() -> Result<Arc<ClientConfig>, SmtpError> {
    client_config(CaFile::from_env(CA_FILE_ENV).as_ref()).map_err(SmtpError::Config)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(host: &str, security: Security) -> SmtpSettings {
        SmtpSettings {
            host: host.to_string(),
            port: 2525,
            security,
            username: None,
            password_env: None,
            timeout: Duration::from_secs(60),
        }
    }

    #[test]
    fn plain_smtp_only_on_loopback() {
        for host in ["localhost", "127.0.0.1", "::1", "[::1]", "127.3.4.5"] {
            assert!(
                SmtpServer::from_env(&config(host, Security::None)).is_ok(),
                "{host}"
            );
        }
        for host in ["mail.example.org", "10.0.0.1", "0.0.0.0"] {
            assert!(
                matches!(
                    SmtpServer::from_env(&config(host, Security::None)),
                    Err(SmtpError::Config(_))
                ),
                "{host}"
            );
        }
    }

    #[test]
    fn login_needs_both_keys_and_the_variable() {
        let mut c = config("localhost", Security::None);
        c.username = Some("alice".to_string());
        assert!(matches!(
            SmtpServer::from_env(&c),
            Err(SmtpError::Config(_))
        ));
        c.password_env = Some("DYNAMO_TEST_SURELY_UNSET_VARIABLE".to_string());
        let err = SmtpServer::from_env(&c).expect_err("unset variable");
        assert!(
            err.to_string()
                .contains("DYNAMO_TEST_SURELY_UNSET_VARIABLE")
        );
    }

    #[test]
    fn a_password_written_as_the_variable_name_is_not_echoed() {
        let mut c = config("localhost", Security::None);
        c.username = Some("alice".to_string());
        c.password_env = Some("correct horse battery!".to_string());
        let err = SmtpServer::from_env(&c).expect_err("no such variable");
        assert!(!err.to_string().contains("horse"), "{err}");
    }
}
