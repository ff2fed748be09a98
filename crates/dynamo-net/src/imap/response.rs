//! One whole server response (as the framer cut it) read into what the
//! client needs; everything else is recognised as some untagged data and
//! passed over. Nothing here trusts the server: a value that does not
//! parse is an error naming what was expected, never a panic, and lists
//! nest only so deep.

use super::error::shown;

/// How deep parenthesised lists may nest before the response is refused.
const MAX_DEPTH: usize = 32;

/// The status of a tagged or untagged status response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    Ok,
    No,
    Bad,
    Preauth,
    Bye,
}

/// A response code: `[NAME args]`, the name upper-cased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Code {
    pub name: String,
    pub args: String,
}

/// A status line's status, code and human text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StatusText {
    pub status: Status,
    pub code: Option<Code>,
    pub text: String,
}

/// What a FETCH response says of one message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Attrs {
    pub uid: Option<u32>,
    pub internal_date: Option<String>,
    pub size: Option<u64>,
    pub body: Option<Vec<u8>>,
    pub flags: Option<Vec<String>>,
}

/// Untagged data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Data {
    Status(StatusText),
    Capability(Vec<String>),
    Exists(u32),
    Expunge(u32),
    Search(Vec<u32>),
    Fetch(Attrs),
    /// Anything else (`FLAGS`, `RECENT`, `LIST`, `ENABLED`, …).
    Other,
}

/// One response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Response {
    /// `+ …`: go on with the command.
    Continue,
    /// `* …`.
    Data(Data),
    /// `TAG OK|NO|BAD …`: the command is over.
    Done { tag: String, status: StatusText },
}

/// Reads one response.
pub(super) fn parse(bytes: &[u8]) -> Result<Response, String> {
    let mut c = Cursor { bytes, at: 0 };
    if c.eat(b"+") {
        return Ok(Response::Continue);
    }
    if c.eat(b"* ") {
        return untagged(&mut c).map(Response::Data);
    }
    let tag = c.atom();
    if tag.is_empty() || !c.eat(b" ") {
        return Err(format!("a line that is not a response: {}", excerpt(bytes)));
    }
    let status = c
        .status()
        .ok_or_else(|| format!("a tagged line without OK, NO or BAD: {}", excerpt(bytes)))?;
    Ok(Response::Done {
        tag,
        status: c.status_text(status),
    })
}

fn untagged(c: &mut Cursor<'_>) -> Result<Data, String> {
    if let Some(status) = c.status() {
        return Ok(Data::Status(c.status_text(status)));
    }
    if let Some(n) = c.number() {
        let n = u32::try_from(n).map_err(|_| format!("a message number too large: {n}"))?;
        c.expect(b" ")?;
        let kind = c.atom().to_ascii_uppercase();
        return match kind.as_str() {
            "EXISTS" => Ok(Data::Exists(n)),
            "EXPUNGE" => Ok(Data::Expunge(n)),
            "FETCH" => {
                c.expect(b" ")?;
                fetch(c).map(Data::Fetch)
            }
            _ => Ok(Data::Other),
        };
    }
    let kind = c.atom().to_ascii_uppercase();
    match kind.as_str() {
        "CAPABILITY" => Ok(Data::Capability(c.words())),
        "SEARCH" => {
            let mut uids = Vec::new();
            while c.eat(b" ") {
                if c.peek() == Some(b'(') {
                    // A modification sequence (CONDSTORE): not a UID.
                    c.skip_value(0)?;
                    continue;
                }
                let n = c
                    .number()
                    .ok_or("a SEARCH answer with something but numbers")?;
                uids.push(u32::try_from(n).map_err(|_| format!("a UID too large: {n}"))?);
            }
            Ok(Data::Search(uids))
        }
        _ => Ok(Data::Other),
    }
}

