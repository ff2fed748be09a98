//! The position mailed to both players, proved against a real SMTP server
//! on loopback (tests/support/smtp_server.py, aiosmtpd), not a stub
//! transport. Every check reads what the server actually received.

use std::path::PathBuf;

use mail_parser::{HeaderValue, MessageParser, MimeHeaders};

use crate::support::smtp::{Options, SmtpServer, unused_port};
use crate::support::{TestEnv, json_files};

/// Where the tests' configs say the SMTP password is: a variable of the
/// tests' own, so a developer's real password never takes part.
const PASSWORD_VAR: &str = "DYNAMO_TEST_SMTP_PASSWORD";

/// A game `game.dyn` between Alice and Bob with `moves` recorded.
fn new_game(env: &TestEnv, moves: &[&str]) {
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        "Alice Archer <alice@example.org>",
        "--black",
        "Bob Baker <bob@example.org>",
        "--event",
        "Mail test",
        "--time-control",
        "10/50d",
    ]);
    for m in moves {
        env.ok(&["move", "game.dyn", m]);
    }
}

/// A `dynamo.toml` whose `[mail]` table points at `port` on loopback.
fn mail_config(env: &TestEnv, port: u16, security: &str, login: Option<&str>) {
    let mut text = format!(
        "[mail]\nhost = \"127.0.0.1\"\nport = {port}\nsecurity = \"{security}\"\n\
         from = \"Dynamo Adjudicator <dynamo@club.example>\"\n"
    );
    if let Some(user) = login {
        text.push_str(&format!(
            "username = \"{user}\"\npassword_env = \"{PASSWORD_VAR}\"\n"
        ));
    }
    env.write("dynamo.toml", &text);
}

/// The notices waiting in the outbox.
fn queued(env: &TestEnv) -> Vec<PathBuf> {
    json_files(&env.path("outbox"))
}

/// The notices recorded as delivered.
fn sent(env: &TestEnv) -> Vec<PathBuf> {
    json_files(&env.path("outbox/sent"))
}

fn ids(value: &HeaderValue) -> Vec<String> {
    if let Some(list) = value.as_text_list() {
        list.iter().map(|s| s.to_string()).collect()
    } else {
        value
            .as_text()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default()
    }
}

/// The header block with folded lines joined.
fn header_lines(raw: &str) -> Vec<String> {
    let end = raw.find("\r\n\r\n").expect("a header block");
    raw[..end]
        .replace("\r\n ", " ")
        .replace("\r\n\t", " ")
        .split("\r\n")
        .map(str::to_string)
        .collect()
}

