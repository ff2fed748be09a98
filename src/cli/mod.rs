//! The command line: [`Opts`] parses it, [`main`] runs the command and
//! turns its outcome into an exit code.
//!
//! Each command is one file holding its arguments and its `execute`;
//! `position`, `game` and `tournament` dispatch to theirs. What the
//! commands share is in [`support`], apart from them, and never imports a
//! command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::cli::support::printer::{OutputArgs, Printer};
use crate::cli::support::{catch_up, config_file, failure};
use crate::exit::Exit;

mod archive;
mod conditional;
mod digest;
mod game;
mod inbox;
mod init;
mod mail;
mod meta;
mod player;
mod position;
mod remind;
mod site;
mod support;
mod tournament;

/// Adjudicator for Dynamo Chess played by post or email, under the NOST
/// rules.
#[derive(Parser, Debug)]
#[command(name = "dynamo", version = env!("DYNAMO_VERSION"), about, long_about = None)]
pub struct Opts {
    /// The config file (default: `$DYNAMO_CONFIG`, else `dynamo.toml` here,
    /// else `~/.config/dynamo/config.toml`, else built-in defaults; see
    /// `dynamo config`).
    #[arg(long, global = true, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    #[command(flatten)]
    Position(position::Command),
    #[command(flatten)]
    Game(game::Command),
    Mail(mail::Args),
    #[command(flatten)]
    Meta(meta::Command),
    /// A player across the games folder: `dynamo player set OLD --email NEW`.
    #[command(subcommand)]
    Player(player::Command),
    Remind(remind::Args),
    Digest(digest::Args),
    Site(site::Args),
    #[command(flatten)]
    Tournament(tournament::Command),
    Inbox(inbox::Args),
    Init(init::Args),
    /// A player's conditional moves: lines of play starting with the
    /// opponent's next move, whose replies are recorded the moment the
    /// opponent's move is.
    #[command(subcommand)]
    Conditional(conditional::Command),
    /// The club's record on git: `dynamo archive init`.
    #[command(subcommand)]
    Archive(archive::Command),
    History(archive::history::Args),
}

pub fn main() -> ExitCode {
    let opts = match Opts::try_parse() {
        Ok(opts) => opts,
        Err(e) => return failure::usage(e),
    };
    let printer = Printer::new(&opts.output);
    let config = opts.config.as_deref();
    let result = match opts.command {
        Command::Position(command) => {
            // With a game file, a conditional reply owed in it is played
            // first (support/catch_up.rs); these commands need no config,
            // so one that does not read only leaves that to another.
            let catch_up = config_file::load(config)
                .map(|config| catch_up::from_config(&config, &printer))
                .unwrap_or_default();
            position::execute(command, &catch_up, &printer)
        }
        Command::Game(command) => game::execute(command, config, &printer),
        Command::Mail(args) => mail::execute(args, config, &printer),
        Command::Meta(command) => meta::execute(command, Opts::command(), config, &printer),
        Command::Player(command) => player::execute(command, config, &printer),
        Command::Remind(args) => remind::execute(args, config, &printer),
        Command::Digest(args) => digest::execute(args, config, &printer),
        Command::Site(args) => site::execute(args, config, &printer),
        Command::Tournament(command) => tournament::execute(command, config, &printer),
        Command::Inbox(args) => inbox::execute(args, config, &printer),
        Command::Init(args) => init::execute(args, &printer),
        Command::Conditional(command) => conditional::execute(command, config, &printer),
        Command::Archive(command) => archive::execute(command, config, &printer),
        Command::History(args) => archive::history(args, config, &printer),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => {
            // A reader that stops early (`dynamo legal | head`) is not a
            // failure.
            if failure::is_broken_pipe(&err) {
                return Exit::Ok.into();
            }
            let exit = failure::exit_code(&err);
            eprintln!("dynamo: {}", failure::words_cut(&format!("{err:#}")));
            exit.into()
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Opts;

    #[test]
    fn the_command_line_is_well_formed() {
        Opts::command().debug_assert();
    }

    /// Every command, argument and flag says what it is for.
    #[test]
    fn every_argument_has_help_text() {
        fn walk(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
            if command.get_about().is_none() {
                missing.push(path.to_string());
            }
            for arg in command.get_arguments() {
                let builtin = matches!(arg.get_id().as_str(), "help" | "version");
                if !builtin && arg.get_help().is_none() {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
            }
            for sub in command.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        let mut command = Opts::command();
        command.build();
        walk(&command, "dynamo", &mut missing);
        assert_eq!(missing, Vec::<String>::new(), "without help text");
    }
}
