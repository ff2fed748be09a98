//! The `[inbox]` table: read with its defaults, shown by `dynamo config`
//! without the password, refused with the key named but never the line
//! (it may hold a password), and explained in config.example.toml.

use crate::support::{TestEnv, repo};

const TABLE: &str = "[inbox]\nhost = \"imap.example.org\"\nsecurity = \"tls\"\n\
                     username = \"moves@example.org\"\npassword_env = \"DYNAMO_TEST_IMAP_SECRET\"\n";

#[test]
fn config_shows_the_inbox_with_its_defaults_and_never_the_password() {
    let env = TestEnv::new();
    env.write("dynamo.toml", TABLE);
    let secret = "imap horse battery staple";
    let set = env.ok_with(&["config"], &[("DYNAMO_TEST_IMAP_SECRET", secret)]);
    assert!(!set.contains(secret), "{set}");
    assert!(
        set.contains("\npassword_env = \"DYNAMO_TEST_IMAP_SECRET\"  # set\n"),
        "{set}"
    );
    let unset = env.ok(&["config"]);
    for line in [
        "[inbox]",
        "host = \"imap.example.org\"",
        "port = 993",
        "security = \"tls\"",
        "username = \"moves@example.org\"",
        "password_env = \"DYNAMO_TEST_IMAP_SECRET\"  # not set",
        "mailbox = \"INBOX\"",
        "timeout_seconds = 60",
        "idle_minutes = 25",
        "# DYNAMO_IMAP_CA_FILE: not set",
    ] {
        assert!(unset.lines().any(|l| l == line), "{line}: {unset}");
    }
    // What it prints is a config dynamo reads back as the same settings.
    let printed = dynamo::config::Config::parse(&unset).expect("the output is a config");
    let file = dynamo::config::Config::parse(&env.read("dynamo.toml")).expect("the file");
    assert_eq!(printed, file);
    assert_eq!(printed.inbox.map(|i| i.port), Some(993));
}

#[test]
fn starttls_and_plain_default_to_port_143() {
    let env = TestEnv::new();
    env.write("dynamo.toml", &TABLE.replace("\"tls\"", "\"starttls\""));
    assert!(env.ok(&["config"]).lines().any(|l| l == "port = 143"));
    let none = TABLE
        .replace("\"tls\"", "\"none\"")
        .replace("imap.example.org", "127.0.0.1");
    env.write("dynamo.toml", &format!("{none}port = 10143\n"));
    assert!(env.ok(&["config"]).lines().any(|l| l == "port = 10143"));
}

#[test]
fn no_inbox_table_says_so() {
    let env = TestEnv::new();
    let out = env.ok(&["config"]);
    assert!(out.contains("# no [inbox] table"), "{out}");
}

#[test]
fn a_password_written_in_the_inbox_table_is_not_echoed() {
    let env = TestEnv::new();
    for extra in [
        "password = \"Tr0ub4dor-hunter2\"\n",
        "idle_minutes = \"Tr0ub4dor-hunter2\"\n",
        "idle_minutes = 45\n",
    ] {
        env.write("dynamo.toml", &format!("{TABLE}{extra}"));
        let out = env.run(&["config"]);
        assert_eq!(out.code, 2, "{extra}: {}", out.stderr);
        assert!(
            out.stderr.contains("in [inbox], line 6"),
            "{extra}: {}",
            out.stderr
        );
        assert!(!out.stderr.contains("hunter2"), "{extra}: {}", out.stderr);
        assert_eq!(out.stdout, "");
    }
    env.write("dynamo.toml", &format!("{TABLE}password = \"x\"\n"));
    let out = env.run(&["config"]);
    assert!(
        out.stderr.contains("password"),
        "names the key: {}",
        out.stderr
    );
}

#[test]
fn a_password_written_where_its_variable_belongs_is_not_shown() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &TABLE.replace("DYNAMO_TEST_IMAP_SECRET", "correct horse battery"),
    );
    let out = env.ok(&["config"]);
    assert!(!out.contains("horse"), "{out}");
    assert!(out.contains("# password_env: not shown"), "{out}");
}

#[test]
fn the_example_config_explains_every_inbox_key() {
    let text = std::fs::read_to_string(repo().join("config.example.toml")).expect("example");
    let config = dynamo::config::Config::parse(&text).expect("config.example.toml parses");
    let inbox = config.inbox.expect("the example has an [inbox] table");
    assert_eq!(inbox.mailbox, "INBOX");
    let table = text.split("\n[inbox]\n").nth(1).expect("an [inbox] table");
    for key in [
        "host",
        "port",
        "security",
        "username",
        "password_env",
        "mailbox",
        "timeout_seconds",
        "idle_minutes",
    ] {
        assert!(
            table.contains(&format!("\n{key} = ")),
            "config.example.toml's [inbox] lacks {key}"
        );
    }
}
