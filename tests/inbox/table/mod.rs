//! The table of replies: each case a reply as a real mail client writes
//! it (`cases.rs`: Gmail, Outlook, Apple Mail, Thunderbird; top- and
//! bottom-posted, HTML only, quoted-printable, French, German and Spanish
//! quote lines, the notice pasted without quote marks, text hidden in
//! HTML), sent to a notice of its own game, and its expected outcome.
//! One `dynamo inbox --maildir` handles the whole Maildir batch against
//! a real SMTP server; one batch also goes through Dovecot's IMAP.
//! Each case's outcome is read from the inbox's line for its game file.

mod cases;

use dynamo::config::Security;

use super::world::{TEN_O_CLOCK, World, ids, parse, text_of};
use crate::support::dovecot::Dovecot;
use crate::support::smtp::Received;
use cases::{CASES, Case, Client, Expect, Setup};

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// Every refusal is answered: more than the table's answers an hour.
const ANSWERS: &str = "replies_per_hour = 100\n";

/// The game file of case `i`.
fn game_file(i: usize) -> String {
    format!("games/t{i:03}.pgn")
}

/// Makes case `i`'s game as its setup says; returns the notice the
/// replying player answers and their address.
fn set_up(w: &World, i: usize, setup: Setup) -> (Received, &'static str) {
    let file = game_file(i);
    let start = format!("2020-11-20T09:{:02}:{:02}Z", 1 + i / 60, i % 60);
    w.env.ok(&[
        "new", &file, "--white", ALICE, "--black", BOB, "--at", &start, "--mail",
    ]);
    let play = |mv: &str, by: &str, at: &str| {
        w.env
            .ok(&["move", &file, mv, "--by", by, "--at", at, "--mail"]);
    };
    match setup {
        Setup::Start => return (w.last_to("alice@example.org"), ALICE),
        Setup::AfterE4 => play("e2e4", "white", "2020-11-20T09:30:00Z"),
        Setup::DrawOffered => {
            play("e2e4", "white", "2020-11-20T09:30:00Z");
            w.env.ok(&[
                "draw",
                &file,
                "offer",
                "--by",
                "white",
                "--at",
                "2020-11-20T09:31:00Z",
                "--mail",
            ]);
        }
        Setup::Move2 => {
            play("e2e4", "white", "2020-11-20T09:30:00Z");
            play("e7e5", "black", "2020-11-20T09:31:00Z");
            play("Ng1f3", "white", "2020-11-20T09:32:00Z");
        }
    }
    (w.last_to("bob@example.org"), BOB)
}

/// Quoted-printable, as mail clients write it: `=` and every byte
/// outside printable ASCII as `=XX`, lines soft-broken before 76.
fn quoted_printable(text: &str) -> String {
    let mut out = String::new();
    for line in text.split("\r\n") {
        let mut width = 0;
        for b in line.bytes() {
            let piece = if b == b'=' || !(b' '..=b'~').contains(&b) {
                format!("={b:02X}")
            } else {
                (b as char).to_string()
            };
            if width + piece.len() > 75 {
                out.push_str("=\r\n");
                width = 0;
            }
            width += piece.len();
            out.push_str(&piece);
        }
        out.push_str("\r\n");
    }
    out
}

fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `words` as HTML lines.
fn html_lines(words: &str) -> String {
    words
        .lines()
        .map(|l| format!("<div>{}</div>", html_escaped(l)))
        .collect()
}

fn quoted(notice: &str) -> String {
    notice
        .lines()
        .map(|l| format!("> {l}\r\n").replace("> \r\n", ">\r\n"))
        .collect()
}