#[test]
fn mail_sends_the_position_to_both_players() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4", "f7f6", "Qd1h5"]);
    mail_config(&env, server.port, "none", None);

    let out = env.ok(&["mail", "game.dyn"]);
    assert!(out.contains("mailed"), "{out}");

    let got = server.messages();
    assert_eq!(got.len(), 1);
    let m = &got[0];
    assert_eq!(m.mail_from, "dynamo@club.example");
    assert_eq!(m.rcpt_tos, ["alice@example.org", "bob@example.org"]);

    let msg = MessageParser::default()
        .parse(m.data.as_bytes())
        .expect("a MIME message");
    let to: Vec<(String, String)> = msg
        .to()
        .expect("a To header")
        .iter()
        .map(|a| {
            (
                a.name().unwrap_or_default().to_string(),
                a.address().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        to,
        [
            ("Alice Archer".to_string(), "alice@example.org".to_string()),
            ("Bob Baker".to_string(), "bob@example.org".to_string())
        ]
    );
    assert_eq!(
        msg.subject(),
        Some("Dynamo: Alice Archer – Bob Baker, 2. Qd1h5 — Black to move (check)")
    );
    let from = msg.from().and_then(|f| f.first()).expect("From");
    assert_eq!(from.address(), Some("dynamo@club.example"));

    // Thread headers: this is ply 3; it answers ply 2 and references the
    // game's first notice.
    let id = msg.message_id().expect("Message-ID").to_string();
    assert!(id.starts_with("dynamo.alice-"), "{id}");
    assert!(id.ends_with(".3@club.example"), "{id}");
    let base = id.trim_end_matches(".3@club.example");
    assert_eq!(ids(msg.in_reply_to()), [format!("{base}.2@club.example")]);
    let refs = ids(msg.references());
    assert_eq!(refs.first(), Some(&format!("{base}.0@club.example")));
    assert_eq!(refs.last(), Some(&format!("{base}.2@club.example")));

    // Plain text: last move, diagram, moves, whose turn, clock.
    let text = msg.body_text(0).expect("a text part").replace("\r\n", "\n");
    assert!(text.contains("Last move: 2. Qd1h5"), "{text}");
    assert!(
        text.contains(
            "8  r n b q k b n r\n7  p p p p p . p p\n6  . . . . . p . .\n5  . . . . . . . Q\n\
             4  . . . . P . . .\n3  . . . . . . . .\n2  P P P P . P P P\n1  R N B . K B N R\n\
             \x20  a b c d e f g h\n"
        ),
        "{text}"
    );
    assert!(text.contains("1. e2e4   f7f6\n2. Qd1h5\n"), "{text}");
    assert!(text.contains("Black to move, in check."), "{text}");
    assert!(text.contains("Clock: Black to move:"), "{text}");

    // HTML with the board picture inline.
    let html = msg.body_html(0).expect("an HTML part");
    let png_part = msg
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.subtype() == Some("png")))
        .expect("a PNG part");
    let cid = png_part.content_id().expect("Content-ID");
    assert!(html.contains(&format!("cid:{cid}")), "{html}");
    assert!(html.contains("Qd1h5"));
    let decoder = png::Decoder::new(std::io::Cursor::new(png_part.contents()));
    let reader = decoder.read_info().expect("the PNG decodes");
    let info = reader.info();
    assert_eq!(
        (info.width, info.height),
        (dynamo::mail::BOARD_PX, dynamo::mail::BOARD_PX)
    );

    // Delivered notices are recorded, not left queued.
    assert!(queued(&env).is_empty());
    assert_eq!(sent(&env).len(), 1);
}

#[test]
fn starttls_with_login_works() {
    let server = SmtpServer::start(Options {
        starttls: true,
        auth: Some(("alice".to_string(), "s3cret pass".to_string())),
        ..Options::default()
    });
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", Some("alice"));

    let ca = server.ca_file();
    let out = env.ok_with(
        &["mail", "game.dyn"],
        &[(PASSWORD_VAR, "s3cret pass"), ("DYNAMO_SMTP_CA_FILE", &ca)],
    );
    assert!(!out.contains("s3cret"), "the password is never printed");
    let got = server.messages();
    assert_eq!(got.len(), 1);
    assert!(got[0].tls, "the session was encrypted");
    assert_eq!(got[0].auth.as_deref(), Some("alice"));
}

#[test]
fn implicit_tls_with_login_works() {
    let server = SmtpServer::start(Options {
        starttls: true,
        implicit_tls: true,
        auth: Some(("alice".to_string(), "pw".to_string())),
        ..Options::default()
    });
    let ca = server.ca_file();
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "tls", Some("alice"));
    env.ok_with(
        &["mail", "game.dyn"],
        &[(PASSWORD_VAR, "pw"), ("DYNAMO_SMTP_CA_FILE", &ca)],
    );
    let got = server.messages();
    assert_eq!(got.len(), 1);
    assert!(got[0].tls);
    assert_eq!(got[0].auth.as_deref(), Some("alice"));
}

#[test]
fn untrusted_certificate_is_a_tls_failure() {
    let server = SmtpServer::start(Options {
        starttls: true,
        ..Options::default()
    });
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", None);

    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 3);
    assert!(out.stderr.contains("secure connection"), "{}", out.stderr);
    assert!(server.messages().is_empty());
    assert_eq!(queued(&env).len(), 1);
}

