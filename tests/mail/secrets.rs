//! No secret ever reaches an error, a file or the terminal.

use super::{PASSWORD_VAR, mail_config, new_game};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

const SECRET: &str = "Tr0ub4dor&3-hunter2";

/// Every file under the test folder, as text.
fn all_files(env: &TestEnv) -> String {
    fn walk(dir: &std::path::Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.file_name().is_some_and(|n| n != "dynamo.toml") {
                out.push_str(&String::from_utf8_lossy(
                    &std::fs::read(&path).unwrap_or_default(),
                ));
            }
        }
    }
    let mut out = String::new();
    walk(&env.path(""), &mut out);
    out
}

#[test]
fn a_password_written_in_the_mail_table_is_not_echoed() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    for (port, extra) in [
        ("25", format!("password = \"{SECRET}\"\n")),
        (&format!("\"{SECRET}\"")[..], String::new()),
        ("25", format!("username = {SECRET}\n")),
    ] {
        let line = format!("port = {port}, {extra}");
        env.write(
            "dynamo.toml",
            &format!(
                "[mail]\nhost = \"127.0.0.1\"\nport = {port}\nsecurity = \"none\"\nfrom = \"d@club.example\"\n{extra}"
            ),
        );
        let out = env.run(&["mail", "game.dyn"]);
        assert_eq!(out.code, 2, "{line}: {}", out.stderr);
        assert!(out.stderr.contains("line "), "{}", out.stderr);
        assert!(!out.stderr.contains("hunter2"), "{line}: {}", out.stderr);
        assert!(!out.stdout.contains("hunter2"));
    }
}

#[test]
fn a_password_written_as_the_variable_name_is_not_echoed() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    env.write(
        "dynamo.toml",
        &format!(
            "[mail]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\nfrom = \"d@club.example\"\n\
             username = \"alice\"\npassword_env = \"{SECRET}\"\n",
            server.port
        ),
    );
    let out = env.run(&["move", "game.dyn", "e7e5", "--mail"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(out.stderr.contains("mail.password_env"), "{}", out.stderr);
    assert!(!out.stderr.contains("hunter2"), "{}", out.stderr);
    assert!(!out.stdout.contains("hunter2"));
    assert!(!all_files(&env).contains("hunter2"), "no file holds it");
    let list = env.ok(&["mail", "--list"]);
    assert!(!list.contains("hunter2"));
}

#[test]
fn a_refused_login_prints_and_stores_no_password() {
    let server = SmtpServer::start(Options {
        starttls: true,
        auth: Some(("alice".to_string(), "right".to_string())),
        ..Options::default()
    });
    let ca = server.ca_file();
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", Some("alice"));
    let vars = [(PASSWORD_VAR, SECRET), ("DYNAMO_SMTP_CA_FILE", ca.as_str())];
    for args in [
        &["mail", "game.dyn"][..],
        &["mail", "--retry"],
        &["mail", "--list"],
    ] {
        let out = env.run_with(args, &vars);
        assert!(!out.stderr.contains("hunter2"), "{args:?}: {}", out.stderr);
        assert!(!out.stdout.contains("hunter2"), "{args:?}: {}", out.stdout);
    }
    assert!(!all_files(&env).contains("hunter2"));
}
