//! Game files: a text that loads, written back, loads as the same game and
//! writes back unchanged; a text that does not load is refused with the
//! line and the reason (only a missing tag concerns no one line).

#![no_main]

use dynamo::game::{Game, RecordError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Game::parse(text) {
        Ok(game) => {
            let written = game.to_text();
            let again = Game::parse(&written)
                .unwrap_or_else(|e| panic!("a written game does not load: {e}\n{written}"));
            assert_eq!(again.to_text(), written);
            assert_eq!(again.position(), game.position());
            assert_eq!(again.moves(), game.moves());
            assert_eq!(again.ending(), game.ending());
            assert_eq!(again.draw_offer(), game.draw_offer());
            assert_eq!(again.events(), game.events());
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            assert!(
                e.line().is_some() || matches!(e, RecordError::MissingTag(_)),
                "refused without a line: {message}"
            );
        }
    }
});
