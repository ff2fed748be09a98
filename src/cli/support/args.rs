//! Arguments that several commands share: the position to work on, a
//! side, who acts and when, whether to print, and the board's character
//! set.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use chrono::{DateTime, Datelike, Utc};
use clap::{Args, ValueEnum};
use dynamo::config::Config;
use dynamo::diagram::Charset;
use dynamo::game::clock;
use dynamo::game::player::Mailbox;
use dynamo::game::{Game, TimeControl};
use dynamo::recorder::{When, Who};
use dynamo_core::{Color, Position, Rules};

use crate::cli::support::failure;
use crate::exit::{Exit, Failure};

// Where a position command gets its position: a FEN under a rule set, or
// a game file. (Plain comments on the flattened structs: clap would make a
// doc comment the help text of every command that flattens them.)
#[derive(Args, Debug)]
pub(crate) struct PositionArgs {
    /// The rule set: `nost`, optionally with overrides such as
    /// `nost,stationary_pull=false,castling=strict`.
    #[arg(long, default_value = "nost")]
    rules: String,
    /// The position, as extended FEN or `startpos`. Extended FEN is the
    /// usual six fields; the castling letters `KQkq` may be followed by `@`
    /// and, for each king or rook pushed or pulled away that keeps its
    /// right, its original and current square (`Kq@h1h3,e8e7`); an optional
    /// seventh field holds the board before the last move, for the no-undo
    /// rule.
    #[arg(long, default_value = "startpos", allow_hyphen_values = true)]
    fen: String,
    /// The current position of a game file, under the game's rules.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "rules"])]
    game: Option<PathBuf>,
}

impl PositionArgs {
    /// The game file named by `--game`, if any.
    pub(crate) fn game_file(&self) -> Option<&std::path::Path> {
        self.game.as_deref()
    }

    /// The position given by `--fen` and `--rules` (the one `--game`
    /// gives is read by the command: `cli/position/mod.rs`).
    pub(crate) fn fen_position(&self) -> Result<Position> {
        let rules: Rules = self
            .rules
            .parse()
            .map_err(|e| Failure::new(Exit::Usage, format!("--rules: {e}")))?;
        let pos = Position::from_fen(&self.fen, rules)
            .map_err(|e| Failure::new(Exit::Usage, format!("--fen: {e}")))?;
        Ok(pos)
    }
}

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

// Who acts in a game: a side, an address, or both (which must agree).
#[derive(Args, Debug)]
pub(crate) struct IdentityArgs {
    /// The side that acts: white or black.
    #[arg(long, value_enum, value_name = "SIDE")]
    by: Option<Side>,
    /// The sender's address, in any form a mail shows: `jp@example.fr`,
    /// `<jp@example.fr>`, `Jean-Pierre Lefèvre <jp@example.fr>`,
    /// `"Lefèvre, Jean-Pierre" <jp@example.fr>`, any letter case. It must
    /// be a player's address, and that player's side is the one that acts.
    #[arg(long, value_name = "ADDRESS")]
    from: Option<String>,
}

impl IdentityArgs {
    /// Who acts, as the recorder judges it under the game's lock.
    pub(crate) fn who(&self) -> Who {
        Who::Player {
            side: self.by.map(Color::from),
            from: self.from.clone(),
        }
    }

    /// The side given, if any; an address that is not one is bad input
    /// (2), a side that does not match it a rejection (1).
    pub(crate) fn side(&self, game: &Game) -> Result<Option<Color>> {
        let address = match &self.from {
            Some(text) => Some(
                Mailbox::parse(text)
                    .map_err(|e| {
                        Failure::new(
                            Exit::Usage,
                            format!("--from {}: {e}", dynamo_core::quoted(text)),
                        )
                    })?
                    .address,
            ),
            None => None,
        };
        let by = self.by.map(Color::from);
        let address = address.as_ref().map(|a| a.as_str());
        game.identify(by, address).map_err(failure::rejected)
    }
}

// A move submitted to a game, and who submits it: what `check` reads
// and `move` records.
#[derive(Args, Debug)]
pub(crate) struct SubmitArgs {
    /// The game file.
    pub(crate) file: PathBuf,
    /// The move in NOST notation (algebraic, numeric or descriptive).
    #[arg(value_name = "MOVE")]
    pub(crate) mv: String,
    #[command(flatten)]
    identity: IdentityArgs,
    /// Letters and dots instead of chess symbols.
    #[arg(long)]
    pub(crate) ascii: bool,
}

impl SubmitArgs {
    /// Who submits the move, as the recorder judges it.
    pub(crate) fn who(&self) -> Who {
        self.identity.who()
    }

