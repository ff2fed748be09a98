//! Rule-set text: whatever reads as a rule set prints as text that reads
//! back as the same rule set, and printing is canonical; a refusal quotes
//! the input only briefly.

#![no_main]

use dynamo_core::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Rules>() {
        Ok(rules) => {
            let printed = rules.to_string();
            let back: Rules = printed
                .parse()
                .unwrap_or_else(|e| panic!("printed rule set {printed:?} is refused: {e}"));
            assert_eq!(back, rules, "{printed}");
            assert_eq!(back.to_string(), printed);
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            assert!(
                message.len() < 400,
                "{} bytes: {message:.400}",
                message.len()
            );
        }
    }
});
