//! The game's web page under `promotion=owner` (§9.1, §13.18; docs/
//! director.md, "Web pages"): the pawn awaiting its owner's choice said
//! in words and ringed on the board, then the choice made alone and the
//! move awaited, then the owner's note on the completed move; after each
//! step the pages are what a full build writes.

use crate::site::same_as_a_full_build;
use crate::support::TestEnv;

const PAGE: &str = "../pages/games/p.html";

fn move_at(env: &TestEnv, text: &str, by: &str, at: &str) {
    env.ok(&["move", "games/p.pgn", text, "--by", by, "--at", at]);
}

/// The text of the `<dd>` after `<dt>{term}</dt>`, if any.
fn fact(page: &str, term: &str) -> Option<String> {
    let start = page.find(&format!("<dt>{term}</dt><dd>"))? + term.len() + 13;
    let end = page[start..].find("</dd>")?;
    Some(page[start..start + end].to_string())
}

/// The section of the page for position `ply`.
fn ply(page: &str, ply: usize) -> &str {
    let start = page
        .find(&format!("id=\"ply-{ply}\""))
        .expect("the position's section");
    let end = page[start..].find("</section>").expect("its end");
    &page[start..start + end]
}

const RING: &str = r##"fill="none" stroke="#2e7d32" stroke-width="6""##;

#[test]
fn the_page_says_who_chooses_then_what_was_chosen_then_the_note() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "games_dir = \"games\"\n[site]\ndir = \"../pages\"\n",
    );
    super::before_the_push(&env, "games/p.pgn", "\"<b>Bert</b>\" <bert@example.org>");
    env.ok(&["site", "../pages"]);
    let page = env.read(PAGE);
    assert_eq!(fact(&page, "Promotion"), None, "{page}");

    move_at(&env, "Re6e7/e7e8", "black", "2026-11-01T10:00:00Z");
    same_as_a_full_build(&env, "the mover's move");
    let page = env.read(PAGE);
    assert_eq!(
        fact(&page, "Promotion").as_deref(),
        Some(
            "The white pawn on e8 awaits White&#39;s choice (=Q, =R, =B or =N), then White&#39;s move."
        ),
        "{page}"
    );
    assert!(ply(&page, 1).contains(RING), "{page}");
    assert!(!ply(&page, 0).contains(RING), "{page}");
    assert!(!page.contains("<b>Bert"), "{page}");

    move_at(&env, "=R", "white", "2026-11-01T10:30:00Z");
    same_as_a_full_build(&env, "the choice alone");
    let page = env.read(PAGE);
    assert_eq!(
        fact(&page, "Promotion").as_deref(),
        Some("White chose the rook (=R) for the pawn on e8; White&#39;s move is awaited."),
        "{page}"
    );
    // The last board has the chosen rook, no ring.
    let last = ply(&page, 1);
    assert!(
        last.contains("<p class=\"fen\">4R3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7</p>"),
        "{last}"
    );
    assert!(!last.contains(RING), "{last}");
    assert!(
        page.contains("1... Re6e7/e7e8=R</a> <span class=\"note\">(White chose the rook)</span>"),
        "{page}"
    );

    move_at(&env, "Re8/e7e6", "white", "2026-11-01T11:00:00Z");
    same_as_a_full_build(&env, "the owner's move");
    let page = env.read(PAGE);
    assert_eq!(fact(&page, "Promotion"), None, "{page}");
    assert!(
        page.contains("1... Re6e7/e7e8=R</a> <span class=\"note\">(White chose the rook)</span>"),
        "{page}"
    );
    assert!(page.contains("2. Re8/e7e6</a></li>"), "{page}");
    assert!(!page.contains(RING), "{page}");
}

/// Under `[site] delay_moves`, the owner's turn hidden hides its choice
/// too (§9.1: the choice is part of the owner's turn): the last move shown
/// is the mover's, as played, and its board has the pawn awaiting the
/// choice; once the turn is shown, so is the choice.
#[test]
fn a_delay_that_hides_the_owners_turn_hides_the_choice() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "games_dir = \"games\"\n[site]\ndir = \"../pages\"\ndelay_moves = 1\n",
    );
    super::before_the_push(&env, "games/p.pgn", "Bert <bert@example.org>");
    move_at(&env, "Re6e7/e7e8", "black", "2026-11-01T10:00:00Z");
    move_at(&env, "=R Re8/e7e6", "white", "2026-11-01T11:00:00Z");
    same_as_a_full_build(&env, "the owner's turn");
    let page = env.read(PAGE);
    let pgn = env.read("../pages/games/p.pgn");
    for shown in [page.as_str(), pgn.as_str()] {
        assert!(!shown.contains("=R"), "{shown}");
        assert!(!shown.contains("rook"), "{shown}");
        assert!(!shown.contains("e7e6"), "{shown}");
    }
    assert!(page.contains("1... Re6e7/e7e8</a></li>"), "{page}");
    assert!(ply(&page, 1).contains(RING), "{page}");
    assert!(
        ply(&page, 1).contains("<p class=\"fen\">4P3/4r3/8/8/7k/8/8/K7 w"),
        "{page}"
    );

    move_at(&env, "Kh4h3", "black", "2026-11-01T12:00:00Z");
    same_as_a_full_build(&env, "the next move");
    let page = env.read(PAGE);
    assert!(
        page.contains("1... Re6e7/e7e8=R</a> <span class=\"note\">(White chose the rook)</span>"),
        "{page}"
    );
    assert!(page.contains("2. Re8/e7e6</a></li>"), "{page}");
}
