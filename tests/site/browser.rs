//! The pages in a real browser: headless Chromium (Debian's `chromium`)
//! driven through WebDriver by Debian's `chromium-driver`, spoken over
//! plain HTTP on loopback. The arrow, Home and End keys step the shown
//! position's FEN through the game both ways to the end; at 360 and 1280
//! pixels wide nothing scrolls sideways.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{MOVES, build, club};

/// `chromedriver` on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start() -> Driver {
        let found = Command::new("chromedriver").arg("--version").output();
        assert!(
            found.is_ok_and(|o| o.status.success()),
            "this test needs Debian's `chromium-driver` and `chromium` (`.ci/run` installs them)"
        );
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver { child, port };
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver never listened"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    /// One WebDriver command: its `value`.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("a timeout");
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("sends");
        // The driver may keep the connection open: read the head, then
        // as many bytes as it says.
        let mut reply = Vec::new();
        let mut byte = [0u8; 4096];
        let (head_end, length) = loop {
            let n = stream.read(&mut byte).expect("reads");
            assert!(n > 0, "the driver closed the connection");
            reply.extend_from_slice(&byte[..n]);
            let text = String::from_utf8_lossy(&reply).into_owned();
            if let Some(end) = text.find("\r\n\r\n") {
                let length = text[..end]
                    .lines()
                    .find_map(|l| {
                        let (name, value) = l.split_once(':')?;
                        name.eq_ignore_ascii_case("content-length")
                            .then(|| value.trim().parse::<usize>().ok())?
                    })
                    .expect("a Content-Length");
                break (end + 4, length);
            }
        };
        while reply.len() < head_end + length {
            let n = stream.read(&mut byte).expect("reads");
            assert!(n > 0, "the driver closed the connection");
            reply.extend_from_slice(&byte[..n]);
        }
        let json = String::from_utf8_lossy(&reply[head_end..head_end + length]).into_owned();
        let json = json.as_str();
        let value: Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert!(
            value["value"]["error"].is_null(),
            "{method} {path}: {value}"
        );
        value["value"].clone()
    }
}

/// A browser session, ended when dropped.
struct Session<'d> {
    driver: &'d Driver,
    id: String,
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.driver
                .call("DELETE", &format!("/session/{}", self.id), None)
        }));
    }
}

impl Session<'_> {
    fn new(driver: &Driver) -> Session<'_> {
        Session::with(driver, true)
    }

    /// A session whose pages run their scripts only if `scripts`.
    fn with(driver: &Driver, scripts: bool) -> Session<'_> {
        let profile = tempfile::tempdir().expect("a profile").keep();
        let setting = if scripts { 1 } else { 2 };
        let caps = json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     format!("--user-data-dir={}", profile.display())],
            "prefs": {"profile.managed_default_content_settings.javascript": setting}
        }}}});
        let value = driver.call("POST", "/session", Some(caps));
        let id = value["sessionId"].as_str().expect("a session").to_string();
        Session { driver, id }
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.driver
            .call(method, &format!("/session/{}{path}", self.id), body)
    }

    fn script(&self, code: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": code, "args": []})),
        )
    }

    /// Presses `key` (a WebDriver key code) on the page.
    fn press(&self, key: char) {
        let actions = json!({"actions": [{"type": "key", "id": "keys", "actions": [
            {"type": "keyDown", "value": key.to_string()},
            {"type": "keyUp", "value": key.to_string()}
        ]}]});
        self.call("POST", "/actions", Some(actions));
    }

    /// The FEN under the board shown.
    fn shown_fen(&self) -> String {
        let code = "const shown = [...document.querySelectorAll('.fen')]\
                    .filter(e => e.offsetParent !== null);\
                    return shown.length === 1 ? shown[0].textContent : 'shown: ' + shown.length;";
        self.script(code).as_str().expect("text").to_string()
    }
}

const LEFT: char = '\u{E012}';
const RIGHT: char = '\u{E014}';
const HOME: char = '\u{E011}';
const END: char = '\u{E010}';

#[test]
fn the_keys_step_through_the_game_both_ways() {
    let env = club("");
    build(&env, "site");
    let fens: Vec<String> = (1..=MOVES.len())
        .map(|n| {
            let mut args = vec!["play"];
            args.extend_from_slice(&MOVES[..n]);
            env.ok(&args).trim_end().to_string()
        })
        .collect();
    let driver = Driver::start();
    let session = Session::new(&driver);
    let url = format!(
        "file://{}",
        env.path("site/games/club/r01-b01.html").display()
    );
    session.call("POST", "/url", Some(json!({ "url": url })));
    let last = fens.len() - 1;
    assert_eq!(session.shown_fen(), fens[last], "the last position first");
    session.press(HOME);
    let start = session.shown_fen();
    assert!(
        start.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
        "{start}"
    );
    for fen in &fens {
        session.press(RIGHT);
        assert_eq!(&session.shown_fen(), fen);
    }
    session.press(RIGHT);
    assert_eq!(session.shown_fen(), fens[last], "no step past the end");
    for fen in fens.iter().rev().skip(1) {
        session.press(LEFT);
        assert_eq!(&session.shown_fen(), fen);
    }
    session.press(LEFT);
    assert_eq!(session.shown_fen(), start);
    session.press(END);
    assert_eq!(session.shown_fen(), fens[last]);
    // A move's link shows its position.
    session.script("document.querySelector('.movelist a[href=\"#ply-1\"]').click(); return 0;");
    assert_eq!(session.shown_fen(), fens[0]);
}

#[test]
fn nothing_scrolls_sideways_at_360_and_1280_pixels() {
    let env = club("");
    build(&env, "site");
    let driver = Driver::start();
    let session = Session::new(&driver);
    for width in [360, 1280] {
        session.call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": 900})),
        );
        for page in [
            "games/club/r01-b01.html",
            "sections/club.html",
            "index.html",
        ] {
            let url = format!("file://{}", env.path(&format!("site/{page}")).display());
            session.call("POST", "/url", Some(json!({ "url": url })));
            let sizes = session.script(
                "const d = document.documentElement; return [d.scrollWidth, d.clientWidth];",
            );
            let (scroll, client) = (sizes[0].as_i64(), sizes[1].as_i64());
            assert!(scroll <= client, "{page} at {width} px: {sizes}");
            // The window is as narrow as asked, or the test proves nothing.
            assert!(client <= Some(width), "{page} at {width} px: {sizes}");
        }
    }
}

/// With the page's script off, each ply's link still shows its position.
#[test]
fn without_scripts_every_position_is_a_link() {
    let env = club("");
    build(&env, "site");
    let driver = Driver::start();
    let session = Session::with(&driver, false);
    let page = env.path("site/games/club/r01-b01.html");
    let url = format!("file://{}", page.display());
    session.call("POST", "/url", Some(json!({ "url": url })));
    let ran = session.script("return document.getElementById('viewer').className;");
    assert_eq!(ran, json!("viewer"), "the page's script ran");
    assert!(
        session.shown_fen().contains(" b "),
        "the last position first"
    );
    for n in 1..=MOVES.len() {
        let mut args = vec!["play"];
        args.extend_from_slice(&MOVES[..n]);
        let fen = env.ok(&args).trim_end().to_string();
        session.call(
            "POST",
            "/url",
            Some(json!({ "url": format!("{url}#ply-{n}") })),
        );
        assert_eq!(session.shown_fen(), fen, "ply {n}");
    }
}
