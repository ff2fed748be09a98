//! One table of the standings, and what the text table and the page
//! both print of it.

use dynamo::tournament::Standings;
use dynamo::tournament::standings::Standing;

/// One table: a section, or the games named on the command line.
pub(super) struct Group {
    /// The section's name, or the paths as given.
    pub(super) title: String,
    /// The section's event.
    pub(super) event: Option<String>,
    pub(super) standings: Standings,
    /// How many games, and how many of them are finished and cancelled.
    pub(super) games: usize,
    pub(super) finished: usize,
    pub(super) cancelled: usize,
}

impl Group {
    /// `club: Club championship 2025`, or the title alone.
    pub(super) fn heading(&self) -> String {
        match &self.event {
            Some(event) if *event != self.title => format!("{}: {event}", self.title),
            _ => self.title.clone(),
        }
    }

    /// `4 players, 6 games: 4 finished, 2 in progress`, and `, 1
    /// cancelled` when some are.
    pub(super) fn summary(&self) -> String {
        let games = if self.games == 1 { "game" } else { "games" };
        let cancelled = match self.cancelled {
            0 => String::new(),
            n => format!(", {n} cancelled"),
        };
        format!(
            "{} players, {} {games}: {} finished, {} in progress{cancelled}",
            self.standings.rows.len(),
            self.games,
            self.finished,
            self.games - self.finished - self.cancelled
        )
    }
}

/// The most players whose table has a column for each opponent (a
/// crosstable); a larger group, loose games of a whole club, is listed
/// without those columns: a crosstable is players × players cells, 64
/// million for 8,000 players, which no one reads and which made the
/// standings' memory grow with the square of the players.
pub(super) const CROSSTABLE_MAX_PLAYERS: usize = 40;

/// The line under a table listed without its crosstable's columns.
pub(super) fn no_crosstable(players: usize) -> String {
    format!(
        "{players} players, more than {CROSSTABLE_MAX_PLAYERS}: listed without a column for \
         each opponent; each player's games are in --json"
    )
}

/// The tie-breaks and signs, in words, under every table.
pub(super) const LEGEND: &str = "Ranked by points, then wins (Baumbach), Sonneborn-Berger (SB), \
     then the head-to-head result; · a game in progress. Players are known by address.";

/// The place text: `3`, or `3-4` for places shared.
pub(super) fn place(rank: (u32, u32)) -> String {
    if rank.0 == rank.1 {
        rank.0.to_string()
    } else {
        format!("{}-{}", rank.0, rank.1)
    }
}

/// The cell of `row` against player `column`: each game's result from the
/// row player's view (`1`, `½`, `0`, `·` in progress, `–` cancelled), `×`
/// on the diagonal.
pub(super) fn cell(row: &Standing, column: u32) -> String {
    if row.number == column {
        return "×".to_string();
    }
    row.encounters
        .iter()
        .filter(|e| e.opponent == column)
        .map(|e| e.mark())
        .collect()
}
