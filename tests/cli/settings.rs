//! Where the config comes from, what its relative paths mean, and what
//! `dynamo config` shows.

use crate::support::{TestEnv, json_files};

/// The value `dynamo config` shows for `key`, and the file it names.
#[track_caller]
fn shown(env: &TestEnv, args: &[&str], vars: &[(&str, &str)], key: &str) -> (String, String) {
    let mut all = args.to_vec();
    all.push("config");
    let out = env.ok_with(&all, vars);
    let file = out
        .lines()
        .find_map(|l| l.strip_prefix("# config file: "))
        .unwrap_or_else(|| panic!("no file line: {out}"))
        .to_string();
    let value = out
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key} = ")))
        .unwrap_or_else(|| panic!("no {key}: {out}"))
        .to_string();
    (file, value)
}

#[test]
fn config_lookup_order_flag_env_here_user_defaults() {
    let env = TestEnv::new();
    let tc = |env: &TestEnv, vars: &[(&str, &str)], args: &[&str]| {
        shown(env, args, vars, "default_time_control")
    };
    assert_eq!(
        tc(&env, &[], &[]),
        (
            "none (built-in defaults)".to_string(),
            "\"none\"".to_string()
        )
    );
    // The per-user file: ~/.config/dynamo/config.toml ...
    env.write(
        "home/.config/dynamo/config.toml",
        "default_time_control = \"1d\"\n",
    );
    let home_file = env.path("home/.config/dynamo/config.toml");
    assert_eq!(
        tc(&env, &[], &[]),
        (
            format!("{} (the per-user config)", home_file.display()),
            "\"1d\"".to_string()
        )
    );
    // ... or under $XDG_CONFIG_HOME when that is set to an absolute path.
    env.write("xdg/dynamo/config.toml", "default_time_control = \"2d\"\n");
    let xdg = env.path("xdg");
    let xdg = xdg.to_str().expect("a UTF-8 path");
    assert_eq!(tc(&env, &[("XDG_CONFIG_HOME", xdg)], &[]).1, "\"2d\"");
    assert_eq!(tc(&env, &[("XDG_CONFIG_HOME", "xdg")], &[]).1, "\"1d\"");
    // dynamo.toml here comes before the per-user file ...
    env.write("dynamo.toml", "default_time_control = \"3d\"\n");
    let (file, value) = tc(&env, &[("XDG_CONFIG_HOME", xdg)], &[]);
    assert!(
        file.ends_with("dynamo.toml (in the current folder)"),
        "{file}"
    );
    assert_eq!(value, "\"3d\"");
    // ... $DYNAMO_CONFIG before dynamo.toml here ...
    env.write("env.toml", "default_time_control = \"4d\"\n");
    let env_file = env.path("env.toml");
    let env_var = ("DYNAMO_CONFIG", env_file.to_str().expect("a UTF-8 path"));
    assert_eq!(
        tc(&env, &[env_var], &[]),
        (
            format!("{} (from $DYNAMO_CONFIG)", env_file.display()),
            "\"4d\"".to_string()
        )
    );
    // ... and --config before everything.
    env.write("flag.toml", "default_time_control = \"5d\"\n");
    assert_eq!(
        tc(&env, &[env_var], &["--config", "flag.toml"]),
        (
            "flag.toml (from --config)".to_string(),
            "\"5d\"".to_string()
        )
    );
    // The config found is the one used.
    let out = env.ok_with(
        &["new", "g.pgn", "--white", "A", "--black", "B"],
        &[env_var],
    );
    assert!(out.ends_with("Time control: 4d\n"), "{out}");
    // A file named by $DYNAMO_CONFIG or --config must exist.
    let out = env.run_with(&["config"], &[("DYNAMO_CONFIG", "missing.toml")]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("dynamo: config file missing.toml: "),
        "{}",
        out.stderr
    );
}

