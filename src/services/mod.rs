//! The workflows a front end runs, written once for the command line and
//! any other: each decides and records, and returns what it did as plain
//! data for its front end to print. Above the config, the recorder and
//! mail; the command line is parse, call, print (docs/ARCHITECTURE.md,
//! "Layers and the import rule").

pub mod across;
pub mod catch_up;
pub mod delivery;
pub mod digest;
pub mod recording;
pub mod remind;

pub use across::{Across, AcrossError, Corrected, Mailer, pages};
pub use catch_up::{CatchUp, CatchUpError, Told};
pub use delivery::deliver;
pub use digest::{DigestRow, DigestRun, DigestState, Digests};
pub use recording::{
    Finished, Heard, LockWaitError, MailingError, Recording, RecordingError, lock_wait,
};
pub use remind::{RemindRun, Reminded, Reminder};