    /// Who submits, from `--by`/`--from`. When `required` and the config
    /// asks for it, an anonymous submission is refused.
    pub(crate) fn submitter(
        &self,
        game: &Game,
        config: &Config,
        required: bool,
    ) -> Result<Option<Color>> {
        let side = self.identity.side(game)?;
        if side.is_none() && required && config.require_identity {
            return Err(Failure::new(
                Exit::Usage,
                "the config requires the submitter's identity: give --by white|black or --from ADDRESS",
            )
            .into());
        }
        Ok(side)
    }
}

// The rules and the time control of new games: `new`, `tournament new`.
#[derive(Args, Debug)]
pub(crate) struct GameSettingsArgs {
    /// The rule set (default: `default_rules` from the config, else `nost`).
    #[arg(long)]
    rules: Option<String>,
    /// `10/50d` (moves/time, unused time carries over), `3d` (per move) or
    /// `none` (default: `default_time_control` from the config).
    #[arg(long)]
    time_control: Option<String>,
}

impl GameSettingsArgs {
    /// The rules and the time control, the config's defaults where none
    /// is given; one that does not read is bad usage (2).
    pub(crate) fn read(&self, config: &Config) -> Result<(Rules, TimeControl)> {
        let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
        let rules: Rules = match &self.rules {
            Some(r) => r.parse().map_err(|e| usage(format!("--rules: {e}")))?,
            None => config.default_rules,
        };
        let time_control: TimeControl = match &self.time_control {
            Some(t) => t
                .parse()
                .map_err(|e| usage(format!("--time-control: {e}")))?,
            None => config.default_time_control,
        };
        Ok((rules, time_control))
    }
}

// When a move or an action was received.
#[derive(Args, Debug)]
pub(crate) struct TimeArgs {
    /// When the move or action was received (default: now): RFC 3339 such as
    /// `2026-11-20T09:14:00Z`, `2026-11-20 09:14` in UTC, or a mail's Date
    /// header such as `Fri, 20 Nov 2026 09:14:00 +0100`. Years 1900 to
    /// 9999; not in the future. For post entered later.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    at: Option<String>,
}

impl TimeArgs {
    /// Reads `--at`: when the event happened, judged by the recorder
    /// against the time taken under the game's lock (not after it). A
    /// time that does not parse or that the file cannot hold is bad input
    /// (2).
    pub(crate) fn read(&self) -> Result<When> {
        match &self.at {
            Some(text) => {
                let at = clock::parse_time(text)
                    .map_err(|e| Failure::new(Exit::Usage, format!("--at: {e}")))?;
                Ok(When::At(at))
            }
            None => Ok(When::Now),
        }
    }
}

/// Now, to the second, as the record keeps times.
pub(crate) fn now() -> DateTime<Utc> {
    clock::truncate(Utc::now())
}

// Whether a command that writes also prints.
#[derive(Args, Debug)]
pub(crate) struct QuietArgs {
    /// Print nothing on success; errors still go to standard error and
    /// the exit code says what happened.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

impl QuietArgs {
    /// `out`, or nowhere under `--quiet`.
    pub(crate) fn out<'a, W: Write>(&self, out: &'a mut W) -> Output<'a, W> {
        Output::unless(self.quiet, out)
    }
}

/// Standard output, or nothing under `--quiet`.
pub(crate) struct Output<'a, W>(Option<&'a mut W>);

impl<'a, W> Output<'a, W> {
    /// `out`, or nowhere when `quiet`.
    pub(crate) fn unless(quiet: bool, out: &'a mut W) -> Output<'a, W> {
        Output((!quiet).then_some(out))
    }
}

impl<W: Write> Write for Output<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            Some(out) => out.write(buf),
            None => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0 {
            Some(out) => out.flush(),
            None => Ok(()),
        }
    }
}

/// The board's characters: `--ascii` asks for letters and dots.
pub(crate) fn charset(ascii: bool) -> Charset {
    if ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    }
}

/// Refuses a start whose first deadline would fall past the year 9999,
/// which game files and clocks cannot hold (the defect "a start of
/// 9999-12-31"): at input, exit 2, before anything is written.
pub(crate) fn check_first_deadline(
    time_control: TimeControl,
    start: DateTime<Utc>,
    flag: &str,
) -> Result<()> {
    if time_control == TimeControl::None {
        return Ok(());
    }
    let deadline = time_control.deadline(1, chrono::Duration::zero(), start);
    if deadline.is_some_and(|d| d.year() <= 9999) {
        return Ok(());
    }
    Err(Failure::new(
        Exit::Usage,
        format!(
            "{flag}: {} with the time control {time_control} puts the first deadline \
             past the year 9999, the last that game files and clocks hold; start earlier",
            clock::format_time_short(start)
        ),
    )
    .into())
}
