//! The commands that work on game files: new, move, check, resign, draw,
//! adjudicate, verify, games, export.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use clap::{Args, Subcommand, ValueEnum};
use dynamo::config::Config;
use dynamo::diagram::{self, Charset};
use dynamo::game::clock::{self, format_time, format_time_short};
use dynamo::game::{Game, GameError, NewGame, Player, Rejection, TimeControl, store};
use dynamo_core::{Color, Position, Rules, Status};
use serde::Serialize;

use crate::exit::{Exit, Failure};

/// `white` or `black` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Side {
    White,
    Black,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

#[derive(Args, Debug)]
pub(crate) struct NewArgs {
    /// The game file to create; it must not exist yet.
    file: PathBuf,
    /// White: `Name <address>`, `Name`, or an address.
    #[arg(long)]
    white: String,
    /// Black: `Name <address>`, `Name`, or an address.
    #[arg(long)]
    black: String,
    /// The rule set (default: `default_rules` from the config, else `nost`).
    #[arg(long)]
    rules: Option<String>,
    /// `10/50d` (moves/time, unused time carries over), `3d` (per move) or
    /// `none` (default: `default_time_control` from the config).
    #[arg(long)]
    time_control: Option<String>,
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
    /// When the game starts (White's clock runs from here); default now.
    #[arg(long)]
    at: Option<String>,
}

#[derive(Args, Debug)]
pub(crate) struct SubmitArgs {
    /// The game file.
    file: PathBuf,
    /// The move in NOST notation.
    #[arg(allow_hyphen_values = true)]
    mv: String,
    /// The side submitting the move; it must be the side to move.
    #[arg(long, value_enum)]
    by: Option<Side>,
    /// The submitter's address; it must be the side to move's address.
    #[arg(long, value_name = "EMAIL")]
    from: Option<String>,
    /// Letters and dots instead of chess symbols.
    #[arg(long)]
    ascii: bool,
}

