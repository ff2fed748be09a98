//! `dynamo completions`.

use std::io::Write;

use anyhow::Result;
use clap_complete::Shell;

use crate::exit::Exit;

/// Print the shell's completion script for dynamo.
///
/// In bash: `source <(dynamo completions bash)`; docs/reference.md says where each
/// shell keeps them.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

pub(crate) fn execute(args: Args, mut cli: clap::Command, out: &mut impl Write) -> Result<Exit> {
    clap_complete::generate(args.shell, &mut cli, "dynamo", out);
    Ok(Exit::Ok)
}
