//! Promotion by the pawn's owner and the named rule sets (docs/RULES.md
//! §9.1, §9.2) as users meet them: in `--rules`, game files, the config's
//! `default_rules` and what `new` and `show` print; and a game under
//! `promotion=owner` played with `dynamo move`.

mod alone;
mod conditional;
mod game;
mod inbox;
mod names;
mod resent;
mod show;
mod site;

use crate::support::TestEnv;

/// Wendy (White) and Bert (Black, named `black`) in the game `path` under
/// `wikipedia,promotion=owner`, Bert to move: his rook on e6 can push
/// Wendy's pawn from e7 to e8, where it awaits her choice (§9.1).
fn before_the_push(env: &TestEnv, path: &str, black: &str) {
    env.ok(&[
        "new",
        path,
        "--white",
        "Wendy <wendy@example.org>",
        "--black",
        black,
        "--rules",
        "wikipedia,promotion=owner",
        "--fen",
        "8/4P3/4r3/8/7k/8/8/K7 b - - 0 1",
        "--at",
        "2026-11-01T09:00:00Z",
    ]);
}
