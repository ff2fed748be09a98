//! What `inbox --dry-run` says of an event it would record: its summary,
//! and the conditional replies it would set off (docs/players.md,
//! "Conditional moves"), so that the director sees the whole of what a
//! run would record.

use dynamo_core::Color;

use crate::recorder::{Recorded, Recorder};

/// What `inbox --dry-run` says an event would be: its summary, and each
/// conditional reply it would set off (`1... d7d5, then White's
/// conditional reply 2. Nb1c3`), judged as it would be recorded.
pub(super) fn previewed(recorder: &Recorder<'_>, done: &Recorded) -> String {
    let mut said = done.summary();
    for reply in recorder.preview_replies(&done.game) {
        let side = reply.side.map_or("the player", Color::title);
        said.push_str(&format!(
            ", then {side}'s conditional reply {}",
            reply.summary()
        ));
    }
    said
}
