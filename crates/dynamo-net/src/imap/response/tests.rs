//! The response parser on crafted server responses, hostile ones too.

use super::*;

fn data(line: &[u8]) -> Data {
    match parse(line) {
        Ok(Response::Data(d)) => d,
        other => panic!("{other:?}"),
    }
}

#[test]
fn status_lines_with_codes() {
    let Data::Status(s) = data(b"* OK [PERMANENTFLAGS (\\Seen \\*)] Flags permitted.\r\n") else {
        panic!("a status")
    };
    assert_eq!(s.status, Status::Ok);
    assert_eq!(
        s.code.as_ref().map(|c| c.name.as_str()),
        Some("PERMANENTFLAGS")
    );
    assert_eq!(s.code.map(|c| c.args), Some("(\\Seen \\*)".to_string()));
    assert_eq!(s.text, "Flags permitted.");
    let done = parse(b"D7 no [AUTHENTICATIONFAILED] Authentication failed.\r\n");
    let Ok(Response::Done { tag, status }) = done else {
        panic!("{done:?}")
    };
    assert_eq!((tag.as_str(), status.status), ("D7", Status::No));
    assert_eq!(parse(b"+ idling\r\n"), Ok(Response::Continue));
    assert_eq!(parse(b"+\r\n"), Ok(Response::Continue));
}

#[test]
fn counts_capabilities_and_searches() {
    assert_eq!(data(b"* 23 EXISTS\r\n"), Data::Exists(23));
    assert_eq!(data(b"* 4 expunge\r\n"), Data::Expunge(4));
    assert_eq!(data(b"* 5 RECENT\r\n"), Data::Other);
    assert_eq!(
        data(b"* CAPABILITY IMAP4rev1 IDLE literal+ AUTH=PLAIN\r\n"),
        Data::Capability(vec![
            "IMAP4REV1".into(),
            "IDLE".into(),
            "LITERAL+".into(),
            "AUTH=PLAIN".into()
        ])
    );
    assert_eq!(data(b"* SEARCH\r\n"), Data::Search(vec![]));
    assert_eq!(
        data(b"* SEARCH 3 17 4294967295\r\n"),
        Data::Search(vec![3, 17, u32::MAX])
    );
    assert_eq!(
        data(b"* SEARCH 2 9 (MODSEQ 917162500)\r\n"),
        Data::Search(vec![2, 9])
    );
    assert_eq!(data(b"* FLAGS (\\Seen $DynamoDone)\r\n"), Data::Other);
    assert_eq!(
        data(b"* LIST (\\HasNoChildren) \"/\" INBOX\r\n"),
        Data::Other
    );
}

#[test]
fn a_fetch_with_a_literal_body_keeps_every_byte() {
    let body: &[u8] = b"Subject: x\r\n\r\n) {5}\r\n.\r\n\x00\xff";
    let mut line = format!(
        "* 12 FETCH (UID 34 RFC822.SIZE {} INTERNALDATE \" 3-Nov-2026 10:00:00 +0000\" \
         FLAGS (\\Seen $DynamoDone) BODY[] {{{}}}\r\n",
        body.len(),
        body.len()
    )
    .into_bytes();
    line.extend_from_slice(body);
    line.extend_from_slice(b" X-GM-LABELS (\"a b\" {3}\r\nc d))\r\n");
    let Data::Fetch(attrs) = data(&line) else {
        panic!("a fetch")
    };
    assert_eq!(attrs.uid, Some(34));
    assert_eq!(attrs.size, Some(body.len() as u64));
    assert_eq!(
        attrs.internal_date.as_deref(),
        Some(" 3-Nov-2026 10:00:00 +0000")
    );
    assert_eq!(
        attrs.flags,
        Some(vec!["\\Seen".to_string(), "$DynamoDone".to_string()])
    );
    assert_eq!(attrs.body.as_deref(), Some(body));
}

#[test]
fn fetch_items_in_any_order_with_quoted_or_nil_bodies() {
    let Data::Fetch(a) = data(b"* 1 FETCH (BODY[] \"hi\" UID 5)\r\n") else {
        panic!("a fetch")
    };
    assert_eq!((a.uid, a.body.as_deref()), (Some(5), Some(&b"hi"[..])));
    let Data::Fetch(a) = data(b"* 1 FETCH (UID 5 BODY[] NIL)\r\n") else {
        panic!("a fetch")
    };
    assert_eq!((a.uid, a.body), (Some(5), None));
    let Data::Fetch(a) = data(b"* 1 FETCH (BODY[HEADER.FIELDS (FROM)]<0> {2}\r\nab UID 6)\r\n")
    else {
        panic!("a fetch")
    };
    assert_eq!((a.uid, a.body), (Some(6), None));
    assert_eq!(data(b"* 1 FETCH ()\r\n"), Data::Fetch(Attrs::default()));
}

#[test]
fn garbage_and_hostile_responses_are_errors_not_panics() {
    let deep = format!("* 1 FETCH (X {}\r\n", "(".repeat(10_000));
    let cases: Vec<&[u8]> = vec![
        b"",
        b"\r\n",
        b"garbage\r\n",
        b"D1\r\n",
        b"D1 MAYBE\r\n",
        b"* 1 FETCH\r\n",
        b"* 1 FETCH (UID)\r\n",
        b"* 1 FETCH (UID x)\r\n",
        b"* 1 FETCH (UID 99999999999)\r\n",
        b"* 1 FETCH (UID 1 BODY[] {10}\r\nshort)\r\n",
        b"* 1 FETCH (UID 1 BODY[] {99999999999999999999}\r\n",
        b"* 1 FETCH (INTERNALDATE \"unterminated\r\n",
        b"* 1 FETCH (INTERNALDATE \"x\\",
        b"* 1 FETCH (FLAGS (\\Seen\r\n",
        b"* 1 FETCH (UID 1",
        b"* 1 FETCH (UID 1 BODY[] ",
        b"* 99999999999 EXISTS\r\n",
        b"* SEARCH 1 two\r\n",
        deep.as_bytes(),
    ];
    for case in cases {
        assert!(
            parse(case).is_err(),
            "{:?}: {:?}",
            String::from_utf8_lossy(case),
            parse(case)
        );
    }
}
