//! `[site]` in `dynamo.toml`: where the pages are kept up to date, and
//! how far behind play they show games in progress.

use std::path::PathBuf;

use serde::Deserialize;

/// The `[site]` table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SiteConfig {
    /// The folder of the pages, rewritten after every recorded event;
    /// `None`: only `dynamo site DIR` writes them.
    pub dir: Option<PathBuf>,
    /// Games in progress are shown only up to this many moves (plies)
    /// ago, as ICCF delays its broadcasts; 0 shows every move.
    pub delay_moves: u32,
}
