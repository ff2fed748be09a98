//! Values as the file can hold them.

/// A value that a tag pair cannot hold, or that would not read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {why}")]
pub struct BadValue {
    /// The field as the user knows it (`--white`, `Event`, `--reason`).
    pub field: String,
    pub why: String,
}

/// Refuses a value with a control character (a line break would end the
/// tag pair, and the file would not read back) or surrounding spaces the
/// reader would strip.
pub fn check_value(field: &str, value: &str) -> Result<(), BadValue> {
    let bad = |why: String| BadValue {
        field: field.to_string(),
        why,
    };
    if let Some(c) = value.chars().find(|c| c.is_control()) {
        let what = match c {
            '\n' | '\r' => "a line break".to_string(),
            '\t' => "a tab".to_string(),
            c => format!("the control character U+{:04X}", c as u32),
        };
        return Err(bad(format!(
            "{what} cannot be recorded: the value must be one line of printable text"
        )));
    }
    if value.trim() != value {
        return Err(bad(
            "leading or trailing spaces would not read back".to_string()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_with_control_characters_are_refused() {
        assert!(check_value("--white", "Ann Lee").is_ok());
        let err = check_value("--white", "Ann\nLee").unwrap_err();
        assert_eq!(
            err.to_string(),
            "--white: a line break cannot be recorded: the value must be one line of printable text"
        );
        assert!(check_value("Event", "a\u{7}b").is_err());
        assert!(check_value("Event", " padded").is_err());
    }
}