/// The reply of case `i` to `notice` from `from`.
fn reply(i: usize, case: &Case, notice: &Received, from: &str) -> String {
    let n = parse(notice);
    let their = n.message_id().expect("a Message-ID").to_string();
    let mut references: Vec<String> = ids(n.references());
    references.push(their.clone());
    let references: Vec<String> = references.iter().map(|r| format!("<{r}>")).collect();
    let notice_text = text_of(notice)
        .replace('\n', "\r\n")
        .replace("\r\r\n", "\r\n");
    let words = case.words.replace('\n', "\r\n");
    let director = "Dynamo Adjudicator <dynamo@club.example>";
    let on = format!("On Fri, 20 Nov 2020 at 09:30, {director} wrote:");
    let head = format!(
        "From: {from}\r\nTo: {director}\r\nSubject: Re: {}\r\nMessage-ID: <case{i}@client>\r\n\
         In-Reply-To: <{their}>\r\nReferences: {}\r\nDate: Fri, 20 Nov 2020 10:00:00 +0000\r\n\
         MIME-Version: 1.0\r\n",
        n.subject().expect("a subject"),
        references.join(" ")
    );
    let plain = |body: &str| {
        format!(
            "{head}Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}"
        )
    };
    let plain_qp = |body: &str| {
        format!(
            "{head}Content-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: quoted-printable\r\n\r\n{}",
            quoted_printable(body)
        )
    };
    let html_only = |html: &str| {
        format!(
            "{head}Content-Type: text/html; charset=utf-8\r\n\
             Content-Transfer-Encoding: quoted-printable\r\n\r\n{}",
            quoted_printable(html)
        )
    };
    let notice_html = html_lines(&text_of(notice));
    // A legal move for either side, hidden: read, it would make the
    // reply unclear.
    let decoy = "d2d4 d7d5";
    match case.client {
        Client::GmailTop => {
            let body = format!("{words}\r\n\r\n{on}\r\n\r\n{}", quoted(&notice_text));
            let html = format!(
                "<div dir=\"ltr\">{}</div><br><div class=\"gmail_quote\"><div dir=\"ltr\" \
                 class=\"gmail_attr\">{}<br></div><blockquote class=\"gmail_quote\" \
                 style=\"margin:0px 0px 0px 0.8ex\">{notice_html}</blockquote></div>",
                html_lines(case.words),
                html_escaped(&on)
            );
            format!(
                "{head}Content-Type: multipart/alternative; boundary=\"000gm\"\r\n\r\n\
                 --000gm\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\
                 Content-Transfer-Encoding: quoted-printable\r\n\r\n{}\r\n--000gm\r\n\
                 Content-Type: text/html; charset=\"UTF-8\"\r\n\
                 Content-Transfer-Encoding: quoted-printable\r\n\r\n{}\r\n--000gm--\r\n",
                quoted_printable(&body),
                quoted_printable(&html)
            )
        }
        Client::OutlookDesktop => plain(&format!(
            "{words}\r\n\r\n________________________________\r\nFrom: {director}\r\n\
             Sent: Friday, November 20, 2020 9:30 AM\r\nTo: {from}\r\nSubject: {}\r\n\r\n\
             {notice_text}",
            n.subject().unwrap_or_default()
        )),
        Client::OutlookWebHtml => html_only(&format!(
            "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\
             <style>p{{margin:0}}</style></head><body><div style=\"font-family: Calibri\">{}</div>\
             <div id=\"appendonsend\"></div><hr><div id=\"divRplyFwdMsg\"><b>From:</b> {}<br>\
             <b>Sent:</b> Friday, November 20, 2020 9:30 AM</div>{notice_html}</body></html>",
            html_lines(case.words),
            html_escaped(director)
        )),
        Client::AppleTop => plain(&format!(
            "{words}\r\n\r\n> On 20 Nov 2020, at 09:30, {director} wrote:\r\n>\r\n{}",
            quoted(&notice_text)
        )),
        Client::ThunderbirdBottom => plain(&format!(
            "On 20/11/2020 09:30, Dynamo Adjudicator wrote:\r\n{}\r\n{words}\r\n\r\n-- \r\n\
             Sent from Thunderbird\r\n",
            quoted(&notice_text)
        )),
        Client::French => plain_qp(&format!(
            "{words}\r\n\r\nLe ven. 20 nov. 2020 à 09:30, {director} a écrit :\r\n\r\n{}",
            quoted(&notice_text)
        )),
        Client::German => plain_qp(&format!(
            "{words}\r\n\r\nAm Fr., 20. Nov. 2020 um 09:30 Uhr schrieb {director}:\r\n\r\n{}",
            quoted(&notice_text)
        )),
        Client::Spanish => plain_qp(&format!(
            "{words}\r\n\r\nEl vie, 20 nov 2020 a las 09:30, Dynamo Adjudicator \
             (<dynamo@club.example>) escribió:\r\n\r\n{}",
            quoted(&notice_text)
        )),
        Client::PastedUnquoted => plain(&format!("{words}\r\n\r\n{on}\r\n\r\n{notice_text}")),
        Client::PastedRaw => plain(&format!("{words}\r\n\r\n{notice_text}")),
        Client::PastedTail => {
            let from = notice_text
                .find("How to reply")
                .expect("the notice's How to reply");
            let to = notice_text
                .find("\r\n-- \r\n")
                .expect("the notice's signature");
            plain(&format!("{}\r\n{words}\r\n", &notice_text[from..to]))
        }
        Client::HiddenHtml => html_only(&format!(
            "<html><body>{}<div style=\"display:none\">{decoy}</div>\
             <p style=\"color:#ffffff\">{decoy}</p><span style=\"font-size:0\">{decoy}</span>\
             <blockquote type=\"cite\">{notice_html}</blockquote></body></html>",
            html_lines(case.words)
        )),
        Client::WithPhoto(bytes) => {
            let photo: String = {
                let line = "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAYEBQYFBAYGBQYHBwYICg";
                let lines = bytes.div_ceil(line.len() * 3 / 4);
                format!("{line}\r\n").repeat(lines)
            };
            format!(
                "{head}Content-Type: multipart/mixed; boundary=\"mixed\"\r\n\r\n--mixed\r\n\
                 Content-Type: text/plain; charset=utf-8\r\n\r\n{words}\r\n\r\n{on}\r\n{}\
                 \r\n--mixed\r\nContent-Type: image/jpeg; name=\"IMG_2041.jpg\"\r\n\
                 Content-Disposition: attachment; filename=\"IMG_2041.jpg\"\r\n\
                 Content-Transfer-Encoding: base64\r\n\r\n{photo}--mixed--\r\n",
                quoted(&notice_text)
            )
        }
    }
}

