//! kill -9 at random moments of `dynamo digest` while Bob's notices are
//! held for it (docs/mail.md, "The daily digest"): after a last run and
//! `mail --retry`, Bob got at most one digest a day, each once; every
//! notice held for him is in exactly one digest that was sent, none was
//! sent itself, and none is left held; every other notice arrived once.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::time::{Duration, Instant};

use super::{config, digests, five_games};
use crate::mail::{message_ids, queued};
use crate::support::TestEnv;
use crate::support::kill::{kill_seed, run_killed};
use crate::support::rng::Rng;
use crate::support::smtp::{Options, SmtpServer};

/// How many `digest` runs are killed.
const RUNS: usize = 200;

/// How many runs a day: the days go by as the runs do.
const RUNS_A_DAY: usize = 25;

/// The knights out and back, White's then Black's: a move for any ply.
const MOVES: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

/// `--now` for the digest runs of day `day` (from 2030-01-01).
fn day(day: usize) -> String {
    format!("2030-01-{:02}T07:00:00Z", day + 1)
}

/// The Message-IDs of the notices in the outbox's `held/`.
fn held(env: &TestEnv) -> BTreeSet<String> {
    json_ids(&env.path("outbox/held"), "message_id")
}

/// The value of `field` in each JSON file of `dir`.
fn json_ids(dir: &Path, field: &str) -> BTreeSet<String> {
    json_files(dir)
        .iter()
        .map(|json| json[field].as_str().expect("the field").to_string())
        .collect()
}

/// Each JSON file of `dir`, read: not the temporary files a killed
/// write leaves (`.NAME.json.tmpN`), which are never read as the file.
fn json_files(dir: &Path) -> Vec<serde_json::Value> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .map(|e| e.expect("an entry").path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            name.is_some_and(|n| n.ends_with(".json") && !n.starts_with('.'))
        })
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a file");
            serde_json::from_str(&text).expect("JSON")
        })
        .collect()
}

/// Plays the next move of game `n` (1 to 5), `plies` counting the moves
/// made in each.
fn move_in(env: &TestEnv, plies: &mut [usize; 5], n: usize) {
    let file = format!("games/r0{n}-b01.pgn");
    env.ok(&["move", &file, MOVES[plies[n - 1] % 4]]);
    plies[n - 1] += 1;
}

#[test]
fn random_kills_of_the_digest_never_lose_or_double_a_held_notice() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, server.port);
    five_games(&env, "none");
    env.ok(&["digest", "--player", "bob@example.org", "--choose", "daily"]);
    let mut ever_held: BTreeSet<String> = BTreeSet::new();
    let mut plies = [0; 5];
    for n in 1..=5 {
        move_in(&env, &mut plies, n);
        ever_held.extend(held(&env));
    }
    let started = Instant::now();
    env.ok(&["digest", "--now", &day(0)]);
    let whole = started.elapsed().as_micros() as u64;
    let seed = kill_seed();
    println!("kill seed {seed} (set DYNAMO_KILL_SEED to repeat); a digest takes {whole} µs");
    let mut rng = Rng(seed);
    for run in 0..RUNS {
        // Events between the runs, never killed: each of Bob's notices is
        // held before any digest can take it.
        for _ in 0..rng.next() % 3 {
            move_in(&env, &mut plies, 1 + (rng.next() % 5) as usize);
            ever_held.extend(held(&env));
        }
        let now = day(1 + run / RUNS_A_DAY);
        let args = ["digest", "--now", &now];
        let delay = Duration::from_micros(rng.next() % (whole * 3 + 1));
        run_killed(&env, &args, delay);
    }
    let last = day(2 + RUNS / RUNS_A_DAY);
    env.ok(&["digest", "--now", &last]);
    let out = env.ok(&["mail", "--retry"]);
    assert!(queued(&env).is_empty(), "{out}");
    assert!(held(&env).is_empty(), "held after the last digest");

    let mut counts: HashMap<String, usize> = HashMap::new();
    for id in message_ids(&server) {
        *counts.entry(format!("<{id}>")).or_default() += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}");
    let sent_held: Vec<_> = ever_held
        .iter()
        .filter(|id| counts.contains_key(*id))
        .collect();
    assert!(
        sent_held.is_empty(),
        "held, then sent itself: {sent_held:?}"
    );

    // The digests sent: one a day, each standing for its own notices.
    let got = server.messages();
    let sent_digests = digests(&got);
    let records = env.path("outbox/digest/records");
    let mut days: BTreeSet<String> = BTreeSet::new();
    let mut covered: HashMap<String, String> = HashMap::new();
    for record in json_files(&records) {
        let id = record["message_id"]
            .as_str()
            .expect("its digest")
            .to_string();
        if !counts.contains_key(&id) {
            // Made, then killed before it was queued: a later digest
            // stands for its notices.
            continue;
        }
        assert!(days.insert(record["day"].to_string()), "two digests a day");
        for notice in record["covers"].as_array().expect("covers") {
            let notice = notice.as_str().expect("an id").to_string();
            if let Some(other) = covered.insert(notice.clone(), id.clone()) {
                panic!("{notice} in two digests: {other} and {id}");
            }
        }
    }
    assert_eq!(days.len(), sent_digests.len(), "a record for each digest");
    let lost: Vec<_> = ever_held
        .iter()
        .filter(|id| !covered.contains_key(*id))
        .collect();
    assert!(lost.is_empty(), "held, and in no digest sent: {lost:?}");
    println!(
        "{} notices held, {} digests, each once",
        ever_held.len(),
        sent_digests.len()
    );
}
