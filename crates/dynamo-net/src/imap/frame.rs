//! Cutting the server's byte stream into whole responses.
//!
//! An IMAP response is a line, unless the line ends in a literal's size
//! `{n}`: then exactly n bytes follow (a message, with any bytes at all
//! in it: `)`, `{5}`, CRLF.CRLF), and the response goes on with another
//! line. The framer finds where each response ends without reading its
//! meaning, so that the parser gets it whole, literals in place. Every
//! size is bounded: a server that sends an endless line or announces a
//! huge literal gets an error, never an allocation of its choosing.

/// The longest line between literals (a SEARCH answer of a mailbox with
/// a million messages fits).
pub(super) const MAX_LINE: usize = 8 << 20;

/// The largest literal: a message over it is refused before it is
/// fetched, so only a server that lies sends one.
pub(super) const MAX_LITERAL: usize = 16 << 20;

/// The largest whole response, lines and literals together.
pub(super) const MAX_RESPONSE: usize = MAX_LITERAL + MAX_LINE;

/// Why the stream cannot be read on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum FrameError {
    #[error("a line longer than {MAX_LINE} bytes")]
    LineTooLong,
    #[error("a literal of {0} bytes, more than the {MAX_LITERAL} this client reads")]
    LiteralTooLarge(String),
    #[error("a response longer than {MAX_RESPONSE} bytes")]
    ResponseTooLarge,
}

/// What the current response still needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// A line, ending in LF.
    Line,
    /// This many more bytes of a literal.
    Literal(usize),
}

/// The bytes received and not yet handed out as responses.
#[derive(Debug)]
pub(super) struct Framer {
    buf: Vec<u8>,
    /// How far the current response is known: its lines and literals up
    /// to here are complete.
    done: usize,
    /// Where the search for the next line's end resumes.
    scanned: usize,
    need: Need,
}

impl Framer {
    pub(super) fn new() -> Framer {
        Framer {
            buf: Vec::new(),
            done: 0,
            scanned: 0,
            need: Need::Line,
        }
    }

    /// Adds bytes read from the server.
    pub(super) fn push(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
    }

    /// Whether bytes are waiting that no response has taken yet.
    pub(super) fn has_pending(&self) -> bool {
        !self.buf.is_empty()
    }

    /// The next whole response (with its CRLFs and literals as sent), or
    /// `None` until more bytes arrive.
    pub(super) fn next(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        loop {
            match self.need {
                Need::Literal(n) => {
                    if self.buf.len() - self.done < n {
                        return Ok(None);
                    }
                    self.done += n;
                    self.scanned = self.done;
                    self.need = Need::Line;
                }
                Need::Line => {
                    let from = self.scanned.max(self.done);
                    let Some(at) = self.buf[from..].iter().position(|&b| b == b'\n') else {
                        self.scanned = self.buf.len();
                        if self.buf.len() - self.done > MAX_LINE {
                            return Err(FrameError::LineTooLong);
                        }
                        return Ok(None);
                    };
                    let end = from + at + 1;
                    if end - self.done > MAX_LINE + 2 {
                        return Err(FrameError::LineTooLong);
                    }
                    let line = &self.buf[self.done..end];
                    let literal = literal_size(line)?;
                    self.done = end;
                    self.scanned = end;
                    if self.done > MAX_RESPONSE {
                        return Err(FrameError::ResponseTooLarge);
                    }
                    match literal {
                        Some(n) if self.done + n > MAX_RESPONSE => {
                            return Err(FrameError::ResponseTooLarge);
                        }
                        Some(n) => self.need = Need::Literal(n),
                        None => {
                            let rest = self.buf.split_off(end);
                            let response = std::mem::replace(&mut self.buf, rest);
                            self.done = 0;
                            self.scanned = 0;
                            return Ok(Some(response));
                        }
                    }
                }
            }
        }
    }
}

