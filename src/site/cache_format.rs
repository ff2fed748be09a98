//! The bytes of the cache's buckets of games (`cache.rs`): a first line
//! naming the version, a generation (0: the buckets need none) and the
//! bucket, then one line a game file: its path, identity, page and
//! summary as tab-separated fields. At 10,000 games a full build writes
//! them all: fields in a fixed order read faster than JSON objects with
//! their keys, and make a file two thirds the size.
//!
//! A field is its text with `\`, tab, line feed and carriage return
//! escaped (`\\`, `\t`, `\n`, `\r`); a field that may be absent is `-`
//! when it is and `+` before its text when it is not.

use std::fmt::Write as _;

use super::identity::{Entry, Identity};
use super::summary::{Person, Summary};

/// The fields of one game's line.
const FIELDS: usize = 21;

/// One game file's line as written: its path under the games folder, its
/// page, and its entry, borrowed from where they are (at 10,000 games a
/// copy of them all costs more than their writing).
#[derive(Debug, Clone, Copy)]
pub struct RowRef<'a> {
    pub file: &'a str,
    pub page: &'a str,
    pub identity: Identity,
    pub settled: bool,
    pub summary: &'a Summary,
}

/// One game file's line as read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Row {
    pub file: String,
    pub page: String,
    pub entry: Entry,
}

impl Row {
    pub fn by_ref(&self) -> RowRef<'_> {
        RowRef {
            file: &self.file,
            page: &self.page,
            identity: self.entry.identity,
            settled: self.entry.settled,
            summary: &self.entry.summary,
        }
    }
}

/// The bytes of the file of the folder `folder`'s games, written in
/// generation `generation` by `version`.
pub fn write<'a>(
    version: &str,
    generation: u64,
    folder: &str,
    rows: impl Iterator<Item = RowRef<'a>>,
) -> Vec<u8> {
    let mut out = String::with_capacity(4096);
    out.push_str(version);
    let _ = write!(out, "\t{generation}\t");
    text(&mut out, folder);
    out.push('\n');
    for row in rows {
        line(&mut out, &row);
    }
    out.into_bytes()
}

/// The games of a folder's file if `version` wrote it for `folder` in
/// `generation`; `None` for anything else (the caller then builds
/// afresh).
pub fn read(bytes: &[u8], version: &str, generation: u64, folder: &str) -> Option<Vec<Row>> {
    let all = std::str::from_utf8(bytes).ok()?;
    // Every line ends in a line feed: a file cut short is not read.
    if !all.ends_with('\n') {
        return None;
    }
    let mut lines = all.split_terminator('\n');
    let mut first = lines.next()?.split('\t');
    let same = first.next()? == version
        && first.next()?.parse::<u64>().ok()? == generation
        && untext(first.next()?)? == folder
        && first.next().is_none();
    if !same {
        return None;
    }
    lines.map(game).collect()
}

fn line(out: &mut String, row: &RowRef) {
    let (id, s) = (&row.identity, row.summary);
    text(out, row.file);
    let _ = write!(
        out,
        "\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t",
        id.dev,
        id.ino,
        id.size,
        id.mtime.0,
        id.mtime.1,
        id.ctime.0,
        id.ctime.1,
        u8::from(row.settled)
    );
    text(out, row.page);
    for p in [&s.white, &s.black] {
        out.push('\t');
        text(out, &p.name);
        out.push('\t');
        maybe(out, p.email.as_deref());
    }
    for field in [&s.event, &s.round] {
        out.push('\t');
        text(out, field);
    }
    out.push('\t');
    maybe(out, s.result.as_deref());
    out.push('\t');
    text(out, &s.reason);
    out.push('\t');
    maybe(out, s.last_event.as_deref());
    let _ = write!(out, "\t{}\t", u8::from(s.white_to_move));
    maybe(out, s.deadline.as_deref());
    out.push('\n');
}

