//! The command examples of the README and the guides, run as written
//! (docs/reference.md, "Examples that cannot go stale"): every
//! ```` ```console ```` block of a Markdown file is a session, each `$ `
//! line a command run by bash in one scratch folder per file that starts
//! with a copy of the sample games, and the lines under it the output it
//! must print, standard output and standard error as a terminal shows
//! them. A file's blocks run in order in the same folder, so a guide can
//! build on what an earlier example made. A guide whose text has the
//! reader start the tests' SMTP server gets one (see `run.rs`), and the
//! command lines that cannot run as written are checked by the argument
//! parser (`lines.rs`).
//!
//! Not trycmd: the examples use what a shell gives and trycmd does not —
//! pipes (`| head -12`), a variable set for one command (`COLUMNS=120
//! dynamo games`), here-documents (a players file written with `cat`),
//! and state carried from block to block — and trycmd would want its
//! fixture folders and settings files beside each guide in docs/.

mod lines;
pub mod run;
mod session;

use std::path::Path;

/// Runs every example of `file` (relative to the repository) and fails
/// with each one whose output or exit code differs.
fn check(file: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    run::check_file(root, file);
    lines::check_file(root, file);
}

#[test]
fn readme() {
    check("README.md");
}

#[test]
fn directors_guide() {
    check("docs/director.md");
}

#[test]
fn mail_guide() {
    check("docs/mail.md");
}

#[test]
fn players_guide() {
    check("docs/players.md");
}

#[test]
fn reference() {
    check("docs/reference.md");
}
