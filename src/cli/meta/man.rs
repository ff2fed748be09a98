//! `dynamo man`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap_mangen::Man;
use dynamo::durable;

use crate::exit::{Exit, Failure};

/// Print a manual page as roff, or write them all to a folder.
///
/// The pages are dynamo(1) and one a command, such as dynamo-move(1) and
/// dynamo-tournament-new(1).
/// `dynamo man move | man -l -` shows one without installing it.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The command whose page to print (default: dynamo's own page, which
    /// lists the commands).
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    command: Option<String>,
    /// Write dynamo.1 and a page for every command (dynamo-move.1, …)
    /// into this folder, such as ~/.local/share/man/man1.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

pub(crate) fn execute(args: Args, cli: clap::Command, out: &mut impl Write) -> Result<Exit> {
    let pages = pages(cli);
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for (name, page) in &pages {
            let path = dir.join(format!("{name}.1"));
            durable::write_atomic(&path, &render(page)?)?;
        }
        return Ok(Exit::Ok);
    }
    let wanted = match &args.command {
        Some(command) => format!("dynamo-{command}"),
        None => "dynamo".to_string(),
    };
    let Some((_, page)) = pages.iter().find(|(name, _)| *name == wanted) else {
        let names: Vec<&str> = pages
            .iter()
            .filter_map(|(name, _)| name.strip_prefix("dynamo-"))
            .collect();
        return Err(Failure::new(
            Exit::Usage,
            format!(
                "no manual page for {}: the commands are {}",
                dynamo_core::quoted(&args.command.unwrap_or_default()),
                names.join(", ")
            ),
        )
        .into());
    };
    out.write_all(&render(page)?)?;
    Ok(Exit::Ok)
}

/// Each page's name and the command it describes: dynamo's own, then one
/// per command, named as git names its pages (`dynamo-move`).
fn pages(mut cli: clap::Command) -> Vec<(String, clap::Command)> {
    // Built, so that every command's page shows the global --config.
    cli.build();
    let mut pages = vec![("dynamo".to_string(), cli.clone())];
    add_pages(&cli, "dynamo", "dynamo", &mut pages);
    pages
}

/// A page for each subcommand of `parent` and, for a group such as
/// `tournament`, each of its own (`dynamo-tournament-new`).
fn add_pages(
    parent: &clap::Command,
    name: &str,
    synopsis: &str,
    pages: &mut Vec<(String, clap::Command)>,
) {
    for command in parent.get_subcommands().filter(|c| c.get_name() != "help") {
        let name = format!("{name}-{}", command.get_name());
        let synopsis = format!("{synopsis} {}", command.get_name());
        let page = command
            .clone()
            .display_name(name.clone())
            .bin_name(synopsis.clone());
        pages.push((name.clone(), page));
        add_pages(command, &name, &synopsis, pages);
    }
}

fn render(command: &clap::Command) -> Result<Vec<u8>> {
    let mut page = Vec::new();
    Man::new(command.clone()).render(&mut page)?;
    Ok(page)
}
