//! `cargo bench --bench board_png`: the CPU time of one board picture
//! as mail carries it (480 px, from the player's side, the last move
//! marked), over every position of four 80-half-move games from both
//! sides (640 boards, each drawn for the first time), measured on the
//! bench's own thread (the kernel's count of its CPU time, so that other
//! work on the machine does not count). "Before" paints each whole
//! drawing with resvg and encodes it with tiny-skia's RGBA PNG encoder,
//! as `render::png_view` did; "now" is `render::png_view`; "again" draws
//! each board a second time, as a second notice of the same position
//! and side does.

use std::time::Duration;

use dynamo::render::{self, BOARD_PX, View};
use dynamo_core::{Position, Rules};
use resvg::{tiny_skia, usvg};

#[allow(dead_code)]
#[path = "../tests/support/rng.rs"]
mod rng;

// The club's random games; its files are not needed here.
#[allow(dead_code)]
#[path = "support/club.rs"]
mod club;

/// CPU time of this thread so far.
fn cpu() -> Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").expect("schedstat");
    let ns = text
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a CPU time in ns");
    Duration::from_nanos(ns)
}

/// The old way: the whole drawing painted, RGBA encoded.
fn before(pos: &Position, view: &View) -> Vec<u8> {
    let tree =
        usvg::Tree::from_str(&render::svg_view(pos, view), &usvg::Options::default()).expect("SVG");
    let mut pixmap = tiny_skia::Pixmap::new(BOARD_PX, BOARD_PX).expect("a picture");
    let scale = BOARD_PX as f32 / 780.0;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().expect("encoded")
}

fn main() {
    let mut boards = Vec::new();
    for seed in 0..4 {
        let mut pos = Position::startpos(Rules::NOST);
        for text in club::random_game(seed) {
            let mv = dynamo_core::parse_move(&pos, &text).expect("legal");
            let after = pos.play(&mv).expect("legal");
            for flipped in [false, true] {
                let marks = Some(render::marks(&pos, &mv));
                boards.push((after.clone(), View { flipped, marks }));
            }
            pos = after;
        }
    }
    let n = boards.len();
    let per_board = |d: Duration| d.as_secs_f64() * 1000.0 / n as f64;
    let start = cpu();
    let old: usize = boards.iter().map(|(p, v)| before(p, v).len()).sum();
    let old_cpu = per_board(cpu() - start);
    let start = cpu();
    let new: usize = boards
        .iter()
        .map(|(p, v)| render::png_view(p, BOARD_PX, v).expect("drawn").len())
        .sum();
    let new_cpu = per_board(cpu() - start);
    let mut again = Duration::ZERO;
    for (p, v) in &boards {
        render::png_view(p, BOARD_PX, v).expect("drawn");
        let start = cpu();
        render::png_view(p, BOARD_PX, v).expect("drawn");
        again += cpu() - start;
    }
    let again = per_board(again);
    println!(
        "board PNG, {BOARD_PX} px, {n} boards: before {old_cpu:.2} ms of CPU a board ({} kB); now {new_cpu:.2} ms ({} kB); the same board again {again:.3} ms",
        old / n / 1000,
        new / n / 1000
    );
}