#[test]
fn wrong_password_is_an_authentication_failure() {
    let server = SmtpServer::start(Options {
        starttls: true,
        auth: Some(("alice".to_string(), "right".to_string())),
        ..Options::default()
    });
    let ca = server.ca_file();
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", Some("alice"));

    let out = env.run_with(
        &["mail", "game.dyn"],
        &[(PASSWORD_VAR, "wrong-guess"), ("DYNAMO_SMTP_CA_FILE", &ca)],
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    let err = &out.stderr;
    assert!(err.contains("authentication failed"), "{err}");
    assert!(err.contains("alice"), "{err}");
    assert!(
        !err.contains("wrong-guess"),
        "the password is never printed: {err}"
    );
    assert!(!out.stdout.contains("wrong-guess"));
    assert!(server.messages().is_empty());
    assert_eq!(queued(&env).len(), 1, "the notice waits in the outbox");
}

#[test]
fn server_down_then_retry_delivers_exactly_once() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, unused_port(), "none", None);

    // The move is recorded even though the mail cannot go.
    let out = env.run(&["move", "game.dyn", "e7e5", "--mail"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let err = &out.stderr;
    assert!(err.contains("cannot connect"), "{err}");
    assert!(err.contains("dynamo mail --retry"), "{err}");
    let record = env.read("game.dyn");
    assert!(record.contains("e7e5"), "{record}");
    assert_eq!(queued(&env).len(), 1);

    // Still down: --retry fails, keeps the notice.
    let out = env.run(&["mail", "--retry"]);
    assert_eq!(out.code, 3);
    assert_eq!(queued(&env).len(), 1);

    // The server comes up (on another port: the config follows it).
    let server = SmtpServer::start(Options::default());
    mail_config(&env, server.port, "none", None);
    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("mailed"), "{out}");
    let got = server.messages();
    assert_eq!(got.len(), 1);
    assert!(got[0].data.contains("1... e7e5"));
    assert!(queued(&env).is_empty());
    assert_eq!(sent(&env).len(), 1);

    // Again: nothing left, nothing sent twice.
    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("nothing queued"), "{out}");
    assert_eq!(server.messages().len(), 1);
}

#[test]
fn retry_never_resends_a_delivered_notice() {
    // A queued copy of a notice that is already recorded as sent (as after
    // a failed resend) is dropped, not sent.
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    env.ok(&["mail", "game.dyn"]);
    let sent = sent(&env);
    assert_eq!(sent.len(), 1);
    let name = sent[0].file_name().expect("name");
    std::fs::copy(&sent[0], env.path("outbox").join(name)).expect("copy");

    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("already delivered"), "{out}");
    assert_eq!(server.messages().len(), 1);
    assert!(queued(&env).is_empty());
}

#[test]
fn move_with_mail_sends_after_recording() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    env.ok(&["move", "game.dyn", "e7e5", "--mail"]);
    env.ok(&["move", "game.dyn", "Ng1f3", "--mail"]);
    let got = server.messages();
    assert_eq!(got.len(), 2);
    let first = MessageParser::default()
        .parse(got[0].data.as_bytes())
        .expect("mime");
    let second = MessageParser::default()
        .parse(got[1].data.as_bytes())
        .expect("mime");
    let first_id = first.message_id().expect("id").to_string();
    assert_eq!(ids(second.in_reply_to()), [first_id]);
    assert!(second.subject().is_some_and(|s| s.contains("2. Ng1f3")));
}

