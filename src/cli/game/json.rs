//! The JSON shapes that `games --json` and `export --format json` share.
//! Scripts read these keys in this order: they are part of the interface.

use dynamo::game::clock::format_time;
use dynamo::game::{Player, RecordedMove};
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct PlayerJson<'a> {
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
pub(super) struct MoveJson {
    ply: u32,
    number: u32,
    side: &'static str,
    notation: String,
    received: String,
}

impl From<&RecordedMove> for MoveJson {
    fn from(m: &RecordedMove) -> MoveJson {
        MoveJson {
            ply: m.ply,
            number: m.number,
            side: m.mover.name(),
            notation: m.notation.clone(),
            received: format_time(m.received),
        }
    }
}
