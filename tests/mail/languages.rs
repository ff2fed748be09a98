//! Each player's notices in their own language: the language given to
//! `new` and `tournament new` (or the config's `[mail] language`), kept
//! in the game file's header, and every copy said in it at a real SMTP
//! server, the other player's copy in theirs.

use super::{mail_config, mail_config_with, parse, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

fn subject_of(m: &crate::support::smtp::Received) -> String {
    let s = parse(m).subject().expect("a subject").to_string();
    s.rsplit_once(" [dynamo ")
        .expect("a token tag")
        .0
        .to_string()
}

#[test]
fn each_player_reads_their_notice_in_their_language() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        "Alice Archer <alice@example.org>",
        "--black",
        "Bruno Bianchi <bruno@example.it>",
        "--black-lang",
        "it",
        "--white-lang",
        "de",
        "--at",
        "2026-11-20T09:00:00Z",
    ]);
    let file = env.read("game.dyn");
    assert!(
        file.contains("[WhiteLanguage \"de\"]\n[BlackLanguage \"it\"]\n"),
        "{file}"
    );
    env.ok(&["move", "game.dyn", "e2e4", "--at", "2026-11-20T10:00:00Z"]);
    mail_config(&env, server.port, "none", None);
    env.ok(&["mail", "game.dyn"]);
    let got = server.messages();
    assert_eq!(got.len(), 2);
    assert_eq!(
        subject_of(&got[0]),
        "Dynamo: Alice Archer – Bruno Bianchi, 1. e2e4 — Bruno Bianchi am Zug"
    );
    assert_eq!(
        subject_of(&got[1]),
        "Dynamo: Alice Archer – Bruno Bianchi, 1. e2e4 — tocca a Lei"
    );
    let german = text_of(&got[0]);
    for line in [
        "Guten Tag Alice Archer,",
        "Alice Archer (Weiß) spielte 1. e2e4 (2026-11-20 10:00 UTC).",
        "Wir warten auf den Zug von Bruno Bianchi.",
        "Letzter Zug: 1. e2e4 von Alice Archer, eingegangen 2026-11-20 10:00 UTC",
        "Vom Brett: Weiß: keine Figur; Schwarz: keine Figur.",
        "So antworten Sie\n----------------\n",
        "Züge:\n1. e2e4\n",
        "Gesendet von dynamo, dem Schiedsrichter für Dynamo-Schach.",
    ] {
        assert!(german.contains(line), "{line}\n{german}");
    }
    let italian = text_of(&got[1]);
    for line in [
        "Gentile Bruno Bianchi,",
        "Alice Archer (Bianco) ha giocato 1. e2e4 (2026-11-20 10:00 UTC).",
        "Bruno Bianchi, tocca a Lei muovere.",
        "Fuori dalla scacchiera: Bianco: nessun pezzo; Nero: nessun pezzo.",
        "Come rispondere\n---------------\n",
        "Inviato da dynamo, l'arbitro di Scacchi Dynamo.",
    ] {
        assert!(italian.contains(line), "{line}\n{italian}");
    }
    let html = parse(&got[1])
        .body_html(0)
        .expect("an HTML part")
        .to_string();
    assert!(
        html.contains("<h3 style=\"margin-bottom:0.3em\">Come rispondere</h3>"),
        "{html}"
    );
}

/// `[mail] language` is the language of a player the command names no
/// language for; English, the default, writes no tag, so a file made
/// without a language reads as every older file does.
#[test]
fn the_configs_language_is_the_default_and_english_writes_no_tag() {
    let env = TestEnv::new();
    mail_config_with(&env, 25, "none", None, "language = \"fr\"\n");
    env.ok(&[
        "new",
        "a.dyn",
        "--white",
        "Ada",
        "--black",
        "Bea",
        "--black-lang",
        "en",
    ]);
    let file = env.read("a.dyn");
    assert!(file.contains("[WhiteLanguage \"fr\"]\n"), "{file}");
    assert!(!file.contains("BlackLanguage"), "{file}");
    env.write("dynamo.toml", "");
    env.ok(&["new", "b.dyn", "--white", "Ada", "--black", "Bea"]);
    assert!(!env.read("b.dyn").contains("Language"));
    let out = env.run(&[
        "new",
        "c.dyn",
        "--white",
        "Ada",
        "--black",
        "Bea",
        "--white-lang",
        "pt",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("language 'pt': write one of en, it, fr, de, es"),
        "{}",
        out.stderr
    );
}

/// A players file's `lang=` field, else `--lang`, gives each section
/// player's language in every game they play.
#[test]
fn a_sections_players_keep_their_languages_in_every_game() {
    let env = TestEnv::new();
    env.write(
        "players.txt",
        "Ada <ada@example.org> lang=es\nBea <bea@example.org>\nCid <cid@example.org> lang=en\n",
    );
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--players",
        "players.txt",
        "--lang",
        "de",
    ]);
    let mut seen = 0;
    for entry in std::fs::read_dir(env.path("games/club")).expect("the section") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a game");
        for (name, tag) in [("Ada", Some("es")), ("Bea", Some("de")), ("Cid", None)] {
            for side in ["White", "Black"] {
                if text.contains(&format!("[{side} \"{name}\"]")) {
                    let want = tag.map(|t| format!("[{side}Language \"{t}\"]"));
                    match want {
                        Some(w) => assert!(text.contains(&w), "{name}: {text}"),
                        None => assert!(!text.contains(&format!("{side}Language")), "{text}"),
                    }
                    seen += 1;
                }
            }
        }
    }
    assert_eq!(seen, 6, "three games, two players each");
}
