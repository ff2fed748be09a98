//! A notice in each language in a real browser at 360 pixels, the width
//! of a small phone: the longer words of Italian, French, German and
//! Spanish cut nothing (no element reaches past the window, the page
//! does not scroll sideways) and the board's picture decodes. Screenshots
//! are left beside the English ones (`notice-LANG-360.png`).

use mail_parser::MimeHeaders;

use super::picture::{browse, chromium, frame, shots};
use super::{mail_config, parse};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// Posts the page's widest right edge of any element, the window's
/// width, the page's scrolling width and the picture's decoded width.
const MEASURE: &str = "<script>window.addEventListener('load', () => {\
  const right = Math.max(...[...document.querySelectorAll('body *')]\
    .map(e => e.getBoundingClientRect().right));\
  parent.postMessage([right, window.innerWidth, document.documentElement.scrollWidth,\
    document.getElementById('board').naturalWidth].map(Math.round).join(','), '*');\
});</script>";

#[test]
fn a_notice_in_each_language_fits_360_pixels() {
    chromium();
    for lang in ["en", "it", "fr", "de", "es"] {
        let server = SmtpServer::start(Options::default());
        let env = TestEnv::new();
        mail_config(&env, server.port, "none", None);
        env.ok(&[
            "new",
            "game.dyn",
            "--white",
            "Karl-Heinz Schmidt-Übelacker <karl@example.org>",
            "--black",
            "Émilie du Châtelet <emilie@example.org>",
            "--white-lang",
            lang,
            "--black-lang",
            lang,
            "--event",
            "Campionato sociale per corrispondenza",
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
        let msg = parse(&got[1]);
        let html = msg.body_html(0).expect("an HTML part").into_owned();
        let png = msg
            .parts
            .iter()
            .find(|p| p.content_type().is_some_and(|c| c.subtype() == Some("png")))
            .expect("a PNG part");
        let cid = png.content_id().expect("a Content-ID").to_string();
        let dir = env.path(lang);
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join("board.png"), png.contents()).expect("the picture");
        let page = html
            .replace(&format!("cid:{cid}"), "board.png")
            .replace("</body>", &format!("{MEASURE}</body>"));
        std::fs::write(dir.join("notice.html"), page).expect("the page");
        let outer = dir.join("frame-360.html");
        std::fs::write(&outer, frame(360)).expect("the frame");
        let dom = browse(&outer, 500, &["--dump-dom".to_string()]);
        let start = dom.find("data-layout=\"").expect("the page script ran") + 13;
        let end = start + dom[start..].find('"').expect("attribute end");
        let n: Vec<i64> = dom[start..end]
            .split(',')
            .map(|x| x.parse().expect("a number"))
            .collect();
        let (right, window, scroll, natural) = (n[0], n[1], n[2], n[3]);
        assert_eq!(window, 360, "{lang}: {n:?}");
        assert!(natural > 0, "{lang}: the picture did not decode: {n:?}");
        assert!(
            right <= window,
            "{lang}: something reaches past the window: {n:?}"
        );
        assert!(scroll <= window, "{lang}: the page scrolls sideways: {n:?}");
        let shot = shots().join(format!("notice-{lang}-360.png"));
        browse(&outer, 500, &[format!("--screenshot={}", shot.display())]);
        assert!(shot.exists(), "{}", shot.display());
    }
}
