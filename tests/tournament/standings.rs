//! `dynamo standings`: the crosstable and every tie-break, on results set
//! through the commands, each table's values worked out by hand below.
//!
//! The four-player sections all have the same games (FIDE's table for
//! four): r01-b01 1-4, r01-b02 2-3, r02-b01 4-3, r02-b02 1-2, r03-b01
//! 2-4, r03-b02 3-1, where 1 is Ada Lovelace, 2 Charles Babbage, 3
//! Jean-Pierre Lefèvre and 4 Émilie du Châtelet.

use super::{FOUR, section};
use crate::support::TestEnv;

/// Records `result` in `games/club/FILE.pgn` through the commands that
/// end games: `1-0` and `0-1` by resignation, `½` by an agreed draw,
/// `mate` by White's two-move mate, `forfeit` by an adjudicated 0-1.
pub(super) fn record(env: &TestEnv, file: &str, result: &str) {
    let path = format!("games/club/{file}.pgn");
    let path = path.as_str();
    let at = ["--at", "2020-11-21T10:00:00Z"];
    let later = ["--at", "2020-11-22T10:00:00Z"];
    let run = |args: &[&str], when: &[&str]| {
        env.ok(&[args, when].concat());
    };
    match result {
        "1-0" => run(&["resign", path, "--by", "black"], &at),
        "0-1" => run(&["resign", path, "--by", "white"], &at),
        "½" => {
            run(&["draw", path, "offer", "--by", "white"], &at);
            run(&["draw", path, "accept", "--by", "black"], &later);
        }
        "mate" => {
            run(&["move", path, "Bc1g5/d2h6"], &at);
            run(&["move", path, "Ng8E/h6g8=Q"], &later);
            run(
                &["move", path, "Qg8f7/f7e6"],
                &["--at", "2020-11-23T10:00:00Z"],
            );
        }
        "forfeit" => run(
            &["adjudicate", path, "0-1", "--reason", "time forfeit"],
            &at,
        ),
        other => panic!("no such result {other}"),
    }
}

/// A four-player section `club` with these results, in the order of the
/// games above.
fn four(results: [&str; 6]) -> TestEnv {
    let env = TestEnv::new();
    section(&env, "club", FOUR, &[]);
    let files = [
        "r01-b01", "r01-b02", "r02-b01", "r02-b02", "r03-b01", "r03-b02",
    ];
    for (file, result) in files.iter().zip(results) {
        if result != "*" {
            record(&env, file, result);
        }
    }
    env
}

/// The lines of the table, from its header to the blank line after it.
fn table(out: &str) -> Vec<&str> {
    out.lines().skip(1).take_while(|l| !l.is_empty()).collect()
}

/// Rank, number, points, wins and SB of each row, in order.
fn ranks(env: &TestEnv) -> Vec<(String, u32, f64, u32, f64)> {
    let out = env.ok(&["standings", "club", "--json"]);
    let rows: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let rows = rows.as_array().expect("an array").clone();
    rows.iter()
        .map(|r| {
            (
                r["player"].as_str().expect("a name").to_string(),
                r["rank"].as_u64().expect("a rank") as u32,
                r["points"].as_f64().expect("points"),
                r["wins"].as_u64().expect("wins") as u32,
                r["sonneborn_berger"].as_f64().expect("SB"),
            )
        })
        .collect()
}

const LEGEND: &str = "Ranked by points, then wins (Baumbach), Sonneborn-Berger (SB), then the \
    head-to-head result; · a game in progress. Players are known by address.\n";

/// Ada and Jean-Pierre have 1½ each; Ada won a game and Jean-Pierre none,
/// so Ada is second, although Jean-Pierre's Sonneborn-Berger is higher.
/// Charles: 1 (beat Ada) + ½ + ½ = 2, SB 1½ + ½·1½ + ½·1 = 2.75.
/// Ada: 1 (beat Émilie) + 0 + ½ = 1½, SB 1 + ½·1½ = 1.75.
/// Jean-Pierre: three draws = 1½, SB ½·2 + ½·1 + ½·1½ = 2.25.
/// Émilie: 0 + ½ + ½ = 1, SB ½·1½ + ½·2 = 1.75.
#[test]
fn the_number_of_wins_decides_first() {
    let env = four(["1-0", "½", "½", "0-1", "½", "½"]);
    let out = env.ok(&["standings", "club"]);
    let expected = "\
club (4 players, 6 games: 6 finished, 0 in progress)
Rank  No  Player                1  2  3  4  Points  Finished  Ongoing  Wins    SB
1      2  Charles Babbage       1  ×  ½  ½       2         3        0     1  2.75
2      1  Ada Lovelace          ×  0  ½  1      1½         3        0     1  1.75
3      3  Lefèvre, Jean-Pierre  ½  ½  ×  ½      1½         3        0     0  2.25
4      4  Émilie du Châtelet    0  ½  ½  ×       1         3        0     0  1.75
";
    assert_eq!(out, format!("{expected}\n{LEGEND}"));
}