#[test]
fn relative_paths_are_taken_from_the_config_files_folder() {
    let env = TestEnv::new();
    env.write(
        "club/dynamo.toml",
        "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = 1\nsecurity = \"none\"\nfrom = \"TD <td@example.org>\"\noutbox = \"queue\"\n",
    );
    let flag = ["--config", "club/dynamo.toml"];
    assert_eq!(shown(&env, &flag, &[], "games_dir").1, "\"club/games\"");
    assert_eq!(shown(&env, &flag, &[], "outbox").1, "\"club/queue\"");
    // Absolute paths stay as they are.
    let elsewhere = env.path("elsewhere");
    env.write(
        "abs.toml",
        &format!("games_dir = \"{}\"\n", elsewhere.display()),
    );
    assert_eq!(
        shown(&env, &["--config", "abs.toml"], &[], "games_dir").1,
        format!("\"{}\"", elsewhere.display())
    );
    // Run from the config's own folder, the paths read as written.
    let out = env
        .command()
        .current_dir(env.path("club"))
        .arg("config")
        .output()
        .expect("running dynamo");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\ngames_dir = \"games\"\n"), "{text}");
    assert!(text.contains("\noutbox = \"queue\"\n"), "{text}");
    // verify and games look in the config's games folder wherever they run.
    env.ok(&[
        "new",
        "club/games/a.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--at",
        "2020-11-20T09:00:00Z",
    ]);
    assert_eq!(
        env.ok(&["--config", "club/dynamo.toml", "verify"]),
        "club/games/a.pgn: ok, 0 half-moves, White to move\n1 file: 1 ok, 0 bad\n"
    );
}

/// `cd games && dynamo --config ../dynamo.toml mail x.pgn` queues the
/// notice in the outbox beside the config, where `dynamo mail --retry`
/// run from the config's folder finds it.
#[test]
fn an_outbox_queued_from_a_subfolder_is_the_one_retry_sees() {
    let env = TestEnv::new();
    // Port 1 on loopback: nothing listens, so sending fails and queues.
    env.write(
        "dynamo.toml",
        "[mail]\nhost = \"127.0.0.1\"\nport = 1\nsecurity = \"none\"\nfrom = \"TD <td@example.org>\"\n",
    );
    env.ok(&[
        "new",
        "games/x.pgn",
        "--white",
        "A <a@example.org>",
        "--black",
        "B <b@example.org>",
        "--at",
        "2020-11-20T09:00:00Z",
    ]);
    let out = env
        .command()
        .current_dir(env.path("games"))
        .args(["--config", "../dynamo.toml", "mail", "x.pgn"])
        .output()
        .expect("running dynamo");
    assert_eq!(out.status.code(), Some(3));
    // One notice per player.
    assert_eq!(json_files(&env.path("outbox")).len(), 2);
    assert!(!env.path("games/outbox").exists());
    let retry = env.run(&["mail", "--retry"]);
    assert_eq!(retry.code, 3, "{}", retry.stderr);
    assert!(
        retry.stderr.ends_with("2 notices still queued in outbox\n"),
        "{}",
        retry.stderr
    );
    assert!(retry.stderr.contains("not sent: "), "{}", retry.stderr);
}

#[test]
fn config_shows_whether_a_secret_is_set_never_its_value() {
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        "[mail]\nhost = \"smtp.example.org\"\nport = 587\nsecurity = \"starttls\"\nusername = \"td\"\npassword_env = \"DYNAMO_TEST_SECRET\"\nfrom = \"TD <td@example.org>\"\n",
    );
    let secret = "correct horse battery staple";
    let set = env.ok_with(&["config"], &[("DYNAMO_TEST_SECRET", secret)]);
    assert!(
        set.contains("\npassword_env = \"DYNAMO_TEST_SECRET\"  # set\n"),
        "{set}"
    );
    assert!(!set.contains(secret), "{set}");
    let unset = env.ok(&["config"]);
    assert!(
        unset.contains("\npassword_env = \"DYNAMO_TEST_SECRET\"  # not set\n"),
        "{unset}"
    );
    for line in [
        "[mail]",
        "host = \"smtp.example.org\"",
        "port = 587",
        "security = \"starttls\"",
        "username = \"td\"",
        "from = \"TD <td@example.org>\"",
        "outbox = \"outbox\"",
        "require_identity = false",
        "mail_after_move = false",
        "leave_days_per_year = 30",
        "default_rules = \"nost\"",
    ] {
        assert!(unset.lines().any(|l| l == line), "{line}: {unset}");
    }
    // What it prints is a config dynamo reads back as the same settings.
    let printed = dynamo::config::Config::parse(&unset).expect("the output is a config");
    let file = dynamo::config::Config::parse(&env.read("dynamo.toml")).expect("the file");
    assert_eq!(printed, file);
}

