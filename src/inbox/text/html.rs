//! An HTML body as lines of text, for a mail that has no plain-text part:
//! each block element (`<p>`, `<div>`, `<br>`, `<li>`, …) begins a line,
//! runs of blanks become one space, entities are decoded, and what is not
//! the writer's own words is left out on the way: `<head>`'s title and
//! styles, scripts, comments, every `<blockquote>` and the quote
//! containers of Gmail, Yahoo and Proton; Outlook's reply header (the
//! `appendonsend` and `divRplyFwdMsg` markers) and Thunderbird's forward
//! container end the text, as everything after them is the old message.
//! Text the reader never sees is left out too ([`super::hidden`]):
//! `<head>`, and elements hidden by their style, their `hidden`
//! attribute or a white `<font>`.
//!
//! A single pass over the bytes, each looked at a bounded number of
//! times, whatever the nesting: hostile markup costs no more than plain.

use mail_parser::decoders::html::add_html_token;

use super::hidden::{VOID, hidden_font_colour, hidden_style};

/// Elements that begin and end a line.
const BLOCKS: [&str; 29] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "br",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tr",
    "ul",
];

/// Elements whose content is never text to read.
const RAW: [&str; 7] = [
    "head", "script", "style", "template", "textarea", "title", "xml",
];

/// Classes of the elements that hold a quoted message.
const QUOTE_CLASSES: [&str; 3] = ["gmail_quote", "yahoo_quoted", "protonmail_quote"];

/// Ids of the elements after which only the old message follows
/// (Outlook, on the web and on the desktop, and its `x_` copies).
const END_IDS: [&str; 5] = [
    "appendonsend",
    "x_appendonsend",
    "divrplyfwdmsg",
    "x_divrplyfwdmsg",
    "mail-editor-reference-message-container",
];

/// Classes of the elements after which only the old message follows.
const END_CLASSES: [&str; 1] = ["moz-forward-container"];

/// The longest entity read (`&CounterClockwiseContourIntegral;` is 33).
const MAX_ENTITY: usize = 40;

/// The text of an HTML body, one line per block, without the quoted
/// blocks and without anything after a reply header.
pub fn to_text(html: &str) -> String {
    let bytes = html.as_bytes();
    let mut out = Out::default();
    // The quoted element being left out: its name and how many of that
    // name are open.
    let mut quoted: Option<(String, usize)> = None;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'<' if html[at..].starts_with("<!--") => {
                at = find(html, at + 4, "-->").map_or(bytes.len(), |end| end + 3);
            }
            b'<' if matches!(bytes.get(at + 1), Some(b'!' | b'?')) => {
                at = find(html, at, ">").map_or(bytes.len(), |end| end + 1);
            }
            b'<' => match Tag::read(html, at) {
                Some(tag) => {
                    at = tag.end;
                    if let Some((name, open)) = &mut quoted {
                        if tag.name == *name && !tag.self_closing {
                            if tag.closing {
                                *open -= 1;
                            } else {
                                *open += 1;
                            }
                        }
                        if *open == 0 {
                            quoted = None;
                            out.end_line();
                        }
                    } else if tag.closing {
                        out.close(&tag.name);
                    } else if tag.ends_text() {
                        break;
                    } else if RAW.contains(&tag.name.as_str()) && !tag.self_closing {
                        at = end_of_raw(html, at, &tag.name);
                    } else if tag.is_quote() {
                        out.end_line();
                        if !tag.self_closing {
                            quoted = Some((tag.name, 1));
                        }
                    } else {
                        out.open(&tag.name);
                    }
                }
                None if quoted.is_some() => at += 1,
                None => {
                    out.text('<');
                    at += 1;
                }
            },
            _ if quoted.is_some() => {
                at = find(html, at, "<").unwrap_or(bytes.len());
            }
            b'&' => at = out.entity(html, at),
            _ => {
                let Some(c) = html[at..].chars().next() else {
                    break;
                };
                out.text(c);
                at += c.len_utf8();
            }
        }
    }
    out.text
}

/// The text being written, and what the blanks before the next word
/// come to.
#[derive(Default)]
struct Out {
    text: String,
    /// Blanks were seen since the last word.
    space: bool,
    /// How many `<pre>` are open: blanks and line ends kept as written.
    pre: usize,
}

impl Out {
    fn text(&mut self, c: char) {
        if self.pre > 0 {
            self.text.push(c);
        } else if c.is_ascii_whitespace() {
            self.space = true;
        } else {
            if self.space && !self.text.is_empty() && !self.text.ends_with('\n') {
                self.text.push(' ');
            }
            self.space = false;
            self.text.push(c);
        }
    }

