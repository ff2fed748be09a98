//! `dynamo init [DIR]` and `dynamo init --system`: a club ready to run in
//! one command.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use dynamo::config::Config;
use dynamo::mail::Secret;

use crate::cli::support::printer::Printer;
use crate::exit::{Exit, Failure};

mod config_text;
mod layout;

use config_text::{Edit, fill};
use layout::{Holder, Layout, Owners, SERVICE_USER, make_folder, system_user, write_new};

/// Make a club ready to run: `dynamo.toml` (config.example.toml with your
/// values, every key explained), the games folder, the outbox, inbox and
/// conditional folders, the web pages, a players-file example and the
/// reply tokens' key. Asks for what the flags leave out when standard input
/// is a terminal. Never replaces anything: if one of its files exists, it
/// writes nothing and exits 2. Never writes a password: the config names
/// the environment variables that hold them.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The club's folder (default: here); made if missing.
    #[arg(value_name = "DIR", conflicts_with = "system")]
    dir: Option<PathBuf>,
    /// The Debian package's layout, as root: /etc/dynamo/dynamo.toml
    /// (root:dynamo 0640), /etc/dynamo/env (0600, for the passwords), the
    /// key, and the folders under /var/lib/dynamo owned by `dynamo`, the
    /// pages in /var/lib/dynamo/public for a web server.
    #[arg(long)]
    system: bool,
    /// The director's name, as the notices' sender shows it.
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The director's address: the notices' sender, and the SMTP login
    /// unless --smtp-user says otherwise.
    #[arg(long, value_name = "ADDRESS")]
    email: Option<String>,
    /// The SMTP server that sends the notices (port 587, or 465 with
    /// --smtp-security tls, unless given); without it, mail stays off
    /// ([mail] commented out).
    #[arg(long, value_name = "HOST[:PORT]")]
    smtp: Option<String>,
    /// How to talk to the SMTP server: starttls (the default), tls, or
    /// none (a loopback server only).
    #[arg(long, value_name = "SECURITY", value_parser = ["starttls", "tls", "none"])]
    smtp_security: Option<String>,
    /// The SMTP login (default: --email); "" for none.
    #[arg(long, value_name = "USER")]
    smtp_user: Option<String>,
    /// The IMAP server where players' replies arrive (port 993 with tls,
    /// else 143); without it, [inbox] is commented out.
    #[arg(long, value_name = "HOST[:PORT]")]
    imap: Option<String>,
    /// How to talk to the IMAP server: tls (the default), starttls, or
    /// none (a loopback server only).
    #[arg(long, value_name = "SECURITY", value_parser = ["tls", "starttls", "none"])]
    imap_security: Option<String>,
    /// The IMAP login (default: --email); also the Reply-To of notices
    /// when it is an address.
    #[arg(long, value_name = "USER")]
    imap_user: Option<String>,
    /// Print the config that would be written, and write nothing (the
    /// package's example is made so). No key is made, so `secret_env`
    /// stays: the secret then goes in the environment.
    #[arg(long)]
    print_config: bool,
    /// With --system: the folder that stands for `/` (for tests).
    #[arg(long, value_name = "DIR", hide = true, requires = "system")]
    root: Option<PathBuf>,
}

/// What the config says of the club, from the flags or the prompts.
struct Answers {
    name: String,
    email: Option<String>,
    smtp: Option<String>,
    imap: Option<String>,
}