#[test]
fn hostile_player_name_does_not_inject_a_header() {
    // Hand-edited game files: header syntax in a name, with and without a
    // bare CR. A game file may be refused outright (exit 2, nothing sent);
    // if it is accepted, the name must stay inside the To header.
    let hostile = [
        "Eve\rBcc: mallory@evil.example\rX-Injected: yes \\\"x\\\" <mallory@evil.example>, mallory@evil.example",
        "Eve Bcc: mallory@evil.example, \\\"x\\\" <mallory@evil.example>, X-Injected: yes",
    ];
    let mut accepted = 0;
    for name in hostile {
        let server = SmtpServer::start(Options::default());
        let env = TestEnv::new();
        new_game(&env, &["e2e4"]);
        mail_config(&env, server.port, "none", None);
        let record = env.read("game.dyn");
        let record = record.replace("[White \"Alice Archer\"]", &format!("[White \"{name}\"]"));
        assert!(record.contains("[White \"Eve"), "the tag was replaced");
        env.write("game.dyn", &record);

        let out = env.run(&["mail", "game.dyn"]);
        if out.code != 0 {
            assert_eq!(out.code, 2, "{}", out.stderr);
            assert!(server.messages().is_empty());
            continue;
        }
        accepted += 1;
        let got = server.messages();
        assert_eq!(got.len(), 1);
        let m = &got[0];
        assert_eq!(m.rcpt_tos, ["alice@example.org", "bob@example.org"]);
        for line in header_lines(&m.data) {
            let header = line.split(':').next().unwrap_or("").to_ascii_lowercase();
            assert!(
                [
                    "from",
                    "to",
                    "subject",
                    "message-id",
                    "in-reply-to",
                    "references",
                    "date",
                    "user-agent",
                    "mime-version",
                    "content-type"
                ]
                .contains(&header.as_str()),
                "unexpected header line {line:?}"
            );
        }
        let msg = MessageParser::default()
            .parse(m.data.as_bytes())
            .expect("mime");
        let to: Vec<String> = msg
            .to()
            .expect("To")
            .iter()
            .filter_map(|a| a.address().map(str::to_string))
            .collect();
        assert_eq!(to, ["alice@example.org", "bob@example.org"]);
        assert!(msg.header("Bcc").is_none());
        assert!(msg.header("X-Injected").is_none());
    }
    assert!(
        accepted > 0,
        "a name with header syntax but no line break is a valid name"
    );
}

#[test]
fn hostile_name_through_the_library_and_a_real_server() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    let mut pos = dynamo_core::Position::startpos(dynamo_core::Rules::NOST);
    let m = dynamo_core::parse_move(&pos, "e2e4").expect("legal");
    pos = pos.play(&m).expect("plays");
    let notice = dynamo::mail::Notice {
        game_id: "hostile".to_string(),
        event: "Evil\r\nBcc: mallory@evil.example".to_string(),
        white: dynamo::game::Player {
            name: "Eve\r\nBcc: mallory@evil.example\r\n".to_string(),
            email: "eve@example.org".parse().ok(),
        },
        black: dynamo::game::Player {
            name: "Bob\", mallory@evil.example, \"<mallory@evil.example>".to_string(),
            email: "bob@example.org".parse().ok(),
        },
        position: pos,
        moves: vec![dynamo::game::RecordedMove {
            ply: 1,
            number: 1,
            mover: dynamo_core::Color::White,
            notation: "e2e4\r\nBcc: mallory@evil.example".to_string(),
            received: dynamo::game::clock::parse_time("2024-05-01T12:00:00Z").expect("time"),
        }],
        ending: None,
        clock: None,
    };
    let config = dynamo::config::MailConfig {
        host: "127.0.0.1".to_string(),
        port: server.port,
        security: dynamo::config::Security::None,
        username: None,
        password_env: None,
        from: "dynamo@club.example".to_string(),
        outbox: env.path("outbox"),
    };
    let built = notice.build(&config.from).expect("builds");
    dynamo::mail::post(&config, &built, "hostile", 1).expect("delivered");
    let got = server.messages();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].rcpt_tos, ["eve@example.org", "bob@example.org"]);
    for line in header_lines(&got[0].data) {
        assert!(!line.to_ascii_lowercase().starts_with("bcc"), "{line:?}");
    }
    let msg = MessageParser::default()
        .parse(got[0].data.as_bytes())
        .expect("mime");
    assert_eq!(msg.to().map(|t| t.iter().count()), Some(2));
}

#[test]
fn rejected_recipient_is_reported_and_queued() {
    let server = SmtpServer::start(Options {
        reject: vec!["bob@example.org".to_string()],
        ..Options::default()
    });
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 3);
    let err = &out.stderr;
    assert!(
        err.contains("refused the recipient bob@example.org"),
        "{err}"
    );
    assert!(server.messages().is_empty());
    assert_eq!(queued(&env).len(), 1);
}

#[test]
fn plain_smtp_is_refused_for_a_remote_host() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    env.write(
        "dynamo.toml",
        "[mail]\nhost = \"mail.example.org\"\nport = 25\nsecurity = \"none\"\nfrom = \"d@club.example\"\n",
    );
    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 3);
    assert!(out.stderr.contains("loopback"), "{}", out.stderr);
}

#[test]
fn no_mail_settings_is_a_usage_error() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("[mail]"), "{}", out.stderr);
}
