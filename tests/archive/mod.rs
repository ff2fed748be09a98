//! The club's record on git (docs/director.md, "The record on git"):
//! each recorded event one commit, named as the notices name it, with no
//! address in any message (`commits`); exactly once when `dynamo` is
//! killed at any moment (`kills`); the forge workflow that publishes the
//! pages from the archive (`forge`).

mod commits;
mod forge;
mod kills;

use std::path::PathBuf;

use crate::support::TestEnv;

/// The commits' author in the tests' config.
pub const AUTHOR: &str = "Dora Director <dora@club.example>";

/// A folder with `[archive] git = true` and `extra` in its config, the
/// archive made (`dynamo archive init`).
pub fn archived(extra: &str) -> TestEnv {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &format!("games_dir = \"games\"\n{extra}\n[archive]\ngit = true\nauthor = \"{AUTHOR}\"\n"),
    );
    env.ok(&["archive", "init"]);
    env
}

/// The games folder: the archive's work tree.
pub fn games(env: &TestEnv) -> PathBuf {
    env.path("games")
}
