//! The SMTP server as `[mail]` configures it ([`Transport`]): the
//! settings checked, the password read from the variable they name, and
//! the certificates TLS trusts. The client that uses it is `smtp.rs`
//! (`Session::open`): one session for many messages, plain or over
//! rustls, its opening and each message bounded by `[mail]
//! timeout_seconds` (see `net/wire.rs`),
//! step by step so that each failure names its stage: connecting, the
//! greeting, TLS, the login, the envelope, the message, the server's reply
//! to it, or the time limit.

use std::sync::Arc;
use std::time::Duration;

use rustls::ClientConfig;
use rustls::pki_types::ServerName;

use super::error::MailError;
use super::mail_config::MailConfig;
use crate::net::{
    CaFile, Security, client_config, host_and_port, is_loopback, password_from_env, tls_name,
};

/// Extra trusted root certificates (PEM), added to the system's: for a
/// self-hosted server with its own certificate authority, and for tests.
pub const CA_FILE_ENV: &str = "DYNAMO_SMTP_CA_FILE";

/// A configured SMTP server. Holds the password read from the
/// environment; never printed (no `Debug` of the secret).
pub struct Transport {
    pub(super) host: String,
    pub(super) port: u16,
    pub(super) security: Security,
    pub(super) login: Option<(String, String)>,
    pub(super) tls: Option<Arc<ClientConfig>>,
    pub(super) timeout: Duration,
}

impl std::fmt::Debug for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transport")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.login.as_ref().map(|(user, _)| user))
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl Transport {
    /// Checks the `[mail]` settings and reads the password from the
    /// environment variable they name.
    pub fn from_config(config: &MailConfig) -> Result<Transport, MailError> {
        let host = config.host.trim().to_string();
        if host.is_empty() {
            return Err(MailError::Config("mail.host is empty".to_string()));
        }
        if config.security == Security::None && !is_loopback(&host) {
            return Err(MailError::Config(format!(
                "mail.security = \"none\" is allowed only for a loopback host \
                 (localhost, 127.0.0.1, ::1), not {host:?}: use \"starttls\" or \"tls\""
            )));
        }
        let login = match (&config.username, &config.password_env) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(MailError::Config(
                    "mail.password_env is set but mail.username is not".to_string(),
                ));
            }
            (Some(_), None) => {
                return Err(MailError::Config(
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
        Ok(Transport {
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

    pub(super) fn tls_name(&self) -> Result<ServerName<'static>, MailError> {
        tls_name(&self.host).map_err(|e| MailError::Config(format!("mail.host {e}")))
    }
}

/// The password from the variable `var` (see [`password_from_env`]).
fn password(var: &str) -> Result<String, MailError> {
    password_from_env(var, "mail.password_env").map_err(MailError::Config)
}

/// The system's trusted certificates, plus those of `DYNAMO_SMTP_CA_FILE`.
fn tls_config() -> Result<Arc<ClientConfig>, MailError> {
    client_config(CaFile::from_env(CA_FILE_ENV).as_ref()).map_err(MailError::Config)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(host: &str, security: Security) -> MailConfig {
        MailConfig::new(host, 2525, security, "dynamo@example.org")
    }

    #[test]
    fn plain_smtp_only_on_loopback() {
        for host in ["localhost", "127.0.0.1", "::1", "[::1]", "127.3.4.5"] {
            assert!(
                Transport::from_config(&config(host, Security::None)).is_ok(),
                "{host}"
            );
        }
        for host in ["mail.example.org", "10.0.0.1", "0.0.0.0"] {
            assert!(
                matches!(
                    Transport::from_config(&config(host, Security::None)),
                    Err(MailError::Config(_))
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
            Transport::from_config(&c),
            Err(MailError::Config(_))
        ));
        c.password_env = Some("DYNAMO_TEST_SURELY_UNSET_VARIABLE".to_string());
        let err = Transport::from_config(&c).expect_err("unset variable");
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
        let err = Transport::from_config(&c).expect_err("no such variable");
        assert!(!err.to_string().contains("horse"), "{err}");
    }
}
