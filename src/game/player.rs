//! Players and their email addresses.

use std::fmt;
use std::str::FromStr;

use dynamo_core::quoted;
use email_address::EmailAddress;

/// A player: a name and, for email play, an address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The name as the game file's White or Black tag has it.
    pub name: String,
    /// Where notices go; `None` for a player who plays by post.
    pub email: Option<Address>,
}

/// Why a player text is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("player {}: {why}", quoted(text))]
pub struct PlayerError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl Player {
    /// Reads `Name <address>`, `Name` or a bare `address`; the first may
    /// be any form a mail client shows ([`Mailbox::parse`]): a quoted
    /// name, comments, `<address>` alone.
    pub fn parse(text: &str) -> Result<Player, PlayerError> {
        let text = text.trim();
        let bad = |why: &'static str| PlayerError {
            text: text.to_string(),
            why,
        };
        if text.contains('<') {
            let mailbox = Mailbox::parse(text).map_err(|e| bad(e.reason()))?;
            let name = mailbox
                .name
                .unwrap_or_else(|| mailbox.address.as_str().to_string());
            return Ok(Player {
                name,
                email: Some(mailbox.address),
            });
        }
        if text.is_empty() {
            return Err(bad("the name is empty"));
        }
        if text.contains('>') || text.contains('"') {
            return Err(bad("write it as Name <address>"));
        }
        Ok(Player {
            name: text.to_string(),
            email: Address::parse(text).ok(),
        })
    }

    /// Whether `address` is this player's, compared as mail systems
    /// compare them in practice: without regard to case. `address` may be
    /// in any form [`Mailbox::parse`] reads.
    pub fn has_address(&self, address: &str) -> bool {
        let given = Mailbox::parse(address).map_or_else(
            |_| address.trim().to_string(),
            |m| m.address.as_str().to_string(),
        );
        self.email
            .as_ref()
            .is_some_and(|e| e.as_str().to_lowercase() == given.to_lowercase())
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.email {
            Some(email) if email.as_str() != self.name => write!(f, "{} <{email}>", self.name),
            _ => f.write_str(&self.name),
        }
    }
}

/// An email address that mail can be sent to: a local part and a domain
/// (a host name, an internationalised one, or an IP literal), with no
/// spaces or control characters that could smuggle a header in. Games
/// are created and read, and notices addressed, by this one rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Address(String);

/// Why a text is not an email address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Spaces, tabs, line breaks or other control characters.
    #[error("contains spaces or line breaks")]
    Whitespace,
    /// No `@`, or nothing before or after it.
    #[error("Missing domain or user")]
    MissingParts,
    /// The part before the `@` is not a valid local part.
    #[error("Invalid email user")]
    InvalidUser,
    /// The part after the `@` is neither a host name nor an IP literal.
    #[error("Invalid email domain")]
    InvalidDomain,
}

impl Address {
    /// Checks `text` as an address.
    pub fn parse(text: &str) -> Result<Address, AddressError> {
        if text.chars().any(|c| c.is_control() || c.is_whitespace()) {
            return Err(AddressError::Whitespace);
        }
        let (user, domain) = text.rsplit_once('@').ok_or(AddressError::MissingParts)?;
        if !EmailAddress::is_valid_local_part(user) {
            return Err(AddressError::InvalidUser);
        }
        let ascii_domain_ok = |d: &str| {
            EmailAddress::is_valid_domain(d)
                || d.strip_prefix('[')
                    .and_then(|ip| ip.strip_suffix(']'))
                    .unwrap_or(d)
                    .parse::<std::net::IpAddr>()
                    .is_ok()
        };
        let domain_ok = ascii_domain_ok(domain)
            || idna::domain_to_ascii(domain).is_ok_and(|d| ascii_domain_ok(&d));
        if !domain_ok {
            return Err(AddressError::InvalidDomain);
        }
        Ok(Address(text.to_string()))
    }

    /// The address as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part after the `@`.
    pub fn domain(&self) -> &str {
        self.0.rsplit_once('@').map_or("", |(_, d)| d)
    }
}

