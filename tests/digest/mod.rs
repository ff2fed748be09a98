//! The daily digest, against a real SMTP server on loopback: a player's
//! choice (`daily`, by the director or in a reply), their notices held
//! back and one mail a day in their place however often `dynamo digest`
//! runs, urgent mail still at once, and a reply to the digest with one
//! labelled move per game (`answer`), also read from a real Dovecot
//! over IMAP (`imap`).

mod answer;
mod daily;
mod held;
mod imap;
mod kills;

use mail_parser::{Message, MessageParser};

use crate::support::TestEnv;
use crate::support::smtp::Received;

/// A `dynamo.toml` whose `[mail]` points at `port`, moves mailed.
fn config(env: &TestEnv, port: u16) {
    env.write(
        "dynamo.toml",
        &format!(
            "mail_after_move = true\n[mail]\nhost = \"127.0.0.1\"\nport = {port}\n\
             security = \"none\"\nfrom = \"Dynamo Adjudicator <dynamo@club.example>\"\n"
        ),
    );
}

/// Five games of Bob's in `games/`, `r01-b01` to `r05-b01`: Black in the
/// odd ones against Alice, White in the even ones against Carol; no time
/// control unless `control`.
fn five_games(env: &TestEnv, control: &str) {
    std::fs::create_dir_all(env.path("games")).expect("a folder");
    for n in 1..=5 {
        let file = format!("games/r0{n}-b01.pgn");
        let (white, black) = match n % 2 {
            1 => ("Alice <alice@example.org>", "Bob <bob@example.org>"),
            _ => ("Bob <bob@example.org>", "Carol <carol@example.org>"),
        };
        env.ok(&[
            "new",
            &file,
            "--white",
            white,
            "--black",
            black,
            "--time-control",
            control,
        ]);
    }
}

fn parse(m: &Received) -> Message<'_> {
    MessageParser::default()
        .parse(m.data.as_bytes())
        .expect("a message")
}

/// The plain text of a message.
fn text_of(m: &Received) -> String {
    parse(m)
        .body_text(0)
        .expect("a text part")
        .replace("\r\n", "\n")
}

/// The messages to `to`.
fn to(got: &[Received], to: &str) -> Vec<Received> {
    got.iter()
        .filter(|m| m.rcpt_tos.iter().any(|r| r == to))
        .cloned()
        .collect()
}

/// The digests among `got`.
fn digests(got: &[Received]) -> Vec<Received> {
    got.iter()
        .filter(|m| m.data.contains("Message-ID: <dynamo.digest."))
        .cloned()
        .collect()
}
