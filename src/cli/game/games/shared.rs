//! What every game listed has in common, said once above the table
//! instead of on every line (docs/director.md, "The overview: `dynamo games`"): the
//! event when all of them have the same, and the folder all the files
//! are in. A column the same on every line tells nothing about any game
//! and takes room from the columns a director acts on.

use std::path::{Component, Path, PathBuf};

/// The event and folder of every game listed, when they share one.
#[derive(Debug, Default)]
pub(super) struct Shared {
    /// The event of every game that replays, when the same and known.
    pub(super) event: Option<String>,
    /// The folder of every file listed, `games/club/`.
    folder: Option<PathBuf>,
}

impl Shared {
    /// What the listed files (`paths`) and the events of the games that
    /// replay (`events`) share: the folder when at least two files are
    /// listed, the event when at least two games replay; fewer share
    /// nothing, where saying it once saves nothing.
    pub(super) fn of<'a>(
        paths: impl IntoIterator<Item = &'a Path>,
        events: impl IntoIterator<Item = &'a str>,
    ) -> Shared {
        let paths: Vec<&Path> = paths.into_iter().collect();
        if paths.len() < 2 {
            return Shared::default();
        }
        let mut events = events.into_iter().map(str::trim);
        let event = match events.next() {
            // "?" is PGN's unknown event: nothing to say.
            Some(first) if !first.is_empty() && first != "?" => {
                let mut others = 0;
                events
                    .all(|e| {
                        others += 1;
                        e == first
                    })
                    .then_some(first)
                    .filter(|_| others > 0)
                    .map(str::to_string)
            }
            _ => None,
        };
        Shared {
            event,
            folder: common_folder(&paths),
        }
    }

    /// The file as its line shows it: without the shared folder.
    pub(super) fn file(&self, path: &Path) -> String {
        self.folder
            .as_deref()
            .and_then(|f| path.strip_prefix(f).ok())
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// The lines above the table: `Event: Winter cup`, `Folder:
    /// games/club/`.
    pub(super) fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(event) = &self.event {
            lines.push(format!("Event: {event}"));
        }
        if let Some(folder) = &self.folder {
            let mut shown = folder.display().to_string();
            if !shown.ends_with(std::path::MAIN_SEPARATOR) {
                shown.push(std::path::MAIN_SEPARATOR);
            }
            lines.push(format!("Folder: {shown}"));
        }
        lines
    }
}

/// The longest folder every path lies in, if any: whole components,
/// never part of a name (`games/g1` and `games/g10` share `games`).
fn common_folder(paths: &[&Path]) -> Option<PathBuf> {
    fn components(path: &Path) -> impl Iterator<Item = Component<'_>> {
        path.parent().map(Path::components).into_iter().flatten()
    }
    let first: Vec<Component> = components(paths.first()?).collect();
    // One path at a time against the first: no list of every path's
    // folders, however many files.
    let shared = paths.iter().fold(first.len(), |shared, p| {
        components(p)
            .zip(&first[..shared])
            .take_while(|(c, f)| c == *f)
            .count()
    });
    let folder: PathBuf = first[..shared].iter().collect();
    // `./` alone, or nothing, is no folder worth a line.
    let named = folder
        .components()
        .any(|c| matches!(c, Component::Normal(_) | Component::RootDir));
    named.then_some(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(paths: &[&str]) -> Option<String> {
        let paths: Vec<&Path> = paths.iter().map(Path::new).collect();
        common_folder(&paths).map(|f| f.display().to_string())
    }

    #[test]
    fn the_shared_folder_is_made_of_whole_names() {
        assert_eq!(
            folder(&["games/club/r1.pgn", "games/club/r2.pgn"]),
            Some("games/club".to_string())
        );
        assert_eq!(
            folder(&["games/club/r1.pgn", "games/cup/r1.pgn"]),
            Some("games".to_string())
        );
        assert_eq!(folder(&["games1/a.pgn", "games10/a.pgn"]), None);
        assert_eq!(folder(&["a.pgn", "games/b.pgn"]), None);
        assert_eq!(folder(&["./a.pgn", "./b.pgn"]), None);
        assert_eq!(
            folder(&["/srv/games/a.pgn", "/srv/games/b.pgn"]),
            Some("/srv/games".to_string())
        );
    }
}
