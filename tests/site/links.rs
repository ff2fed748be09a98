//! Every internal link and image of the site resolves, anchors included,
//! and every link is relative; Debian's `tidy` finds no error in any page
//! kind.

use std::collections::BTreeMap;
use std::process::Command;

use super::{build, club, files};

/// The values of `attr="…"` in `html`.
fn values<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!(" {attr}=\"");
    html.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &html[i + needle.len()..];
            &rest[..rest.find('"').expect("a closing quote")]
        })
        .collect()
}

/// `a/b/../c` → `a/c`.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            ".." => {
                assert!(parts.pop().is_some(), "{path} leaves the site");
            }
            "." | "" => {}
            p => parts.push(p),
        }
    }
    parts.join("/")
}

#[test]
fn every_link_resolves() {
    let env = club("");
    build(&env, "../site");
    let site: BTreeMap<String, String> = files(&env.path("../site"))
        .into_iter()
        .map(|(p, b)| (p, String::from_utf8(b).expect("UTF-8")))
        .collect();
    let mut checked = 0;
    for (path, text) in &site {
        if !(path.ends_with(".html") || path.ends_with(".xml")) {
            continue;
        }
        let folder = path.rsplit_once('/').map_or("", |(f, _)| f);
        for link in values(text, "href").into_iter().chain(values(text, "src")) {
            if link.starts_with("http://www.w3.org/") {
                continue;
            }
            assert!(
                !link.starts_with('/') && !link.contains("://"),
                "{path}: {link} is not relative"
            );
            let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = if file.is_empty() {
                path.clone()
            } else {
                normalise(&format!("{folder}/{file}"))
            };
            let body = site
                .get(&target)
                .unwrap_or_else(|| panic!("{path}: {link} leads nowhere ({target})"));
            if !anchor.is_empty() {
                assert!(
                    body.contains(&format!("id=\"{anchor}\"")),
                    "{path}: {link}: no such anchor"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} links");
}

/// The validator, or a failure that says how to get it.
fn tidy() -> &'static str {
    let found = Command::new("tidy")
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "this test needs Debian's `tidy` (`.ci/run` installs it)"
    );
    "tidy"
}

#[test]
fn tidy_finds_no_error_in_any_page_kind() {
    tidy();
    let env = club("");
    build(&env, "../site");
    for page in [
        "index.html",
        "sections/club.html",
        "games/club/r01-b01.html",
        "games/g.html",
        "players/ada-lovelace.html",
    ] {
        let out = Command::new(tidy())
            .args(["-q", "-e", "--show-warnings", "yes"])
            .arg(env.path(&format!("../site/{page}")))
            .output()
            .expect("tidy runs");
        let said = String::from_utf8_lossy(&out.stderr);
        // 0: clean; 1: warnings only; 2: errors.
        assert!(out.status.code() == Some(0), "{page}: {said}");
    }
}
