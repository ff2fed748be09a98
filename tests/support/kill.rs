//! The kill tests' harness (docs/reference.md, "Reliability"): `dynamo` started and
//! killed with SIGKILL at a chosen moment, as a crash or a power cut would
//! stop it, after which each test checks that nothing was lost, doubled
//! or half written.

use std::process::Stdio;
use std::time::{Duration, SystemTime};

use super::TestEnv;

/// Runs `dynamo args` in `env`, its output thrown away, kills it after
/// `delay` (a run that has already ended is left as it is), and waits for
/// it.
pub fn run_killed(env: &TestEnv, args: &[&str], delay: Duration) {
    let mut child = env
        .command()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn dynamo");
    std::thread::sleep(delay);
    // An error here is a run that had already ended.
    let _ = child.kill();
    child.wait().expect("wait for dynamo");
}

/// The seed of a test's random kills: `DYNAMO_KILL_SEED` when set, to
/// repeat a failing run whose seed it printed, else taken from the clock
/// (never 0).
pub fn kill_seed() -> u64 {
    std::env::var("DYNAMO_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map_or(88172645463325252, |d| d.as_nanos() as u64 | 1)
        })
}
