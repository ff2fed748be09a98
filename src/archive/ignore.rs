//! The archive's `.gitignore`: what lives in the games folder but is no
//! part of the club's record. Locks, temporary files and markers of a
//! change under way are the machine's; private state (the outbox, the
//! inbox's state, conditional lines, the key, the config) is named too
//! when the config puts it inside the games folder, so that `git add`
//! never takes it.

use std::path::{Path, PathBuf};

/// What every archive ignores, whatever the config.
const ALWAYS: &[&str] = &[
    "# Written by `dynamo archive init`: what is no part of the club's record.",
    "# Locks, temporary files and markers of a change under way.",
    "*.lock",
    ".*.tmp*",
    ".*.new/",
    ".deleted-*",
    ".dynamo-*",
    "# The web pages and their cache, if ever built here.",
    ".dynamo-site-cache",
];

/// The `.gitignore` of an archive in `root`, `private` the paths of
/// private state (any of them inside `root` is named, relative to it).
pub fn gitignore(root: &Path, private: &[PathBuf]) -> String {
    let mut lines: Vec<String> = ALWAYS.iter().map(|l| l.to_string()).collect();
    let inside: Vec<String> = private
        .iter()
        .filter_map(|p| inside(root, p))
        .map(|rel| format!("/{rel}"))
        .collect();
    if !inside.is_empty() {
        lines.push("# Private state kept in the games folder: never shared.".to_string());
        lines.extend(inside);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// `path` relative to `root`, as a `.gitignore` line, when it is inside.
fn inside(root: &Path, path: &Path) -> Option<String> {
    let root = super::place::resolved(root);
    let path = super::place::resolved(path);
    let rel = path.strip_prefix(&root).ok()?;
    let text = rel.to_str()?;
    // Any character git reads as a pattern is escaped.
    let escaped: String = text
        .chars()
        .flat_map(|c| {
            let special = matches!(c, '*' | '?' | '[' | '\\' | '!' | '#');
            special
                .then_some('\\')
                .into_iter()
                .chain(std::iter::once(c))
        })
        .collect();
    (!escaped.is_empty()).then_some(escaped)
}

#[cfg(test)]
mod tests {
    use super::gitignore;

    #[test]
    fn private_state_inside_the_games_folder_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        let text = gitignore(
            &games,
            &[
                games.join("outbox"),
                dir.path().join("conditional"),
                games.join("key[1]"),
            ],
        );
        assert!(text.contains("\n/outbox\n"), "{text}");
        assert!(text.contains("\n/key\\[1]\n"), "{text}");
        assert!(!text.contains("conditional"), "{text}");
        assert!(text.contains("\n*.lock\n"), "{text}");
    }
}
