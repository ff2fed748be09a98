//! Round-robin sections: the Berger tables, `dynamo tournament new`,
//! `tournament set`, `tournament delete`, `tournament withdraw`, `tournament
//! replace` and `dynamo
//! standings`.

mod berger;
mod byes;
mod correct;
mod delete;
mod ids;
mod replace;
mod section;
mod standings;
mod withdraw;

use crate::support::TestEnv;

/// When the sections of these tests start.
pub const START: &str = "2020-11-20T09:00:00Z";

/// Four players, numbered in this order.
pub const FOUR: &str = "# the drawing of lots\n\
    Ada Lovelace <ada@example.org>\n\
    \n\
    Charles Babbage <charles@example.org>\n\
    \"Lefèvre, Jean-Pierre\" <jp@example.fr>\n\
    Émilie du Châtelet <emilie@example.fr>\n";

/// Writes `players.txt` and creates the section `name` from it, started
/// at [`START`], with `extra` arguments; returns what it printed.
#[track_caller]
pub fn section(env: &TestEnv, name: &str, players: &str, extra: &[&str]) -> String {
    env.write("players.txt", players);
    let mut args = vec![
        "tournament",
        "new",
        name,
        "--players",
        "players.txt",
        "--start",
        START,
    ];
    args.extend_from_slice(extra);
    env.ok(&args)
}
