//! `dynamo site`: the club's web pages built from a games folder with a
//! section, a game outside it, addresses, a note, a mail reference and a
//! secret in the config — and a player whose name is markup.

mod browser;
mod build;
mod links;
mod safety;
mod update;

use std::collections::BTreeMap;
use std::path::Path;

use crate::support::TestEnv;

/// The players of the section `club`, numbered in this order.
pub const PLAYERS: &str = "Ada Lovelace <ada@example.org>\n\
    Charles Babbage <charles@example.org>\n\
    \"Eve <script>alert(1)</script>\" <eve@example.net>\n\
    Émilie du Châtelet <emilie@example.fr>\n";

/// Eve's name as the pages must show it: text, never markup.
pub const EVE_ESCAPED: &str = "Eve &lt;script&gt;alert(1)&lt;/script&gt;";

/// The secret that signs reply tokens, set for every run.
pub const SECRET: &str = "s3cret-never-on-a-page-7f1d";

/// What must never appear in any file of the site.
pub const PRIVATE: &[&str] = &[
    "ada@example.org",
    "charles@example.org",
    "eve@example.net",
    "emilie@example.fr",
    "alice@example.org",
    "bob@example.org",
    "move-1.x9q@mail.example.org",
    "telephone 555-0100",
    "referee@example.org",
    SECRET,
];

/// The moves of `club/r01-b01.pgn` (Ada against Émilie), in progress.
pub const MOVES: [&str; 3] = ["e2e4", "Ng8f6", "Bf1/g2E"];

/// A games folder as a club has it: a section `club` where Ada and
/// Émilie have played [`MOVES`] and Eve resigned to Charles, and a loose
/// game `g.pgn` between Alice and Bob with a move that came by mail and
/// the director's note; the config has `[mail]` with a secret and
/// `[site]` with `extra` lines.
pub fn club(site: &str) -> TestEnv {
    club_with(site, &[])
}

/// [`club`] with more arguments for its `tournament new`.
pub fn club_with(site: &str, new_args: &[&str]) -> TestEnv {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = 25\nsecurity = \"none\"\n\
             from = \"Referee <referee@example.org>\"\nsecret_env = \"DYNAMO_SITE_SECRET\"\n[site]\n{site}"
        ),
    );
    env.write("players.txt", PLAYERS);
    let mut new = vec![
        "tournament",
        "new",
        "club",
        "--players",
        "players.txt",
        "--start",
        "2020-11-20T09:00:00Z",
        "--time-control",
        "10/50d",
    ];
    new.extend_from_slice(new_args);
    env.ok(&new);
    for (i, m) in MOVES.iter().enumerate() {
        let at = format!("2020-11-21T1{i}:00:00Z");
        env.ok(&["move", "games/club/r01-b01.pgn", m, "--at", &at]);
    }
    env.ok(&[
        "resign",
        "games/club/r01-b02.pgn",
        "--by",
        "black",
        "--at",
        "2020-11-22T10:00:00Z",
    ]);
    env.new_game_in("games/g.pgn", "2020-11-20T09:00:00Z", &[]);
    env.ok(&[
        "move",
        "games/g.pgn",
        "d2d4",
        "--at",
        "2020-11-21T09:00:00Z",
    ]);
    let text = env.read("games/g.pgn").replace(
        "d2d4 {2020-11-21T09:00:00Z}",
        "d2d4 {2020-11-21T09:00:00Z} {[%mail <move-1.x9q@mail.example.org>]} \
         {private: Alice's telephone 555-0100}",
    );
    env.write("games/g.pgn", &text);
    env.ok(&["verify", "games/g.pgn"]);
    env
}

/// `dynamo site DIR` with the secret set; what it printed.
pub fn build(env: &TestEnv, dir: &str) -> String {
    env.ok_with(&["site", dir], &[("DYNAMO_SITE_SECRET", SECRET)])
}

/// Every file under `dir`, by its path there (`/`-separated).
pub fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder of the site") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("under the site");
                let name = rel.to_string_lossy().replace('\\', "/");
                out.insert(name, std::fs::read(&path).expect("a file of the site"));
            }
        }
    }
    out
}

/// The text of the first element of `class` after `from` in `html`.
pub fn text_of<'a>(html: &'a str, from: &str, class: &str) -> &'a str {
    let start = html
        .find(from)
        .unwrap_or_else(|| panic!("{from} in the page"));
    let rest = &html[start..];
    let open = format!("class=\"{class}\">");
    let at = rest
        .find(&open)
        .unwrap_or_else(|| panic!("a {class} after {from}"))
        + open.len();
    let end = rest[at..].find('<').expect("the element's end");
    &rest[at..at + end]
}

/// `dynamo site pages --check` finds the pages exactly as a full build
/// writes them.
#[track_caller]
pub(crate) fn same_as_a_full_build(env: &TestEnv, after: &str) {
    let check = env.run(&["site", "../pages", "--check"]);
    assert_eq!(
        (check.code, check.stdout.as_str()),
        (0, ""),
        "after {after}: {}",
        check.stderr
    );
}
