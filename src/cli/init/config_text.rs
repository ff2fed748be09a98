//! The `dynamo.toml` that `dynamo init` writes: config.example.toml
//! itself, every comment kept, with the club's values set in place and the
//! tables it has no server for commented out. One text explains every key,
//! so the written file and the example can never say different things.

use std::collections::BTreeSet;

/// The example config, as the package installs it.
pub(crate) const EXAMPLE: &str = include_str!("../../../config.example.toml");

/// What to do with one key of the example.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    /// Set it to this TOML value (already quoted where it is a string).
    Set(String),
    /// Keep the example's line, commented out: the built-in default rules.
    Off,
}

/// One key of one table (`""` for the top level).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Edit {
    pub(crate) table: &'static str,
    pub(crate) key: &'static str,
    pub(crate) value: Value,
}

impl Edit {
    pub(crate) fn text(table: &'static str, key: &'static str, value: &str) -> Edit {
        let quoted = toml::Value::String(value.to_string()).to_string();
        Edit {
            table,
            key,
            value: Value::Set(quoted),
        }
    }

    pub(crate) fn number(table: &'static str, key: &'static str, value: u16) -> Edit {
        Edit {
            table,
            key,
            value: Value::Set(value.to_string()),
        }
    }

    pub(crate) fn off(table: &'static str, key: &'static str) -> Edit {
        Edit {
            table,
            key,
            value: Value::Off,
        }
    }
}

/// The example with `edits` made and each table of `off_tables` commented
/// out whole. An edit that names no key of the example is an error: the
/// example lost a key that `init` sets, which a test catches.
pub(crate) fn fill(edits: &[Edit], off_tables: &[&str]) -> Result<String, String> {
    let mut out = String::with_capacity(EXAMPLE.len() + 256);
    out.push_str("# Written by `dynamo init` from config.example.toml, each key explained\n");
    out.push_str("# as there; `dynamo config --check` says whether the setup works.\n#\n");
    let mut table = String::new();
    let mut done = BTreeSet::new();
    for line in EXAMPLE.lines() {
        let trimmed = line.trim_start();
        if let Some(name) = trimmed.strip_prefix('[') {
            table = name.trim_end().trim_end_matches(']').to_string();
        }
        let is_setting = !trimmed.is_empty() && !trimmed.starts_with('#');
        if is_setting && off_tables.contains(&table.as_str()) {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let key = trimmed.split('=').next().unwrap_or("").trim();
        let edit = edits
            .iter()
            .find(|e| is_setting && e.table == table && e.key == key);
        match edit {
            Some(edit) => {
                done.insert((edit.table, edit.key));
                match &edit.value {
                    Value::Set(value) => out.push_str(&format!("{key} = {value}\n")),
                    Value::Off => out.push_str(&format!("# {line}\n")),
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    let missing: Vec<String> = edits
        .iter()
        .filter(|e| !off_tables.contains(&e.table) && !done.contains(&(e.table, e.key)))
        .map(|e| format!("[{}] {}", e.table, e.key))
        .collect();
    if missing.is_empty() {
        Ok(out)
    } else {
        Err(format!(
            "config.example.toml has no key {}",
            missing.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_set_in_place_and_comments_kept() {
        let text = fill(
            &[
                Edit::text("", "games_dir", "/srv/club/games"),
                Edit::number("mail", "port", 2525),
                Edit::off("mail", "secret_env"),
            ],
            &["inbox"],
        )
        .expect("every key is in the example");
        let config = dynamo::config::Config::parse(&text).expect("the text is a config");
        assert_eq!(config.games_dir, std::path::Path::new("/srv/club/games"));
        let mail = config.mail.expect("a [mail] table");
        assert_eq!(mail.port, 2525);
        assert_eq!(mail.secret_env, None);
        assert!(config.inbox.is_none(), "the [inbox] table is commented out");
        // Every comment line of the example is still there.
        for line in EXAMPLE.lines().filter(|l| l.starts_with("# ")) {
            assert!(text.contains(line), "lost: {line}");
        }
    }

    #[test]
    fn a_key_the_example_lacks_is_an_error() {
        let err = fill(&[Edit::text("mail", "no_such_key", "x")], &[]).expect_err("no key");
        assert!(err.contains("[mail] no_such_key"), "{err}");
    }
}
