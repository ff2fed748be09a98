//! The Atom feed (RFC 4287) of the latest results, for a club's news
//! page. Links are relative to the feed, as the pages' are.

use std::fmt::Write;

use chrono::{DateTime, Utc};

use super::facts::Shown;
use super::markup::text;

fn stamp(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The feed's XML of the latest results `games`, the latest first.
pub fn feed(games: &[&Shown]) -> String {
    // The feed changes when its latest entry does, never with the clock.
    let updated = games
        .first()
        .and_then(|g| g.summary.last_event_time())
        .unwrap_or(DateTime::UNIX_EPOCH);
    let mut out = String::new();
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n\
         <title>Results</title>\n<id>urn:dynamo:results</id>\n<updated>{}</updated>\n\
         <author><name>The referee</name></author>\n<link rel=\"alternate\" type=\"text/html\" href=\"index.html\"/>\n",
        stamp(updated)
    );
    for g in games {
        let s = &g.summary;
        let (white, black) = (text(&s.white.name), text(&s.black.name));
        let (result, reason) = s
            .result
            .as_deref()
            .map_or(("*", String::new()), |r| (r, text(&s.reason)));
        let when = s.last_event_time().unwrap_or(DateTime::UNIX_EPOCH);
        let _ = write!(
            out,
            "<entry>\n<title>{white} – {black}: {result}</title>\n<id>urn:dynamo:{}</id>\n\
             <updated>{}</updated>\n<link rel=\"alternate\" type=\"text/html\" href=\"{}.html\"/>\n\
             <summary>{}: {reason}</summary>\n</entry>\n",
            g.page,
            stamp(when),
            g.page,
            text(&s.event),
        );
    }
    out.push_str("</feed>\n");
    out
}