/// The yearly leave is from 0 to 366 days; another number is refused
/// when the config is read, by its key.
#[test]
fn leave_days_per_year_is_read_and_checked() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "leave_days_per_year = 45\n");
    let shown = env.ok(&["config"]);
    assert!(
        shown.lines().any(|l| l == "leave_days_per_year = 45"),
        "{shown}"
    );
    for bad in ["367", "-1"] {
        env.write("dynamo.toml", &format!("leave_days_per_year = {bad}\n"));
        let out = env.run(&["config"]);
        assert_eq!(out.code, 2, "{bad}: {}", out.stderr);
        assert!(
            out.stderr.contains(&format!(
                "leave_days_per_year must be from 0 to 366, not {bad}"
            )),
            "{}",
            out.stderr
        );
    }
}

/// `dynamo config` prints every setting (docs/reference.md, "Configuration"): the
/// keys it prints, table by table, are the keys of config.example.toml,
/// which has each one, so that neither can grow a key the other lacks.
#[test]
fn config_prints_every_key_of_the_example_config() {
    use std::collections::BTreeSet;
    let example_path = crate::support::repo().join("config.example.toml");
    let example: toml::Table = std::fs::read_to_string(&example_path)
        .expect("the example config")
        .parse()
        .expect("the example config is TOML");
    let mut documented = BTreeSet::new();
    for (key, value) in &example {
        match value.as_table() {
            Some(table) => documented.extend(table.keys().map(|k| format!("{key}.{k}"))),
            None => {
                documented.insert(key.clone());
            }
        }
    }
    let env = TestEnv::new();
    let example_path = example_path.to_str().expect("a UTF-8 path");
    let shown = env.ok(&["--config", example_path, "config"]);
    let mut printed = BTreeSet::new();
    let mut table = String::new();
    for line in shown.lines() {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            table = format!("{name}.");
        } else if let Some((key, _)) = line.split_once(" = ") {
            printed.insert(format!("{table}{key}"));
        }
    }
    assert_eq!(printed, documented, "{shown}");
}

/// `--config /dev/null` is the built-in defaults with relative folders
/// taken from the current folder, never from `/dev`; a FIFO, a folder or
/// another device is refused unread (exit 2), as reading a FIFO may wait
/// for ever (docs/reference.md, "Configuration").
#[test]
fn a_config_that_is_not_a_regular_file_is_the_null_device_or_refused() {
    let env = TestEnv::new();
    let null = ["--config", "/dev/null"];
    assert_eq!(shown(&env, &null, &[], "games_dir").1, "\"games\"");
    assert_eq!(
        shown(&env, &null, &[], "conditional_dir").1,
        "\"conditional\""
    );
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4"]);
    env.ok(&[
        "--config",
        "/dev/null",
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e7e5 2. Ng1f3",
    ]);
    assert!(env.path("conditional").is_dir(), "lines kept here");
    assert!(!std::path::Path::new("/dev/conditional").exists());
    let fifo = env.path("fifo.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("running mkfifo");
    assert!(made.success());
    std::fs::create_dir(env.path("folder.toml")).expect("a folder");
    for (path, kind) in [
        ("fifo.toml", "FIFO"),
        ("folder.toml", "folder"),
        ("/dev/zero", "character device"),
    ] {
        let out = env.run_within(
            &["--config", path, "games"],
            &[],
            std::time::Duration::from_secs(60),
        );
        assert_eq!(out.code, 2, "{path}: {}", out.stderr);
        assert_eq!(
            out.stderr,
            format!(
                "dynamo: config file {path}: a {kind}, not a regular file: give a config file, \
                 or /dev/null for the built-in defaults\n"
            )
        );
    }
}
