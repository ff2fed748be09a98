//! The club's web pages: a static site of every game to step through,
//! every section's crosstable, every player's games, and an Atom feed of
//! results, built from the games folder alone (`dynamo site DIR`) and kept
//! up to date after each recorded event (the recorder's `Pages`
//! subscriber).
//!
//! One event's update replays only the games whose files changed since
//! the pages were last written; what the other pages show of the rest
//! comes from a summary of each game kept in the games folder
//! (`cache.rs`), checked against each file's identity.
//!
//! Nothing private is ever written: no address (players are known by a
//! name for their page, `players/ada-lovelace`), no token, secret or note;
//! every text from a game file, a players file or a section file goes
//! through one escaping function and is text on the page, never markup.
//! Links are relative, so the folder works from any address and from
//! `file://`; the same games give byte-identical files.
//!
//! Above the game layer, `tournament` and `render`; below the recorder's
//! subscriber and the command line. The game layer, mail and
//! `tournament` never import it.

mod build;
mod cache;
mod cache_format;
mod club;
mod error;
mod facts;
mod feed;
mod game_page;
mod identity;
mod index_page;
mod markup;
mod names;
mod own;
mod pgn;
mod place;
mod plan;
mod player_page;
mod positions;
mod scan;
mod section_page;
mod summary;
mod touch;
mod update;

pub use build::{Difference, SiteSettings, Written};
pub use cache::CACHE_FILE;
pub use club::slug;
pub use error::SiteError;
pub use identity::OwnWrite;
pub use own::MANIFEST;
pub use place::{Apart, Kept, SiteConfig, SiteDir};

pub use update::{LOCK_FILE, check, rebuild, update};
