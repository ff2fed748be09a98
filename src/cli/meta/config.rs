//! `dynamo config`.

use std::fmt;
use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::config::is_plausible_variable_name;
use dynamo::config::{ArchiveConfig, InboxConfig, Loaded, MailConfig, Security};

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
        return super::config_check::execute(config, &loaded.source, printer, out);
    }
    printer.text(&Settings(&loaded), out)?;
    Ok(Exit::Ok)
}

/// Every setting as read, printed as TOML so that it can be read as a
/// config again, under a comment naming the file read.
struct Settings<'a>(&'a Loaded);

impl fmt::Display for Settings<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let config = &self.0.config;
        writeln!(f, "# config file: {}", self.0.source)?;
        writeln!(f, "games_dir = {}", text(&config.games_dir.display()))?;
        writeln!(f, "default_rules = {}", text(&config.default_rules))?;
        writeln!(
            f,
            "default_time_control = {}",
            text(&config.default_time_control)
        )?;
        writeln!(f, "require_identity = {}", config.require_identity)?;
        writeln!(f, "mail_after_move = {}", config.mail_after_move)?;
        writeln!(f, "leave_days_per_year = {}", config.leave_days_per_year)?;
        let conditional = config.conditional_dir.display();
        writeln!(f, "conditional_dir = {}", text(&conditional))?;
        match &config.mail {
            Some(mail) => print_mail(f, mail)?,
            None => writeln!(f, "# no [mail] table: mail is off")?,
        }
        match &config.inbox {
            Some(inbox) => print_inbox(f, inbox)?,
            None => writeln!(f, "# no [inbox] table: no IMAP mailbox to read moves from")?,
        }
        match &config.site {
            Some(site) => {
                writeln!(f, "[site]")?;
                match &site.dir {
                    Some(dir) => writeln!(f, "dir = {}", text(&dir.display()))?,
                    None => writeln!(f, "# no dir: pages only from `dynamo site DIR`")?,
                }
                writeln!(f, "delay_moves = {}", site.delay_moves)?;
            }
            None => writeln!(f, "# no [site] table: pages only from `dynamo site DIR`")?,
        }
        match &config.archive {
            Some(archive) => print_archive(f, archive)?,
            None => writeln!(f, "# no [archive] table: the games folder is no git record")?,
        }
        Ok(())
    }
}

fn print_archive(f: &mut fmt::Formatter<'_>, archive: &ArchiveConfig) -> fmt::Result {
    writeln!(f, "[archive]")?;
    writeln!(f, "git = {}", archive.git)?;
    match &archive.author {
        Some(author) => writeln!(f, "author = {}", text(author))?,
        None => writeln!(f, "# author: none (git's own user.name and user.email)")?,
    }
    writeln!(f, "remote = {}", text(&archive.remote))?;
    writeln!(f, "sync = {}", text(&archive.sync.name()))?;
    match &archive.director {
        Some(director) => writeln!(f, "director = {}", text(director))?,
        None => writeln!(f, "# director: none (every section written here)")?,
    }
    Ok(())
}

