//! The board picture (`dynamo show --png`, the one mailed to players)
//! drawn as before its encoding was made cheap: the pictures in
//! `pictures/` were written by the old encoder (tiny-skia's RGBA PNG at
//! the default compression) and the new ones must have the same pixels.

use crate::support::{TestEnv, repo};

/// The picture's pixels as RGBA, whatever its colour type.
fn pixels(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(bytes).expect("a PNG");
    (pixmap.width(), pixmap.height(), pixmap.data().to_vec())
}

#[test]
fn the_board_picture_has_the_old_pictures_pixels() {
    let env = TestEnv::new();
    let sample = repo().join("games/sample.pgn");
    let sample = sample.to_str().expect("a UTF-8 path");
    // The mate (the king's circle, the last move's squares), a position
    // from Black's side with pieces gone, the start at another size.
    for (ply, side, size, fixture) in [
        ("77", "white", "480", "sample-77-white.png"),
        ("31", "black", "480", "sample-31-black.png"),
        ("0", "white", "240", "sample-0-white-240.png"),
    ] {
        env.ok(&[
            "show", "--game", sample, "--ply", ply, "--side", side, "--size", size, "--png",
            "new.png",
        ]);
        let new = std::fs::read(env.path("new.png")).expect("the new picture");
        let old = std::fs::read(repo().join("tests/game/pictures").join(fixture))
            .expect("the old picture");
        assert_eq!(pixels(&new), pixels(&old), "{fixture}");
        assert!(
            new.len() < old.len() * 2,
            "{fixture}: {} bytes against {}",
            new.len(),
            old.len()
        );
    }
}