/// Ada and Charles: 1½ points and one win each; Ada beat Émilie (2
/// points), Charles beat Jean-Pierre (1), so Ada's SB is 2 + ½·1½ = 2.75
/// and Charles's 1 + ½·1½ = 1.75. Ada's first game is won by mate.
#[test]
fn sonneborn_berger_decides_next() {
    let env = four(["mate", "1-0", "1-0", "½", "0-1", "1-0"]);
    let got = ranks(&env);
    let want = [
        ("Émilie du Châtelet", 1, 2.0, 2, 2.5),
        ("Ada Lovelace", 2, 1.5, 1, 2.75),
        ("Charles Babbage", 3, 1.5, 1, 1.75),
        ("Lefèvre, Jean-Pierre", 4, 1.0, 1, 1.5),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|&(n, r, p, w, s)| (n.to_string(), r, p, w, s))
        .collect();
    assert_eq!(got, want);
}

/// Ada and Charles: 1½ points, one win, SB 1.75 each (Ada: 1·1½ for
/// beating Charles + ½·½ for drawing Jean-Pierre; Charles: 1·½ for
/// beating Jean-Pierre + ½·2½ for drawing Émilie). Ada beat Charles, so
/// she is second. Émilie's win over Ada is a forfeit.
#[test]
fn the_head_to_head_result_decides_last() {
    let env = four(["forfeit", "1-0", "1-0", "1-0", "½", "½"]);
    let got = ranks(&env);
    let want = [
        ("Émilie du Châtelet", 1, 2.5, 2, 2.75),
        ("Ada Lovelace", 2, 1.5, 1, 1.75),
        ("Charles Babbage", 3, 1.5, 1, 1.75),
        ("Lefèvre, Jean-Pierre", 4, 0.5, 0, 0.75),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|&(n, r, p, w, s)| (n.to_string(), r, p, w, s))
        .collect();
    assert_eq!(got, want);
}

/// Ada beat Charles, Charles beat Jean-Pierre, Jean-Pierre beat Ada, and
/// Émilie beat all three: the three have a point, a win and SB 1 each and
/// a point each among themselves, so they share places 2 to 4 (listed by
/// number; `--json` gives each rank 2).
#[test]
fn a_tie_that_nothing_breaks_shares_the_places() {
    let env = four(["0-1", "1-0", "1-0", "1-0", "0-1", "1-0"]);
    let out = env.ok(&["standings", "club"]);
    let rows = table(&out);
    let places: Vec<String> = rows[1..]
        .iter()
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(places, ["1 4", "2-4 1", "2-4 2", "2-4 3"]);
    let got = ranks(&env);
    let want = [
        ("Émilie du Châtelet", 1, 3.0, 3, 3.0),
        ("Ada Lovelace", 2, 1.0, 1, 1.0),
        ("Charles Babbage", 2, 1.0, 1, 1.0),
        ("Lefèvre, Jean-Pierre", 2, 1.0, 1, 1.0),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|&(n, r, p, w, s)| (n.to_string(), r, p, w, s))
        .collect();
    assert_eq!(got, want);
}

