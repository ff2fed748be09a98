//! The command lines of the guides that cannot run as written — a
//! daemon (`inbox --watch`), a cron table, a systemd unit, a synopsis
//! with placeholders (`FILE`, `FEN`) — checked against the real argument
//! parser: each `dynamo …` line of a ```` ```sh ````, ```` ```cron ```` or
//! ```` ```ini ```` block runs with `--help` added, which parses every
//! word before it (a renamed command or flag, or a value of the wrong
//! kind, fails) and then prints help instead of doing anything.

use std::path::Path;
use std::process::{Command, Stdio};

/// Every `dynamo …` command line of those blocks in `text`, with its line
/// number: continuation lines joined, the words before `dynamo` (`sudo -u
/// dynamo`, `cd … &&`, `ExecStart=/usr/bin/`) and after the command (a
/// comment, a redirection, a pipe) left out, and a synopsis's optional
/// `[…]` parts dropped.
pub fn command_lines(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut block: Option<&str> = None;
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if let Some(info) = line.strip_prefix("```") {
            block = match block {
                None => Some(info.trim()),
                Some(_) => None,
            };
            continue;
        }
        let kind = match block {
            Some(kind @ ("sh" | "cron" | "ini")) => kind,
            _ => continue,
        };
        if kind == "ini" && !line.starts_with("ExecStart=") {
            continue;
        }
        let number = i;
        let mut whole = line.to_string();
        while whole.ends_with('\\') && i < lines.len() {
            whole.pop();
            whole.push_str(lines[i]);
            i += 1;
        }
        if let Some(command) = the_command(&whole) {
            found.push((number, command));
        }
    }
    found
}

fn the_command(line: &str) -> Option<String> {
    // `sudo -u dynamo VAR=x dynamo …`: the user's name is followed by a
    // variable, the command by its subcommand.
    let start = line.match_indices("dynamo ").map(|(at, _)| at).find(|&at| {
        let after_word = at == 0 || matches!(line.as_bytes()[at - 1], b' ' | b'/' | b'(');
        let next = line[at + 7..].split_whitespace().next().unwrap_or("");
        after_word && !next.contains('=')
    })?;
    let command = until_shell_syntax(&line[start..]);
    let mut bare = String::new();
    let mut depth = 0;
    for c in command.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    Some(bare.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The command up to its first comment, redirection, pipe or `&&`
/// outside quotes.
fn until_shell_syntax(command: &str) -> &str {
    let mut quote = None;
    for (at, c) in command.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#' | '>' | '<' | '|' | '&' | ')') => {
                let cut = &command[..at];
                // `2>&1`, `2>>`: the stream's number is the redirection's.
                let cut = match cut.strip_suffix('2') {
                    Some(rest) if c == '>' && rest.ends_with(' ') => rest,
                    _ => cut,
                };
                return cut.trim_end();
            }
            _ => {}
        }
    }
    command
}

/// Runs each command line of `file` with `--help` added and fails with
/// every one the parser refuses.
pub fn check_file(root: &Path, file: &str) {
    let text = std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let bin = Path::new(env!("CARGO_BIN_EXE_dynamo"));
    let mut failures = Vec::new();
    for (line, command) in command_lines(&text) {
        let args = command.strip_prefix("dynamo ").unwrap_or(&command);
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("\"$DYNAMO\" {args} --help"))
            .env("DYNAMO", bin)
            .env("HOME", scratch.path())
            .env_remove("DYNAMO_CONFIG")
            .current_dir(scratch.path())
            .stdin(Stdio::null())
            .output()
            .expect("bash runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() || !stdout.contains("Usage:") {
            failures.push(format!(
                "{file}:{line}: `{command}` is refused by the parser:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lines_are_found_and_cut_where_the_command_ends() {
    let text = "```sh\ndynamo mail --list GAME      # only that game's\nsudo -u dynamo DYNAMO_CONFIG=/x dynamo games   # as the user\ndynamo leave --player a@b --from 2026-12-01 [PATHS] [--at TIME]\ndynamo set FILE --event \"A <a>\" \\\n  --reason r 2>&1\n```\n```cron\n0 7 * * *  cd /srv && dynamo digest --mate 2 2>> d.log\n```\n```ini\nDescription=dynamo inbox: moves\nExecStart=/usr/bin/dynamo inbox --watch\n```\n```text\ndynamo not a command\n```\n";
    let lines: Vec<String> = command_lines(text).into_iter().map(|(_, c)| c).collect();
    assert_eq!(
        lines,
        [
            "dynamo mail --list GAME",
            "dynamo games",
            "dynamo leave --player a@b --from 2026-12-01",
            "dynamo set FILE --event \"A <a>\" --reason r",
            "dynamo digest --mate 2",
            "dynamo inbox --watch",
        ]
    );
}
