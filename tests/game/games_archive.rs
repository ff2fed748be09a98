//! Pictures and archives of games (docs/director.md, "Positions and moves" and
//! "The game file"): `show --ply N` draws any earlier position of a game
//! and `--side black` the board from Black's side; `export DIR` writes
//! every game of a folder as one PGN, and `--no-mail-notes` leaves out
//! which mail brought each event.

use crate::support::TestEnv;

const MOVES: [&str; 4] = ["e2e4", "e7e5", "Ng1f3", "Nb8c6"];

/// `games/NAME` between Ada and Charles with `moves` played.
fn game(env: &TestEnv, name: &str, round: &str, moves: &[&str]) {
    let file = format!("games/{name}");
    env.ok(&[
        "new",
        &file,
        "--white",
        "Ada Lovelace <ada@example.org>",
        "--black",
        "Charles Babbage <charles@example.org>",
        "--event",
        "Club championship",
        "--round",
        round,
        "-q",
    ]);
    for m in moves {
        env.ok(&["move", &file, m, "-q"]);
    }
}

fn fen_line(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.strip_prefix("FEN: "))
        .unwrap_or_else(|| panic!("a FEN line in {out}"))
}

/// Decoded pixels of a PNG file: width, height, bytes.
fn pixels(env: &TestEnv, name: &str) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(env.path(name)).expect("the picture");
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    (info.width, info.height, buf)
}

#[test]
fn show_draws_any_earlier_position_of_a_game_from_either_side() {
    let env = TestEnv::new();
    game(&env, "g.pgn", "1", &MOVES);
    // Each earlier position is the one `play` reaches with the same moves.
    for ply in 1..=MOVES.len() {
        let shown = env.ok(&["show", "--game", "games/g.pgn", "--ply", &ply.to_string()]);
        let mut args = vec!["play"];
        args.extend_from_slice(&MOVES[..ply]);
        assert_eq!(fen_line(&shown), env.ok(&args).trim_end(), "ply {ply}");
    }
    let start = env.ok(&["show", "--game", "games/g.pgn", "--ply", "0"]);
    assert_eq!(fen_line(&start), fen_line(&env.ok(&["show"])));
    let now = env.ok(&["show", "--game", "games/g.pgn"]);
    let last = env.ok(&["show", "--game", "games/g.pgn", "--ply", "4"]);
    assert_eq!(fen_line(&now), fen_line(&last));

    // From Black's side: rank 1 at the top, files h to a; the picture's
    // pixels differ from White's, at the same size.
    let args = |side: &str, png: &str| {
        env.ok(&[
            "show",
            "--game",
            "games/g.pgn",
            "--ply",
            "1",
            "--side",
            side,
            "--png",
            png,
            "--ascii",
        ])
    };
    let white = args("white", "white.png");
    let black = args("black", "black.png");
    assert!(white.starts_with("8  r n b q k b n r\n"), "{white}");
    assert!(white.contains("\n   a b c d e f g h\n"), "{white}");
    assert!(black.starts_with("1  R N B K Q B N R\n"), "{black}");
    assert!(black.contains("\n   h g f e d c b a\n"), "{black}");
    assert_eq!(fen_line(&white), fen_line(&black));
    let (w, b) = (pixels(&env, "white.png"), pixels(&env, "black.png"));
    assert_eq!((w.0, w.1), (b.0, b.1));
    assert_ne!(w.2, b.2, "the board turned round");
    // The default side is White's, as before.
    env.ok(&[
        "show",
        "--game",
        "games/g.pgn",
        "--ply",
        "1",
        "--png",
        "default.png",
    ]);
    assert_eq!(pixels(&env, "default.png"), w);

    // Past the game's end, or without a game: bad input.
    let out = env.run(&["show", "--game", "games/g.pgn", "--ply", "5"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("has 4 half-moves"), "{}", out.stderr);
    let out = env.run(&["show", "--fen", "startpos", "--ply", "1"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--ply needs --game"), "{}", out.stderr);
}

/// A game file with a note of the mail that brought its first move, as
/// the inbox writes it.
fn with_mail_note(env: &TestEnv, name: &str) {
    let path = format!("games/{name}");
    let text = env.read(&path);
    // After the move's time, where the inbox writes it.
    let time = text.find("e2e4 {").expect("the first move");
    let end = time + text[time..].find('}').expect("its time") + 1;
    let noted = format!(
        "{} {{[%mail <m1@example.org>]}}{}",
        &text[..end],
        &text[end..]
    );
    env.write(&path, &noted);
    env.ok(&["verify", &path]);
}

#[test]
fn a_folder_exports_as_one_pgn_equal_game_by_game_to_each_export() {
    let env = TestEnv::new();
    // Natural order: r2 before r10, whatever the order of creation.
    game(&env, "club/r10-b1.pgn", "10", &MOVES[..1]);
    game(&env, "club/r2-b1.pgn", "2", &MOVES);
    game(&env, "club/r2-b2.pgn", "2", &[]);
    with_mail_note(&env, "club/r2-b1.pgn");
    let order = ["r2-b1.pgn", "r2-b2.pgn", "r10-b1.pgn"];
    for notes in [false, true] {
        let flag: &[&str] = if notes { &[] } else { &["--no-mail-notes"] };
        let mut args = vec!["export", "games/club"];
        args.extend_from_slice(flag);
        let all = env.ok(&args);
        assert_eq!(all.contains("[%mail"), notes, "{all}");
        let singles: Vec<String> = order
            .iter()
            .map(|f| {
                let path = format!("games/club/{f}");
                let mut args = vec!["export", path.as_str(), "--format", "pgn"];
                args.extend_from_slice(flag);
                env.ok(&args)
            })
            .collect();
        assert_eq!(all, singles.join("\n"));
        // Read back game by game: each part is a game file that exports
        // as its original does.
        let parts: Vec<&str> = all.split("\n\n[Event ").collect();
        assert_eq!(parts.len(), 3, "{all}");
        for (n, part) in parts.iter().enumerate() {
            let mut text = if n == 0 {
                part.to_string()
            } else {
                format!("[Event {part}")
            };
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let name = format!("back{n}.pgn");
            env.write(&name, &text);
            let mut args = vec!["export", name.as_str()];
            args.extend_from_slice(flag);
            assert_eq!(env.ok(&args), singles[n], "game {n}");
        }
    }
    // The single game's notes go too, and only its notes.
    let plain = env.ok(&["export", "games/club/r2-b1.pgn", "--no-mail-notes"]);
    let noted = env.ok(&["export", "games/club/r2-b1.pgn"]);
    assert!(noted.contains(" {[%mail <m1@example.org>]}"), "{noted}");
    assert!(!plain.contains("%mail"), "{plain}");
    env.write("plain.pgn", &plain);
    let json = |file: &str| {
        let text = env.ok(&["export", file, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        (v["moves"].clone(), v["fen"].clone())
    };
    assert_eq!(json("plain.pgn"), json("games/club/r2-b1.pgn"));
    let out = env.run(&["export", "games/club", "--format", "json"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}
