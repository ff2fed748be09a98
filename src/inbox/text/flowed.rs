//! format=flowed (RFC 3676), as Apple Mail and Thunderbird send plain
//! text: a line that ends in a space goes on in the next line of the same
//! quote depth, and a space put before a line that starts with a space,
//! `>` or `From ` is taken off.

/// The text with its flowed lines joined into paragraphs, each quoted
/// paragraph written once with its `>` marks; `delsp` (`DelSp=yes`) drops
/// the space that marked a soft break. The signature separator `-- ` is
/// never joined.
pub fn unflow(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    // The paragraph being joined: its quote depth and text.
    let mut open: Option<(usize, String)> = None;
    let body = text.strip_suffix('\n').unwrap_or(text);
    for raw in body.split('\n') {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let content = &line[depth..];
        let content = content.strip_prefix(' ').unwrap_or(content);
        let soft = content.ends_with(' ') && content != "-- ";
        let content = if soft && delsp {
            &content[..content.len() - 1]
        } else {
            content
        };
        match &mut open {
            Some((d, para)) if *d == depth => para.push_str(content),
            _ => {
                if let Some((d, para)) = open.take() {
                    push_line(&mut out, d, &para);
                }
                open = Some((depth, content.to_string()));
            }
        }
        if !soft && let Some((d, para)) = open.take() {
            push_line(&mut out, d, &para);
        }
    }
    if let Some((d, para)) = open {
        push_line(&mut out, d, &para);
    }
    if !text.ends_with('\n') {
        out.pop();
    }
    out
}

fn push_line(out: &mut String, depth: usize, text: &str) {
    if depth > 0 {
        out.extend(std::iter::repeat_n('>', depth));
        out.push(' ');
    }
    out.push_str(text);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::unflow;

    #[test]
    fn soft_breaks_join_and_fixed_lines_stay() {
        assert_eq!(
            unflow("Hello Bob, my move \r\nis below.\r\n\r\nNf3\r\n", false),
            "Hello Bob, my move is below.\n\nNf3\n"
        );
        assert_eq!(unflow("a long wo \nrd\n", true), "a long word\n");
    }

    #[test]
    fn stuffing_is_removed_and_quotes_keep_their_depth() {
        assert_eq!(
            unflow(" From here\n  indented\n", false),
            "From here\n indented\n"
        );
        assert_eq!(
            unflow(">> deep \n>> line\n> shallow\nmine\n", false),
            ">> deep line\n> shallow\nmine\n"
        );
        // A soft break before a line of another depth does not join them.
        assert_eq!(unflow("> quoted \nown\n", false), "> quoted \nown\n");
    }

    #[test]
    fn the_signature_separator_is_not_a_soft_break() {
        assert_eq!(unflow("e4\n-- \nAda\n", false), "e4\n-- \nAda\n");
    }
}
