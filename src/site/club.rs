//! The games folder as the pages see it: every game (with its page's
//! path and its [`Summary`]), every section with its standings, every
//! player under a name for their page that is not their address. Made
//! from summaries alone, so that it costs no replay: a game's positions
//! are worked out only for its own page (`positions.rs`).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use dynamo_core::Color;

use super::error::SiteError;
use super::names::Names;
use super::summary::{Person, Summary};
use crate::game::Player;
use crate::tournament::standings::Played;
use crate::tournament::{Competitor, SECTION_FILE, Section, Standings};

/// One game and what the other pages need of it.
#[derive(Debug, Clone)]
pub struct ClubGame {
    /// The file's path under the games folder, `/`-separated.
    pub file: String,
    /// Its page's path in the site, without `.html`: `games/club/r1-b1`.
    pub page: String,
    pub summary: Summary,
    /// The section it belongs to, by its index in [`Club::sections`].
    pub section: Option<usize>,
}

/// One section and its standings, computed as `dynamo standings` does.
#[derive(Debug, Clone)]
pub struct ClubSection {
    /// Its page's path in the site, without `.html`: `sections/club`.
    pub page: String,
    /// Its folder's path under the games folder, `/`-separated.
    pub folder: String,
    pub section: Section,
    pub standings: Standings,
    /// Its games, by index in [`Club::games`], in the section file's order.
    pub games: Vec<usize>,
    /// The names the standings know those games by (an `Encounter`'s
    /// `file`), in the same order.
    pub files: Vec<String>,
}

/// The whole games folder.
#[derive(Debug, Clone, Default)]
pub struct Club {
    /// In the order of their files' paths.
    pub games: Vec<ClubGame>,
    /// In the order of their folders' names.
    pub sections: Vec<ClubSection>,
    /// Each player's page, without `.html` (`players/ada-lovelace`), by
    /// their key (`player_key`).
    pub players: BTreeMap<String, String>,
    /// Each player's games and their colour in each, by their key, in
    /// the order of the games.
    pub by_player: BTreeMap<String, Vec<(usize, Color)>>,
}

/// How the standings know a player (`tournament::standings`): the address
/// in lower case, else the name. Never shown: it only finds the page.
pub fn player_key(name: &str, email: Option<&str>) -> String {
    match email {
        Some(e) => format!("@{}", e.to_lowercase()),
        None => format!("name:{name}"),
    }
}

/// The key of a game's player.
pub fn key_of(player: &Player) -> String {
    player_key(&player.name, player.email.as_ref().map(|a| a.as_str()))
}

/// The key of a player as a summary names them.
pub fn person_key(p: &Person) -> String {
    player_key(&p.name, p.email.as_deref())
}

impl Club {
    /// The club of `games` (each file under `games_dir`, `/`-separated,
    /// with its summary, in the order of the files' paths) and `sections`
    /// (each folder under `games_dir` with its section file, by name),
    /// each player's page named as `given` (by their key) names it, a
    /// player it does not name given a name it does not hold (`names.rs`).
    /// A section naming a game that is not there stops the build: its
    /// standings would be wrong.
    pub fn assemble(
        games_dir: &Path,
        games: Vec<(String, Summary)>,
        sections: &[(PathBuf, Section)],
        given: &Names,
    ) -> Result<Club, SiteError> {
        let mut taken: HashMap<String, u32> = HashMap::with_capacity(games.len());
        let games = games.into_iter().map(|(file, summary)| {
            let page = unique(&mut taken, format!("games/{}", page_name(&file)));
            (file, page, summary)
        });
        let mut club = Club::with_games(games.collect());
        for ((folder, section), indices) in sections.iter().zip(club.placed(games_dir, sections)?) {
            let name = format!("sections/{}", slug(&relative(games_dir, folder)));
            let page = unique(&mut taken, name);
            club.add_section(games_dir, folder, section.clone(), indices, page);
        }
        club.name_players(given);
        Ok(club)
    }

    /// The club of some of the games folder's files and sections as
    /// [`Club::assemble`] makes it of all of them, the names of their
    /// pages and of every player's page taken from a build of the whole
    /// folder (the pages' cache): `games` with their pages, `sections`
    /// with theirs. A section naming a game not among `games` is an
    /// error: the caller reads the whole folder instead.
    pub fn assemble_named(
        games_dir: &Path,
        games: Vec<(String, String, Summary)>,
        sections: &[(PathBuf, Section, String)],
        players: BTreeMap<String, String>,
    ) -> Result<Club, SiteError> {
        let plain: Vec<(PathBuf, Section)> = sections
            .iter()
            .map(|(folder, section, _)| (folder.clone(), section.clone()))
            .collect();
        let mut club = Club::with_games(games);
        let placed = club.placed(games_dir, &plain)?;
        for ((folder, section, page), indices) in sections.iter().zip(placed) {
            club.add_section(games_dir, folder, section.clone(), indices, page.clone());
        }
        club.sort_players();
        club.players = players;
        Ok(club)
    }

