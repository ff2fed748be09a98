//! `dynamo config`.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::config::is_plausible_variable_name;
use dynamo::config::{ArchiveConfig, InboxConfig, MailConfig, Security};

use crate::cli::support::config_file::locate;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;

/// Print which config file is in use and every setting as read.
///
/// Relative paths are shown resolved. Secrets are never printed: the
/// password shows only as set or not set. With --check, say instead
/// whether the setup works for this user, one check a line.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Check the setup for the user running it: each folder writable (or
    /// creatable), the SMTP and IMAP servers reachable (a connection
    /// within 5 s), the password variables set (never shown), the reply
    /// tokens' key usable, the pages folder readable by others. One line
    /// a check, `ok` or `problem`; exit 0 when all are ok, 1 otherwise.
    #[arg(long)]
    check: bool,
}

pub(crate) fn execute(
    args: Args,
    path: Option<&Path>,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    if !args.check {
        printer.text_only(
            "config",
            "it prints the settings as TOML; `config --check --json` prints the checks",
        )?;
    }
    let loaded = locate(path)?;
    let config = &loaded.config;
    if args.check {
        if !printer.json() {
            writeln!(out, "# config file: {}", loaded.source)?;
        }
        return super::config_check::execute(config, printer, out);
    }
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
    let conditional = config.conditional_dir.display();
    writeln!(out, "conditional_dir = {}", text(&conditional))?;
    match &config.mail {
        Some(mail) => print_mail(out, mail)?,
        None => writeln!(out, "# no [mail] table: mail is off")?,
    }
    match &config.inbox {
        Some(inbox) => print_inbox(out, inbox)?,
        None => writeln!(
            out,
            "# no [inbox] table: no IMAP mailbox to read moves from"
        )?,
    }
    match &config.site {
        Some(site) => {
            writeln!(out, "[site]")?;
            match &site.dir {
                Some(dir) => writeln!(out, "dir = {}", text(&dir.display()))?,
                None => writeln!(out, "# no dir: pages only from `dynamo site DIR`")?,
            }
            writeln!(out, "delay_moves = {}", site.delay_moves)?;
        }
        None => writeln!(out, "# no [site] table: pages only from `dynamo site DIR`")?,
    }
    match &config.archive {
        Some(archive) => print_archive(out, archive)?,
        None => writeln!(
            out,
            "# no [archive] table: the games folder is no git record"
        )?,
    }
    Ok(Exit::Ok)
}

fn print_archive(out: &mut impl Write, archive: &ArchiveConfig) -> Result<()> {
    writeln!(out, "[archive]")?;
    writeln!(out, "git = {}", archive.git)?;
    match &archive.author {
        Some(author) => writeln!(out, "author = {}", text(author))?,
        None => writeln!(out, "# author: none (git's own user.name and user.email)")?,
    }
    writeln!(out, "remote = {}", text(&archive.remote))?;
    writeln!(out, "sync = {}", text(&archive.sync.name()))?;
    match &archive.director {
        Some(director) => writeln!(out, "director = {}", text(director))?,
        None => writeln!(out, "# director: none (every section written here)")?,
    }
    Ok(())
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
    if let Some(reply_to) = &mail.reply_to {
        writeln!(out, "reply_to = {}", text(reply_to))?;
    }
    writeln!(out, "outbox = {}", text(&mail.outbox.display()))?;
    writeln!(out, "timeout_seconds = {}", mail.timeout.as_secs())?;
    let days: Vec<String> = mail.remind_days.iter().map(u32::to_string).collect();
    writeln!(out, "remind_days = [{}]", days.join(", "))?;
    writeln!(out, "reply_subaddress = {}", mail.reply_subaddress)?;
    match &mail.secret_env {
        Some(var) => {
            // As for the password: whether it is set, never what it is.
            let set = std::env::var_os(var).is_some_and(|v| !v.is_empty());
            let state = if set { "set" } else { "not set" };
            writeln!(out, "secret_env = {}  # {state}", text(var))?;
        }
        None => {
            let state = if mail.key_file.exists() {
                "exists"
            } else {
                "made on first use"
            };
            writeln!(
                out,
                "# secret_env: none; the reply tokens' key is in {} ({state})",
                mail.key_file.display()
            )?;
        }
    }
    writeln!(out, "inbox_state = {}", text(&mail.inbox_state.display()))?;
    writeln!(out, "inbox_flush = {}", text(&mail.inbox_flush.name()))?;
    writeln!(out, "replies_per_hour = {}", mail.replies_per_hour)?;
    writeln!(out, "language = {}", text(&mail.language.code()))?;
    match std::env::var_os("DYNAMO_SMTP_CA_FILE").filter(|v| !v.is_empty()) {
        Some(ca) => writeln!(out, "# DYNAMO_SMTP_CA_FILE: {}", Path::new(&ca).display())?,
        None => writeln!(out, "# DYNAMO_SMTP_CA_FILE: not set")?,
    }
    Ok(())
}

fn print_inbox(out: &mut impl Write, inbox: &InboxConfig) -> Result<()> {
    writeln!(out, "[inbox]")?;
    writeln!(out, "host = {}", text(&inbox.host))?;
    writeln!(out, "port = {}", inbox.port)?;
    let security = match inbox.security {
        Security::Starttls => "starttls",
        Security::Tls => "tls",
        Security::None => "none",
    };
    writeln!(out, "security = {}", text(&security))?;
    writeln!(out, "username = {}", text(&inbox.username))?;
    let var = &inbox.password_env;
    if is_plausible_variable_name(var) {
        // Whether the variable holds something, never what.
        let set = std::env::var_os(var).is_some_and(|v| !v.is_empty());
        let state = if set { "set" } else { "not set" };
        writeln!(out, "password_env = {}  # {state}", text(var))?;
    } else {
        // Not a variable's name: perhaps the password itself.
        writeln!(
            out,
            "# password_env: not shown, not a variable's name (A-Z, 0-9, _); write the \
             variable's name there, never the password"
        )?;
    }
    writeln!(out, "mailbox = {}", text(&inbox.mailbox))?;
    writeln!(out, "timeout_seconds = {}", inbox.timeout.as_secs())?;
    writeln!(out, "idle_minutes = {}", inbox.idle.as_secs() / 60)?;
    let ca_env = dynamo::inbox::inbox_config::CA_FILE_ENV;
    match std::env::var_os(ca_env).filter(|v| !v.is_empty()) {
        Some(ca) => writeln!(out, "# {ca_env}: {}", Path::new(&ca).display())?,
        None => writeln!(out, "# {ca_env}: not set")?,
    }
    Ok(())
}

/// A TOML string, quoted and escaped.
fn text(value: &impl std::fmt::Display) -> String {
    toml::Value::String(value.to_string()).to_string()
}
