//! The password of a server, never written in a file: the config names
//! the environment variable that holds it, and a name that does not look
//! like one is never echoed (it may be the password itself).

/// The password in the environment variable `var`, which the config key
/// `key` (e.g. `mail.password_env`) names. A value of `key` that does not
/// look like a variable's name may be the password itself, so the error
/// does not echo it.
pub fn password_from_env(var: &str, key: &str) -> Result<String, String> {
    std::env::var(var).map_err(|e| {
        let problem = match e {
            std::env::VarError::NotPresent => "is not set",
            std::env::VarError::NotUnicode(_) => "is not valid text",
        };
        if is_plausible_variable_name(var) {
            format!("the environment variable {var} ({key}) {problem}")
        } else {
            format!(
                "the environment variable named by {key} {problem}; its value \
                 is not shown because it does not look like a variable's name (upper-case \
                 letters, digits, _): write the variable's name there, never the password"
            )
        }
    })
}

/// Whether `name` reads as an environment variable's name (upper-case
/// letters, digits and `_`, not starting with a digit, at most 64
/// characters). A value that does not is more likely the password itself,
/// written where its variable's name belongs, and is never echoed.
pub fn is_plausible_variable_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    name.len() <= 64
        && (first.is_ascii_uppercase() || first == '_')
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variable_names() {
        assert!(is_plausible_variable_name("DYNAMO_SMTP_PASSWORD"));
        assert!(is_plausible_variable_name("_X1"));
        for bad in ["", "1ABC", "hunter2", "pa$$word", "Secret Words", "a-b"] {
            assert!(!is_plausible_variable_name(bad), "{bad}");
        }
    }
}