    fn end_line(&mut self) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        self.space = false;
    }

    fn open(&mut self, name: &str) {
        match name {
            "br" => {
                self.text.push('\n');
                self.space = false;
            }
            "pre" => {
                self.end_line();
                self.pre += 1;
            }
            "td" | "th" => self.space = true,
            _ if BLOCKS.contains(&name) => self.end_line(),
            _ => {}
        }
    }

    fn close(&mut self, name: &str) {
        if name == "pre" {
            self.pre = self.pre.saturating_sub(1);
        }
        if BLOCKS.contains(&name) {
            self.end_line();
        }
    }

    /// Decodes the entity at `at` (`&amp;`, `&#233;`, `&#xE9;`), or
    /// writes a lone `&`; returns where reading goes on.
    fn entity(&mut self, html: &str, at: usize) -> usize {
        let bytes = html.as_bytes();
        let name = bytes[at + 1..]
            .iter()
            .take(MAX_ENTITY)
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'#')
            .count();
        let end = at + 1 + name;
        if name == 0 || bytes.get(end) != Some(&b';') {
            self.text('&');
            return at + 1;
        }
        let mut decoded = String::new();
        add_html_token(&mut decoded, &bytes[at..=end], false);
        for c in decoded.chars() {
            self.text(c);
        }
        end + 1
    }
}

/// One start or end tag, with the two attributes that mark quotes.
struct Tag {
    /// In lower case.
    name: String,
    closing: bool,
    self_closing: bool,
    class: Option<String>,
    id: Option<String>,
    /// Its style, `hidden` attribute or font colour hides it.
    hidden: bool,
    /// Just after the `>`, or the end of the text when it has none.
    end: usize,
}

impl Tag {
    /// The tag at `at` (a `<`), or `None` when no tag name follows it.
    fn read(html: &str, at: usize) -> Option<Tag> {
        let bytes = html.as_bytes();
        let mut i = at + 1;
        let closing = bytes.get(i) == Some(&b'/');
        if closing {
            i += 1;
        }
        let start = i;
        if !bytes.get(i).is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        while bytes
            .get(i)
            .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b':'))
        {
            i += 1;
        }
        let mut tag = Tag {
            name: html[start..i].to_ascii_lowercase(),
            closing,
            self_closing: false,
            class: None,
            id: None,
            hidden: false,
            end: bytes.len(),
        };
        // Every turn of the loop reads at least one byte.
        loop {
            while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            match bytes.get(i) {
                None => return Some(tag),
                Some(b'>') => {
                    tag.end = i + 1;
                    return Some(tag);
                }
                Some(b'/') => {
                    i += 1;
                    tag.self_closing = bytes.get(i) == Some(&b'>');
                }
                Some(_) => {
                    let name_start = i;
                    while bytes.get(i).is_some_and(|b| {
                        !b.is_ascii_whitespace() && !matches!(b, b'=' | b'>' | b'/')
                    }) {
                        i += 1;
                    }
                    let name = &html[name_start..i];
                    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                    if bytes.get(i) != Some(&b'=') {
                        tag.hidden |= name.eq_ignore_ascii_case("hidden");
                        continue;
                    }
                    i += 1;
                    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                    let value = match bytes.get(i) {
                        Some(&quote @ (b'"' | b'\'')) => {
                            let from = i + 1;
                            let to = bytes[from..]
                                .iter()
                                .position(|&b| b == quote)
                                .map_or(bytes.len(), |p| from + p);
                            i = (to + 1).min(bytes.len());
                            &html[from..to]
                        }
                        _ => {
                            let from = i;
                            while bytes
                                .get(i)
                                .is_some_and(|b| !b.is_ascii_whitespace() && *b != b'>')
                            {
                                i += 1;
                            }
                            &html[from..i]
                        }
                    };
                    if name.eq_ignore_ascii_case("class") {
                        tag.class = Some(value.to_string());
                    } else if name.eq_ignore_ascii_case("id") {
                        tag.id = Some(value.trim().to_ascii_lowercase());
                    } else if name.eq_ignore_ascii_case("style") {
                        tag.hidden |= hidden_style(value);
                    } else if name.eq_ignore_ascii_case("hidden") {
                        tag.hidden = true;
                    } else if name.eq_ignore_ascii_case("color") && tag.name == "font" {
                        tag.hidden |= hidden_font_colour(value);
                    }
                }
            }
        }
    }

    fn has_class(&self, classes: &[&str]) -> bool {
        self.class.as_deref().is_some_and(|class| {
            class
                .split_ascii_whitespace()
                .any(|c| classes.iter().any(|q| c.eq_ignore_ascii_case(q)))
        })
    }

    /// A `<blockquote>` (Apple Mail's and Thunderbird's `type="cite"`
    /// among them) or a quote container, or an element not shown: its
    /// content is left out alike.
    fn is_quote(&self) -> bool {
        self.name == "blockquote"
            || self.has_class(&QUOTE_CLASSES)
            || (self.hidden && !VOID.contains(&self.name.as_str()))
    }

    /// Only the old message follows this element.
    fn ends_text(&self) -> bool {
        self.id.as_deref().is_some_and(|id| END_IDS.contains(&id)) || self.has_class(&END_CLASSES)
    }
}

