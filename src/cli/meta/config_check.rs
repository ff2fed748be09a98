//! `dynamo config --check`: whether the setup works for the user running
//! it — each folder writable (or creatable), the servers reachable, the
//! password variables set (never their values), the reply tokens' key
//! usable, the pages readable by others — one line a check.

use std::fmt;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use dynamo::archive::Archive;
use dynamo::config::Config;
use dynamo::config::{host_and_port, is_plausible_variable_name, reachable};
use dynamo::mail::Secret;

use crate::cli::support::printer::{Printer, Report};
use crate::exit::Exit;

/// How long a server may take to accept a connection.
const CONNECT_LIMIT: Duration = Duration::from_secs(5);

/// One check's outcome.
#[derive(Debug, serde::Serialize)]
struct Line {
    /// What was checked, e.g. `outbox`.
    check: String,
    ok: bool,
    /// The path, server or variable, and what was found.
    detail: String,
}

/// The checks, in order: one line each as text, an array of `{check,
/// ok, detail}` as JSON.
#[derive(serde::Serialize)]
#[serde(transparent)]
struct Checks(Vec<Line>);

impl fmt::Display for Checks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.0 {
            let word = if l.ok { "ok     " } else { "problem" };
            writeln!(f, "{word} {}: {}", l.check, l.detail)?;
        }
        Ok(())
    }
}

impl Report for Checks {}

fn line(check: &str, result: Result<String, String>) -> Line {
    let ok = result.is_ok();
    Line {
        check: check.to_string(),
        ok,
        detail: result.unwrap_or_else(|e| e),
    }
}

/// The archive usable: git recent enough, the games folder its
/// repository, no private state inside it left to be committed.
fn archived(config: &Config, archive: &Archive) -> Result<String, String> {
    archive.check().map_err(|e| e.to_string())?;
    let exposed = archive
        .exposed(&config.private_paths())
        .map_err(|e| e.to_string())?;
    if exposed.is_empty() {
        Ok(format!(
            "{}: a git repository, private state kept out",
            config.games_dir.display()
        ))
    } else {
        let names: Vec<String> = exposed.iter().map(|p| p.display().to_string()).collect();
        Err(format!(
            "{}: private state inside the games folder and not in its .gitignore: {}",
            config.games_dir.display(),
            names.join(", ")
        ))
    }
}

/// Runs every check of `config`, prints them, and exits 0 when all pass,
/// 1 otherwise.
pub(crate) fn execute(config: &Config, printer: &Printer, out: &mut impl Write) -> Result<Exit> {
    let mut lines = vec![line("games folder", writable(&config.games_dir))];
    lines.push(line(
        "conditional folder",
        writable(&config.conditional_dir),
    ));
    if let Some(mail) = &config.mail {
        lines.push(line("outbox", writable(&mail.outbox)));
        lines.push(line("inbox state", writable(&mail.inbox_state)));
        lines.push(line("SMTP server", server(&mail.host, mail.port)));
        if mail.username.is_some()
            && let Some(var) = &mail.password_env
        {
            lines.push(line("SMTP password", variable(var)));
        }
        lines.push(line("reply tokens' key", key(mail)));
    }
    if let Some(inbox) = &config.inbox {
        lines.push(line("IMAP server", server(&inbox.host, inbox.port)));
        lines.push(line("IMAP password", variable(&inbox.password_env)));
    }
    if let Some(dir) = config.site.as_ref().and_then(|s| s.dir.as_ref()) {
        // Apart from the club's files first: a folder the site refuses
        // is a problem however writable it is.
        let apart = config.site_dir(dir).map_err(|e| e.to_string());
        lines.push(line("pages folder", apart.and_then(|_| writable(dir))));
        lines.push(line("pages for others", public(dir)));
    }
    if let Some(archive) = config.archive(dynamo::durable::LOCK_WAIT) {
        lines.push(line("archive", archived(config, &archive)));
    }
    let all_ok = lines.iter().all(|l| l.ok);
    printer.out(&Checks(lines), out)?;
    Ok(if all_ok { Exit::Ok } else { Exit::Rejected })
}

/// A folder this user may write in, or make: the nearest folder that
/// exists must let it.
fn writable(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let mut at = path;
    loop {
        match std::fs::metadata(at) {
            Ok(meta) if !meta.is_dir() => return Err(format!("{shown}: not a folder")),
            Ok(_) => {
                use rustix::fs::{Access, access};
                return match access(at, Access::WRITE_OK | Access::EXEC_OK) {
                    Ok(()) if at == path => Ok(format!("{shown} is writable")),
                    Ok(()) => Ok(format!("{shown} will be made (in {})", at.display())),
                    Err(_) => Err(format!(
                        "{shown}: {} is not writable by this user",
                        at.display()
                    )),
                };
            }
            Err(_) => match at.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => at = parent,
                _ => return Err(format!("{shown}: no folder of it exists")),
            },
        }
    }
}

fn server(host: &str, port: u16) -> Result<String, String> {
    let at = host_and_port(host, port);
    reachable(host, port, CONNECT_LIMIT)
        .map(|()| format!("{at} accepts connections"))
        .map_err(|e| format!("{at}: {e}"))
}

/// Whether the variable is set, never what it holds.
fn variable(name: &str) -> Result<String, String> {
    if !is_plausible_variable_name(name) {
        return Err("password_env is not a variable's name (A-Z, 0-9, _)".to_string());
    }
    match std::env::var_os(name) {
        Some(v) if !v.is_empty() => Ok(format!("{name} is set")),
        _ => Err(format!("{name} is not set")),
    }
}

/// The secret from its variable or its key file, or a key file that the
/// first notice may make.
fn key(mail: &dynamo::config::MailConfig) -> Result<String, String> {
    match Secret::load(mail, false) {
        Ok(_) => Ok(match &mail.secret_env {
            Some(var) => format!("{var} is set"),
            None => format!("{} is usable", mail.key_file.display()),
        }),
        Err(dynamo::mail::SecretError::Missing { path }) => {
            let folder = path.parent().unwrap_or(Path::new("."));
            writable(folder)
                .map(|_| format!("{} is made by the first notice", path.display()))
                .map_err(|e| format!("{}: cannot be made: {e}", path.display()))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// The pages' folder readable by every user, and every folder above it
/// passable, as a web server running as another user needs.
fn public(dir: &Path) -> Result<String, String> {
    let shown = dir.display();
    let mode = |p: &Path| std::fs::metadata(p).map(|m| m.permissions().mode());
    match mode(dir) {
        Err(_) => {
            return Err(format!(
                "{shown}: missing (`dynamo site {shown}` writes it)"
            ));
        }
        Ok(m) if m & 0o005 != 0o005 => {
            return Err(format!(
                "{shown}: others may not read it (mode {:03o})",
                m & 0o777
            ));
        }
        Ok(_) => {}
    }
    let real = std::fs::canonicalize(dir).map_err(|e| format!("{shown}: {e}"))?;
    for above in real.ancestors().skip(1) {
        if mode(above).is_ok_and(|m| m & 0o001 == 0) {
            return Err(format!(
                "{shown}: others may not pass through {}",
                above.display()
            ));
        }
    }
    let index = dir.join("index.html");
    if let Ok(m) = mode(&index)
        && m & 0o004 == 0
    {
        return Err(format!("{}: others may not read it", index.display()));
    }
    Ok(format!("{shown} is readable by others"))
}