/// The parenthesised list of a FETCH response.
fn fetch(c: &mut Cursor<'_>) -> Result<Attrs, String> {
    c.expect(b"(")?;
    let mut attrs = Attrs::default();
    if c.eat(b")") {
        return Ok(attrs);
    }
    loop {
        let name = c.fetch_name().to_ascii_uppercase();
        if name.is_empty() {
            return Err(format!("a FETCH item without a name: {}", excerpt(c.bytes)));
        }
        c.expect(b" ")?;
        match name.as_str() {
            "UID" => {
                let n = c.number().ok_or("UID without a number")?;
                attrs.uid = Some(u32::try_from(n).map_err(|_| format!("a UID too large: {n}"))?);
            }
            "RFC822.SIZE" => attrs.size = Some(c.number().ok_or("RFC822.SIZE without a number")?),
            "INTERNALDATE" => {
                let date = c.string()?.ok_or("INTERNALDATE without a date")?;
                attrs.internal_date = Some(String::from_utf8_lossy(date).into_owned());
            }
            "BODY[]" | "BODY[HEADER]" => attrs.body = c.string()?.map(<[u8]>::to_vec),
            "FLAGS" => attrs.flags = Some(c.flag_list()?),
            _ => c.skip_value(0)?,
        }
        if c.eat(b")") {
            return Ok(attrs);
        }
        c.expect(b" ")?;
    }
}

