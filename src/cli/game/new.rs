//! `dynamo new`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chrono::Utc;
use dynamo::config::Config;
use dynamo::game::{Game, Language, NewGame, Player, peek};
use dynamo::recorder::When;
use dynamo_core::{ByColor, Position};

use crate::cli::support::args::{GameSettingsArgs, check_first_deadline};
use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::{Exit, Failure};

/// Create a game file; never overwrites one.
#[derive(clap::Args, Debug)]
#[command(mut_arg("at", |a| a.help(
    "When the game starts (White's clock runs from here; default now): RFC 3339, \
     `2026-11-20 09:14` in UTC, or a mail's Date header, years 1900 to 9999"
)))]
#[command(mut_arg("mail", |a| a.help("Mail each player a notice of the new game")))]
pub(crate) struct Args {
    /// The game file to create; it must not exist yet.
    file: PathBuf,
    /// White: `Name <address>` (any form a mail shows, such as
    /// `"Lefèvre, Jean-Pierre" <jp@example.fr>`), `Name`, or an address.
    #[arg(long, value_name = "PLAYER")]
    white: String,
    /// Black, written as for --white.
    #[arg(long, value_name = "PLAYER")]
    black: String,
    /// The language White's notices are written in and replies read in:
    /// en, it, fr, de or es (default: `[mail] language`, else en).
    #[arg(long, value_name = "LANG")]
    white_lang: Option<Language>,
    /// Black's language, as for --white-lang.
    #[arg(long, value_name = "LANG")]
    black_lang: Option<Language>,
    #[command(flatten)]
    settings: GameSettingsArgs,
    /// The Event tag.
    #[arg(long)]
    event: Option<String>,
    /// The Site tag.
    #[arg(long)]
    site: Option<String>,
    /// The Round tag.
    #[arg(long)]
    round: Option<String>,
    /// Start from this position (extended FEN) instead of the usual one.
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    #[command(flatten)]
    record: RecordArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    // Mail settings first, --at after the players and the settings, as
    // the command always read them.
    let mut recording = recording::new(config, args.record.mail(), When::Now)?;
    let white = Player::parse(&args.white).map_err(|e| usage(format!("--white: {e}")))?;
    let black = Player::parse(&args.black).map_err(|e| usage(format!("--black: {e}")))?;
    let (rules, time_control) = args.settings.read(config)?;
    let started = match args.record.when()? {
        When::At(at) | When::Arrived(at) => at,
        When::Now => Utc::now(),
    };
    check_first_deadline(time_control, started, "--at")?;
    let setup = match &args.fen {
        Some(fen) => {
            Some(Position::from_fen(fen, rules).map_err(|e| usage(format!("--fen: {e}")))?)
        }
        None => None,
    };
    let mut settings = NewGame::new(white, black, started);
    settings.rules = rules;
    settings.time_control = time_control;
    settings.setup = setup;
    settings.languages = ByColor {
        white: args.white_lang.unwrap_or(config.default_language()),
        black: args.black_lang.unwrap_or(config.default_language()),
    };
    if let Some(e) = args.event {
        settings.event = e;
    }
    if let Some(s) = args.site {
        settings.site = s;
    }
    if let Some(r) = args.round {
        settings.round = r;
    }
    let create = |settings: NewGame| {
        Game::create(settings).map_err(|e| {
            let flag = format!("--{}", e.field.to_ascii_lowercase());
            usage(format!("{flag}: {}", e.why))
        })
    };
    let mut game = create(settings.clone())?;
    // An id no game of the games folder has (the defect "two games can
    // share an id"): the same players, start and round again get `-2`,
    // pinned in the GameId tag, before any notice is made from it.
    let mut taken = peek::ids_in(&config.games_dir).map_err(|e| {
        Failure::new(
            Exit::Io,
            format!("the games folder {}: {e}", config.games_dir.display()),
        )
    })?;
    // A deleted section's games may have had notices sent under their
    // ids, which a reply to this game's notice must never be taken for.
    taken.extend(dynamo::tournament::deleted_ids(&config.games_dir));
    if taken.contains(&game.game_id()) {
        settings.game_id = Some(dynamo::id::unique(&game.game_id(), |id| taken.contains(id)));
        game = create(settings)?;
    }
    let path = &args.file;
    recording
        .create(path, &game)
        .map_err(recording::recording_failure)?;
    let quiet = args.record.quiet();
    let shown = (|| -> Result<()> {
        let mut out = quiet.out(out);
        writeln!(out, "created {}", path.display())?;
        writeln!(out, "White: {}", game.white())?;
        writeln!(out, "Black: {}", game.black())?;
        writeln!(out, "Rules: {}", game.rules().described())?;
        writeln!(out, "Time control: {}", game.time_control())?;
        Ok(out.flush()?)
    })();
    let said = printer.said(quiet.quiet);
    recording::finish(recording, path, "the new game", shown, said)
}
