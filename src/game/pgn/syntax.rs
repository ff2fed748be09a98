//! What every part of the reader shares: its error, the annotations it
//! keeps, the result tokens.

/// A syntax error in a game file, with the line (from 1) it is on and,
/// in the movetext, the column (from 1, in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct PgnSyntaxError {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

/// An error on `line`, column unknown.
pub(super) fn syntax(line: usize, message: impl Into<String>) -> PgnSyntaxError {
    PgnSyntaxError {
        line,
        column: None,
        message: message.into(),
    }
}

/// The tokens that end the movetext.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Annotation the director added by hand; kept where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Note {
    /// `{text}`, braces not included.
    Comment(String),
    /// `$14`: a numeric annotation glyph, `$` included.
    Glyph(String),
    /// `; text` to the end of the line, `;` not included.
    Line(String),
}