/// The size of the literal announced at the end of `line` (`{n}` before
/// the CRLF), if one is.
fn literal_size(line: &[u8]) -> Result<Option<usize>, FrameError> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let Some(inner) = line.strip_suffix(b"}") else {
        return Ok(None);
    };
    let Some(open) = inner.iter().rposition(|&b| b == b'{') else {
        return Ok(None);
    };
    let digits = &inner[open + 1..];
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Ok(None);
    }
    let too_large = || {
        let shown: String = String::from_utf8_lossy(digits).chars().take(24).collect();
        FrameError::LiteralTooLarge(shown)
    };
    // Many digits are refused before they are added up: no overflow.
    if digits.len() > 9 {
        return Err(too_large());
    }
    let n = digits
        .iter()
        .fold(0usize, |n, d| n * 10 + usize::from(d - b'0'));
    if n > MAX_LITERAL {
        return Err(too_large());
    }
    Ok(Some(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Result<Vec<Vec<u8>>, FrameError> {
        let mut framer = Framer::new();
        framer.push(input);
        let mut out = Vec::new();
        while let Some(r) = framer.next()? {
            out.push(r);
        }
        Ok(out)
    }

    #[test]
    fn lines_and_literals_make_whole_responses() {
        let input =
            b"* OK hi\r\n* 1 FETCH (BODY[] {12}\r\n)\r\n{5}\r\n.\r\n UID 3)\r\nA1 OK done\r\n";
        let responses = all(input).expect("frames");
        assert_eq!(
            responses,
            [
                b"* OK hi\r\n".to_vec(),
                b"* 1 FETCH (BODY[] {12}\r\n)\r\n{5}\r\n.\r\n UID 3)\r\n".to_vec(),
                b"A1 OK done\r\n".to_vec(),
            ]
        );
    }

    #[test]
    fn bytes_arriving_one_at_a_time_give_the_same_responses() {
        let input = b"* 2 FETCH (BODY[] {3}\r\nabc INTERNALDATE {4}\r\n1234)\r\nA1 OK\r\n";
        let mut framer = Framer::new();
        let mut out = Vec::new();
        for b in input {
            framer.push(&[*b]);
            while let Some(r) = framer.next().expect("frames") {
                out.push(r);
            }
        }
        assert_eq!(out, all(input).expect("frames"));
        assert!(!framer.has_pending());
    }

    #[test]
    fn an_unfinished_response_waits_for_more() {
        let mut framer = Framer::new();
        framer.push(b"* 1 FETCH (BODY[] {10}\r\nabc");
        assert_eq!(framer.next(), Ok(None));
        assert!(framer.has_pending());
        framer.push(b"defghij)\r\n");
        assert!(framer.next().expect("frames").is_some());
    }

    #[test]
    fn hostile_sizes_are_refused_without_allocating() {
        for size in ["99999999999999999999999", "16777217", "4294967296"] {
            let input = format!("* 1 FETCH (BODY[] {{{size}}}\r\n");
            assert!(
                matches!(all(input.as_bytes()), Err(FrameError::LiteralTooLarge(_))),
                "{size}"
            );
        }
        // Not a literal: braces around something other than digits.
        assert_eq!(all(b"* OK {x}\r\n").expect("frames").len(), 1);
    }

    #[test]
    fn an_endless_line_is_refused() {
        let mut framer = Framer::new();
        let chunk = vec![b'a'; 1 << 20];
        let mut refused = false;
        for _ in 0..10 {
            framer.push(&chunk);
            if framer.next() == Err(FrameError::LineTooLong) {
                refused = true;
                break;
            }
        }
        assert!(refused);
    }

    #[test]
    fn many_literals_in_one_response_are_bounded() {
        let mut framer = Framer::new();
        let mut refused = false;
        let literal = vec![b'x'; 8 << 20];
        framer.push(b"* 1 FETCH (A {8388608}\r\n");
        for _ in 0..5 {
            framer.push(&literal);
            framer.push(b" B {8388608}\r\n");
            if framer.next() == Err(FrameError::ResponseTooLarge) {
                refused = true;
                break;
            }
        }
        assert!(refused);
    }
}