    /// A club of `games` (each file with its page and summary) alone.
    fn with_games(games: Vec<(String, String, Summary)>) -> Club {
        let games = games.into_iter().map(|(file, page, summary)| ClubGame {
            file,
            page,
            summary,
            section: None,
        });
        Club {
            games: games.collect(),
            ..Club::default()
        }
    }

    /// Each section's games, by their index in [`Club::games`].
    fn placed(
        &self,
        games_dir: &Path,
        sections: &[(PathBuf, Section)],
    ) -> Result<Vec<Vec<usize>>, SiteError> {
        let by_file: HashMap<&str, usize> = self
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| (g.file.as_str(), i))
            .collect();
        let mut placed = Vec::new();
        for (folder, section) in sections {
            let mut indices = Vec::new();
            let under = relative(games_dir, folder);
            for entry in &section.games {
                let file = file_in(games_dir, folder, &under, &entry.file);
                let Some(&i) = by_file.get(file.as_str()) else {
                    return Err(SiteError::Section {
                        path: folder.clone(),
                        why: format!("its game {} is missing", entry.file),
                    });
                };
                indices.push(i);
            }
            placed.push(indices);
        }
        Ok(placed)
    }

    fn add_section(
        &mut self,
        games_dir: &Path,
        folder: &Path,
        section: Section,
        games: Vec<usize>,
        page: String,
    ) {
        let index = self.sections.len();
        for &i in &games {
            self.games[i].section = Some(index);
        }
        // As `dynamo standings` names them: each game by its path.
        let known: Vec<Competitor> = section.competitors();
        let files: Vec<String> = section
            .games
            .iter()
            .map(|entry| folder.join(&entry.file).display().to_string())
            .collect();
        let played: Vec<Played> = files
            .iter()
            .zip(&games)
            .map(|(file, &i)| self.games[i].summary.played(file.clone()))
            .collect();
        let standings = Standings::compute_seated(&known, &section.predecessors(), &played);
        self.sections.push(ClubSection {
            page,
            folder: relative(games_dir, folder),
            section,
            standings,
            games,
            files,
        });
    }

    /// Each player's games and their colour in each, by their key, and
    /// the name each key is first met with.
    fn sort_players(&mut self) -> BTreeMap<String, String> {
        let mut names: BTreeMap<String, String> = BTreeMap::new();
        for (i, g) in self.games.iter().enumerate() {
            for side in [Color::White, Color::Black] {
                let p = g.summary.player(side);
                let key = person_key(p);
                // A key is copied only the first time it is met (every
                // player of a section plays eleven games).
                match self.by_player.get_mut(&key) {
                    Some(games) => games.push((i, side)),
                    None => {
                        names.insert(key.clone(), p.name.clone());
                        self.by_player.insert(key, vec![(i, side)]);
                    }
                }
            }
        }
        names
    }

    /// A page name for every player: the one `given` them while it is
    /// still of their name, else one from their name never given before:
    /// the first of two players of one name gets it plain, the next
    /// `-2`, in the order of their keys, so that the same folder gives
    /// the same names.
    fn name_players(&mut self, given: &Names) {
        let mut names = self.sort_players();
        for s in &self.sections {
            for p in &s.section.players {
                names
                    .entry(player_key(&p.name, Some(&p.email)))
                    .or_insert_with(|| p.name.clone());
            }
        }
        let before = given.given.values().chain(&given.taken);
        let mut taken: HashMap<String, u32> = before.map(|p| (p.clone(), 1)).collect();
        for (key, name) in names {
            let plain = format!("players/{}", slug(&name));
            let page = match given.given.get(&key) {
                Some(page) if numbered(page, &plain) => page.clone(),
                _ => unique(&mut taken, plain),
            };
            self.players.insert(key, page);
        }
    }

    /// The page of the player a game names.
    pub fn player_page(&self, player: &Player) -> Option<&str> {
        self.players.get(&key_of(player)).map(String::as_str)
    }

    /// The page of the player a summary names.
    pub fn person_page(&self, person: &Person) -> Option<&str> {
        self.players.get(&person_key(person)).map(String::as_str)
    }
}

