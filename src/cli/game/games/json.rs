//! `dynamo games --json`: an array, one object per file. The keys of
//! earlier versions come first, in their order, with their meaning;
//! `round`, `site`, `clocks`, `leave` and `queued_notices` follow.

use std::collections::HashMap;

use dynamo::config::Config;
use dynamo::game::clock::format_time;
use dynamo::game::{GameError, SideClock};
use dynamo::mail::Outbox;
use dynamo::mail::outbox::State;
use dynamo_core::Color;
use serde::Serialize;

use super::facts::Facts;
use crate::cli::game::json::{LeaveJson, MoveJson, PlayerJson};
use crate::cli::support::failure;
use crate::exit::Failure;

/// One file of the list: the game's fields follow `file` and `ok`
/// directly, or `error` says why it does not replay.
#[derive(Serialize)]
pub(super) struct GameEntry {
    file: String,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    game: Option<GameJson>,
}

impl GameEntry {
    pub(super) fn good(facts: &Facts, notices: Option<&UnsentNotices>) -> GameEntry {
        GameEntry {
            file: facts.file.display().to_string(),
            ok: true,
            error: None,
            game: Some(GameJson::new(facts, notices)),
        }
    }

    pub(super) fn bad(file: &std::path::Path, error: &GameError) -> GameEntry {
        GameEntry {
            file: file.display().to_string(),
            ok: false,
            error: Some(error.to_string()),
            game: None,
        }
    }
}

#[derive(Serialize)]
struct GameJson {
    game_id: String,
    event: String,
    white: PlayerJson,
    black: PlayerJson,
    rules: String,
    time_control: String,
    move_number: u32,
    plies: usize,
    to_move: Option<&'static str>,
    last_move: Option<MoveJson>,
    clock: Option<ClockJson>,
    late_move: Option<LateJson>,
    draw_offer: Option<&'static str>,
    result: Option<&'static str>,
    reason: Option<String>,
    round: String,
    site: String,
    clocks: Option<ClocksJson>,
    leave: Vec<LeaveJson>,
    queued_notices: Option<Vec<NoticeJson>>,
}

#[derive(Serialize)]
struct ClockJson {
    side: &'static str,
    deadline: String,
    seconds_left: i64,
    overdue: bool,
}

/// The first move received after its deadline; `seconds_late`, how
/// late, is always positive.
#[derive(Serialize)]
struct LateJson {
    ply: u32,
    side: &'static str,
    deadline: String,
    received: String,
    number: u32,
    seconds_late: i64,
}

#[derive(Serialize)]
struct ClocksJson {
    white: SideClockJson,
    black: SideClockJson,
}

/// One side's clock: the moves made and the clock time they used (leave
/// left out), whether it runs, the clock time left for the next move
/// (while it runs, at `--now`; negative once over the limit, running or
/// not, and never shown as time in hand), and while it runs the deadline
/// and the time to it; `overdue` whenever it is over; the leave going on
/// or to come.
#[derive(Serialize)]
struct SideClockJson {
    moves: u32,
    used_seconds: i64,
    running: bool,
    seconds_in_hand: i64,
    deadline: Option<String>,
    seconds_left: Option<i64>,
    overdue: bool,
    on_leave: bool,
    next_leave: Option<DaysJson>,
}

#[derive(Serialize)]
struct DaysJson {
    from: String,
    to: String,
}

/// A notice of the game in the outbox, not sent: queued, being sent,
/// refused for good, or held for its player's daily digest.
#[derive(Serialize, Clone)]
pub(super) struct NoticeJson {
    id: String,
    state: &'static str,
    to: Vec<String>,
    event: String,
    queued_at: String,
}

/// The unsent notices of every game in the outbox, by game id.
pub(super) type UnsentNotices = HashMap<String, Vec<NoticeJson>>;

/// The outbox's unsent notices, when mail is configured.
pub(super) fn unsent(config: &Config) -> anyhow::Result<Option<UnsentNotices>> {
    let Some(mail) = &config.mail else {
        return Ok(None);
    };
    let outbox = Outbox::new(&mail.outbox);
    let mut notices = UnsentNotices::new();
    for state in [State::Queued, State::Sending, State::Failed, State::Held] {
        let scan = outbox
            .scan(state)
            .map_err(|e| Failure::new(failure::mail_exit(&e), e.to_string()))?;
        for e in scan.entries {
            notices
                .entry(e.queued.game_id.clone())
                .or_default()
                .push(NoticeJson {
                    id: e.queued.message_id,
                    state: state.word(),
                    to: e.queued.to,
                    event: e.queued.event,
                    queued_at: e.queued.queued_at,
                });
        }
    }
    Ok(Some(notices))
}

fn side_clock(c: &SideClock, facts: &Facts) -> SideClockJson {
    let leave = facts.next_leave[c.side];
    SideClockJson {
        moves: c.moves,
        used_seconds: c.used.num_seconds(),
        running: c.running,
        seconds_in_hand: c.in_hand.num_seconds(),
        deadline: c.deadline.map(format_time),
        seconds_left: facts
            .clock
            .as_ref()
            .filter(|_| c.running)
            .map(|k| k.left.num_seconds()),
        // A clock over its limit is overdue whether it runs or not: after
        // a late move under a period control, the next move is late too.
        overdue: (c.running && facts.overdue())
            || (facts.to_move.is_some() && c.in_hand < chrono::Duration::zero()),
        on_leave: leave.is_some_and(|(_, now)| now),
        next_leave: leave.map(|(days, _)| DaysJson {
            from: days.from().to_string(),
            to: days.to().to_string(),
        }),
    }
}

impl GameJson {
    fn new(f: &Facts, notices: Option<&UnsentNotices>) -> GameJson {
        GameJson {
            game_id: f.game_id.clone(),
            event: f.event.clone(),
            white: PlayerJson::from(&f.players[Color::White]),
            black: PlayerJson::from(&f.players[Color::Black]),
            rules: f.rules.clone(),
            time_control: f.time_control.clone(),
            move_number: f.move_number,
            plies: f.plies,
            to_move: f.to_move.map(Color::name),
            last_move: f.last_move.as_ref().map(MoveJson::from),
            clock: f.clock.as_ref().map(|c| ClockJson {
                side: c.side.name(),
                deadline: format_time(c.deadline),
                seconds_left: c.left.num_seconds(),
                overdue: c.is_over(),
            }),
            late_move: f.late.as_ref().map(|l| LateJson {
                ply: l.ply,
                side: l.side.name(),
                deadline: format_time(l.deadline),
                received: format_time(l.received),
                number: l.number,
                seconds_late: l.by().num_seconds(),
            }),
            draw_offer: f.draw_offer.map(Color::name),
            result: f.ending.as_ref().map(|o| o.outcome.pgn()),
            reason: f.ending.as_ref().map(|o| o.reason.clone()),
            round: f.round.clone(),
            site: f.site.clone(),
            clocks: f.clocks.as_ref().map(|c| ClocksJson {
                white: side_clock(&c.white, f),
                black: side_clock(&c.black, f),
            }),
            leave: f
                .leave
                .iter()
                .map(|&(side, days, at)| LeaveJson::new(side, days, at))
                .collect(),
            queued_notices: notices.map(|n| n.get(&f.game_id).cloned().unwrap_or_default()),
        }
    }
}
