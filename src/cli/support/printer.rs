//! The one place that decides how a command's result reaches the reader:
//! as text or as JSON (the global `--output`, `--json` its alias), and
//! which notices a command mailed (`--verbose`, the command's `--quiet`).
//!
//! A command builds one report value, [`Display`] for the text and
//! [`Serialize`] for the JSON, and hands it to [`Printer::out`]; it never
//! asks itself which of the two the reader wanted. A command with no JSON
//! output refuses `--output json` before it does anything
//! ([`Printer::text_only`]), so a script never reads text it took for
//! JSON.

use std::fmt::Display;
use std::io::{self, Write};

use anyhow::Result;
use clap::{Args, ValueEnum};
use dynamo::mail::envelope::recipient_name;
use dynamo::mail::notice::addressed_as;
use dynamo::mail::{Queued, Report as Delivery};
use serde::Serialize;

use crate::exit::{Exit, Failure};

/// What standard output holds: words and tables for a person, or JSON
/// for a script. (Plain comments on the variants: clap would show a doc
/// comment as each value's help, and lay out every command's help long.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    #[default]
    Text,
    Json,
}

// The global output options (plain comments: clap would make a doc
// comment the help text of the command that flattens them).
#[derive(Args, Debug)]
pub(crate) struct OutputArgs {
    /// Say each notice mailed in full, its subject, address and
    /// Message-ID, instead of one line a run (`mailed 2 notices (Ada,
    /// Charles)`).
    #[arg(short, long, global = true)]
    verbose: bool,
    /// What standard output holds: `text`, or `json` for scripts (the
    /// shapes are in docs/reference.md, "JSON"); a command that has no JSON
    /// output refuses `json` (exit 2).
    #[arg(long, global = true, value_enum, value_name = "FORMAT")]
    output: Option<Format>,
    /// The same as `--output json`.
    #[arg(long, global = true, conflicts_with = "output")]
    json: bool,
}

/// A command's result: its text is its [`Display`], its JSON its
/// [`Serialize`].
pub(crate) trait Report: Display + Serialize {
    /// Whether the JSON is one line (a verdict a script reads line by
    /// line) rather than indented.
    const ONE_LINE: bool = false;
}

/// How the command line asked for output; made once in `cli::main` and
/// passed to every command.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Printer {
    format: Format,
    verbose: bool,
}

impl Printer {
    /// The printer the global options ask for.
    pub(crate) fn new(args: &OutputArgs) -> Printer {
        let format = if args.json {
            Format::Json
        } else {
            args.output.unwrap_or_default()
        };
        Printer {
            format,
            verbose: args.verbose,
        }
    }

    /// Whether standard output holds JSON.
    pub(crate) fn json(&self) -> bool {
        self.format == Format::Json
    }

    /// Prints `report` as text or as JSON, followed by a newline for JSON
    /// (its text ends as its [`Display`] ends).
    pub(crate) fn out<R: Report>(&self, report: &R, out: &mut impl Write) -> Result<()> {
        match self.format {
            Format::Text => write!(out, "{report}")?,
            Format::Json if R::ONE_LINE => {
                serde_json::to_writer(&mut *out, report)?;
                writeln!(out)?;
            }
            Format::Json => {
                serde_json::to_writer_pretty(&mut *out, report)?;
                writeln!(out)?;
            }
        }
        Ok(())
    }

    /// Refuses `--output json` for `command`, which prints only text
    /// (`why` says what it prints instead): bad usage, exit 2, before
    /// the command does anything.
    pub(crate) fn text_only(&self, command: &str, why: &str) -> Result<()> {
        if !self.json() {
            return Ok(());
        }
        Err(Failure::new(
            Exit::Usage,
            format!(
                "`dynamo {command}` has no JSON output ({why}): leave out --json and --output json"
            ),
        )
        .into())
    }

    /// Refuses `--output json` together with the command's `--quiet`:
    /// the two say opposite things (exit 2).
    pub(crate) fn not_quiet(&self, quiet: bool) -> Result<()> {
        if self.json() && quiet {
            return Err(Failure::new(
                Exit::Usage,
                "--json (or --output json) and --quiet cannot be used together",
            )
            .into());
        }
        Ok(())
    }

