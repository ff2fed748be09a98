//! Replies to notices as mail programs write them (`fixtures/*.eml`:
//! Gmail, Outlook, Apple Mail, Thunderbird, K-9; top and bottom posting,
//! quoted-printable, base64, 8bit, HTML only, windows-1252 and
//! ISO-8859-1, format=flowed, signatures, forwarded notices), each read
//! into exactly the fields the inbox needs and the player's command. Each
//! quotes or forwards the notice, whose own lines (its move list, `1.
//! e2e4`) would make a second move if the quote were not cut: the tests
//! check that too. Then machine mail, and hostile headers.

use std::path::Path;

use dynamo::inbox::message::{self, Automatic, Incoming, MAX_MESSAGE_BYTES, MessageError};
use dynamo::inbox::text::own_words::MAX_OWN_BYTES;
use dynamo::inbox::{Command, Unread, read_reply};
use dynamo_core::{Color, Position, Rules, parse_and_play};

const GAME: &str = "dynamo.ada-lovelace-charles-babbage-2026-11-20-09-00-00";
const SUBJECT: &str = "Dynamo: Ada Lovelace – Charles Babbage, 1. e2e4 — your move";
const DRAW_SUBJECT: &str =
    "Dynamo: Ada Lovelace – Charles Babbage, Ada Lovelace offers a draw — your move";

fn id(event: &str) -> String {
    format!("{GAME}.{event}.black@example.org")
}

fn created_id() -> String {
    id("0-created-60597da2")
}

fn move_id() -> String {
    id("1-move-1c8e9876")
}

fn draw_id() -> String {
    id("2-draw-offer-60359a7f")
}

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/inbox/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Charles's reply to a notice, as most fixtures are.
fn from_charles(message_id: &str, subject: &str, text: &str) -> Incoming {
    Incoming {
        message_id: Some(message_id.to_string()),
        from: Some("charles@example.org".to_string()),
        from_name: Some("Charles Babbage".to_string()),
        return_path: Some("charles@example.org".to_string()),
        subject: subject.to_string(),
        in_reply_to: vec![move_id()],
        references: vec![move_id()],
        recipients: vec!["director@example.org".to_string()],
        automatic: None,
        too_large: false,
        text: text.to_string(),
    }
}

/// The command Charles (Black) gives in `text`, read in the position of
/// the notice he answers, after 1. e2e4.
fn read_command(text: &str) -> Result<Command, Unread> {
    let start = Position::startpos(Rules::default());
    let mut after = start.clone();
    parse_and_play(&start, "e2e4", &mut after).expect("legal");
    read_reply(text, &after, Color::Black)
}

/// The command Ada (White) gives in `text` at the start.
fn white_command(text: &str) -> Result<Command, Unread> {
    read_reply(text, &Position::startpos(Rules::default()), Color::White)
}

fn a_move(text: &str, number: Option<(u32, bool)>, offer_draw: bool) -> Command {
    Command::Move {
        text: text.to_string(),
        number,
        offer_draw,
    }
}

/// The command read from the first text body whole, quote marks taken
/// off but nothing cut: what a reader that did not cut quotes would see.
/// An HTML body is made text crudely, every tag a line break.
fn uncut_command(raw: &[u8]) -> Result<Command, Unread> {
    let message = mail_parser::MessageParser::default()
        .parse(raw)
        .expect("a message");
    let plain = message
        .text_part(0)
        .is_some_and(|p| matches!(p.body, mail_parser::PartType::Text(_)));
    let body = if plain {
        message.body_text(0).expect("a text body").into_owned()
    } else {
        let html = message.body_html(0).expect("an HTML body");
        let mut text = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => {
                    in_tag = true;
                    text.push('\n');
                }
                '>' => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        text
    };
    let unquoted: Vec<&str> = body
        .lines()
        .map(|l| l.trim_start_matches(['>', ' ']))
        .collect();
    read_command(&unquoted.join("\n"))
}

/// Reads `name`, insists on `expected` and `command`, and that the quote
/// it cut held something that would have changed the command.
#[track_caller]
fn reads_as(name: &str, expected: Incoming, command: Command) {
    let raw = fixture(name);
    let incoming = message::read(&raw).expect("the fixture reads");
    assert_eq!(incoming, expected, "{name}");
    assert_eq!(read_command(&incoming.text), Ok(command.clone()), "{name}");
    assert_ne!(
        uncut_command(&raw),
        Ok(command),
        "{name}: the cut quote held no command"
    );
}