#[derive(Args, Debug)]
pub(crate) struct MoveArgs {
    #[command(flatten)]
    submit: SubmitArgs,
    /// When the move was received (RFC 3339, or `2026-11-20 09:14` in
    /// UTC); default now. For postal moves entered later.
    #[arg(long)]
    at: Option<String>,
    /// Mail the new position to both players after recording it.
    #[arg(long)]
    mail: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum DrawAction {
    Offer,
    Accept,
    Decline,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExportFormat {
    Pgn,
    Fen,
    Json,
}

/// The commands that work on game files.
#[derive(Subcommand, Debug)]
pub(crate) enum GameCommand {
    /// Create a game file; never overwrites one.
    New(NewArgs),
    /// Check a move against the game and, if legal, record it.
    Move(MoveArgs),
    /// Check a move against the game; nothing is written.
    Check(SubmitArgs),
    /// Record a resignation.
    Resign {
        file: PathBuf,
        /// The side that resigns.
        #[arg(long, value_enum)]
        by: Side,
    },
    /// Offer, accept or decline a draw.
    Draw {
        file: PathBuf,
        #[arg(value_enum)]
        action: DrawAction,
        /// The side that acts.
        #[arg(long, value_enum)]
        by: Side,
    },
    /// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
    /// (time forfeit, adjudicated position, …).
    Adjudicate {
        file: PathBuf,
        #[arg(allow_hyphen_values = true)]
        result: String,
        #[arg(long)]
        reason: String,
    },
    /// Replay every game file (default: the games folder) and report each;
    /// exit 1 if any is bad.
    Verify { paths: Vec<PathBuf> },
    /// One line per game: players, move, side to move, last move, clock,
    /// result.
    Games {
        paths: Vec<PathBuf>,
        /// Machine-readable output (see README).
        #[arg(long)]
        json: bool,
        /// Compute clocks as of this time instead of now.
        #[arg(long)]
        now: Option<String>,
    },
    /// Write a game as PGN, the current position's FEN, or JSON.
    Export {
        file: PathBuf,
        #[arg(long, value_enum)]
        format: ExportFormat,
    },
}

/// Runs a game command. `config_path` is `--config`.
pub(crate) fn run(command: GameCommand, config_path: Option<&Path>) -> Result<Exit> {
    let cwd = std::env::current_dir().context("finding the current folder")?;
    let config: Config =
        Config::load(config_path, &cwd).map_err(|e| Failure::new(Exit::Usage, e.to_string()))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let exit = match command {
        GameCommand::New(args) => new(&mut out, &config, args)?,
        GameCommand::Move(args) => submit(&mut out, &config, args)?,
        GameCommand::Check(args) => check(&mut out, &config, args)?,
        GameCommand::Resign { file, by } => {
            let side = Color::from(by);
            let (game, ()) = update(&file, |g| Ok((g.resign(side).map_err(rejection)?, ())))?;
            report_end(&mut out, &game)?;
            Exit::Ok
        }
        GameCommand::Draw { file, action, by } => {
            let side = Color::from(by);
            let (game, ()) = update(&file, |g| {
                let changed = match action {
                    DrawAction::Offer => g.offer_draw(side),
                    DrawAction::Accept => g.accept_draw(side),
                    DrawAction::Decline => g.decline_draw(side),
                };
                Ok((changed.map_err(rejection)?, ()))
            })?;
            match action {
                DrawAction::Offer => writeln!(out, "{} offers a draw", side.title())?,
                DrawAction::Decline => writeln!(out, "{} declines the draw offer", side.title())?,
                DrawAction::Accept => report_end(&mut out, &game)?,
            }
            Exit::Ok
        }
        GameCommand::Adjudicate {
            file,
            result,
            reason,
        } => {
            let (game, ()) = update(&file, |g| {
                Ok((g.adjudicate(&result, &reason).map_err(rejection)?, ()))
            })?;
            report_end(&mut out, &game)?;
            Exit::Ok
        }
        GameCommand::Verify { paths } => verify(&mut out, &config, &paths)?,
        GameCommand::Games { paths, json, now } => {
            let now = match now {
                Some(text) => clock::parse_time(&text)
                    .map_err(|e| Failure::new(Exit::Usage, format!("--now: {e}")))?,
                None => clock::truncate(Utc::now()),
            };
            overview(&mut out, &config, &paths, json, now)?
        }
        GameCommand::Export { file, format } => {
            let game = load(&file)?;
            match format {
                ExportFormat::Pgn => write!(out, "{}", game.to_text())?,
                ExportFormat::Fen => writeln!(out, "{}", game.position().to_fen())?,
                ExportFormat::Json => {
                    serde_json::to_writer_pretty(&mut out, &export_json(&game))?;
                    writeln!(out)?;
                }
            }
            Exit::Ok
        }
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}

/// Maps a library error to the exit code it deserves.
fn game_failure(e: GameError) -> anyhow::Error {
    let exit = match e {
        GameError::NotFound { .. } | GameError::Invalid { .. } | GameError::Exists { .. } => {
            Exit::Usage
        }
        _ => Exit::Io,
    };
    Failure::new(exit, e.to_string()).into()
}

fn rejection(e: Rejection) -> anyhow::Error {
    let exit = match e {
        Rejection::TimeOrder { .. }
        | Rejection::Future { .. }
        | Rejection::BadResult(_)
        | Rejection::EmptyReason => Exit::Usage,
        _ => Exit::Rejected,
    };
    Failure::new(exit, format!("rejected: {e}")).into()
}

/// Loads a game for reading.
pub(crate) fn load(path: &Path) -> Result<Game> {
    Game::load(path).map_err(game_failure)
}

/// The store's locked update, with its failures mapped to exit codes.
fn update<T>(path: &Path, change: impl FnOnce(&Game) -> Result<(Game, T)>) -> Result<(Game, T)> {
    store::update(path, change).map_err(|e| match e {
        store::UpdateError::Game(e) => game_failure(e),
        store::UpdateError::Refused(e) => e,
    })
}

fn new(out: &mut impl Write, config: &Config, args: NewArgs) -> Result<Exit> {
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    let white = Player::parse(&args.white).map_err(|e| usage(format!("--white: {e}")))?;
    let black = Player::parse(&args.black).map_err(|e| usage(format!("--black: {e}")))?;
    let rules: Rules = match &args.rules {
        Some(r) => r.parse().map_err(|e| usage(format!("--rules: {e}")))?,
        None => config.default_rules,
    };
    let time_control: TimeControl = match &args.time_control {
        Some(t) => t.parse().map_err(|e| usage(format!("--time-control: {e}")))?,
        None => config.default_time_control,
    };
    let started = match &args.at {
        Some(t) => clock::parse_time(t).map_err(|e| usage(format!("--at: {e}")))?,
        None => Utc::now(),
    };
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
    if let Some(e) = args.event {
        settings.event = e;
    }
    if let Some(s) = args.site {
        settings.site = s;
    }
    if let Some(r) = args.round {
        settings.round = r;
    }
    let game = Game::create(settings);
    let path = &args.file;
    store::create(path, &game).map_err(game_failure)?;
    writeln!(out, "created {}", path.display())?;
    writeln!(out, "White: {}", game.white())?;
    writeln!(out, "Black: {}", game.black())?;
    writeln!(out, "Rules: {}", game.rules())?;
    writeln!(out, "Time control: {}", game.time_control())?;
    Ok(Exit::Ok)
}

/// Who submits, from `--by`/`--from`; required when the config says so.
fn submitter(
    game: &Game,
    config: &Config,
    args: &SubmitArgs,
    required: bool,
) -> Result<Option<Color>> {
    let side = game
        .identify(args.by.map(Color::from), args.from.as_deref())
        .map_err(rejection)?;
    if side.is_none() && required && config.require_identity {
        return Err(Failure::new(
            Exit::Usage,
            "the config requires the submitter's identity: give --by white|black or --from ADDRESS",
        )
        .into());
    }
    Ok(side)
}

fn move_label(game: &Game, mover: Color) -> String {
    let number = game.position().fullmoves();
    match mover {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// The verdict lines: the move, the board after it, the state.
fn print_verdict(
    out: &mut impl Write,
    label: &str,
    display: &str,
    after: &Position,
    ascii: bool,
) -> Result<()> {
    writeln!(out, "{label} {display}")?;
    let charset = if ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    write!(out, "{}", diagram::board(after, charset))?;
    let side = after.turn().title();
    match after.status() {
        Status::Ongoing => writeln!(out, "{side} to move")?,
        Status::Check => writeln!(out, "{side} to move, in check")?,
        Status::Checkmate => writeln!(out, "Checkmate: {} wins", (!after.turn()).title())?,
        Status::Stalemate => writeln!(
            out,
            "Stalemate: {side} has no legal move; the game is drawn"
        )?,
    }
    Ok(())
}

fn check(out: &mut impl Write, config: &Config, args: SubmitArgs) -> Result<Exit> {
    let game = load(&args.file)?;
    let by = submitter(&game, config, &args, false)?;
    let checked = game.check_move(&args.mv, by).map_err(rejection)?;
    let label = move_label(&game, checked.mover);
    print_verdict(out, &label, &checked.display, &checked.after, args.ascii)?;
    writeln!(out, "legal; nothing was recorded")?;
    Ok(Exit::Ok)
}

fn submit(out: &mut impl Write, config: &Config, args: MoveArgs) -> Result<Exit> {
    let now = clock::truncate(Utc::now());
    let at = match &args.at {
        Some(t) => {
            let at = clock::parse_time(t)
                .map_err(|e| Failure::new(Exit::Usage, format!("--at: {e}")))?;
            if at > now {
                return Err(rejection(Rejection::Future {
                    at: format_time(at),
                    now: format_time(now),
                }));
            }
            at
        }
        None => now,
    };
    let path = &args.submit.file;
    let (game, (label, display)) = update(path, |game| {
        let by = submitter(game, config, &args.submit, true)?;
        let checked = game.check_move(&args.submit.mv, by).map_err(rejection)?;
        let label = move_label(game, checked.mover);
        let recorded = game.with_move(&checked, at).map_err(rejection)?;
        Ok((recorded, (label, checked.display)))
    })?;
    print_verdict(out, &label, &display, game.position(), args.submit.ascii)?;
    if let Some(o) = game.ending() {
        writeln!(out, "Result: {} ({})", o.outcome, o.reason)?;
    } else if let Some(line) = game.clock_line(now) {
        writeln!(out, "{line}")?;
    }
    if let Some(late) = game.late_move() {
        writeln!(
            out,
            "note: {}'s move {} was received {} after the deadline {}; the director may adjudicate a time forfeit",
            late.side.title(),
            late.number,
            clock::describe(late.received - late.deadline),
            format_time_short(late.deadline)
        )?;
    }
    out.flush()?;
    if args.mail || config.mail_after_move {
        super::mail::notify_after_move(config, path).map_err(|e| {
            Failure::new(
                Exit::Io,
                format!(
                    "the move is recorded in {}, but mailing it failed: {e:#}",
                    path.display()
                ),
            )
        })?;
    }
    Ok(Exit::Ok)
}

fn report_end(out: &mut impl Write, game: &Game) -> Result<()> {
    match game.ending() {
        Some(o) => writeln!(out, "{} {}", o.outcome, o.reason)?,
        None => writeln!(out, "the game goes on")?,
    }
    Ok(())
}

/// The game files under `paths` (default: the config's games folder):
/// files as given, folders searched for `*.pgn`, sorted.
fn game_files(config: &Config, paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let defaults = [config.games_dir.clone()];
    let paths = if paths.is_empty() {
        &defaults[..]
    } else {
        paths
    };
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = files.len();
            collect_pgn(path, &mut files)
                .with_context(|| format!("reading folder {}", path.display()))?;
            files[before..].sort();
        } else {
            // A missing file is reported by the replay, with the others.
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn collect_pgn(folder: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect_pgn(&path, files)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            files.push(path);
        }
    }
    Ok(())
}

/// Loads every file, on all cores, results in the order of `files`.
/// `done` counts finished files for a progress bar.
fn load_all(files: &[PathBuf], done: &AtomicUsize) -> Vec<Result<Game, GameError>> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len().max(1));
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Result<Game, GameError>>> = Vec::new();
    results.resize_with(files.len(), || None);
    let chunks: Vec<Vec<(usize, Result<Game, GameError>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = files.get(i) else { break };
                        mine.push((i, Game::load(path)));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    for (i, r) in chunks.into_iter().flatten() {
        results[i] = Some(r);
    }
    results
        .into_iter()
        .map(|r| r.expect("every file loaded"))
        .collect()
}

/// Above this many files, a terminal gets a progress bar.
const PROGRESS_FROM: usize = 20;

/// Loads the files, drawing a progress bar on standard error while it
/// works if that is a terminal and there are many files.
fn load_with_progress(files: &[PathBuf]) -> Vec<Result<Game, GameError>> {
    let done = AtomicUsize::new(0);
    let stderr = io::stderr();
    if files.len() < PROGRESS_FROM || !stderr.is_terminal() {
        return load_all(files, &done);
    }
    let finished = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let total = files.len();
            loop {
                // Read the flag first: once it is set every file is counted,
                // so the last bar drawn is full.
                let last = finished.load(Ordering::Acquire);
                let n = done.load(Ordering::Acquire);
                let filled = n * 30 / total;
                let _ = write!(
                    io::stderr(),
                    "\r[{}{}] {n}/{total}",
                    "#".repeat(filled),
                    ".".repeat(30 - filled)
                );
                if last {
                    let _ = writeln!(io::stderr());
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
        });
        let results = load_all(files, &done);
        finished.store(true, Ordering::Release);
        results
    })
}

/// `1 half-move`, `77 half-moves`.
fn half_moves(game: &Game) -> String {
    let n = game.moves().len();
    format!("{n} half-move{}", if n == 1 { "" } else { "s" })
}

fn summary(game: &Game) -> String {
    let plies = half_moves(game);
    match game.ending() {
        Some(o) => format!("{plies}, {} ({})", o.outcome, o.reason),
        None => format!("{plies}, {} to move", game.position().turn().title()),
    }
}

fn verify(out: &mut impl Write, config: &Config, paths: &[PathBuf]) -> Result<Exit> {
    let files = game_files(config, paths)?;
    if files.is_empty() {
        return Err(Failure::new(Exit::Usage, "no game files (*.pgn) to verify").into());
    }
    let results = load_with_progress(&files);
    let mut bad = 0;
    for (path, result) in files.iter().zip(&results) {
        match result {
            Ok(game) => writeln!(out, "{}: ok, {}", path.display(), summary(game))?,
            Err(e) => {
                bad += 1;
                // The error names the file itself.
                writeln!(out, "{e}")?;
            }
        }
    }
    writeln!(
        out,
        "{} file{}: {} ok, {bad} bad",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        files.len() - bad
    )?;
    Ok(if bad > 0 { Exit::Rejected } else { Exit::Ok })
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    name: &'a str,
    email: Option<&'a str>,
}

impl<'a> From<&'a Player> for PlayerJson<'a> {
    fn from(p: &'a Player) -> PlayerJson<'a> {
        PlayerJson {
            name: &p.name,
            email: p.email.as_ref().map(|e| e.as_str()),
        }
    }
}

#[derive(Serialize)]
struct MoveJson {
    ply: u32,
    number: u32,
    side: &'static str,
    notation: String,
    received: String,
}

fn move_json(m: &dynamo::game::RecordedMove) -> MoveJson {
    MoveJson {
        ply: m.ply,
        number: m.number,
        side: m.mover.name(),
        notation: m.notation.clone(),
        received: format_time(m.received),
    }
}

#[derive(Serialize)]
struct ClockJson {
    side: &'static str,
    deadline: String,
    seconds_left: i64,
    overdue: bool,
}

#[derive(Serialize)]
struct LateJson {
    ply: u32,
    side: &'static str,
    deadline: String,
    received: String,
}

#[derive(Serialize)]
struct GamesEntry<'a> {
    file: String,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    game: Option<GamesJson<'a>>,
}

