//! Players and their email addresses.

use std::fmt;
use std::str::FromStr;

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
#[error("player '{text}': {why}")]
pub struct PlayerError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl Player {
    /// Reads `Name <address>`, `Name` or a bare `address`.
    pub fn parse(text: &str) -> Result<Player, PlayerError> {
        let text = text.trim();
        let bad = |why: &'static str| PlayerError {
            text: text.to_string(),
            why,
        };
        if let Some(open) = text.find('<') {
            let rest = text[open + 1..]
                .strip_suffix('>')
                .ok_or_else(|| bad("the address must end with '>'"))?;
            let name = text[..open].trim();
            let email = Address::parse(rest.trim())
                .map_err(|_| bad("the address between < > is not an email address"))?;
            if name.is_empty() {
                return Err(bad("the name before <address> is empty"));
            }
            return Ok(Player {
                name: name.to_string(),
                email: Some(email),
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
    /// compare them in practice: without regard to case.
    pub fn has_address(&self, address: &str) -> bool {
        self.email
            .as_ref()
            .is_some_and(|e| e.as_str().eq_ignore_ascii_case(address.trim()))
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
