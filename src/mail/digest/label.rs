//! A game's short label in a digest, `r03-b01`: the name of its file
//! without `.pgn` (a section's games are named by round and board), in
//! lower case, letters, digits and `-` only. Where two of a player's
//! games share a name (two sections' `r03-b01`), the folder's name goes
//! before it (`spring-r03-b01`), then a number after it. The label is
//! the same in every digest while the player's games keep their names;
//! a reply is read by the labels of the digest it answers, which its
//! record keeps ([`super::record`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::id;

/// The longest label: long names are cut, numbers keep them apart.
const MAX_LABEL: usize = 24;

fn tame(text: &str) -> String {
    let text: String = id::sanitize(&text.to_lowercase(), "-")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(MAX_LABEL)
        .collect();
    match text.trim_matches('-') {
        "" => "game".to_string(),
        t => t.to_string(),
    }
}

fn stem(path: &Path) -> String {
    tame(
        &path
            .file_stem()
            .map(|s| s.to_string_lossy())
            .unwrap_or_default(),
    )
}

fn with_folder(path: &Path) -> String {
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    tame(&format!("{folder}-{}", stem(path)))
}

/// The label of each of `paths` (in the same order), unique among them.
pub fn labels(paths: &[PathBuf]) -> Vec<String> {
    let count = |name: &str, names: &[String]| names.iter().filter(|n| *n == name).count();
    let stems: Vec<String> = paths.iter().map(|p| stem(p)).collect();
    let named: Vec<String> = paths
        .iter()
        .zip(&stems)
        .map(|(p, s)| match count(s, &stems) {
            1 => s.clone(),
            _ => with_folder(p),
        })
        .collect();
    let mut taken = BTreeSet::new();
    named
        .into_iter()
        .map(|name| {
            let label = id::unique(&name, |l| taken.contains(l));
            taken.insert(label.clone());
            label
        })
        .collect()
}

/// Whether `word` may be a label: what [`labels`] makes.
pub fn label_shaped(word: &str) -> bool {
    !word.is_empty()
        && word.len() <= MAX_LABEL + 4
        && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_game_is_labelled_by_its_file_and_clashes_by_folder() {
        let paths: Vec<PathBuf> = [
            "games/spring/r03-b01.pgn",
            "games/autumn/r03-b01.pgn",
            "games/spring/r04-b02.pgn",
            "games/Alice vs Bob.pgn",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        assert_eq!(
            labels(&paths),
            [
                "spring-r03-b01",
                "autumn-r03-b01",
                "r04-b02",
                "alice-vs-bob"
            ]
        );
        for l in labels(&paths) {
            assert!(label_shaped(&l), "{l}");
        }
    }
}