    /// Where the notices a command mailed are said, given its `--quiet`:
    /// standard output, or standard error when standard output holds
    /// JSON, or nowhere.
    pub(crate) fn said(&self, quiet: bool) -> Said {
        let to = match (quiet, self.json()) {
            (true, _) => To::Quiet,
            (false, true) => To::Err,
            (false, false) => To::Out,
        };
        Said {
            to,
            verbose: self.verbose,
        }
    }

    /// The notices said on standard output, whatever the format: for the
    /// commands whose output is the mailing itself (`mail`, `inbox`).
    pub(crate) fn said_out(&self) -> Said {
        Said {
            to: To::Out,
            verbose: self.verbose,
        }
    }

    /// The notices said on standard error: for a reply recorded on the
    /// way to something else (the conditional catch-up).
    pub(crate) fn said_err(&self) -> Said {
        Said {
            to: To::Err,
            verbose: self.verbose,
        }
    }
}

/// Where a command says which notices it mailed, and how fully.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Said {
    to: To,
    verbose: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum To {
    Out,
    Err,
    Quiet,
}

impl Said {
    /// Whether nothing is said (`--quiet`).
    pub(crate) fn quiet(&self) -> bool {
        self.to == To::Quiet
    }

    /// Says the delivered notices of `report` where they go; `stdout_ok`
    /// is whether the command's own output reached standard output
    /// (notices are not said after output that failed).
    pub(crate) fn deliveries(&self, report: &Delivery, stdout_ok: bool) -> io::Result<()> {
        match self.to {
            To::Out if stdout_ok => self.sent(report, &mut io::stdout().lock()),
            To::Err => self.sent(report, &mut io::stderr().lock()),
            _ => Ok(()),
        }
    }

    /// The delivered notices: one short line a verb, `mailed 2 notices
    /// (Ada Lovelace, Charles Babbage)`, or under `--verbose` `mailed "…"
    /// to … (<Message-ID>)` for each.
    pub(crate) fn sent(&self, report: &Delivery, out: &mut dyn Write) -> io::Result<()> {
        for (verb, list) in [("mailed", &report.sent), ("resent", &report.resent)] {
            self.list(verb, "notice", list, out)?;
        }
        out.flush()
    }

    /// `list` said as [`Said::sent`] says it: `{verb} 2 {noun}s (…)`, or
    /// each in full under `--verbose`.
    pub(crate) fn list(
        &self,
        verb: &str,
        noun: &str,
        list: &[Queued],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        if list.is_empty() {
            return Ok(());
        }
        if self.verbose {
            for q in list {
                writeln!(
                    out,
                    "{verb} \"{}\" to {} ({})",
                    q.subject,
                    q.to.join(", "),
                    q.message_id
                )?;
            }
            return Ok(());
        }
        writeln!(out, "{}", short_line(verb, noun, list))
    }
}

/// How many of its names a line of notices shows before `and N more`.
const NAMES_SHOWN: usize = 4;

/// `mailed 2 notices (Ada Lovelace, Charles Babbage)`: how many, and to
/// whom, each recipient named once as greeted (`Karl-Heinz Schmidt` for
/// `Schmidt, Karl-Heinz`: no comma inside a name of the list; their
/// address when the notice names no one), the first few of them.
fn short_line(verb: &str, noun: &str, list: &[Queued]) -> String {
    let mut names: Vec<String> = Vec::new();
    for q in list {
        let name = recipient_name(&q.message).map_or_else(|| q.to.join(", "), |n| addressed_as(&n));
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let more = names.len().saturating_sub(NAMES_SHOWN);
    names.truncate(NAMES_SHOWN);
    let mut whom = names.join(", ");
    if more > 0 {
        whom.push_str(&format!(" and {more} more"));
    }
    format!("{verb} {} ({whom})", counted(list.len(), noun))
}

/// `1 notice`, `2 notices`: a count and its noun, in the plural when
/// the count is not one.
pub(crate) fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