/// The same message with its plain part hidden, so its HTML part is read.
fn html_part_only(name: &str) -> Incoming {
    let raw = String::from_utf8(fixture(name)).expect("an ASCII fixture");
    assert!(
        raw.contains("Content-Type: text/plain"),
        "{name} has a plain part"
    );
    let hidden = raw.replacen("Content-Type: text/plain", "Content-Type: text/x-hidden", 1);
    message::read(hidden.as_bytes()).expect("the fixture reads")
}

#[test]
fn gmail_top_posting_with_a_wrapped_attribution() {
    let mut expected = from_charles(
        "CAJ2x9Zk4f3uV1oQh0VZ9k+X0dD_q6n0W5mB8yJ7c=Hf1p3K2rA@mail.gmail.com",
        &format!("Re: {SUBJECT}"),
        "Hi Ada,\n\n1... Ng8f6\n\nCheers,\nCharles",
    );
    expected.references = vec![created_id(), move_id()];
    // To and Delivered-To name the same sub-address: listed once.
    expected.recipients = vec!["director+k7q2m4x9@example.org".to_string()];
    let command = a_move("Ng8f6", Some((1, true)), false);
    reads_as("gmail-top-posting.eml", expected, command.clone());
    let html = html_part_only("gmail-top-posting.eml");
    assert_eq!(html.text, "Hi Ada,\n\n1... Ng8f6\n\nCheers,\nCharles");
    assert_eq!(read_command(&html.text), Ok(command));
}

#[test]
fn gmail_forwarding_the_notice() {
    let mut expected = from_charles(
        "CAJ2x9ZmQ1pL0V9wT8sR7kB3nF+4cD_6hG2jK5mN1oP0qR9sT8u@mail.gmail.com",
        &format!("Fwd: {SUBJECT}"),
        "d7d5",
    );
    expected.in_reply_to = vec![];
    expected.references = vec![];
    reads_as("gmail-forwarded.eml", expected, a_move("d7d5", None, false));
    assert_eq!(html_part_only("gmail-forwarded.eml").text, "d7d5");
}

#[test]
fn outlook_on_the_web_html_only_in_windows_1252() {
    let mut expected = from_charles(
        "AM9PR07MB7234E1F0C2D3B4A5968778A9C1A12@AM9PR07MB7234.eurprd07.prod.outlook.com",
        &format!("RE: {DRAW_SUBJECT}"),
        "accept draw\n\nFair enough – well played.",
    );
    expected.in_reply_to = vec![draw_id()];
    expected.references = vec![draw_id()];
    reads_as("outlook-html-only.eml", expected, Command::AcceptDraw);
}

#[test]
fn outlook_desktop_with_its_header_block_and_a_draw_offer() {
    let expected = from_charles(
        "000001db3e1f$5a8e2c10$0faa8430$@example.org",
        &format!("RE: {SUBJECT}"),
        "e7e5\noffer draw\n\nRegards – Charles",
    );
    let command = a_move("e7e5", None, true);
    reads_as("outlook-desktop.eml", expected, command.clone());
    let html = html_part_only("outlook-desktop.eml");
    assert_eq!(html.text, "e7e5\noffer draw\n\nRegards – Charles");
    assert_eq!(read_command(&html.text), Ok(command));
}

#[test]
fn outlook_plain_text_in_iso_8859_1_below_the_original_message() {
    let expected = from_charles(
        "002a01db3e26$1c9f4b20$55ddd160$@example.org",
        "RE: Dynamo: Ada Lovelace - Charles Babbage, 1. e2e4 - your move",
        "Resign.\n\nIt was a pleasure - merci beaucoup, à bientôt, Ada.",
    );
    reads_as("outlook-original-message.eml", expected, Command::Resign);
}

#[test]
fn apple_mail_on_an_iphone_format_flowed() {
    let expected = from_charles(
        "5E2A9C71-3B4D-4F8E-9A1C-7D6B2E0F3A45@example.org",
        &format!("Re: {SUBJECT}"),
        "I thought about the Alekhine for a long time, but I will play the knight after all:\
         \n\nNg8f6\n\nSent from my iPhone",
    );
    reads_as(
        "apple-iphone-flowed.eml",
        expected,
        a_move("Ng8f6", None, false),
    );
    let html = html_part_only("apple-iphone-flowed.eml");
    assert_eq!(read_command(&html.text), Ok(a_move("Ng8f6", None, false)));
    assert!(
        html.text.ends_with("Ng8f6\n\nSent from my iPhone"),
        "{}",
        html.text
    );
}

