//! Round-robin sections and their standings, on top of the game layer:
//! the pairings and colours of the Berger tables ([`berger`]), the
//! players file (`players.rs`), the section file ([`section`]), creating
//! a section's folder whole (`create.rs`), and the crosstable with its
//! tie-breaks ([`standings`]). Nothing here mails: the command line
//! queues a new section's notices through the hook
//! [`NewSection::write`] gives it.

pub mod berger;
mod create;
mod error;
mod players;
pub mod section;
pub mod standings;

pub use create::{NewSection, SectionSettings, WriteError};
pub use error::SectionError;
pub use players::{MAX_PLAYERS, MIN_PLAYERS, PlayersError, parse_players};
pub use section::{SECTION_FILE, Section};
pub use standings::{Competitor, Played, Standings};
