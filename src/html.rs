//! Text made safe for HTML, for every page and mail `dynamo` writes.

/// `text` safe as HTML content and as a quoted attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_and_quotes_are_escaped() {
        assert_eq!(
            super::escape(r#"<b>"Ada" & 'Bob'</b>"#),
            "&lt;b&gt;&quot;Ada&quot; &amp; &#39;Bob&#39;&lt;/b&gt;"
        );
    }
}
