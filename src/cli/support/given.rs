//! What the director gives on the command line about a person and a
//! change, checked once for every command that takes it: bad input (2)
//! names the flag and says what is wrong.

use anyhow::Result;
use dynamo::game::Address;
use dynamo::game::player::Mailbox;
use dynamo_core::quoted;

use crate::exit::{Exit, Failure};

fn usage(message: String) -> anyhow::Error {
    Failure::new(Exit::Usage, message).into()
}

/// An address given alone, without a name.
pub(crate) fn address(flag: &str, text: &str) -> Result<Address> {
    let bad = |why: String| usage(format!("{flag}: {}: {why}", quoted(text)));
    let mailbox = Mailbox::parse(text).map_err(|e| bad(e.to_string()))?;
    if mailbox.name.is_some() {
        return Err(bad("give the address alone, without a name".to_string()));
    }
    Ok(mailbox.address)
}

/// A person's name given alone, trimmed: a header value, with no address
/// or quotes in it. `whose` says in the error whose name it is (`the
/// name`, `the substitute's name`).
pub(crate) fn name(flag: &str, text: &str, whose: &str) -> Result<String> {
    let name = text.trim().to_string();
    dynamo::game::pgn::check_value(flag, &name).map_err(|e| usage(e.to_string()))?;
    if name.is_empty() || name.contains(['<', '>', '"']) {
        return Err(usage(format!(
            "{flag}: give {whose} alone, without an address or quotes"
        )));
    }
    Ok(name)
}

/// A reason, if given: one line a header can hold.
pub(crate) fn reason(reason: Option<&str>) -> Result<()> {
    match reason {
        Some(r) => dynamo::game::pgn::check_value("--reason", r).map_err(|e| usage(e.to_string())),
        None => Ok(()),
    }
}