/// Where `needle` is found in `html` at or after `from`.
fn find(html: &str, from: usize, needle: &str) -> Option<usize> {
    html.get(from..)?.find(needle).map(|p| from + p)
}

/// Just after the end tag of the raw-text element `name` whose content
/// starts at `from`, or the end of the text.
fn end_of_raw(html: &str, from: usize, name: &str) -> usize {
    let bytes = html.as_bytes();
    let mut at = from;
    while let Some(open) = find(html, at, "</") {
        let after = open + 2 + name.len();
        let named = bytes
            .get(open + 2..after)
            .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()));
        if named && !bytes.get(after).is_some_and(u8::is_ascii_alphanumeric) {
            return find(html, after, ">").map_or(bytes.len(), |end| end + 1);
        }
        at = open + 2;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::to_text;

    #[test]
    fn text_not_shown_is_left_out() {
        for html in [
            "<div>e2e4</div><div style=\"display:none\">d2d4</div>",
            "<div>e2e4</div><span style='visibility:hidden'>d2d4</span>",
            "<div>e2e4</div><p style=\"font-size:0px\">d2d4</p>",
            "<div>e2e4</div><p style=\"color:#ffffff\">d2d4</p>",
            "<div>e2e4</div><p style=\"color:#333;background:#333\">d2<b>d4</b></p>",
            "<div>e2e4</div><font color=\"white\">d2d4</font>",
            "<div>e2e4</div><div hidden>d2d4</div>",
            "<html><head><meta charset=utf-8>d2d4</head><body>e2e4</body></html>",
        ] {
            assert_eq!(to_text(html).trim(), "e2e4", "{html}");
        }
        // A hidden image is no element to skip to the end of.
        assert_eq!(
            to_text("<img style=\"display:none\" src=x><p>e2e4</p>").trim(),
            "e2e4"
        );
    }

    #[test]
    fn blocks_make_lines_and_blanks_collapse() {
        assert_eq!(
            to_text("<div dir=\"ltr\">Nf3<div><br></div><div>Thanks,   Ada</div></div>"),
            "Nf3\n\nThanks, Ada\n"
        );
        assert_eq!(
            to_text("<p class=MsoNormal>e4<o:p></o:p></p><p>offer&nbsp;draw</p>"),
            "e4\noffer\u{a0}draw\n"
        );
        assert_eq!(
            to_text("a &amp; b &lt;c&gt; &#233;&#xE9; &bogus; & x"),
            "a & b <c> éé &bogus; & x"
        );
    }

    #[test]
    fn head_styles_scripts_and_comments_are_not_text() {
        let html = "<html><head><title>Dynamo: your move</title><style>p{color:red}</style>\
                    <!--[if gte mso 9]><xml>resign</xml><![endif]--></head>\
                    <body><script>var a = '</div>';</script>e4</body></html>";
        assert_eq!(to_text(html), "e4");
    }

    #[test]
    fn quoted_blocks_are_left_out_however_nested() {
        let html = "<div>Qd1d3/d2d6</div><div class=\"gmail_quote gmail_quote_container\">\
                    <div class=\"gmail_attr\">On Mon, Dynamo wrote:</div>\
                    <blockquote class=\"gmail_quote\"><div>resign<div>offer draw</div></div>\
                    <blockquote>1. e2e4</blockquote></blockquote></div><div>Ada</div>";
        assert_eq!(to_text(html), "Qd1d3/d2d6\nAda\n");
        assert_eq!(
            to_text(
                "Nf3<blockquote type=\"cite\">resign<blockquote>e4</blockquote>d4</blockquote>"
            ),
            "Nf3\n"
        );
    }

    #[test]
    fn an_outlook_reply_header_ends_the_text() {
        let html = "<div>resign</div><div id=\"appendonsend\"></div><hr>\
                    <div id=\"divRplyFwdMsg\"><b>From:</b> Dynamo</div><div>offer draw</div>";
        assert_eq!(to_text(html), "resign\n");
    }

    #[test]
    fn broken_markup_still_reads() {
        assert_eq!(to_text("e4 < d4 <3 <"), "e4 < d4 <3 <");
        assert_eq!(to_text("e4<div class='x"), "e4\n");
        assert_eq!(to_text("e4<!-- never closed"), "e4");
        assert_eq!(to_text("e4<blockquote>never closed"), "e4\n");
        assert_eq!(to_text("<div a=b c d= =e/ / >e4</div x>"), "e4\n");
        assert_eq!(to_text("<pre>  e4\n  d4</pre>x"), "  e4\n  d4\nx");
    }
}
