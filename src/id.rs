//! Identifiers made from text a user wrote (player names, dates, mail
//! domains): game ids, Message-IDs, Content-IDs and outbox file names all
//! come through [`sanitize`], so one rule decides what is safe in them.

/// Keeps ASCII letters, digits and the characters in `keep`; every run of
/// anything else becomes one `-`; leading and trailing `-` and `.` are
/// dropped, so the result is never `..`, a hidden file name or a path.
/// Empty text gives `game`.
///
/// ```
/// assert_eq!(dynamo::id::sanitize("Ada Lovelace", ""), "Ada-Lovelace");
/// assert_eq!(dynamo::id::sanitize("../../etc/passwd", "."), "etc-passwd");
/// assert_eq!(dynamo::id::sanitize("club.example.org", "-."), "club.example.org");
/// ```
pub fn sanitize(text: &str, keep: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || keep.contains(c) {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches(['-', '.']);
    if out.is_empty() {
        "game".to_string()
    } else {
        out.to_string()
    }
}

/// `base` if `taken` does not hold it, else the first of `base-2`,
/// `base-3`, … that it does not: how a new game's id steers clear of the
/// ids of the games already there.
///
/// ```
/// let taken = |id: &str| ["a-b", "a-b-2"].contains(&id);
/// assert_eq!(dynamo::id::unique("a-b", taken), "a-b-3");
/// assert_eq!(dynamo::id::unique("c-d", taken), "c-d");
/// ```
pub fn unique(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2u64..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| base.to_string())
}
