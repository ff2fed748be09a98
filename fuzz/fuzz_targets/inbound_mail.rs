//! A player's reply, as any bytes a mail server could hand over: reading
//! the message and then its command (judged in the start position for
//! White and after 1. e2e4 for Black) never panics, and what it gives is
//! bounded and clean — own words no longer than the limit, without a
//! quoted line or a carriage return; at most the limit of ids and
//! recipients; a move's text one short word. The same bytes are also read
//! as the body of an HTML message and of a format=flowed one, so the
//! HTML reader and the flowed joiner see them whole.

#![no_main]

use dynamo::inbox::message::{self, Incoming, MAX_IDS, MessageError};
use dynamo::inbox::text::own_words::MAX_OWN_BYTES;
use dynamo::inbox::{Command, Unread, read_reply};
use dynamo_core::{Color, Position, Rules, parse_move};
use std::sync::{Once, OnceLock};

use libfuzzer_sys::fuzz_target;

/// Lets a panic inside mail-parser unwind, for `message::read` to catch,
/// and aborts on any other as libFuzzer's hook does: with `-a`, the
/// parser's own debug assertions fire on mail its release build reads
/// (see `[profile.dev.package.mail-parser]` in Cargo.toml), and what is
/// tested here is that the inbox survives them.
fn let_parser_panics_unwind() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let abort = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_parser = info
                .location()
                .is_some_and(|l| l.file().contains("mail-parser-"));
            if !in_parser {
                abort(info);
            }
        }));
    });
}

fuzz_target!(|data: &[u8]| {
    let_parser_panics_unwind();
    check(message::read(data));
    for head in [
        &b"From: a@example.org\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"[..],
        b"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n",
    ] {
        let mut raw = head.to_vec();
        raw.extend_from_slice(data);
        check(message::read(&raw));
    }
});

fn check(read: Result<Incoming, MessageError>) {
    let Ok(incoming) = read else {
        return;
    };
    assert!(incoming.text.len() <= MAX_OWN_BYTES, "{}", incoming.text.len());
    assert!(!incoming.text.contains('\r'));
    for line in incoming.text.lines() {
        assert!(!line.trim_start().starts_with('>'), "a quoted line kept: {line:?}");
    }
    assert!(incoming.in_reply_to.len() <= MAX_IDS);
    assert!(incoming.references.len() <= MAX_IDS);
    assert!(incoming.recipients.len() <= MAX_IDS);
    assert!(!incoming.subject.chars().any(char::is_control));
    for (position, side) in positions() {
        match read_reply(&incoming.text, position, *side) {
            Ok(Command::Move { text, .. }) => {
                assert!(!text.is_empty() && text.len() <= 64, "{text:?}");
                assert!(!text.contains(char::is_whitespace), "{text:?}");
            }
            Ok(_) | Err(Unread::Missing) => {}
            Err(Unread::Unclear(found)) => {
                assert!(found.len() >= 2, "{found:?}");
                assert!(found.iter().all(|f| !f.is_empty() && f.len() < 200), "{found:?}");
            }
            Err(Unread::Refused(e)) => {
                let why = e.to_string();
                assert!(!why.is_empty() && why.len() < 1000, "{why}");
            }
        }
    }
}

/// The positions a reply is judged in: the start, White to move; after
/// 1. e2e4, Black to move.
fn positions() -> &'static [(Position, Color); 2] {
    static POSITIONS: OnceLock<[(Position, Color); 2]> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let start = Position::startpos(Rules::NOST);
        let e4 = parse_move(&start, "e2e4").expect("a legal move");
        let after = start.play(&e4).expect("it plays");
        [(start, Color::White), (after, Color::Black)]
    })
}
