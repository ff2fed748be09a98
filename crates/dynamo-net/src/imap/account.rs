//! The IMAP settings (the connection keys of the `[inbox]` table) checked
//! and joined with what the environment holds: the password from the
//! variable `password_env` names, and the certificates TLS trusts (the
//! system's, plus `DYNAMO_IMAP_CA_FILE`).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use rustls::ClientConfig;
use rustls::pki_types::ServerName;

use super::error::ImapError;
use crate::{
    CaFile, Security, client_config, host_and_port, is_loopback, is_plausible_variable_name,
    password_from_env, tls_name,
};

/// The environment variable naming a PEM file of extra trusted
/// certificates for the IMAP server, added to the system's (as
/// `DYNAMO_SMTP_CA_FILE` is for SMTP).
pub const CA_FILE_ENV: &str = "DYNAMO_IMAP_CA_FILE";

/// How to reach and log in to the mailbox, as the `[inbox]` table says it
/// (its key names are the ones errors name); nothing here is checked
/// until an [`Account`] is made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImapSettings {
    /// The server's host name or address.
    pub host: String,
    /// Its port.
    pub port: u16,
    /// How the connection is secured; `none` only for a loopback host.
    pub security: Security,
    /// The login name.
    pub username: String,
    /// The NAME of the environment variable that holds the password.
    pub password_env: String,
    /// The mailbox to read.
    pub mailbox: String,
    /// The longest one step may take (connecting, logging in, one
    /// command).
    pub timeout: Duration,
}

/// Everything needed to open the mailbox. Holds the password; never
/// printed (its `Debug` leaves it out).
pub struct Account {
    pub(super) host: String,
    pub(super) port: u16,
    pub(super) security: Security,
    pub(super) user: String,
    pub(super) password: String,
    pub(super) mailbox: String,
    pub(super) tls: Option<Arc<ClientConfig>>,
    pub(super) timeout: Duration,
}

impl std::fmt::Debug for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Account")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.user)
            .field("mailbox", &self.mailbox)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl Account {
    /// Checks the settings, reads the password from the variable that
    /// `password_env` names and trusts `DYNAMO_IMAP_CA_FILE` besides the
    /// system's certificates.
    pub fn from_env(config: &ImapSettings) -> Result<Account, ImapError> {
        let key = "inbox.password_env";
        let password = password_from_env(&config.password_env, key).map_err(ImapError::Config)?;
        if password.is_empty() {
            // The variable's name only when it looks like one (see
            // password_from_env).
            let var = &config.password_env;
            let named = if is_plausible_variable_name(var) {
                format!("the environment variable {var} ({key})")
            } else {
                format!("the environment variable named by {key}")
            };
            return Err(ImapError::Config(format!("{named} is empty")));
        }
        let ca_file = CaFile::from_env(CA_FILE_ENV);
        Account::build(config, password, ca_file.as_ref())
    }

    /// The same with the password and the extra certificates given here
    /// rather than by the environment (a program that holds them itself,
    /// and tests).
    pub fn new(
        config: &ImapSettings,
        password: &str,
        ca_file: Option<&Path>,
    ) -> Result<Account, ImapError> {
        if password.is_empty() {
            return Err(ImapError::Config("the password is empty".to_string()));
        }
        let ca_file = ca_file.map(|path| CaFile::new(CA_FILE_ENV, path));
        Account::build(config, password.to_string(), ca_file.as_ref())
    }

    fn build(
        config: &ImapSettings,
        password: String,
        ca_file: Option<&CaFile>,
    ) -> Result<Account, ImapError> {
        let bad = |what: String| Err(ImapError::Config(what));
        let host = config.host.trim().to_string();
        if host.is_empty() {
            return bad("inbox.host is empty".to_string());
        }
        if config.security == Security::None && !is_loopback(&host) {
            return bad(format!(
                "inbox.security = \"none\" is allowed only for a loopback host \
                 (localhost, 127.0.0.1, ::1), not {host:?}: use \"tls\" or \"starttls\""
            ));
        }
        if config.port == 0 {
            return bad("inbox.port must not be 0".to_string());
        }
        if config.username.is_empty() || config.username.contains('\0') {
            return bad("inbox.username is empty or holds a NUL character".to_string());
        }
        if password.contains('\0') {
            return bad(format!(
                "the password (from {}) holds a NUL character, which IMAP cannot send",
                config.password_env
            ));
        }
        if config.mailbox.is_empty() || config.mailbox.chars().any(char::is_control) {
            return bad(format!(
                "inbox.mailbox {:?} is empty or holds a control character",
                config.mailbox
            ));
        }
        let tls = match config.security {
            Security::None => None,
            Security::Tls | Security::Starttls => {
                Some(client_config(ca_file).map_err(ImapError::Config)?)
            }
        };
        let account = Account {
            host,
            port: config.port,
            security: config.security,
            user: config.username.clone(),
            password,
            mailbox: config.mailbox.clone(),
            tls,
            timeout: config.timeout,
        };
        account.tls_name()?;
        Ok(account)
    }

    /// `host:port`, for messages.
    pub fn server(&self) -> String {
        host_and_port(&self.host, self.port)
    }

    /// The name the server's certificate must bear.
    pub(super) fn tls_name(&self) -> Result<ServerName<'static>, ImapError> {
        tls_name(&self.host).map_err(|e| ImapError::Config(format!("inbox.host {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(host: &str, security: Security) -> ImapSettings {
        ImapSettings {
            host: host.to_string(),
            port: 143,
            security,
            username: "director".to_string(),
            password_env: "DYNAMO_TEST_IMAP_PASSWORD".to_string(),
            mailbox: "INBOX".to_string(),
            timeout: Duration::from_secs(60),
        }
    }

    #[test]
    fn plain_imap_only_on_loopback() {
        for host in ["localhost", "127.0.0.1", "::1", "[::1]"] {
            assert!(
                Account::new(&config(host, Security::None), "pw", None).is_ok(),
                "{host}"
            );
        }
        for host in ["imap.example.org", "10.0.0.1", ""] {
            assert!(
                matches!(
                    Account::new(&config(host, Security::None), "pw", None),
                    Err(ImapError::Config(_))
                ),
                "{host}"
            );
        }
    }

    #[test]
    fn an_unset_variable_is_named_and_a_password_never_shown() {
        let mut c = config("localhost", Security::None);
        c.password_env = "DYNAMO_TEST_SURELY_UNSET_IMAP_VARIABLE".to_string();
        let err = Account::from_env(&c).expect_err("unset");
        assert!(
            err.to_string()
                .contains("DYNAMO_TEST_SURELY_UNSET_IMAP_VARIABLE"),
            "{err}"
        );
        assert!(err.to_string().contains("inbox.password_env"), "{err}");
        c.password_env = "my secret pw".to_string();
        let err = Account::from_env(&c).expect_err("not a variable");
        assert!(!err.to_string().contains("secret"), "{err}");
        let account = Account::new(&c, "hunter2-imap", None).expect("valid");
        assert!(!format!("{account:?}").contains("hunter2"));
        let err = Account::new(&c, "a\0b", None).expect_err("NUL");
        assert!(!err.to_string().contains("a\0b"), "{err}");
    }

    #[test]
    fn a_mailbox_with_a_line_break_is_refused() {
        let mut c = config("localhost", Security::None);
        c.mailbox = "INBOX\r\nA1 DELETE INBOX".to_string();
        assert!(matches!(
            Account::new(&c, "pw", None),
            Err(ImapError::Config(_))
        ));
    }
}
