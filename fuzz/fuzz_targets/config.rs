//! The config file: reading never panics, a refusal says where (a line or
//! a key), and a config that reads has values that print and read back.

#![no_main]

use dynamo::config::Config;
use dynamo::game::TimeControl;
use dynamo_core::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Config::parse(text) {
        Ok(config) => {
            let rules = config.default_rules.to_string();
            assert_eq!(rules.parse::<Rules>(), Ok(config.default_rules), "{rules}");
            let tc = config.default_time_control.to_string();
            assert_eq!(
                tc.parse::<TimeControl>().ok(),
                Some(config.default_time_control),
                "{tc}"
            );
        }
        Err(message) => {
            assert!(!message.is_empty());
            assert!(
                message.contains("line") || message.contains('`'),
                "refused without a line or a key: {message}"
            );
        }
    }
});