#[test]
fn apple_mail_forwarding_the_notice() {
    let mut expected = from_charles(
        "8C1B4E5F-2A3D-4B6C-9E7F-1A2B3C4D5E6F@example.org",
        &format!("Fwd: {SUBJECT}"),
        "Qd8/d7d5",
    );
    expected.in_reply_to = vec![];
    reads_as(
        "apple-forwarded.eml",
        expected,
        a_move("Qd8/d7d5", None, false),
    );
}

#[test]
fn thunderbird_bottom_posting_with_a_signature() {
    // The signature's own `1. e4` is cut with it.
    let mut expected = from_charles(
        "b3f1c9e2-7a4d-4e8b-9f12-6c0d5a3e8b71@example.org",
        &format!("Re: {SUBJECT}"),
        "P-K4",
    );
    expected.references = vec![created_id(), move_id()];
    reads_as(
        "thunderbird-bottom-posting.eml",
        expected,
        a_move("P-K4", None, false),
    );
}

#[test]
fn a_phone_reply_in_base64() {
    let mut expected = from_charles(
        "A7F3E1B2-4C5D-4E6F-8A9B-0C1D2E3F4A5B@example.org",
        &format!("Re: {SUBJECT}"),
        "e7e5",
    );
    expected.references = vec![created_id(), move_id()];
    reads_as("android-base64.eml", expected, a_move("e7e5", None, false));
}

#[test]
fn iso_8859_1_with_an_accented_name_and_a_french_attribution() {
    let expected = Incoming {
        message_id: Some("4f2e9a1c-0b3d-4c5e-8f6a-7b8c9d0e1f2a@example.fr".to_string()),
        from: Some("rene@example.fr".to_string()),
        from_name: Some("René Lévy".to_string()),
        return_path: Some("rene@example.fr".to_string()),
        subject: "Re\u{a0}: Dynamo: partie Lovelace - Lévy".to_string(),
        in_reply_to: vec![draw_id()],
        references: vec![draw_id()],
        recipients: vec!["director@example.org".to_string()],
        automatic: None,
        too_large: false,
        text: "Bonjour Ada,\n\ndecline draw\n\nJe préfère continuer.\nAmitiés,\nRené".to_string(),
    };
    reads_as("iso-8859-1-french.eml", expected, Command::DeclineDraw);
}

#[test]
fn a_vacation_reply_is_automatic_though_it_names_a_move() {
    let raw = fixture("vacation-auto-reply.eml");
    let incoming = message::read(&raw).expect("reads");
    assert_eq!(
        incoming.automatic,
        Some(Automatic::AutoSubmitted("auto-replied".to_string()))
    );
    assert_eq!(
        read_command(&incoming.text),
        Ok(a_move("e7e5", None, false))
    );
}

#[test]
fn a_bounce_is_automatic() {
    let incoming = message::read(&fixture("bounce.eml")).expect("reads");
    assert_eq!(incoming.automatic, Some(Automatic::Bounce));
    assert_eq!(incoming.return_path.as_deref(), Some(""));
    assert_eq!(
        incoming.from.as_deref(),
        Some("MAILER-DAEMON@mx.example.org")
    );
    assert_eq!(read_command(&incoming.text), Err(Unread::Missing));
}

#[test]
fn mailing_list_mail_is_automatic_though_it_names_a_move() {
    let incoming = message::read(&fixture("mailing-list.eml")).expect("reads");
    assert_eq!(incoming.automatic, Some(Automatic::List));
    assert_eq!(
        incoming.recipients,
        ["chess-club@lists.example.org", "director@example.org"]
    );
    assert_eq!(
        read_command(&incoming.text),
        Ok(a_move("e7e5", None, false))
    );
}

/// A plain-text message with these headers and body.
fn mail(headers: &str, body: &str) -> Incoming {
    let raw = format!("{headers}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}");
    message::read(raw.as_bytes()).expect("reads")
}

