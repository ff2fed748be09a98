//! The club's record on git: the games folder as a git repository's work
//! tree, one commit per recorded event, made by calling the `git` program
//! as `pass` does (docs/ARCHITECTURE.md says why the program, not a
//! library).
//!
//! [`Archive`] is the repository: made by `dynamo archive init`
//! ([`Archive::init`]), told of each event by the recorder's archive
//! subscriber ([`Archive::commit_event`]), and put right by every command
//! before it does anything else ([`Archive::recover`]): an event written
//! but not committed (a run killed between the two) is committed then,
//! once; a file edited by hand is committed as such once it replays.
//! [`Archive::sync`] shares it with a remote (`dynamo archive sync`).
//!
//! Below the recorder (whose subscriber calls it), above the game layer
//! (whose files it commits and replays).

pub mod archive_config;
mod error;
mod git;
mod history;
mod ignore;
mod message;
mod pending;
mod place;
mod recover;
mod repo;
mod sync;

pub use archive_config::{ArchiveConfig, SyncWhen};
pub use error::ArchiveError;
pub use git::{Git, MINIMUM_GIT};
pub use message::{EventMessage, describe, game_label};
pub use recover::Recovered;
pub use repo::Archive;
pub use sync::{Conflict, NETWORK_WAIT, OURS_BRANCH, Synced};
