//! Round-robin sections and their standings, on top of the game layer:
//! the pairings and colours of the Berger tables ([`berger`]), the
//! players file (`players.rs`), the section file ([`section`]), creating
//! a section's folder whole (`create.rs`), and the crosstable with its
//! tie-breaks ([`standings`]), a player's address changed in every file
//! that names them (`player_change.rs`), and a section's settings
//! corrected before play (`amend.rs`), a section deleted before play
//! (`delete.rs`), a player withdrawn and their games settled
//! (`withdraw.rs`), a substitute taking a player's seat (`replace.rs`). Nothing here mails: the command line
//! queues a new section's notices through the hook
//! [`NewSection::write`] gives it.

mod amend;
pub mod berger;
mod create;
mod delete;
mod error;
mod player_change;
mod players;
mod replace;
pub mod section;
pub mod standings;
mod withdraw;

pub use amend::{AmendPlan, Amendment, SectionCorrection};
pub use create::{NewSection, SectionSettings, WriteError};
pub use delete::{cancelled_game, deleted_ids, set_aside, set_aside_sections};
pub use error::SectionError;
pub use player_change::{
    FileChange, PlayerChange, PlayerChangeError, section_folders, store_section,
};
pub use players::{Listed, MAX_PLAYERS, MIN_PLAYERS, PlayersError, parse_players};
pub use replace::{ReplaceError, ReplacePlan, Replacement, TakenGame, plan as plan_replacement};
pub use section::{SECTION_FILE, Section};
pub use standings::{Competitor, Played, Standings};
pub use withdraw::{
    Fate, WithdrawError, WithdrawPlan, WithdrawRule, WithdrawnGame, plan as plan_withdrawal,
};