fn print_mail(f: &mut fmt::Formatter<'_>, mail: &MailConfig) -> fmt::Result {
    writeln!(f, "[mail]")?;
    writeln!(f, "host = {}", text(&mail.host))?;
    writeln!(f, "port = {}", mail.port)?;
    let security = match mail.security {
        Security::Starttls => "starttls",
        Security::Tls => "tls",
        Security::None => "none",
    };
    writeln!(f, "security = {}", text(&security))?;
    match &mail.username {
        Some(user) => writeln!(f, "username = {}", text(user))?,
        None => writeln!(f, "# username: none (no login)")?,
    }
    match &mail.password_env {
        Some(var) => {
            // Whether the variable holds something, never what.
            let set = std::env::var_os(var).is_some_and(|v| !v.is_empty());
            let state = if set { "set" } else { "not set" };
            writeln!(f, "password_env = {}  # {state}", text(var))?;
        }
        None => writeln!(f, "# password_env: none (no login)")?,
    }
    writeln!(f, "from = {}", text(&mail.from))?;
    if let Some(reply_to) = &mail.reply_to {
        writeln!(f, "reply_to = {}", text(reply_to))?;
    }
    writeln!(f, "outbox = {}", text(&mail.outbox.display()))?;
    writeln!(f, "timeout_seconds = {}", mail.timeout.as_secs())?;
    let days: Vec<String> = mail.remind_days.iter().map(u32::to_string).collect();
    writeln!(f, "remind_days = [{}]", days.join(", "))?;
    writeln!(f, "reply_subaddress = {}", mail.reply_subaddress)?;
    match &mail.secret_env {
        Some(var) => {
            // As for the password: whether it is set, never what it is.
            let set = std::env::var_os(var).is_some_and(|v| !v.is_empty());
            let state = if set { "set" } else { "not set" };
            writeln!(f, "secret_env = {}  # {state}", text(var))?;
        }
        None => {
            let state = if mail.key_file.exists() {
                "exists"
            } else {
                "made on first use"
            };
            writeln!(
                f,
                "# secret_env: none; the reply tokens' key is in {} ({state})",
                mail.key_file.display()
            )?;
        }
    }
    writeln!(f, "inbox_state = {}", text(&mail.inbox_state.display()))?;
    writeln!(f, "inbox_flush = {}", text(&mail.inbox_flush.name()))?;
    writeln!(f, "replies_per_hour = {}", mail.replies_per_hour)?;
    writeln!(f, "language = {}", text(&mail.language.code()))?;
    match std::env::var_os("DYNAMO_SMTP_CA_FILE").filter(|v| !v.is_empty()) {
        Some(ca) => writeln!(f, "# DYNAMO_SMTP_CA_FILE: {}", Path::new(&ca).display())?,
        None => writeln!(f, "# DYNAMO_SMTP_CA_FILE: not set")?,
    }
    Ok(())
}

fn print_inbox(f: &mut fmt::Formatter<'_>, inbox: &InboxConfig) -> fmt::Result {
    writeln!(f, "[inbox]")?;
    writeln!(f, "host = {}", text(&inbox.host))?;
    writeln!(f, "port = {}", inbox.port)?;
    let security = match inbox.security {
        Security::Starttls => "starttls",
        Security::Tls => "tls",
        Security::None => "none",
    };
    writeln!(f, "security = {}", text(&security))?;
    writeln!(f, "username = {}", text(&inbox.username))?;
    let var = &inbox.password_env;
    if is_plausible_variable_name(var) {
        // Whether the variable holds something, never what.
        let set = std::env::var_os(var).is_some_and(|v| !v.is_empty());
        let state = if set { "set" } else { "not set" };
        writeln!(f, "password_env = {}  # {state}", text(var))?;
    } else {
        // Not a variable's name: perhaps the password itself.
        writeln!(
            f,
            "# password_env: not shown, not a variable's name (A-Z, 0-9, _); write the \
             variable's name there, never the password"
        )?;
    }
    writeln!(f, "mailbox = {}", text(&inbox.mailbox))?;
    writeln!(f, "timeout_seconds = {}", inbox.timeout.as_secs())?;
    writeln!(f, "idle_minutes = {}", inbox.idle.as_secs() / 60)?;
    let ca_env = dynamo::inbox::inbox_config::CA_FILE_ENV;
    match std::env::var_os(ca_env).filter(|v| !v.is_empty()) {
        Some(ca) => writeln!(f, "# {ca_env}: {}", Path::new(&ca).display())?,
        None => writeln!(f, "# {ca_env}: not set")?,
    }
    Ok(())
}

/// A TOML string, quoted and escaped.
fn text(value: &impl fmt::Display) -> String {
    toml::Value::String(value.to_string()).to_string()
}
