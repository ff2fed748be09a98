//! `dynamo tournament new`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chrono::Utc;
use dynamo::config::Config;
use dynamo::durable;
use dynamo::game::Language;
use dynamo::game::clock::{self, format_time_short};
use dynamo::game::peek;
use dynamo::game::store::GameFile;
use dynamo::recorder::When;
use dynamo::tournament::{NewSection, SectionError, SectionSettings, WriteError, parse_players};

use crate::cli::support::args::{GameSettingsArgs, QuietArgs, check_first_deadline};
use crate::cli::support::printer::Printer;
use crate::cli::support::recording;
use crate::exit::{Exit, Failure};

/// The largest players file read.
const MAX_PLAYERS_FILE_BYTES: u64 = 1 << 20;

/// Create a round-robin section: a folder of the games folder with one
/// game file per pairing of the Berger tables, every game starting
/// together, and `section.toml` naming the players and games. Never
/// overwrites anything.
#[derive(clap::Args, Debug)]
// `--time-control` is listed before `--rules`, as it always was: options
// are listed by order (counted as declared: --players 0, --double 1,
// --rules 2, …), then by name.
#[command(mut_arg("time_control", |a| a.display_order(1)))]
pub(crate) struct Args {
    /// The section's name: the folder made in the games folder (`games_dir`)
    /// and the games' Event unless --event gives one.
    name: String,
    /// The players, one `Name <address>` a line in the order of their
    /// numbers (player 1 first); `#` comments and blank lines allowed.
    /// From 2 to 24 players.
    #[arg(long, value_name = "FILE")]
    players: PathBuf,
    /// A double round robin: every pair meets twice, colours swapped in
    /// the second cycle, whose rounds are numbered on.
    #[arg(long)]
    double: bool,
    #[command(flatten)]
    settings: GameSettingsArgs,
    /// When every game starts (White's clocks run from here; default now):
    /// RFC 3339, `2026-11-20 09:14` in UTC, or a mail's Date header, years
    /// 1900 to 9999.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    start: Option<String>,
    /// The games' Event tag (default: the section's name).
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// Mail every player a notice of each of their new games.
    #[arg(long)]
    mail: bool,
    /// The language of every player whose line in the players file names
    /// none (`lang=it` at the line's end): en, it, fr, de or es (default:
    /// `[mail] language`, else en).
    #[arg(long, value_name = "LANG")]
    lang: Option<Language>,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    let mut recording = recording::new(config, args.mail, When::Now)?;
    let file = args.players.display();
    let bytes = durable::read_regular(&args.players, MAX_PLAYERS_FILE_BYTES)
        .map_err(|e| usage(format!("--players: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| usage(format!("--players: {file}: not UTF-8 text")))?;
    let players = parse_players(&text).map_err(|e| usage(format!("--players: {file}: {e}")))?;
    let (rules, time_control) = args.settings.read(config)?;
    let started = match &args.start {
        Some(t) => clock::parse_time(t).map_err(|e| usage(format!("--start: {e}")))?,
        None => Utc::now(),
    };
    check_first_deadline(time_control, started, "--start")?;
    let count = players.len();
    let mut taken = peek::ids_in(&config.games_dir).map_err(|e| {
        Failure::new(
            Exit::Io,
            format!("the games folder {}: {e}", config.games_dir.display()),
        )
    })?;
    // A deleted section's games may have had notices sent under their ids.
    taken.extend(dynamo::tournament::deleted_ids(&config.games_dir));
    let plan = NewSection::plan(
        SectionSettings {
            name: args.name.clone(),
            players,
            language: args.lang.unwrap_or(config.default_language()),
            double: args.double,
            event: args.event,
            rules,
            time_control,
            started,
        },
        &taken,
    )
    .map_err(|e| match e {
        SectionError::Value(v) if v.field == "Event" => usage(format!("--event: {}", v.why)),
        other => usage(other.to_string()),
    })?;
    // Each game's notices are queued once every file is on disk, before
    // the section appears, and removed if it does not.
    let written = recording.create_all(|creating| {
        let written = plan.write(&config.games_dir, |paths| -> Result<()> {
            for (path, (_, game)) in paths.iter().zip(&plan.games) {
                creating
                    .prepare(&GameFile::named(path), game)
                    .map_err(recording::subscriber_failure)?;
            }
            Ok(())
        });
        written.map_err(|e| match e {
            WriteError::Ready(e) => e,
            WriteError::Section(e) => {
                let exit = if e.is_input() { Exit::Usage } else { Exit::Io };
                Failure::new(exit, e.to_string()).into()
            }
        })
    });
    let folder = written.map_err(recording::recording_failure)??;
    let section = &plan.section;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        let rounds = section.games.iter().map(|g| g.round).max().unwrap_or(0);
        let many = |n: usize, what: &str| match n {
            1 => format!("1 {what}"),
            n => format!("{n} {what}s"),
        };
        writeln!(
            out,
            "created section {} in {}: {count} players, {}, {}",
            section.name,
            folder.display(),
            many(rounds as usize, "round"),
            many(section.games.len(), "game")
        )?;
        writeln!(out, "Event: {}", section.event)?;
        writeln!(out, "Rules: {}", rules.described())?;
        writeln!(out, "Time control: {time_control}")?;
        writeln!(
            out,
            "Start: {}",
            format_time_short(clock::truncate(started))
        )?;
        let name = |n: u32| &section.players[n as usize - 1].name;
        for round in 1..=rounds {
            for g in section.games.iter().filter(|g| g.round == round) {
                writeln!(
                    out,
                    "round {round}, board {}: {} - {} ({})",
                    g.board,
                    name(g.white),
                    name(g.black),
                    folder.join(&g.file).display()
                )?;
            }
            for b in section.byes.iter().filter(|b| b.round == round) {
                writeln!(out, "round {round}: bye for {}", name(b.player))?;
            }
        }
        Ok(out.flush()?)
    })();
    let said = printer.said(args.quiet.quiet);
    recording::finish(recording, &folder, "the new section", shown, said)
}