#[derive(Serialize)]
struct GamesJson<'a> {
    game_id: String,
    event: &'a str,
    white: PlayerJson<'a>,
    black: PlayerJson<'a>,
    rules: String,
    time_control: String,
    move_number: u32,
    plies: usize,
    to_move: Option<&'static str>,
    last_move: Option<MoveJson>,
    clock: Option<ClockJson>,
    late_move: Option<LateJson>,
    draw_offer: Option<&'static str>,
    result: Option<&'a str>,
    reason: Option<&'a str>,
}

fn games_json(game: &Game, now: DateTime<Utc>) -> GamesJson<'_> {
    GamesJson {
        game_id: game.game_id(),
        event: game.event(),
        white: game.white().into(),
        black: game.black().into(),
        rules: game.rules().to_string(),
        time_control: game.time_control().to_string(),
        move_number: game.position().fullmoves(),
        plies: game.moves().len(),
        to_move: game
            .ending()
            .is_none()
            .then(|| game.position().turn().name()),
        last_move: game.moves().last().map(move_json),
        clock: game.clock(now).map(|c| ClockJson {
            side: c.side.name(),
            deadline: format_time(c.deadline),
            seconds_left: c.left.num_seconds(),
            overdue: c.is_over(),
        }),
        late_move: game.late_move().map(|l| LateJson {
            ply: l.ply,
            side: l.side.name(),
            deadline: format_time(l.deadline),
            received: format_time(l.received),
        }),
        draw_offer: game.draw_offer().map(Color::name),
        result: game.ending().map(|o| o.outcome.pgn()),
        reason: game.ending().map(|o| o.reason.as_str()),
    }
}