/// The inbox's line for case `i`'s game.
fn line_of(printed: &str, i: usize) -> &str {
    let file = game_file(i);
    let found: Vec<&str> = printed.lines().filter(|l| l.contains(&file)).collect();
    assert_eq!(found.len(), 1, "case {i} ({file}): {printed}");
    found[0]
}

/// Checks case `i`'s line against what it expects: what is wrong, if
/// anything.
fn check(i: usize, case: &Case, line: &str) -> Option<String> {
    let file = game_file(i);
    let ok = match &case.expect {
        Expect::Recorded(what) => line.contains(&format!("recorded {what} in {file}")),
        Expect::Unclear(found) => line.contains(&format!(
            "refused in {file}: your mail says more than one thing: {};",
            listed(found)
        )),
        Expect::Refused(start) => {
            line.contains(&format!("refused in {file}: rejected: {start}; answered"))
        }
        Expect::Missing => line.contains(&format!(
            "refused in {file}: no move and no command was found in your words"
        )),
        Expect::TooLarge => line.contains(&format!(
            "not read for {file}: the mail is larger than 16777216 bytes"
        )),
    };
    let answered = matches!(case.expect, Expect::Recorded(_)) || line.contains("; answered ");
    (!ok || !answered).then(|| {
        format!(
            "case {i} ({}): expected {:?}, got: {line}",
            case.name, case.expect
        )
    })
}

/// Checks the cases `chosen` against what the inbox printed, all of
/// them before failing.
#[track_caller]
fn check_all(printed: &str, chosen: impl Fn(&Case) -> bool) {
    let wrong: Vec<String> = CASES
        .iter()
        .enumerate()
        .filter(|(_, c)| chosen(c))
        .filter_map(|(i, case)| check(i, case, line_of(printed, i)))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn listed(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[test]
fn the_table_has_every_outcome_and_at_least_eighty_rows() {
    assert!(CASES.len() >= 80, "{}", CASES.len());
    let count = |f: fn(&Expect) -> bool| CASES.iter().filter(|c| f(&c.expect)).count();
    assert!(count(|e| matches!(e, Expect::Recorded(_))) >= 30);
    assert!(count(|e| matches!(e, Expect::Unclear(_))) >= 8);
    assert!(count(|e| matches!(e, Expect::Refused(_))) >= 8);
    assert!(count(|e| matches!(e, Expect::Missing)) >= 8);
}

/// Every case but the IMAP batch, through one `dynamo inbox --maildir`.
#[test]
fn replies_through_a_maildir() {
    let w = World::with_config(ANSWERS);
    for (i, case) in CASES.iter().enumerate().filter(|(_, c)| !c.imap) {
        let (notice, from) = set_up(&w, i, case.setup);
        let raw = reply(i, case, &notice, from);
        w.deliver(&format!("{}.M{i}P1.table", TEN_O_CLOCK + i as i64), &raw);
    }
    let printed = w.env.ok(&["inbox", "--maildir", "Maildir"]);
    check_all(&printed, |c| !c.imap);
    // The mail too large is answered, and listed with those set aside.
    let unmatched = w.env.ok(&["inbox", "--unmatched"]);
    assert!(
        unmatched.contains("larger than 16777216 bytes"),
        "{unmatched}"
    );
    let answer = w
        .mail_to("alice@example.org")
        .into_iter()
        .find(|m| text_of(m).contains("without attachments"))
        .expect("the answer to the mail too large");
    assert_eq!(
        parse(&answer)
            .header("Auto-Submitted")
            .and_then(|h| h.as_text()),
        Some("auto-replied")
    );
}

/// The IMAP batch, appended to a real Dovecot mailbox.
#[test]
fn replies_through_dovecot_imap() {
    let dovecot = Dovecot::start();
    let w = World::with_config(ANSWERS);
    w.config(&format!("{ANSWERS}\n{}", dovecot.inbox_toml(Security::Tls)));
    for (i, case) in CASES.iter().enumerate().filter(|(_, c)| c.imap) {
        let (notice, from) = set_up(&w, i, case.setup);
        let raw = reply(i, case, &notice, from);
        dovecot.append(raw.as_bytes(), "20-Nov-2020 10:00:00 +0000");
    }
    let vars = dovecot.env();
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let printed = w.env.ok_with(&["inbox", "--imap"], &vars);
    check_all(&printed, |c| c.imap);
    // The mail too large came as its header alone, was answered once and
    // is listed; a second look finds it handled.
    let unmatched = w.env.ok(&["inbox", "--unmatched"]);
    assert!(
        unmatched.contains("larger than 16777216 bytes"),
        "{unmatched}"
    );
    let answers = || {
        w.mail_to("alice@example.org")
            .into_iter()
            .filter(|m| text_of(m).contains("without attachments"))
            .count()
    };
    assert_eq!(answers(), 1);
    let again = w.env.ok_with(&["inbox", "--imap"], &vars);
    assert!(!again.contains("not read for"), "{again}");
    assert_eq!(answers(), 1);
}