/// At most 80 characters of a response, made safe to show.
fn excerpt(bytes: &[u8]) -> String {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or(bytes);
    let text = String::from_utf8_lossy(line);
    shown(&text.chars().take(80).collect::<String>())
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, s: &[u8]) -> bool {
        let found = self
            .bytes
            .get(self.at..)
            .is_some_and(|rest| rest.starts_with(s));
        if found {
            self.at += s.len();
        }
        found
    }

    fn expect(&mut self, s: &[u8]) -> Result<(), String> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(format!(
                "expected {:?} at byte {} of {}",
                String::from_utf8_lossy(s),
                self.at,
                excerpt(self.bytes)
            ))
        }
    }

    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> &'a [u8] {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.at += 1;
        }
        &self.bytes[start..self.at]
    }

    /// An atom (or tag, or flag): up to a space, a bracket, a parenthesis
    /// or the line's end.
    fn atom(&mut self) -> String {
        let atom = self.take_while(|b| {
            b > b' ' && b < 0x7f && !matches!(b, b'(' | b')' | b'[' | b']' | b'{' | b'"')
        });
        String::from_utf8_lossy(atom).into_owned()
    }

    fn number(&mut self) -> Option<u64> {
        let start = self.at;
        let digits = self.take_while(|b| b.is_ascii_digit());
        let n = digits.iter().try_fold(0u64, |n, d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        if digits.is_empty() || n.is_none() {
            self.at = start;
            return None;
        }
        n
    }

    fn status(&mut self) -> Option<Status> {
        let start = self.at;
        let status = match self.atom().to_ascii_uppercase().as_str() {
            "OK" => Status::Ok,
            "NO" => Status::No,
            "BAD" => Status::Bad,
            "PREAUTH" => Status::Preauth,
            "BYE" => Status::Bye,
            _ => {
                self.at = start;
                return None;
            }
        };
        Some(status)
    }

    /// The rest of a status line: an optional `[CODE args]`, then text.
    fn status_text(&mut self, status: Status) -> StatusText {
        self.eat(b" ");
        let mut code = None;
        if self.eat(b"[") {
            let name = self.atom().to_ascii_uppercase();
            self.eat(b" ");
            let args = self.take_while(|b| b != b']' && b != b'\r' && b != b'\n');
            let args = String::from_utf8_lossy(args).into_owned();
            self.eat(b"]");
            self.eat(b" ");
            code = Some(Code { name, args });
        }
        let text = self.take_while(|b| b != b'\r' && b != b'\n');
        StatusText {
            status,
            code,
            text: shown(&String::from_utf8_lossy(text)),
        }
    }

    /// Space-separated atoms to the line's end, upper-cased.
    fn words(&mut self) -> Vec<String> {
        let mut words = Vec::new();
        while self.eat(b" ") {
            let word = self.atom();
            if word.is_empty() {
                break;
            }
            words.push(word.to_ascii_uppercase());
        }
        words
    }

    /// A FETCH item's name, with its section and partial range:
    /// `BODY[HEADER.FIELDS (FROM)]<0>`.
    fn fetch_name(&mut self) -> String {
        let start = self.at;
        self.take_while(|b| b > b' ' && b < 0x7f && !matches!(b, b'(' | b')' | b'['));
        if self.eat(b"[") {
            self.take_while(|b| b != b']' && b != b'\r' && b != b'\n');
            self.eat(b"]");
            if self.eat(b"<") {
                self.take_while(|b| b.is_ascii_digit());
                self.eat(b">");
            }
        }
        String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned()
    }

    /// A string: quoted, a literal, or `NIL` (`None`).
    fn string(&mut self) -> Result<Option<&'a [u8]>, String> {
        match self.peek() {
            Some(b'"') => self.quoted().map(Some),
            Some(b'{') | Some(b'~') => self.literal().map(Some),
            _ => {
                let start = self.at;
                if self.atom().eq_ignore_ascii_case("NIL") {
                    Ok(None)
                } else {
                    self.at = start;
                    Err(format!("expected a string at byte {start}"))
                }
            }
        }
    }

    /// A quoted string's bytes; its escapes are left in (the client reads
    /// only dates from quoted strings, which have none).
    fn quoted(&mut self) -> Result<&'a [u8], String> {
        self.expect(b"\"")?;
        let start = self.at;
        loop {
            match self.peek() {
                Some(b'"') => {
                    let inner = &self.bytes[start..self.at];
                    self.at += 1;
                    return Ok(inner);
                }
                Some(b'\\') if self.at + 1 < self.bytes.len() => self.at += 2,
                Some(b'\r') | Some(b'\n') | Some(b'\\') | None => {
                    return Err("a quoted string without its closing quote".to_string());
                }
                Some(_) => self.at += 1,
            }
        }
    }

    /// A literal `{n}\r\n` and its n bytes (`~{n}` too).
    fn literal(&mut self) -> Result<&'a [u8], String> {
        self.eat(b"~");
        self.expect(b"{")?;
        let n = self.number().ok_or("a literal without its size")?;
        self.expect(b"}")?;
        if !self.eat(b"\r\n") {
            self.expect(b"\n")?;
        }
        let n = usize::try_from(n).map_err(|_| "a literal too large".to_string())?;
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or("a literal shorter than its size")?;
        let bytes = &self.bytes[self.at..end];
        self.at = end;
        Ok(bytes)
    }

    /// `(\Seen $Keyword …)`.
    fn flag_list(&mut self) -> Result<Vec<String>, String> {
        self.expect(b"(")?;
        let mut flags = Vec::new();
        loop {
            self.eat(b" ");
            if self.eat(b")") {
                return Ok(flags);
            }
            let flag = self.take_while(|b| b > b' ' && b < 0x7f && b != b'(' && b != b')');
            if flag.is_empty() {
                return Err("a flag list that does not close".to_string());
            }
            flags.push(String::from_utf8_lossy(flag).into_owned());
        }
    }

    /// Passes over one value of any kind: a string, a number, an atom,
    /// `NIL`, or a parenthesised list of them.
    fn skip_value(&mut self, depth: usize) -> Result<(), String> {
        match self.peek() {
            Some(b'"' | b'{' | b'~') => self.string().map(|_| ()),
            Some(b'(') => {
                if depth >= MAX_DEPTH {
                    return Err(format!("lists nested more than {MAX_DEPTH} deep"));
                }
                self.at += 1;
                loop {
                    self.eat(b" ");
                    if self.eat(b")") {
                        return Ok(());
                    }
                    let before = self.at;
                    self.skip_value(depth + 1)?;
                    if self.at == before {
                        return Err("a list that does not close".to_string());
                    }
                }
            }
            _ => {
                let word = self.fetch_name();
                if word.is_empty() {
                    Err(format!("expected a value at byte {}", self.at))
                } else {
                    Ok(())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
