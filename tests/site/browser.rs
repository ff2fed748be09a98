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
            let n = read_some(&mut stream, &mut byte);
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
            let n = read_some(&mut stream, &mut byte);
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
    build(&env, "../site");
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
        env.path("../site/games/club/r01-b01.html").display()
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
    build(&env, "../site");
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
            let url = format!("file://{}", env.path(&format!("../site/{page}")).display());
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
    build(&env, "../site");
    let driver = Driver::start();
    let session = Session::with(&driver, false);
    let page = env.path("../site/games/club/r01-b01.html");
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

/// `½`, `1½` as numbers.
fn points(cell: &str) -> f64 {
    let half = if cell.ends_with('½') { 0.5 } else { 0.0 };
    cell.trim_end_matches('½').parse::<f64>().unwrap_or(0.0) + half
}

/// The crosstable read back from the section's page as the browser shows
/// it equals `dynamo standings --json`: each player's place, points,
/// games finished, wins and Sonneborn-Berger score, and every
/// head-to-head cell.
#[test]
fn the_crosstable_in_the_browser_is_the_standings() {
    let env = club("");
    env.ok(&[
        "adjudicate",
        "games/club/r02-b02.pgn",
        "1/2-1/2",
        "--reason",
        "agreed",
        "--at",
        "2020-11-24T10:00:00Z",
    ]);
    build(&env, "../site");
    let json: Value =
        serde_json::from_str(&env.ok(&["standings", "club", "--json"])).expect("JSON");
    let want = json.as_array().expect("rows");
    let driver = Driver::start();
    let session = Session::new(&driver);
    let url = format!(
        "file://{}",
        env.path("../site/sections/club.html").display()
    );
    session.call("POST", "/url", Some(json!({ "url": url })));
    let cells = |selector: &str| -> Vec<Vec<String>> {
        let code = format!(
            "return [...document.querySelectorAll('table.crosstable {selector}')]\
             .map(tr => [...tr.children].map(c => c.textContent));"
        );
        serde_json::from_value(session.script(&code)).expect("rows of cells")
    };
    let head = cells("thead tr").pop().expect("a head row");
    let rows = cells("tbody tr");
    assert_eq!(rows.len(), want.len(), "{rows:?}");
    let column = |number: &str| head.iter().skip(3).position(|h| h == number).map(|i| i + 3);
    let number_of = |name: &str| {
        let row = rows.iter().find(|r| r[2] == name);
        row.map(|r| r[1].clone()).expect("the opponent's row")
    };
    for (row, want) in rows.iter().zip(want) {
        let n = row.len();
        assert_eq!(n, head.len());
        let place: u64 = row[0]
            .split('-')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("a place");
        assert_eq!(place, want["rank"].as_u64().expect("rank"), "{row:?}");
        assert_eq!(row[2], want["player"].as_str().expect("player"));
        assert_eq!(
            points(&row[n - 4]),
            want["points"].as_f64().expect("points")
        );
        assert_eq!(row[n - 3], want["finished"].to_string());
        assert_eq!(row[n - 2], want["wins"].to_string());
        assert_eq!(
            row[n - 1].parse::<f64>().expect("SB"),
            want["sonneborn_berger"].as_f64().expect("SB")
        );
        assert_eq!(row[column(&row[1]).expect("its own column")], "×");
        for result in want["results"].as_array().expect("results") {
            let opponent = number_of(result["opponent"].as_str().expect("an opponent"));
            let cell = &row[column(&opponent).expect("the opponent's column")];
            let score = match result["result"].as_f64() {
                None => "·",
                Some(1.0) => "1",
                Some(0.5) => "½",
                Some(_) => "0",
            };
            assert_eq!(cell, score, "{} against {opponent}", row[2]);
        }
    }
    // The section's results are all there: a win, a loss and two draws.
    let all: String = rows
        .iter()
        .flat_map(|r| r[3..r.len() - 4].to_vec())
        .collect();
    assert!(
        all.contains('1') && all.contains('0') && all.contains('½'),
        "{all}"
    );
}

/// The pictures of docs/director.md, section "Web pages", made by the
/// browser: a game's page at 1280 and 360 pixels wide and a section's
/// page, each checked to be a picture of the width asked for, and
/// written over `docs/site-*.png` only when `DYNAMO_UPDATE_SCREENSHOTS=1`
/// asks, so that a test run leaves the clone as it was.
#[test]
fn screenshots_of_a_game_and_a_section() {
    use base64::Engine;

    let env = club("");
    env.ok(&[
        "adjudicate",
        "games/club/r02-b02.pgn",
        "1/2-1/2",
        "--reason",
        "agreed",
        "--at",
        "2020-11-24T10:00:00Z",
    ]);
    build(&env, "../site");
    let update = std::env::var_os("DYNAMO_UPDATE_SCREENSHOTS").is_some_and(|v| v == "1");
    let driver = Driver::start();
    let session = Session::new(&driver);
    for (page, width, height, picture) in [
        ("games/club/r01-b01.html", 1280, 1300, "site-game-1280.png"),
        ("games/club/r01-b01.html", 360, 1300, "site-game-360.png"),
        ("sections/club.html", 1280, 900, "site-section.png"),
    ] {
        session.call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
        let url = format!("file://{}", env.path(&format!("../site/{page}")).display());
        session.call("POST", "/url", Some(json!({ "url": url })));
        let shot = session.call("GET", "/screenshot", None);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(shot.as_str().expect("a picture in base64"))
            .expect("base64");
        let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
        let reader = decoder.read_info().expect("a PNG");
        assert_eq!(reader.info().width, width, "{picture}");
        if update {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("docs")
                .join(picture);
            std::fs::write(&path, &bytes).expect("the picture written");
        }
    }
}

/// A game page as a web server serves it, at the URL in
/// `DYNAMO_SERVED_GAME` (`.ci/server-check` serves the package's pages
/// with packaging/nginx/dynamo.conf and runs this): it loads over HTTP,
/// shows the last position first, and its keys step from the start
/// through every move to that position. Ignored in `cargo test`: it needs
/// the server.
#[test]
#[ignore = "run by .ci/server-check against a served page"]
fn a_served_game_page_steps_through_its_moves() {
    let url = std::env::var("DYNAMO_SERVED_GAME").expect("DYNAMO_SERVED_GAME: the page's URL");
    let driver = Driver::start();
    let session = Session::new(&driver);
    session.call("POST", "/url", Some(json!({ "url": url })));
    let title = session.call("GET", "/title", None);
    assert!(
        title.as_str().is_some_and(|t| !t.is_empty()),
        "a page: {title}"
    );
    let last = session.shown_fen();
    session.press(HOME);
    let start = session.shown_fen();
    assert!(
        start.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
        "{start}"
    );
    assert_ne!(start, last, "the game has moves");
    let mut seen = vec![start];
    loop {
        session.press(RIGHT);
        let fen = session.shown_fen();
        if seen.last() == Some(&fen) {
            break;
        }
        seen.push(fen);
    }
    assert_eq!(
        seen.last(),
        Some(&last),
        "the keys end at the last position"
    );
}

/// Reads what the driver has sent, at least one byte or none at its end.
/// A read on a socket with a timeout fails with EINTR when the process is
/// stopped and continued, even with no signal handler: it is tried again.
fn read_some(stream: &mut TcpStream, buf: &mut [u8]) -> usize {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            read => return read.expect("reads"),
        }
    }
}