/// One line for the director.
fn overview_line(path: &Path, game: &Game, now: DateTime<Utc>) -> String {
    let mut parts = vec![
        path.display().to_string(),
        format!("{} - {}", game.white().name, game.black().name),
    ];
    match game.ending() {
        None => parts.push(format!(
            "move {}, {} to move",
            game.position().fullmoves(),
            game.position().turn().title()
        )),
        Some(_) => parts.push(half_moves(game)),
    }
    match game.moves().last() {
        Some(m) => {
            let number = m.number;
            let dots = if m.mover == Color::White { "." } else { "..." };
            parts.push(format!(
                "last {number}{dots} {} at {}",
                m.notation,
                format_time_short(m.received)
            ));
        }
        None => parts.push("no moves yet".to_string()),
    }
    if let Some(o) = game.ending() {
        parts.push(format!("{} {}", o.outcome, o.reason));
    } else if let Some(c) = game.clock(now) {
        if c.is_over() {
            parts.push(format!(
                "OVERDUE by {} (deadline {})",
                clock::describe(c.left),
                format_time_short(c.deadline)
            ));
        } else {
            parts.push(format!(
                "{} left (deadline {})",
                clock::describe(c.left),
                format_time_short(c.deadline)
            ));
        }
    }
    if let Some(l) = game.late_move() {
        parts.push(format!(
            "LATE: {}'s move {} arrived {} after the deadline",
            l.side.title(),
            l.number,
            clock::describe(l.received - l.deadline)
        ));
    }
    if let Some(side) = game.draw_offer() {
        parts.push(format!("{} offers a draw", side.title()));
    }
    parts.join(" | ")
}