#[test]
fn machine_mail_is_told_by_its_headers() {
    let from = "From: Ada <ada@example.org>\r\nSubject: x";
    let cases: [(&str, Option<Automatic>); 14] = [
        ("Auto-Submitted: no", None),
        (
            "Auto-Submitted: Auto-Generated; owner-email=\"a@b\"",
            Some(Automatic::AutoSubmitted("auto-generated".into())),
        ),
        (
            "X-Autoreply: yes",
            Some(Automatic::AutoReply("X-Autoreply: yes".into())),
        ),
        (
            "X-Autorespond: Ada is away",
            Some(Automatic::AutoReply("X-Autorespond: Ada is away".into())),
        ),
        (
            "Precedence: auto_reply",
            Some(Automatic::AutoReply("Precedence: auto_reply".into())),
        ),
        ("Precedence: junk", Some(Automatic::Bulk)),
        ("Precedence: first-class", None),
        ("List-Id: <club.lists.example.org>", Some(Automatic::List)),
        (
            "List-Unsubscribe: <mailto:leave@lists.example.org>",
            Some(Automatic::List),
        ),
        ("Return-Path: <>", Some(Automatic::Bounce)),
        (
            "Return-Path: <Postmaster@example.org>",
            Some(Automatic::Bounce),
        ),
        (
            "X-Failed-Recipients: bob@example.org",
            Some(Automatic::Bounce),
        ),
        // Outlook puts this on people's mail too: not a sign.
        ("X-Auto-Response-Suppress: All", None),
        // A bounce is named before the other signs.
        (
            "Precedence: bulk\r\nReturn-Path: <>",
            Some(Automatic::Bounce),
        ),
    ];
    for (headers, automatic) in cases {
        assert_eq!(
            mail(&format!("{from}\r\n{headers}"), "e4").automatic,
            automatic,
            "{headers}"
        );
    }
    let daemon = mail(
        "From: Mail Delivery Subsystem <mailer-daemon@example.org>",
        "",
    );
    assert_eq!(daemon.automatic, Some(Automatic::Bounce));
    let report = "From: ada@example.org\r\nContent-Type: multipart/report; report-type=disposition-notification; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nRead.\r\n--b--\r\n";
    assert_eq!(
        message::read(report.as_bytes()).expect("reads").automatic,
        Some(Automatic::Bounce)
    );
}

#[test]
fn a_message_with_two_senders_names_none() {
    let two = mail("From: ada@example.org, Mallory <mallory@example.net>", "e4");
    assert_eq!((two.from, two.from_name), (None, None));
    let twice = mail("From: ada@example.org\r\nFrom: mallory@example.net", "e4");
    assert_eq!(twice.from, None);
    let one = mail("From: \"Lovelace, Ada\" <ada@example.org>", "e4");
    assert_eq!(one.from.as_deref(), Some("ada@example.org"));
    assert_eq!(one.from_name.as_deref(), Some("Lovelace, Ada"));
}

#[test]
fn ids_lose_their_brackets_and_stay_bounded() {
    let refs: Vec<String> = (0..150).map(|i| format!("<r{i}@example.org>")).collect();
    let incoming = mail(
        &format!(
            "From: ada@example.org\r\nMessage-ID:   <m1@example.org>  \r\nIn-Reply-To: <a@example.org> <b@example.org>\r\nReferences: {}",
            refs.join("\r\n ")
        ),
        "e4",
    );
    assert_eq!(incoming.message_id.as_deref(), Some("m1@example.org"));
    assert_eq!(incoming.in_reply_to, ["a@example.org", "b@example.org"]);
    assert_eq!(incoming.references.len(), 100);
    assert_eq!(incoming.references[0], "r50@example.org");
    assert_eq!(incoming.references[99], "r149@example.org");
    assert_eq!(
        mail("From: ada@example.org\r\nMessage-ID: <>", "").message_id,
        None
    );
    assert_eq!(mail("From: ada@example.org", "").message_id, None);
    assert_eq!(mail("From: ada@example.org", "").return_path, None);
}

#[test]
fn every_recipient_header_is_listed_once() {
    let incoming = mail(
        "From: ada@example.org\r\nTo: club: director+t0k3n@example.org, Bob <bob@example.org>;\r\nCc: bob@example.org\r\n\
         Delivered-To: director+t0k3n@example.org\r\nX-Original-To: moves+abc@example.org\r\nEnvelope-To: <x@example.org>, y@example.org",
        "e4",
    );
    assert_eq!(
        incoming.recipients,
        [
            "director+t0k3n@example.org",
            "bob@example.org",
            "moves+abc@example.org",
            "x@example.org",
            "y@example.org"
        ]
    );
}

#[test]
fn a_subject_is_decoded_and_keeps_no_line_break() {
    let incoming = mail(
        "From: ada@example.org\r\nSubject: =?utf-8?q?Re=3A_caf=C3=A9=0D=0ABcc=3A_mallory=40example=2Enet?=",
        "",
    );
    assert_eq!(incoming.subject, "Re: café  Bcc: mallory@example.net");
}