pub(crate) fn execute(args: Args, printer: &Printer) -> Result<Exit> {
    printer.text_only("init", "it prints the files made, in words")?;
    let layout = match (&args.dir, args.system) {
        (_, true) => Layout::system(args.root.as_deref().unwrap_or(Path::new("/"))),
        (Some(dir), false) => Layout::local(dir),
        (None, false) => Layout::local(Path::new(".")),
    };
    if args.print_config {
        let answers = ask(&args, false)?;
        print!("{}", config_text(&args, &answers, &layout)?);
        return Ok(Exit::Ok);
    }
    let owners = owners(&args)?;
    layout.check_free()?;
    let answers = ask(&args, io::stdin().is_terminal())?;
    let text = config_text(&args, &answers, &layout)?;
    // What is written is a config that reads, or nothing is written.
    let config = Config::parse(&text).map_err(|e| {
        Failure::new(
            Exit::Usage,
            format!("not made: the values give a config that does not read: {e}"),
        )
    })?;

    // The passwords' file first, private, so that nothing secret is
    // ever written into a file others may read.
    if let Some(env) = &layout.env {
        write_new(&owners, env, ENV_TEXT, Holder::Root, 0o600)?;
    }
    for folder in layout.folders() {
        make_folder(&owners, &folder)?;
    }
    write_new(
        &owners,
        &layout.config,
        &text,
        layout.config_holder,
        layout.config_mode,
    )?;
    write_new(
        &owners,
        &layout.players,
        PLAYERS_EXAMPLE,
        layout.keeper,
        0o640,
    )?;
    if layout.sample {
        write_new(
            &owners,
            &layout.games.join("sample.pgn"),
            SAMPLE_GAME,
            layout.keeper,
            0o644,
        )?;
    }
    let mut made_key = false;
    if let Some(mut mail) = config.mail.clone() {
        mail.key_file = layout.config_dir().join(&mail.key_file);
        Secret::load(&mail, true).context("making the reply tokens' key")?;
        owners.settle(&mail.key_file, layout.keeper, 0o600)?;
        made_key = true;
    }
    // The pages of what is there, and the cache that keeps each later
    // event's update small.
    let settings = dynamo::site::Settings { delay_moves: 0 };
    // The config as every later command reads it, so that the site
    // folder is held to the one rule `dynamo site` applies.
    let cwd = std::env::current_dir().context("finding the current folder")?;
    let site = Config::read(&layout.config, &cwd)
        .context("reading the config just written")?
        .site_dir(&layout.public)
        .context("placing the web pages")?;
    dynamo::site::rebuild(&site, &settings).context("writing the web pages")?;
    owners.give_tree(&layout.games, layout.keeper)?;
    owners.give_tree(&layout.public, layout.keeper)?;

    report(&layout, &answers, made_key)?;
    Ok(Exit::Ok)
}

/// The services' user for the package's layout on a real system (which
/// needs root); none for a club folder or a test's root.
fn owners(args: &Args) -> Result<Owners> {
    if !args.system {
        return Ok(Owners { service: None });
    }
    let user = system_user(SERVICE_USER)?;
    if args.root.is_some() {
        // A test's root: the files keep the tester's ownership unless it
        // may give them away.
        let root = is_root();
        return Ok(Owners {
            service: user.filter(|_| root),
        });
    }
    if !is_root() {
        return Err(Failure::new(
            Exit::Usage,
            "dynamo init --system gives files to the user dynamo: run it as root (sudo)",
        )
        .into());
    }
    match user {
        Some(user) => Ok(Owners {
            service: Some(user),
        }),
        None => Err(Failure::new(
            Exit::Usage,
            "there is no user dynamo: install the Debian package first (it makes the user)",
        )
        .into()),
    }
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
}

/// The flags, and for what they leave out, the answers to prompts when
/// `prompt` is set (standard input is a terminal).
fn ask(args: &Args, prompt: bool) -> Result<Answers> {
    let answer = |given: &Option<String>, question: &str| -> Result<Option<String>> {
        if given.is_some() || !prompt {
            return Ok(given.clone().filter(|v| !v.trim().is_empty()));
        }
        eprint!("{question}: ");
        io::stderr().flush()?;
        let mut line = String::new();
        io::stdin().lock().read_line(&mut line)?;
        let line = line.trim().to_string();
        Ok((!line.is_empty()).then_some(line))
    };
    let name = answer(&args.name, "The director's name (Tournament Director)")?;
    let email = answer(&args.email, "The director's address (none)")?;
    let smtp = answer(&args.smtp, "The SMTP server, HOST[:PORT] (none: no mail)")?;
    let imap = match smtp {
        Some(_) => answer(
            &args.imap,
            "The IMAP server of the replies, HOST[:PORT] (none)",
        )?,
        None => args.imap.clone(),
    };
    Ok(Answers {
        name: name.unwrap_or_else(|| "Tournament Director".to_string()),
        email,
        smtp,
        imap,
    })
}

/// `HOST[:PORT]` (an IPv6 address in brackets when it has a port).
fn host_port(text: &str, default: u16) -> Result<(String, u16)> {
    let bad = || Failure::new(Exit::Usage, format!("{text:?}: expected HOST or HOST:PORT"));
    if let Some((host, port)) = text.rsplit_once(':')
        && (!host.contains(':') || host.ends_with(']'))
    {
        let port = port.parse().map_err(|_| bad())?;
        return Ok((host.to_string(), port));
    }
    if text.is_empty() {
        return Err(bad().into());
    }
    Ok((text.to_string(), default))
}

