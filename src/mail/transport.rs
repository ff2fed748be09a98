//! The `[mail]` table's SMTP server as the network crate takes it: the
//! connection keys copied into its [`SmtpSettings`], checked into an
//! [`SmtpServer`] with the password and trusted certificates. The session
//! itself (`dynamo_net::smtp::Session`) is the courier's.

pub use dynamo_net::smtp::CA_FILE_ENV;
use dynamo_net::smtp::{SmtpServer, SmtpSettings};

use super::error::MailError;
use super::mail_config::MailConfig;

impl MailConfig {
    /// The connection keys, as the SMTP session takes them.
    pub fn smtp(&self) -> SmtpSettings {
        SmtpSettings {
            host: self.host.clone(),
            port: self.port,
            security: self.security,
            username: self.username.clone(),
            password_env: self.password_env.clone(),
            timeout: self.timeout,
        }
    }
}

/// The server of `config`, checked, its password read from the variable
/// `password_env` names.
pub fn server(config: &MailConfig) -> Result<SmtpServer, MailError> {
    Ok(SmtpServer::from_env(&config.smtp())?)
}
