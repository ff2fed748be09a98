//! Arguments that several commands share: the position to work on, a
//! side, who submits a move, and the board's character set.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, ValueEnum};
use dynamo::config::Config;
use dynamo::diagram::Charset;
use dynamo::game::Game;
use dynamo_core::{Color, Position, Rules};

use crate::cli::{failure, store};
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
    pub(crate) fn position(&self) -> Result<Position> {
        if let Some(path) = &self.game {
            return Ok(store::load(path)?.position().clone());
        }
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

// A move submitted to a game, and who submits it: what `check` reads
// and `move` records.
#[derive(Args, Debug)]
pub(crate) struct SubmitArgs {
    /// The game file.
    pub(crate) file: PathBuf,
    /// The move in NOST notation.
    #[arg(allow_hyphen_values = true)]
    pub(crate) mv: String,
    /// The side submitting the move; it must be the side to move.
    #[arg(long, value_enum)]
    by: Option<Side>,
    /// The submitter's address; it must be the side to move's address.
    #[arg(long, value_name = "EMAIL")]
    from: Option<String>,
    /// Letters and dots instead of chess symbols.
    #[arg(long)]
    pub(crate) ascii: bool,
}

impl SubmitArgs {
    /// Who submits, from `--by`/`--from`. When `required` and the config
    /// asks for it, an anonymous submission is refused.
    pub(crate) fn submitter(
        &self,
        game: &Game,
        config: &Config,
        required: bool,
    ) -> Result<Option<Color>> {
        let side = game
            .identify(self.by.map(Color::from), self.from.as_deref())
            .map_err(failure::rejected)?;
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

/// The board's characters: `--ascii` asks for letters and dots.
pub(crate) fn charset(ascii: bool) -> Charset {
    if ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    }
}
