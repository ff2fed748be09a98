//! The HTML notice in a real browser: headless Chromium (Debian's
//! `chromium`, which `.ci/run` installs; the tests never install it) lays
//! each player's copy out at 360 and 900 pixels wide, and the whole board
//! must be visible: the picture decoded, inside the window, no sideways
//! scrolling. Screenshots of each layout are left in the target folder
//! (`notice-screenshots/notice-<side>-<width>.png`) for a person to look
//! at.
//!
//! Headless Chromium will not make its window narrower than 500 pixels,
//! so the notice is shown in a frame of the width under test, as a mail
//! program shows a message in its pane; a script in the notice measures
//! the layout and posts it to the page around it.

use std::path::{Path, PathBuf};
use std::process::Command;

use mail_parser::MimeHeaders;

use super::{mail_config, parse};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// The browser, or a failure that says how to get it.
pub(super) fn chromium() -> &'static str {
    let found = Command::new("chromium")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "this test needs headless Chromium: install Debian's `chromium` \
         (`apt-get install -y chromium`; `.ci/run` does)"
    );
    "chromium"
}

/// Runs the browser on `page` in a window `width` × 1200 with `extra`
/// arguments.
pub(super) fn browse(page: &Path, width: u32, extra: &[String]) -> String {
    let profile = tempfile::tempdir().expect("a profile folder");
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={width},1200"))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Where the screenshots go: a folder of the build that survives the test.
pub(super) fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("notice-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshots folder");
    dir
}

/// What the page script measured: the picture's left and right edges,
/// its width, the window's width, the page's scrolling width and the
/// picture's decoded width.
#[derive(Debug)]
struct Layout {
    left: i64,
    right: i64,
    width: i64,
    window: i64,
    scroll: i64,
    natural: i64,
}

const MEASURE: &str = "<script>window.addEventListener('load', () => {\
  const img = document.getElementById('board');\
  const r = img.getBoundingClientRect();\
  parent.postMessage([r.left, r.right, r.width, window.innerWidth,\
    document.documentElement.scrollWidth, img.naturalWidth].map(Math.round).join(','), '*');\
});</script>";

/// The page around the notice: a frame `width` pixels wide.
pub(super) fn frame(width: u32) -> String {
    format!(
        "<!DOCTYPE html><html><body style=\"margin:0\">\
         <iframe src=\"notice.html\" style=\"width:{width}px;height:1200px;border:0;display:block\"></iframe>\
         <script>window.addEventListener('message', e => document.body.setAttribute('data-layout', e.data));</script>\
         </body></html>"
    )
}

fn layout(dom: &str) -> Layout {
    let start = dom.find("data-layout=\"").expect("the page script ran") + "data-layout=\"".len();
    let end = start + dom[start..].find('"').expect("attribute end");
    let n: Vec<i64> = dom[start..end]
        .split(',')
        .map(|x| x.parse().expect("a number"))
        .collect();
    Layout {
        left: n[0],
        right: n[1],
        width: n[2],
        window: n[3],
        scroll: n[4],
        natural: n[5],
    }
}

#[test]
fn the_whole_board_is_visible_at_360_and_900_pixels() {
    chromium();
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        "Ada Lovelace <ada@example.org>",
        "--black",
        "Charles Babbage <charles@example.org>",
        "--event",
        "County correspondence championship",
        "--round",
        "2",
        "--time-control",
        "10/50d",
    ]);
    for m in ["e2e4", "Ng8f6", "Bf1/g2E"] {
        env.ok(&["move", "game.dyn", m]);
    }
    env.ok(&["mail", "game.dyn"]);
    let got = server.messages();
    assert_eq!(got.len(), 2);
    for (m, side) in got.iter().zip(["white", "black"]) {
        let msg = parse(m);
        let html = msg.body_html(0).expect("an HTML part").into_owned();
        let png = msg
            .parts
            .iter()
            .find(|p| p.content_type().is_some_and(|c| c.subtype() == Some("png")))
            .expect("a PNG part");
        let cid = png.content_id().expect("a Content-ID").to_string();
        let dir = env.path(side);
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join("board.png"), png.contents()).expect("the picture");
        let page = html
            .replace(&format!("cid:{cid}"), "board.png")
            .replace("</body>", &format!("{MEASURE}</body>"));
        let file = dir.join("notice.html");
        std::fs::write(&file, page).expect("the page");
        for width in [360, 900] {
            let outer = dir.join(format!("frame-{width}.html"));
            std::fs::write(&outer, frame(width)).expect("the frame");
            let window = width.max(500);
            let l = layout(&browse(&outer, window, &["--dump-dom".to_string()]));
            assert!(
                l.natural > 0,
                "{side} at {width}: the picture did not decode: {l:?}"
            );
            assert_eq!(l.window, i64::from(width), "{l:?}");
            assert!(
                l.left >= 0 && l.right <= l.window,
                "{side} at {width}: the board sticks out: {l:?}"
            );
            assert!(
                l.scroll <= l.window,
                "{side} at {width}: the page scrolls sideways: {l:?}"
            );
            if width == 900 {
                assert_eq!(
                    l.width,
                    i64::from(dynamo::mail::BOARD_PX),
                    "full size when there is room: {l:?}"
                );
            } else {
                assert!(
                    l.width >= 300,
                    "{side} at {width}: scaled to the window: {l:?}"
                );
            }
            let shot = shots().join(format!("notice-{side}-{width}.png"));
            browse(
                &outer,
                window,
                &[format!("--screenshot={}", shot.display())],
            );
            assert!(shot.exists(), "{}", shot.display());
        }
    }
}