/// The folders of `games_dir` holding a section file, by name, as
/// `dynamo standings` finds them.
pub fn section_folders(games_dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(games_dir)? {
        let entry = entry?;
        let path = entry.path();
        let hidden = entry.file_name().as_encoded_bytes().starts_with(b".");
        if !hidden && path.join(SECTION_FILE).is_file() {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// The game files of `section`, whose folder is `folder`, by their
/// paths under `games_dir`, in the section file's order.
pub fn section_games(games_dir: &Path, folder: &Path, section: &Section) -> Vec<String> {
    let under = relative(games_dir, folder);
    section
        .games
        .iter()
        .map(|entry| file_in(games_dir, folder, &under, &entry.file))
        .collect()
}

/// Every key a section names: its standings' rows, its players and the
/// players its substitutes replaced.
pub fn section_keys(s: &ClubSection) -> impl Iterator<Item = String> + '_ {
    let rows = s.standings.rows.iter();
    rows.map(|r| player_key(&r.name, r.email.as_deref()))
        .chain(
            s.section
                .players
                .iter()
                .map(|p| player_key(&p.name, Some(&p.email))),
        )
        .chain(
            s.section
                .substituted
                .iter()
                .map(|p| player_key(&p.old_name, Some(&p.old_email))),
        )
}

/// The folder of the game file `file` (a path under the games folder),
/// `` for the games folder itself.
pub fn parent(file: &str) -> &str {
    file.rfind('/').map_or("", |at| &file[..at])
}

/// `path` under `base`, `/`-separated.
pub fn relative(base: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(base).unwrap_or(path);
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// The path under `games_dir` of the file `file` of the section in
/// `folder` (`under` is the folder's own): as [`relative`] makes it, and
/// without taking paths apart when `file` is a plain name.
fn file_in(games_dir: &Path, folder: &Path, under: &str, file: &str) -> String {
    let plain = !file.is_empty()
        && !under.is_empty()
        && file
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..");
    if plain {
        format!("{under}/{file}")
    } else {
        relative(games_dir, &folder.join(file))
    }
}

/// `club/r1-b1.pgn` → `club/r1-b1`, each part a [`slug`].
fn page_name(file: &str) -> String {
    let stem = file
        .strip_suffix(".pgn")
        .or_else(|| file.strip_suffix(".PGN"));
    let parts: Vec<String> = stem.unwrap_or(file).split('/').map(slug).collect();
    parts.join("/")
}

/// Lower-case letters and digits, other runs as one `-`: safe in any URL
/// and on any file system. `Ada Lovelace` → `ada-lovelace`, `Émilie du
/// Châtelet` → `emilie-du-chatelet`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if let Some(plain) = latin(c) {
            out.push_str(plain);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// A Latin letter with a mark as the letters it is written without.
fn latin(c: char) -> Option<&'static str> {
    const TABLE: [(&str, &str); 14] = [
        ("àáâãäåā", "a"),
        ("çćč", "c"),
        ("ďđ", "d"),
        ("èéêëēěę", "e"),
        ("ìíîïī", "i"),
        ("łľ", "l"),
        ("ñńň", "n"),
        ("òóôõöøō", "o"),
        ("řŕ", "r"),
        ("śšş", "s"),
        ("ťţ", "t"),
        ("ùúûüūů", "u"),
        ("ýÿ", "y"),
        ("źżž", "z"),
    ];
    match c {
        'ß' => Some("ss"),
        'æ' => Some("ae"),
        'œ' => Some("oe"),
        _ => TABLE
            .iter()
            .find(|(from, _)| from.contains(c))
            .map(|(_, to)| *to),
    }
}

/// Whether `page` is `name` or `name` numbered by [`unique`].
fn numbered(page: &str, name: &str) -> bool {
    page.strip_prefix(name).is_some_and(|rest| {
        rest.is_empty()
            || rest
                .strip_prefix('-')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// `name`, or `name-2`, `name-3`, … when taken already: the first of
/// them not taken.
fn unique(taken: &mut HashMap<String, u32>, name: String) -> String {
    let Some(count) = taken.get(&name).copied() else {
        taken.insert(name.clone(), 1);
        return name;
    };
    let mut count = count;
    let numbered = loop {
        count += 1;
        let numbered = format!("{name}-{count}");
        if !taken.contains_key(&numbered) {
            break numbered;
        }
    };
    taken.insert(name, count);
    taken.insert(numbered.clone(), 1);
    numbered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_keep_letters_and_digits_only() {
        assert_eq!(slug("Ada Lovelace"), "ada-lovelace");
        assert_eq!(
            slug("Eve <script>alert(1)</script>"),
            "eve-script-alert-1-script"
        );
        assert_eq!(slug("../.."), "x");
        assert_eq!(slug("Émilie du Châtelet"), "emilie-du-chatelet");
        assert_eq!(page_name("club/R1 B1.pgn"), "club/r1-b1");
    }

    #[test]
    fn a_name_taken_is_numbered() {
        let mut taken = HashMap::new();
        assert_eq!(unique(&mut taken, "players/ada".into()), "players/ada");
        assert_eq!(unique(&mut taken, "players/ada".into()), "players/ada-2");
        assert_eq!(
            unique(&mut taken, "players/ada-2".into()),
            "players/ada-2-2"
        );
        // A numbered name given before is skipped, not given twice.
        let mut taken: HashMap<String, u32> = ["players/ann", "players/ann-2"]
            .map(|p| (p.to_string(), 1))
            .into();
        assert_eq!(unique(&mut taken, "players/ann".into()), "players/ann-3");
        assert!(numbered("players/ann-3", "players/ann"));
        assert!(!numbered("players/ann-lee", "players/ann"));
        assert!(!numbered("players/ann-", "players/ann"));
    }
}