impl FromStr for Address {
    type Err = AddressError;
    fn from_str(text: &str) -> Result<Address, AddressError> {
        Address::parse(text)
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One address as a mail client shows it (RFC 5322 §3.4): a bare
/// `address`, `<address>`, `Name <address>`, `"Quoted, Name" <address>`,
/// with comments in parentheses anywhere, as in `address (Name)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailbox {
    /// The name shown before `<address>`, unquoted, comments left out;
    /// `None` when there is none.
    pub name: Option<String>,
    /// The address itself.
    pub address: Address,
}

/// Why a text is not one address in a form mail shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MailboxError {
    /// A `"` opens a quoted name that no `"` closes.
    #[error("a quoted name is not closed with '\"'")]
    UnclosedQuote,
    /// A `(` opens a comment that no `)` closes.
    #[error("a comment is not closed with ')'")]
    UnclosedComment,
    /// A `<` that no `>` closes.
    #[error("the address must end with '>'")]
    UnclosedAngle,
    /// A `>` with no `<` before it.
    #[error("'>' without '<' before it")]
    StrayAngle,
    /// Two `<address>` parts: a list, where one address is wanted.
    #[error("more than one address: give one")]
    SeveralAddresses,
    /// Something other than spaces or a comment after the closing `>`.
    #[error("text after the closing '>'")]
    TextAfterAddress,
    /// The address part is not an email address.
    #[error("not an email address ({0})")]
    Address(AddressError),
}

impl MailboxError {
    /// The reason in a few fixed words, for [`PlayerError`].
    fn reason(self) -> &'static str {
        match self {
            MailboxError::UnclosedQuote => "a quoted name is not closed with '\"'",
            MailboxError::UnclosedComment => "a comment is not closed with ')'",
            MailboxError::UnclosedAngle => "the address must end with '>'",
            MailboxError::StrayAngle => "'>' without '<' before it",
            MailboxError::SeveralAddresses => "more than one address: give one",
            MailboxError::TextAfterAddress => "text after the closing '>'",
            MailboxError::Address(_) => "the address between < > is not an email address",
        }
    }
}

impl Mailbox {
    /// Reads one address in any of the forms above. Quoted text and
    /// comments are read with their `\` escapes; letter case is kept.
    pub fn parse(text: &str) -> Result<Mailbox, MailboxError> {
        let mut shown = String::new();
        let mut angle: Option<String> = None;
        let mut inside: Option<String> = None;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => {
                    let quoted = read_quoted(&mut chars)?;
                    match (&mut inside, &angle) {
                        // In an address the quotes belong to its local part.
                        (Some(addr), _) => {
                            addr.push('"');
                            addr.push_str(&quoted);
                            addr.push('"');
                        }
                        (None, Some(_)) => return Err(MailboxError::TextAfterAddress),
                        (None, None) => shown.push_str(&quoted),
                    }
                }
                // A comment counts as a space wherever it stands.
                '(' => {
                    skip_comment(&mut chars)?;
                    if inside.is_none() && angle.is_none() {
                        shown.push(' ');
                    }
                }
                '<' => {
                    if inside.is_some() || angle.is_some() {
                        return Err(MailboxError::SeveralAddresses);
                    }
                    inside = Some(String::new());
                }
                '>' => match inside.take() {
                    Some(addr) => angle = Some(addr),
                    None => return Err(MailboxError::StrayAngle),
                },
                c => match (&mut inside, &angle) {
                    (Some(addr), _) => addr.push(c),
                    // A comma after an address starts a list.
                    (None, Some(_)) if c == ',' => return Err(MailboxError::SeveralAddresses),
                    (None, Some(_)) if !c.is_whitespace() => {
                        return Err(MailboxError::TextAfterAddress);
                    }
                    (None, Some(_)) => {}
                    (None, None) => shown.push(c),
                },
            }
        }
        if inside.is_some() {
            return Err(MailboxError::UnclosedAngle);
        }
        let shown = shown.split_whitespace().collect::<Vec<_>>().join(" ");
        match angle {
            Some(addr) => Ok(Mailbox {
                address: Address::parse(addr.trim()).map_err(MailboxError::Address)?,
                name: (!shown.is_empty()).then_some(shown),
            }),
            None => Ok(Mailbox {
                address: Address::parse(&shown).map_err(MailboxError::Address)?,
                name: None,
            }),
        }
    }
}

/// The rest of a quoted string whose opening `"` was just read, unquoted.
fn read_quoted(chars: &mut std::str::Chars<'_>) -> Result<String, MailboxError> {
    let mut text = String::new();
    loop {
        match chars.next() {
            None => return Err(MailboxError::UnclosedQuote),
            Some('"') => return Ok(text),
            Some('\\') => text.push(chars.next().ok_or(MailboxError::UnclosedQuote)?),
            Some(c) => text.push(c),
        }
    }
}