fn overview(
    out: &mut impl Write,
    config: &Config,
    paths: &[PathBuf],
    json: bool,
    now: DateTime<Utc>,
) -> Result<Exit> {
    let files = game_files(config, paths)?;
    let results = load_with_progress(&files);
    let bad = results.iter().filter(|r| r.is_err()).count();
    if json {
        let entries: Vec<GamesEntry> = files
            .iter()
            .zip(&results)
            .map(|(path, r)| match r {
                Ok(game) => GamesEntry {
                    file: path.display().to_string(),
                    ok: true,
                    error: None,
                    game: Some(games_json(game, now)),
                },
                Err(e) => GamesEntry {
                    file: path.display().to_string(),
                    ok: false,
                    error: Some(e.to_string()),
                    game: None,
                },
            })
            .collect();
        serde_json::to_writer_pretty(&mut *out, &entries)?;
        writeln!(out)?;
    } else {
        for (path, r) in files.iter().zip(&results) {
            match r {
                Ok(game) => writeln!(out, "{}", overview_line(path, game, now))?,
                Err(e) => writeln!(out, "{} | does not replay: {e}", path.display())?,
            }
        }
    }
    Ok(if bad > 0 { Exit::Rejected } else { Exit::Ok })
}

#[derive(Serialize)]
struct ExportJson<'a> {
    game_id: String,
    tags: Vec<[&'a str; 2]>,
    white: PlayerJson<'a>,
    black: PlayerJson<'a>,
    rules: String,
    time_control: String,
    started: Option<String>,
    start_fen: String,
    moves: Vec<MoveJson>,
    fen: String,
    status: &'static str,
    to_move: Option<&'static str>,
    draw_offer: Option<&'static str>,
    result: &'a str,
    reason: Option<&'a str>,
}

fn export_json(game: &Game) -> ExportJson<'_> {
    ExportJson {
        game_id: game.game_id(),
        tags: game
            .tags()
            .iter()
            .map(|(n, v)| [n.as_str(), v.as_str()])
            .collect(),
        white: game.white().into(),
        black: game.black().into(),
        rules: game.rules().to_string(),
        time_control: game.time_control().to_string(),
        started: game.started().map(format_time),
        start_fen: game.start_position().to_fen(),
        moves: game.moves().iter().map(move_json).collect(),
        fen: game.position().to_fen(),
        status: game.position().status().as_str(),
        to_move: game
            .ending()
            .is_none()
            .then(|| game.position().turn().name()),
        draw_offer: game.draw_offer().map(Color::name),
        result: game.ending().map_or("*", |o| o.outcome.pgn()),
        reason: game.ending().map(|o| o.reason.as_str()),
    }
}
