//! One SMTP session per delivery, over rustls, step by step so that each
//! failure says which step failed: connecting, securing, logging in, the
//! sender, a recipient, or the message.

use std::net::IpAddr;
use std::time::Duration;

use lettre::Address;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Certificate, SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, MailParameter};

use super::config::{MailConfig, Security};
use super::error::MailError;

/// Extra trusted root certificates (PEM), added to the system's: for a
/// self-hosted server with its own certificate authority, and for tests.
pub const CA_FILE_ENV: &str = "DYNAMO_SMTP_CA_FILE";

/// How long any one network step may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A configured SMTP server. Holds the password read from the
/// environment; never printed (no `Debug` of the secret).
pub struct Transport {
    host: String,
    port: u16,
    security: Security,
    username: Option<String>,
    credentials: Option<Credentials>,
    tls: Option<TlsParameters>,
}

impl std::fmt::Debug for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transport")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("username", &self.username)
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
        let credentials = match (&config.username, &config.password_env) {
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
            (Some(user), Some(var)) => {
                let password = std::env::var(var).map_err(|_| {
                    MailError::Config(format!(
                        "the environment variable {var} (mail.password_env) is not set"
                    ))
                })?;
                Some(Credentials::new(user.clone(), password))
            }
        };
        let tls = match config.security {
            Security::None => None,
            Security::Starttls | Security::Tls => Some(tls_parameters(&host)?),
        };
        Ok(Transport {
            host,
            port: config.port,
            security: config.security,
            username: config.username.clone(),
            credentials,
            tls,
        })
    }

    /// `host:port`, for messages.
    pub fn server(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// Delivers one message. `Ok` means the server accepted it (250 after
    /// the data); anything else is an error that names the failed step.
    pub fn send(&self, from: &Address, to: &[Address], raw: &[u8]) -> Result<(), MailError> {
        let server = self.server();
        let hello = ClientId::default();
        let wrapper = match self.security {
            Security::Tls => self.tls.as_ref(),
            Security::Starttls | Security::None => None,
        };
        let mut conn = SmtpConnection::connect(
            (self.host.as_str(), self.port),
            Some(TIMEOUT),
            &hello,
            wrapper,
            None,
        )
        .map_err(|e| {
            if e.is_tls() {
                MailError::Tls {
                    server: server.clone(),
                    detail: detail(&e),
                }
            } else {
                MailError::Connect {
                    server: server.clone(),
                    detail: detail(&e),
                }
            }
        })?;
        let result = self.session(&mut conn, &server, &hello, from, to, raw);
        match result {
            Ok(()) => {
                // Accepted: a failing QUIT no longer matters.
                let _ = conn.quit();
                Ok(())
            }
            Err(e) => {
                conn.abort();
                Err(e)
            }
        }
    }

    fn session(
        &self,
        conn: &mut SmtpConnection,
        server: &str,
        hello: &ClientId,
        from: &Address,
        to: &[Address],
        raw: &[u8],
    ) -> Result<(), MailError> {
        if self.security == Security::Starttls {
            let tls = self
                .tls
                .as_ref()
                .ok_or_else(|| MailError::Config("TLS settings missing".to_string()))?;
            if !conn.can_starttls() {
                return Err(MailError::Tls {
                    server: server.to_string(),
                    detail: "the server does not offer STARTTLS".to_string(),
                });
            }
            conn.starttls(tls, hello).map_err(|e| MailError::Tls {
                server: server.to_string(),
                detail: detail(&e),
            })?;
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials)
                .map_err(|e| MailError::Auth {
                    server: server.to_string(),
                    user: self.username.clone().unwrap_or_default(),
                    detail: detail(&e),
                })?;
        }
        let mut params = Vec::new();
        let non_ascii = !AsRef::<str>::as_ref(from).is_ascii()
            || to.iter().any(|a| !AsRef::<str>::as_ref(a).is_ascii());
        if non_ascii {
            params.push(MailParameter::SmtpUtfEight);
        }
        conn.command(Mail::new(Some(from.clone()), params))
            .map_err(|e| MailError::SenderRejected {
                address: from.to_string(),
                detail: detail(&e),
            })?;
        for address in to {
            conn.command(Rcpt::new(address.clone(), vec![]))
                .map_err(|e| MailError::RecipientRejected {
                    address: address.to_string(),
                    detail: detail(&e),
                })?;
        }
        conn.command(Data)
            .map_err(|e| MailError::MessageRejected { detail: detail(&e) })?;
        conn.message(raw)
            .map_err(|e| MailError::MessageRejected { detail: detail(&e) })?;
        Ok(())
    }
}

/// A lettre error as one line, with its cause (never holds the password:
/// lettre reports server replies and I/O errors only).
fn detail(e: &lettre::transport::smtp::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        let more = cause.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = cause.source();
    }
    text
}

fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn tls_parameters(host: &str) -> Result<TlsParameters, MailError> {
    let domain = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let mut builder = TlsParameters::builder(domain);
    if let Some(path) = std::env::var_os(CA_FILE_ENV).filter(|v| !v.is_empty()) {
        let pem = std::fs::read(&path).map_err(|e| {
            MailError::Config(format!(
                "{CA_FILE_ENV}={}: {e}",
                std::path::Path::new(&path).display()
            ))
        })?;
        let cert = Certificate::from_pem(&pem).map_err(|e| {
            MailError::Config(format!(
                "{CA_FILE_ENV}={}: not PEM certificates: {e}",
                std::path::Path::new(&path).display()
            ))
        })?;
        builder = builder.add_root_certificate(cert);
    }
    builder
        .build_rustls()
        .map_err(|e| MailError::Config(format!("TLS setup: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn config(host: &str, security: Security) -> MailConfig {
        MailConfig {
            host: host.to_string(),
            port: 2525,
            security,
            username: None,
            password_env: None,
            from: "dynamo@example.org".to_string(),
            outbox: PathBuf::from("outbox"),
        }
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
}
