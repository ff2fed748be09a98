//! A Markdown file's ```` ```console ```` blocks read into the commands
//! they hold and the output each must print.

/// One `$ ` command of a console block.
pub struct Step {
    /// The line of the `$`, counted from 1, for messages.
    pub line: usize,
    /// The command as bash runs it (continuation lines and a
    /// here-document's lines included), without the `$ `.
    pub command: String,
    /// The exit code the command must end with: 0 unless its first line
    /// ends with a comment `# exit N`.
    pub exit: i32,
    /// The lines it must print; see [`matches`].
    pub expected: Vec<String>,
    /// Where those lines stand in the file: lines `output.0..output.1`
    /// (counted from 0), which the overwrite mode replaces.
    pub output: (usize, usize),
}

/// Every command of every console block, in the file's order.
pub fn steps(text: &str) -> Vec<Step> {
    let lines: Vec<&str> = text.lines().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        i += 1;
        let end = (i..lines.len())
            .find(|&j| lines[j].trim_end() == "```")
            .unwrap_or(lines.len());
        while i < end {
            let Some(first) = lines[i].strip_prefix("$ ") else {
                // Text before the first command of a block is no output
                // of anything: the block is malformed.
                panic!(
                    "line {}: a console block's lines before its first `$ ` command",
                    i + 1
                );
            };
            let line = i + 1;
            let mut command = first.to_string();
            let terminator = here_document(first);
            i += 1;
            while command.ends_with('\\') && i < end {
                command.push('\n');
                command.push_str(lines[i]);
                i += 1;
            }
            if let Some(word) = terminator {
                while i < end {
                    command.push('\n');
                    command.push_str(lines[i]);
                    i += 1;
                    if lines[i - 1].trim() == word {
                        break;
                    }
                }
            }
            let start = i;
            while i < end && !lines[i].starts_with("$ ") {
                i += 1;
            }
            steps.push(Step {
                line,
                exit: declared_exit(first),
                command,
                expected: lines[start..i].iter().map(|l| l.to_string()).collect(),
                output: (start, i),
            });
        }
        i = end + 1;
    }
    steps
}

/// The word that ends a here-document the line opens (`<<'END'`,
/// `<<END`), if it opens one.
fn here_document(line: &str) -> Option<String> {
    let rest = &line[line.find("<<")? + 2..];
    let rest = rest.trim_start_matches('-');
    let word: String = rest
        .trim_start_matches(['\'', '"'])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty()).then_some(word)
}

/// The exit code a command's first line declares with a final comment
/// `# exit N`, else 0.
fn declared_exit(line: &str) -> i32 {
    line.rsplit_once("# exit ")
        .and_then(|(_, code)| code.trim().parse().ok())
        .unwrap_or(0)
}

/// Whether the output printed matches the lines expected: line by line,
/// trailing blanks aside, where `…` in an expected line stands for any
/// text (a date-dependent clock, a node rate) and a line that is `…`
/// alone for any number of lines.
pub fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((line, others)) => {
                line_matches(first.trim_end(), line.trim_end()) && matches(rest, others)
            }
            None => false,
        },
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split('…');
    let head = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(head) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn an_ellipsis_stands_for_text_and_alone_for_lines() {
        assert!(matches(
            &owned(&["Black to move: …"]),
            &["Black to move: 46 days left"]
        ));
        assert!(!matches(
            &owned(&["Black to move: …"]),
            &["White to move: 46 days left"]
        ));
        assert!(matches(&owned(&["a", "…", "z"]), &["a", "b", "c", "z"]));
        assert!(matches(&owned(&["a", "…", "z"]), &["a", "z"]));
        assert!(!matches(&owned(&["a", "…", "z"]), &["a", "b"]));
        assert!(!matches(&owned(&["a"]), &["a", "b"]));
        assert!(matches(
            &owned(&["nodes 31  nps …"]),
            &["nodes 31  nps 12000"]
        ));
        assert!(!matches(&owned(&["x…y…z"]), &["xyz!"]));
    }

    #[test]
    fn commands_their_exit_codes_and_here_documents() {
        let text = "```console\n$ cat > p.txt <<'END'\nAda\nEND\n$ dynamo play Ng3   # exit 1\ndynamo: no\n```\n";
        let steps = steps(text);
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].command, "cat > p.txt <<'END'\nAda\nEND");
        assert!(steps[0].expected.is_empty());
        assert_eq!(steps[1].exit, 1);
        assert_eq!(steps[1].expected, vec!["dynamo: no".to_string()]);
    }
}