/// Three players (a bye each round): Charles beat Jean-Pierre, Ada drew
/// with Charles, Jean-Pierre and Ada play on. Charles: 1½, SB 0 + ½·½ =
/// 0.25; Ada: ½, SB ½·1½ = 0.75; Jean-Pierre: 0.
#[test]
fn json_rows_hold_exactly_the_promised_keys() {
    let env = TestEnv::new();
    let three = "Ada Lovelace <ada@example.org>\nCharles Babbage <charles@example.org>\n\
                 Jean-Pierre Lefèvre <jp@example.fr>\n";
    section(&env, "club", three, &[]);
    // r01-b01 is 2-3, r02-b01 1-2, r03-b01 3-1.
    record(&env, "r01-b01", "1-0");
    record(&env, "r02-b01", "½");
    let out = env.ok(&["standings", "club", "--json"]);
    let expected = r#"[
  {
    "rank": 1,
    "player": "Charles Babbage",
    "email": "charles@example.org",
    "points": 1.5,
    "finished": 2,
    "ongoing": 0,
    "wins": 1,
    "sonneborn_berger": 0.25,
    "results": [
      {
        "opponent": "Jean-Pierre Lefèvre",
        "opponent_email": "jp@example.fr",
        "color": "white",
        "result": 1,
        "round": "1",
        "file": "games/club/r01-b01.pgn"
      },
      {
        "opponent": "Ada Lovelace",
        "opponent_email": "ada@example.org",
        "color": "black",
        "result": 0.5,
        "round": "2",
        "file": "games/club/r02-b01.pgn"
      }
    ]
  },
  {
    "rank": 2,
    "player": "Ada Lovelace",
    "email": "ada@example.org",
    "points": 0.5,
    "finished": 1,
    "ongoing": 1,
    "wins": 0,
    "sonneborn_berger": 0.75,
    "results": [
      {
        "opponent": "Charles Babbage",
        "opponent_email": "charles@example.org",
        "color": "white",
        "result": 0.5,
        "round": "2",
        "file": "games/club/r02-b01.pgn"
      },
      {
        "opponent": "Jean-Pierre Lefèvre",
        "opponent_email": "jp@example.fr",
        "color": "black",
        "result": null,
        "round": "3",
        "file": "games/club/r03-b01.pgn"
      }
    ]
  },
  {
    "rank": 3,
    "player": "Jean-Pierre Lefèvre",
    "email": "jp@example.fr",
    "points": 0,
    "finished": 1,
    "ongoing": 1,
    "wins": 0,
    "sonneborn_berger": 0,
    "results": [
      {
        "opponent": "Charles Babbage",
        "opponent_email": "charles@example.org",
        "color": "black",
        "result": 0,
        "round": "1",
        "file": "games/club/r01-b01.pgn"
      },
      {
        "opponent": "Ada Lovelace",
        "opponent_email": "ada@example.org",
        "color": "white",
        "result": null,
        "round": "3",
        "file": "games/club/r03-b01.pgn"
      }
    ]
  }
]
"#;
    assert_eq!(out, expected);
    let text = env.ok(&["standings", "club"]);
    assert_eq!(
        table(&text),
        [
            "Rank  No  Player               1  2  3  Points  Finished  Ongoing  Wins    SB",
            "1      2  Charles Babbage      ½  ×  1      1½         2        0     1  0.25",
            "2      1  Ada Lovelace         ×  ½  ·       ½         1        1     0  0.75",
            "3      3  Jean-Pierre Lefèvre  ·  0  ×       0         1        1     0     0",
        ]
    );
}

/// A double round robin's cell holds both games; a game in progress is `·`.
#[test]
fn a_double_round_robin_cell_holds_both_results() {
    let env = TestEnv::new();
    section(
        &env,
        "club",
        "Ada <ada@example.org>\nBob <bob@example.org>\n",
        &["--double"],
    );
    record(&env, "r01-b01", "1-0");
    let out = env.ok(&["standings"]);
    assert_eq!(
        table(&out),
        [
            "Rank  No  Player   1   2  Points  Finished  Ongoing  Wins  SB",
            "1      1  Ada      ×  1·       1         1        1     1   0",
            "2      2  Bob     0·   ×       0         1        1     0   0",
        ]
    );
}

/// Players are known by address, in any letter case: a name edited in
/// one game file later is still the same player, shown by the section's
/// name for them.
#[test]
fn a_player_is_known_by_address_whatever_the_name_says() {
    let env = four(["1-0", "*", "*", "*", "*", "*"]);
    let path = "games/club/r02-b02.pgn";
    let text = env.read(path).replace(
        "[White \"Ada Lovelace\"]",
        "[White \"Ada King, Countess of Lovelace\"]",
    );
    let text = text.replace("ada@example.org", "ADA@Example.ORG");
    env.write(path, &text);
    record(&env, "r02-b02", "1-0");
    let got = ranks(&env);
    assert_eq!(got[0], ("Ada Lovelace".to_string(), 1, 2.0, 2, 0.0));
    assert_eq!(got.len(), 4);
}