/// The config's text for these answers, in this layout.
fn config_text(args: &Args, answers: &Answers, layout: &Layout) -> Result<String> {
    let local = !args.system;
    let path = |p: &Path, name: &str| -> String {
        if local {
            name.to_string()
        } else {
            p.display().to_string()
        }
    };
    let mut edits = vec![
        Edit::text("", "games_dir", &path(&layout.games, "games")),
        Edit::text(
            "",
            "conditional_dir",
            &path(&layout.conditional, "conditional"),
        ),
        Edit::text("site", "dir", &path(&layout.public, "../public")),
    ];
    let mut off = Vec::new();
    match &answers.smtp {
        Some(smtp) => {
            let Some(email) = &answers.email else {
                return Err(
                    Failure::new(Exit::Usage, "--smtp needs --email: the notices' sender").into(),
                );
            };
            let security = args.smtp_security.as_deref().unwrap_or("starttls");
            let default_port = if security == "tls" { 465 } else { 587 };
            let (host, port) = host_port(smtp, default_port)?;
            edits.extend([
                Edit::text("mail", "host", &host),
                Edit::number("mail", "port", port),
                Edit::text("mail", "security", security),
                Edit::text("mail", "from", &format!("{} <{email}>", answers.name)),
                Edit::text("mail", "outbox", &path(&layout.outbox, "outbox")),
                Edit::text("mail", "inbox_state", &path(&layout.inbox_state, "inbox")),
            ]);
            if !args.print_config {
                // The key file beside the config, made now.
                edits.push(Edit::off("mail", "secret_env"));
            }
            match args.smtp_user.as_deref().unwrap_or(email) {
                "" => edits.extend([
                    Edit::off("mail", "username"),
                    Edit::off("mail", "password_env"),
                ]),
                user => edits.push(Edit::text("mail", "username", user)),
            }
            let imap_user = args.imap_user.as_deref().unwrap_or(email);
            match (&answers.imap, imap_user.contains('@')) {
                (Some(_), true) => edits.push(Edit::text(
                    "mail",
                    "reply_to",
                    &format!("Moves <{imap_user}>"),
                )),
                _ => edits.push(Edit::off("mail", "reply_to")),
            }
        }
        None => off.push("mail"),
    }
    match &answers.imap {
        Some(imap) => {
            let security = args.imap_security.as_deref().unwrap_or("tls");
            let (host, port) = host_port(imap, if security == "tls" { 993 } else { 143 })?;
            let user = args
                .imap_user
                .clone()
                .or_else(|| answers.email.clone())
                .ok_or_else(|| Failure::new(Exit::Usage, "--imap needs --imap-user or --email"))?;
            edits.extend([
                Edit::text("inbox", "host", &host),
                Edit::number("inbox", "port", port),
                Edit::text("inbox", "security", security),
                Edit::text("inbox", "username", &user),
            ]);
        }
        None => off.push("inbox"),
    }
    fill(&edits, &off).map_err(|e| anyhow::anyhow!("{e}"))
}

/// What was made, and what is left to the director.
fn report(layout: &Layout, answers: &Answers, made_key: bool) -> Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "made {}", layout.config.display())?;
    if let Some(env) = &layout.env {
        writeln!(out, "made {} (mode 600, for the passwords)", env.display())?;
    }
    if made_key {
        let key = layout
            .config_dir()
            .join(dynamo::mail::mail_config::KEY_FILE);
        writeln!(out, "made {} (the reply tokens' key)", key.display())?;
    }
    for folder in layout.folders() {
        writeln!(out, "made {}/", folder.path.display())?;
    }
    writeln!(out, "made {}", layout.players.display())?;
    let mut variables = Vec::new();
    if answers.smtp.is_some() {
        variables.push("DYNAMO_SMTP_PASSWORD");
    }
    if answers.imap.is_some() {
        variables.push("DYNAMO_IMAP_PASSWORD");
    }
    if !variables.is_empty() {
        let place = match &layout.env {
            Some(env) => format!("in {}", env.display()),
            None => "in the environment".to_string(),
        };
        writeln!(
            out,
            "passwords: set {} {place} (never in the config)",
            variables.join(" and ")
        )?;
    }
    writeln!(out, "check the setup: dynamo config --check")?;
    Ok(())
}

/// The services' environment file: the variables the config names, to be
/// filled in by root.
const ENV_TEXT: &str = "\
# The passwords and secrets the config's *_env settings name, one
# NAME=value a line, read by systemd for the dynamo units (root only).
# DYNAMO_SMTP_PASSWORD=
# DYNAMO_IMAP_PASSWORD=
";

/// A players file for `dynamo tournament new NAME --players FILE`.
const PLAYERS_EXAMPLE: &str = "\
# One player a line, `Name <address>`, in the order of the drawing of lots
# (the first is player 1); then: dynamo tournament new NAME --players FILE
# (docs/director.md, \"Running a tournament\").
# Ada Lovelace <ada@example.org>
# Charles Babbage <charles@example.org>
# \"Lefèvre, Jean-Pierre\" <jp@example.fr>
";

/// The sample game of the README's tour.
const SAMPLE_GAME: &str = include_str!("../../../games/sample.pgn");
