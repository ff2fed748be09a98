//! Values as the file can hold them, and input as errors may quote it.

/// At most a short, marked prefix of `text`, for error messages: a
/// hostile file must not make an error as large as itself.
pub(crate) fn excerpt(text: &str) -> String {
    match cut(text) {
        None => format!("'{text}'"),
        Some(prefix) => format!("'{prefix}…' ({} bytes)", text.len()),
    }
}

/// `text`, or its first characters marked as cut, without quotes.
pub(crate) fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match cut(text) {
        None => text.into(),
        Some(prefix) => format!("{prefix}… ({} bytes)", text.len()).into(),
    }
}

fn cut(text: &str) -> Option<&str> {
    const MAX: usize = 40;
    text.char_indices().nth(MAX).map(|(at, _)| &text[..at])
}

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

    #[test]
    fn excerpts_are_short_and_marked() {
        assert_eq!(excerpt("e2e4"), "'e2e4'");
        let long = "x".repeat(10_000);
        let shown = excerpt(&long);
        assert!(shown.len() < 70, "{shown}");
        assert!(shown.ends_with("(10000 bytes)"), "{shown}");
    }
}
