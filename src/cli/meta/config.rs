//! `dynamo config`.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::config::{MailConfig, Security};

use crate::cli::config::locate;
use crate::exit::Exit;

/// Print which config file is in use and every setting as read.
///
/// Relative paths are shown resolved. Secrets are never printed: the
/// password shows only as set or not set.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {}

pub(crate) fn execute(_args: Args, path: Option<&Path>, out: &mut impl Write) -> Result<Exit> {
    let loaded = locate(path)?;
    let config = &loaded.config;
    // Printed as TOML, so that it can be read as a config again.
    writeln!(out, "# config file: {}", loaded.source)?;
    writeln!(out, "games_dir = {}", text(&config.games_dir.display()))?;
    writeln!(out, "default_rules = {}", text(&config.default_rules))?;
    writeln!(
        out,
        "default_time_control = {}",
        text(&config.default_time_control)
    )?;
    writeln!(out, "require_identity = {}", config.require_identity)?;
    writeln!(out, "mail_after_move = {}", config.mail_after_move)?;
    writeln!(out, "leave_days_per_year = {}", config.leave_days_per_year)?;
    match &config.mail {
        Some(mail) => print_mail(out, mail)?,
        None => writeln!(out, "# no [mail] table: mail is off")?,
    }
    Ok(Exit::Ok)
}

fn print_mail(out: &mut impl Write, mail: &MailConfig) -> Result<()> {
    writeln!(out, "[mail]")?;
    writeln!(out, "host = {}", text(&mail.host))?;
    writeln!(out, "port = {}", mail.port)?;
    let security = match mail.security {
        Security::Starttls => "starttls",
        Security::Tls => "tls",
        Security::None => "none",
    };
    writeln!(out, "security = {}", text(&security))?;
    match &mail.username {
        Some(user) => writeln!(out, "username = {}", text(user))?,
        None => writeln!(out, "# username: none (no login)")?,
    }
    match &mail.password_env {
        Some(var) => {
            // Whether the variable holds something, never what.
            let set = std::env::var_os(var).is_some_and(|v| !v.is_empty());
            let state = if set { "set" } else { "not set" };
            writeln!(out, "password_env = {}  # {state}", text(var))?;
        }
        None => writeln!(out, "# password_env: none (no login)")?,
    }
    writeln!(out, "from = {}", text(&mail.from))?;
    writeln!(out, "outbox = {}", text(&mail.outbox.display()))?;
    match std::env::var_os("DYNAMO_SMTP_CA_FILE").filter(|v| !v.is_empty()) {
        Some(ca) => writeln!(out, "# DYNAMO_SMTP_CA_FILE: {}", Path::new(&ca).display())?,
        None => writeln!(out, "# DYNAMO_SMTP_CA_FILE: not set")?,
    }
    Ok(())
}

/// A TOML string, quoted and escaped.
fn text(value: &impl std::fmt::Display) -> String {
    toml::Value::String(value.to_string()).to_string()
}