#[test]
fn an_attachment_and_an_attached_message_are_not_the_body() {
    let raw = "From: ada@example.org\r\nContent-Type: multipart/mixed; boundary=m\r\n\r\n\
               --m\r\nContent-Type: text/plain\r\n\r\nNf3\r\n\
               --m\r\nContent-Type: text/plain; name=notes.txt\r\nContent-Disposition: attachment; filename=notes.txt\r\n\r\nresign\r\n\
               --m\r\nContent-Type: message/rfc822\r\n\r\nFrom: dynamo@example.org\r\nSubject: notice\r\n\r\n1. e2e4\r\n\
               --m--\r\n";
    let incoming = message::read(raw.as_bytes()).expect("reads");
    assert_eq!(incoming.text, "Nf3");
}

#[test]
fn a_plain_part_with_no_words_gives_way_to_the_html_part() {
    let raw = "From: ada@example.org\r\nContent-Type: multipart/alternative; boundary=a\r\n\r\n\
               --a\r\nContent-Type: text/plain\r\n\r\n\r\n \r\n\
               --a\r\nContent-Type: text/html\r\n\r\n<p>e4</p>\r\n--a--\r\n";
    assert_eq!(message::read(raw.as_bytes()).expect("reads").text, "e4");
}

#[test]
fn invisible_characters_and_odd_spaces_do_not_hide_the_move() {
    let body = "\u{feff}\u{200b}Nf3\u{a0}\u{200e}\r\n\tthanks\r\n";
    assert_eq!(mail("From: ada@example.org", body).text, "Nf3\n thanks");
    assert_eq!(
        white_command(&mail("From: ada@example.org", body).text),
        Ok(a_move("Nf3", None, false))
    );
}

/// mail-parser 0.11.9 panicked on these in debug builds (an assertion
/// at parsers/message.rs:485, an overflow in its quoted-printable
/// decoder); its release build reads them.
#[test]
fn malformed_mime_that_made_the_parser_panic_reads() {
    let nested = "From: ada@example.org\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n\
                  --b\r\nContent-Type: message/rfc822\r\n\r\nContent-Type: message/rfc822\r\n\r\n\
                  From: x\r\n\r\nresign\r\n--b--\r\n";
    let incoming = message::read(nested.as_bytes()).expect("reads");
    assert_eq!(incoming.from.as_deref(), Some("ada@example.org"));
    assert_eq!(read_command(&incoming.text), Err(Unread::Missing));
    let soft_break = "From: ada@example.org\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n\
                      --b\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
                      =\r\n--b--\r\n";
    assert!(message::read(soft_break.as_bytes()).is_ok());
}

/// A mail over the limit is read only so far as its headers, which
/// still name the sender and the notice, and never for a command.
#[test]
fn a_mail_over_the_limit_keeps_its_headers_and_no_text() {
    let head = "From: ada@example.org\r\nMessage-ID: <big@ada>\r\n\
                Content-Type: text/plain; charset=utf-8\r\n\r\ne4\r\n";
    let big = format!("{head}{}", "a".repeat(MAX_MESSAGE_BYTES));
    let incoming = message::read(big.as_bytes()).expect("its headers read");
    assert!(incoming.too_large);
    assert_eq!(incoming.from.as_deref(), Some("ada@example.org"));
    assert_eq!(incoming.message_id.as_deref(), Some("big@ada"));
    assert_eq!(incoming.text, "");
    let small = message::read(head.as_bytes()).expect("reads");
    assert!(!small.too_large);
    assert_eq!(small.text, "e4");
}

/// One limit for every source: the IMAP client fetches no more.
#[test]
fn the_imap_client_reads_the_same_limit() {
    assert_eq!(
        MAX_MESSAGE_BYTES as u64,
        dynamo::inbox::imap::MAX_MESSAGE_BYTES
    );
}

#[test]
fn headerless_input_is_refused() {
    assert_eq!(message::read(b""), Err(MessageError::Unreadable));
}

#[test]
fn a_huge_body_keeps_a_bounded_own_text() {
    let line = "a line of chat that goes on\r\n";
    let body = format!(
        "e4\r\n{}",
        line.repeat((MAX_MESSAGE_BYTES - 200) / line.len())
    );
    let incoming = mail("From: ada@example.org", &body);
    assert!(
        incoming.text.len() <= MAX_OWN_BYTES,
        "{}",
        incoming.text.len()
    );
    assert_eq!(white_command(&incoming.text), Ok(a_move("e4", None, false)));
}
