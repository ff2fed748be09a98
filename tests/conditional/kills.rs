//! kill -9 at random moments of `dynamo move --mail` recording Bob's
//! moves, which Alice's conditional lines answer: after the next command
//! on the game and a final `mail --retry`, every Bob's move has Alice's
//! reply exactly once, at the same time, and every event's notices
//! arrived exactly once (counted by Message-ID at the server).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use dynamo::game::Game;
use dynamo_core::Color;

use crate::mail::{mail_config, message_ids, queued};
use crate::support::TestEnv;
use crate::support::kill::{kill_seed, run_killed};
use crate::support::rng::Rng;
use crate::support::smtp::{Options, SmtpServer};

/// How many commands are killed.
const RUNS: usize = 200;

/// Bob's knight out and back, and Alice's answers.
const BOB: [&str; 2] = ["Ng8f6", "Nf6g8"];
const ALICE: [&str; 2] = ["Ng1f3", "Nf3g1"];

fn game(env: &TestEnv) -> Game {
    Game::load(&env.path("game.dyn")).expect("the game always reads")
}

/// Bob's next move: by how many he has made.
fn bobs_move(env: &TestEnv) -> &'static str {
    let made = game(env)
        .moves()
        .iter()
        .filter(|m| m.mover == Color::Black)
        .count();
    BOB[made % 2]
}

/// Alice's line from Bob's next move, as long as a line may be.
fn alices_line(first: &str) -> String {
    let from = usize::from(first == BOB[1]);
    let moves: Vec<&str> = (0..20)
        .flat_map(|i| [BOB[(from + i) % 2], ALICE[(from + i) % 2]])
        .collect();
    moves.join(" ")
}

#[test]
fn random_kills_never_lose_or_double_a_conditional_reply_or_a_notice() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    let white = "Alice <alice@example.org>";
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        white,
        "--black",
        "Bob <bob@example.org>",
        "--mail",
    ]);
    env.ok(&["move", "game.dyn", "e2e4", "--mail"]);
    // Alice's first answer is a conditional reply too: every pair of
    // Bob's move and Alice's answer below is then one the rule binds to
    // one time. (Her answer once came by its own `move`, a second later
    // under load, and the pair failed the check below.)
    env.ok(&[
        "conditional",
        "add",
        "game.dyn",
        "--by",
        "white",
        "--mail",
        "Ng8f6 Ng1f3",
    ]);
    let started = Instant::now();
    env.ok(&["move", "game.dyn", "Ng8f6", "--by", "black", "--mail"]);
    let whole = started.elapsed().as_micros() as u64;
    let seed = kill_seed();
    println!("kill seed {seed} (set DYNAMO_KILL_SEED to repeat); a move takes {whole} µs");
    let mut rng = Rng(seed);
    for _ in 0..RUNS {
        // Alice's line renewed to its full length before each of Bob's
        // moves (a longer line takes the place of the one it extends);
        // a reply a kill left owed is played first.
        let line = alices_line(bobs_move(&env));
        env.ok(&[
            "conditional",
            "add",
            "game.dyn",
            "--by",
            "white",
            "--mail",
            &line,
        ]);
        let args: Vec<&str> = if rng.next().is_multiple_of(5) {
            vec!["mail", "--retry"]
        } else {
            vec![
                "move",
                "game.dyn",
                bobs_move(&env),
                "--by",
                "black",
                "--mail",
            ]
        };
        let delay = Duration::from_micros(rng.next() % (whole * 3 + 1));
        run_killed(&env, &args, delay);
    }
    // The next command on the game plays what a kill left owed.
    env.ok(&[
        "move",
        "game.dyn",
        bobs_move(&env),
        "--by",
        "black",
        "--mail",
    ]);
    let out = env.ok(&["mail", "--retry"]);
    assert!(queued(&env).is_empty(), "{out}");

    let game = game(&env);
    let moves = game.moves();
    assert_eq!(moves.last().map(|m| m.mover), Some(Color::White));
    for pair in moves[1..].chunks(2) {
        let [bob, alice] = pair else {
            panic!("a move of Bob's without its reply: {pair:?}");
        };
        let i = usize::from(bob.notation == BOB[1]);
        assert_eq!(bob.notation, BOB[i]);
        assert_eq!(alice.notation, ALICE[i]);
        assert_eq!(
            alice.received, bob.received,
            "Alice's clock ran: {} then {}",
            bob.notation, alice.notation
        );
    }

    let mut settings = dynamo::config::MailConfig::new(
        "127.0.0.1",
        server.port,
        dynamo::config::Security::None,
        "dynamo@club.example",
    );
    settings.key_file = env.path("dynamo.key");
    let secret = dynamo::mail::Secret::load(&settings, false).expect("the key file");
    let mut expected: Vec<String> = Vec::new();
    for event in game.events() {
        for side in [Color::White, Color::Black] {
            let token =
                dynamo::mail::Token::new(&secret, &game.game_id(), side, event.seq, &event.key());
            expected.push(dynamo::mail::envelope::message_id(
                &game.game_id(),
                &event.key(),
                side,
                &token,
                "club.example",
            ));
        }
    }
    let mut counts: HashMap<String, usize> = HashMap::new();
    for id in message_ids(&server) {
        *counts.entry(format!("<{id}>")).or_default() += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}");
    let missing: Vec<_> = expected
        .iter()
        .filter(|id| !counts.contains_key(*id))
        .collect();
    assert!(missing.is_empty(), "never sent: {missing:?}");
    println!(
        "{} moves, {} notices, each once",
        moves.len(),
        expected.len()
    );
}