fn text(out: &mut String, t: &str) {
    if !t.contains(['\\', '\t', '\n', '\r']) {
        out.push_str(t);
        return;
    }
    for c in t.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

fn maybe(out: &mut String, t: Option<&str>) {
    match t {
        None => out.push('-'),
        Some(t) => {
            out.push('+');
            text(out, t);
        }
    }
}

fn game(line: &str) -> Option<Row> {
    let mut f = [""; FIELDS];
    let mut fields = line.split('\t');
    for slot in &mut f {
        *slot = fields.next()?;
    }
    if fields.next().is_some() {
        return None;
    }
    let unsigned = |k: usize| f[k].parse::<u64>().ok();
    let signed = |k: usize| f[k].parse::<i64>().ok();
    let identity = Identity {
        dev: unsigned(1)?,
        ino: unsigned(2)?,
        size: unsigned(3)?,
        mtime: (signed(4)?, signed(5)?),
        ctime: (signed(6)?, signed(7)?),
    };
    let settled = flag(f[8])?;
    let person = |k: usize| {
        Some(Person {
            name: untext(f[k])?,
            email: unmaybe(f[k + 1])?,
        })
    };
    let summary = Summary {
        white: person(10)?,
        black: person(12)?,
        event: untext(f[14])?,
        round: untext(f[15])?,
        result: unmaybe(f[16])?,
        reason: untext(f[17])?,
        last_event: unmaybe(f[18])?,
        white_to_move: flag(f[19])?,
        deadline: unmaybe(f[20])?,
    };
    Some(Row {
        file: untext(f[0])?,
        page: untext(f[9])?,
        entry: Entry {
            identity,
            settled,
            summary,
        },
    })
}

fn flag(field: &str) -> Option<bool> {
    match field {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

fn untext(field: &str) -> Option<String> {
    if !field.contains('\\') {
        return Some(field.to_string());
    }
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(out)
}

fn unmaybe(field: &str) -> Option<Option<String>> {
    match field.as_bytes().first() {
        Some(b'-') if field.len() == 1 => Some(None),
        Some(b'+') => untext(&field[1..]).map(Some),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(file: &str, name: &str, email: Option<&str>) -> Row {
        let person = |n: &str, e: Option<&str>| Person {
            name: n.to_string(),
            email: e.map(str::to_string),
        };
        Row {
            file: file.to_string(),
            page: format!("games/{file}\\x"),
            entry: Entry {
                identity: Identity {
                    dev: u64::MAX >> 1,
                    ino: 7,
                    size: 0,
                    mtime: (-3, 999_999_999),
                    ctime: (1_700_000_000, 0),
                },
                settled: true,
                summary: Summary {
                    white: person(name, email),
                    black: person("", Some("")),
                    event: "a\\b\tc\nd\re".to_string(),
                    round: String::new(),
                    result: Some("1-0".to_string()),
                    reason: "-".to_string(),
                    last_event: None,
                    white_to_move: false,
                    deadline: Some("+".to_string()),
                },
            },
        }
    }

    /// Every field read back as written, escapes, empty texts and absent
    /// ones included.
    #[test]
    fn a_folder_file_reads_back_as_written() {
        let rows = [
            row("a\tb.pgn", "Eve \\ <x>", None),
            row("c.pgn", "+", Some("-")),
        ];
        let bytes = write("v1", 7, "club\tx", rows.iter().map(Row::by_ref));
        assert_eq!(read(&bytes, "v1", 7, "club\tx"), Some(rows.to_vec()));
        // Another version, generation or folder: not this file.
        assert_eq!(read(&bytes, "v2", 7, "club\tx"), None);
        assert_eq!(read(&bytes, "v1", 8, "club\tx"), None);
        assert_eq!(read(&bytes, "v1", 7, "club"), None);
    }

    /// A file cut short, or with a field too many or too few, is not
    /// read at all.
    #[test]
    fn a_damaged_folder_file_is_not_read() {
        let rows = [row("c.pgn", "Ada", None)];
        let bytes = write("v1", 1, "", rows.iter().map(Row::by_ref));
        assert!(read(&bytes[..bytes.len() - 1], "v1", 1, "").is_none());
        assert!(read(&bytes[..bytes.len() - 5], "v1", 1, "").is_none());
        let mut extra = bytes[..bytes.len() - 1].to_vec();
        extra.extend_from_slice(b"\tx\n");
        assert!(read(&extra, "v1", 1, "").is_none());
        let text = String::from_utf8(bytes).expect("text");
        assert_eq!(
            text.lines().nth(1).map(|l| l.split('\t').count()),
            Some(FIELDS)
        );
    }
}