/// With no argument, every section of the games folder has its own
/// table; `--json` prints one table only, so it asks which. Game files
/// named on the command line make one table of their own, their players
/// numbered as they first appear.
#[test]
fn every_section_by_default_and_any_game_files_on_request() {
    let env = four(["1-0", "*", "*", "*", "*", "*"]);
    section(
        &env,
        "match",
        "Ann <ann@example.org>\nBen <ben@example.org>\n",
        &[],
    );
    let out = env.ok(&["standings"]);
    assert!(
        out.starts_with("club (4 players, 6 games: 1 finished, 5 in progress)\n"),
        "{out}"
    );
    assert!(
        out.contains("\n\nmatch (2 players, 1 game: 0 finished, 1 in progress)\n"),
        "{out}"
    );
    env.fails(
        &["standings", "--json"],
        2,
        "dynamo: --json prints one table, and there are 2 (club, match): name one section\n",
    );
    let out = env.ok(&[
        "standings",
        "games/club/r01-b01.pgn",
        "games/club/r01-b02.pgn",
    ]);
    assert_eq!(
        table(&out),
        [
            "Rank  No  Player                1  2  3  4  Points  Finished  Ongoing  Wins  SB",
            "1      1  Ada Lovelace          ×  1             1         1        0     1   0",
            "2-4    2  Émilie du Châtelet    0  ×             0         1        0     0   0",
            "2-4    3  Charles Babbage             ×  ·       0         0        1     0   0",
            "2-4    4  Lefèvre, Jean-Pierre        ·  ×       0         0        1     0   0",
        ]
    );
    env.fails(
        &["standings", "nosuch"],
        2,
        "dynamo: nosuch: no such section in games, nor a game file or folder\n",
    );
    let empty = TestEnv::new();
    std::fs::create_dir(empty.path("games")).expect("a games folder");
    let out = empty.run(&["standings"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with("dynamo: no sections in games (folders holding a section.toml)"),
        "{}",
        out.stderr
    );
}

/// The page stands alone (no link, script or picture from elsewhere), is
/// well formed, and shows names as text however they are spelt.
#[test]
fn the_html_page_is_self_contained_well_formed_and_escaped() {
    let env = TestEnv::new();
    let players = "\"<b>Bold</b> & 'Co'\" <bold@example.org>\nAda <ada@example.org>\n";
    section(&env, "club", players, &["--event", "Cup <2020> & \"more\""]);
    let page = env.ok(&["standings", "club", "--html"]);
    assert!(
        page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n"),
        "{page}"
    );
    assert!(
        page.contains("<td class=\"player\">&lt;b&gt;Bold&lt;/b&gt; &amp; &#39;Co&#39;</td>"),
        "{page}"
    );
    assert!(
        page.contains("club: Cup &lt;2020&gt; &amp; &quot;more&quot;"),
        "{page}"
    );
    for outside in [
        "http:", "https:", "src=", "href=", "<script", "<link", "<img", "url(",
    ] {
        assert!(!page.contains(outside), "{outside} in {page}");
    }
    well_formed(&page);
}

/// Every element is one of the page's own and is closed in order, the
/// one void element (`meta`) closes itself, and every `&` starts one of
/// the escapes the page uses: so no name became markup.
fn well_formed(page: &str) {
    const ELEMENTS: [&str; 17] = [
        "html", "head", "meta", "title", "style", "body", "h1", "section", "table", "caption",
        "thead", "tbody", "tr", "th", "td", "p", "!DOCTYPE",
    ];
    let mut open: Vec<&str> = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        let mut amp = text;
        while let Some(i) = amp.find('&') {
            let entity = &amp[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "a bare & at {entity:.20}"
            );
            amp = &amp[i + 1..];
        }
        assert!(!text.contains('>'), "a bare > in {text}");
        let end = rest[start..].find('>').expect("a tag ends") + start;
        let tag = &rest[start + 1..end];
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/'])
            .next()
            .unwrap_or("");
        assert!(ELEMENTS.contains(&name), "unexpected element <{tag}>");
        if let Some(closing) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop(),
                Some(closing),
                "</{closing}> closes the wrong element"
            );
        } else if name == "meta" {
            assert!(tag.ends_with('/'), "<{tag}> must close itself");
        } else if name != "!DOCTYPE" {
            open.push(name);
        }
        rest = &rest[end + 1..];
        if name == "style" && !tag.starts_with('/') {
            // The style sheet is text up to its closing tag.
            let close = rest.find("</style>").expect("the style ends");
            assert!(!rest[..close].contains('<'));
            rest = &rest[close..];
        }
    }
    assert!(open.is_empty(), "never closed: {open:?}");
    assert_eq!(rest.trim(), "");
}