/// Skips the rest of a comment whose opening `(` was just read; comments
/// nest.
fn skip_comment(chars: &mut std::str::Chars<'_>) -> Result<(), MailboxError> {
    let mut depth = 1;
    while depth > 0 {
        match chars.next().ok_or(MailboxError::UnclosedComment)? {
            '(' => depth += 1,
            ')' => depth -= 1,
            '\\' => {
                chars.next().ok_or(MailboxError::UnclosedComment)?;
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_in_the_three_forms() {
        let p = Player::parse("Ada Lovelace <ada@example.org>").expect("name and address");
        assert_eq!(p.name, "Ada Lovelace");
        assert_eq!(
            p.email.as_ref().map(Address::as_str),
            Some("ada@example.org")
        );
        let p = Player::parse("ada@example.org").expect("bare address");
        assert_eq!(p.name, "ada@example.org");
        assert!(p.has_address("ADA@example.org"));
        assert_eq!(Player::parse("Ada").expect("name").email, None);
        assert!(Player::parse("Ada <not an address>").is_err());
    }

    #[test]
    fn addresses_in_the_forms_mail_shows() {
        let read = |text: &str| Mailbox::parse(text).map(|m| (m.name, m.address.to_string()));
        let jp = "jp.lefevre@example.fr".to_string();
        let name = |n: &str| Some(n.to_string());
        assert_eq!(
            read("Jean-Pierre Lefèvre <jp.lefevre@example.fr>"),
            Ok((name("Jean-Pierre Lefèvre"), jp.clone()))
        );
        assert_eq!(read("<jp.lefevre@example.fr>"), Ok((None, jp.clone())));
        assert_eq!(read(" jp.lefevre@example.fr "), Ok((None, jp.clone())));
        assert_eq!(
            read("\"Lefèvre, Jean-Pierre\" <jp.lefevre@example.fr>"),
            Ok((name("Lefèvre, Jean-Pierre"), jp.clone()))
        );
        assert_eq!(
            read("\"JP \\\"le Fou\\\"\" (club) <jp.lefevre@example.fr> (work)"),
            Ok((name("JP \"le Fou\""), jp.clone()))
        );
        assert_eq!(read("jp.lefevre@example.fr (JP)"), Ok((None, jp)));
        assert_eq!(read("JP <jp@example.fr"), Err(MailboxError::UnclosedAngle));
        assert_eq!(
            read("\"JP <jp@example.fr>"),
            Err(MailboxError::UnclosedQuote)
        );
        assert_eq!(
            read("JP (x <jp@example.fr>"),
            Err(MailboxError::UnclosedComment)
        );
        assert_eq!(read("JP jp@example.fr>"), Err(MailboxError::StrayAngle));
        assert_eq!(
            read("A <a@example.fr>, B <b@example.fr>"),
            Err(MailboxError::SeveralAddresses)
        );
        assert_eq!(
            read("<a@example.fr> x"),
            Err(MailboxError::TextAfterAddress)
        );
        assert_eq!(
            read("a@example.fr, b@example.fr"),
            Err(MailboxError::Address(AddressError::Whitespace))
        );
        assert_eq!(
            read("Jean-Pierre"),
            Err(MailboxError::Address(AddressError::MissingParts))
        );
    }

    #[test]
    fn a_player_is_known_by_any_form_of_the_address() {
        let p = Player::parse("Jean-Pierre Lefèvre <jp.lefevre@example.fr>").expect("a player");
        for given in [
            "jp.lefevre@example.fr",
            "JP.Lefevre@EXAMPLE.FR",
            "<jp.lefevre@example.fr>",
            "Jean-Pierre Lefèvre <jp.lefevre@example.fr>",
            "\"Lefèvre, Jean-Pierre\" <JP.LEFEVRE@example.fr>",
        ] {
            assert!(p.has_address(given), "{given}");
        }
        assert!(!p.has_address("Jean-Pierre Lefèvre <jp@example.fr>"));
        let quoted =
            Player::parse("\"Lefèvre, Jean-Pierre\" <jp.lefevre@example.fr>").expect("quoted");
        assert_eq!(quoted.name, "Lefèvre, Jean-Pierre");
        let bare = Player::parse("<jp.lefevre@example.fr>").expect("address alone");
        assert_eq!(bare.name, "jp.lefevre@example.fr");
    }

    #[test]
    fn addresses_that_could_smuggle_a_header_are_refused() {
        assert_eq!(
            Address::parse("a@b.org\r\nBcc: x@y.org"),
            Err(AddressError::Whitespace)
        );
        assert_eq!(Address::parse("nobody"), Err(AddressError::MissingParts));
        assert_eq!(
            Address::parse("a@-bad-.org"),
            Err(AddressError::InvalidDomain)
        );
        assert!(Address::parse("a@[127.0.0.1]").is_ok());
        assert!(Address::parse("jp@exämple.fr").is_ok());
    }
}
