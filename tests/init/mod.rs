//! `dynamo init`: a club folder that works as made (the README's tour
//! runs in it as written), made once and never over anything, and the
//! package's layout (`--system`) with each file's and folder's mode,
//! under a test root that stands for `/`.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::support::{TestEnv, repo};

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o7777
}

/// Every file and folder under `dir`, with its mode, sorted.
fn tree(dir: &Path) -> Vec<(String, u32)> {
    let mut all = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            let rel = path
                .strip_prefix(dir)
                .expect("inside")
                .display()
                .to_string();
            all.push((rel, mode(&path)));
            if path.is_dir() {
                stack.push(path);
            }
        }
    }
    all.sort();
    all
}

#[test]
fn the_readme_tour_runs_as_written_in_a_new_club() {
    let env = TestEnv::new();
    let out = env.ok(&[
        "init",
        "club",
        "--name",
        "Ada King",
        "--email",
        "td@example.org",
        "--smtp",
        "smtp.example.org",
        "--imap",
        "imap.example.org",
    ]);
    assert!(out.contains("made club/office/dynamo.toml"), "{out}");
    assert!(
        out.contains("DYNAMO_SMTP_PASSWORD and DYNAMO_IMAP_PASSWORD"),
        "{out}"
    );
    let club = env.path("club/office");
    crate::examples::run::check_section_in(repo(), "README.md", "## A five-minute tour", &club);
}

#[test]
fn a_second_init_refuses_and_changes_nothing() {
    let env = TestEnv::new();
    env.ok(&[
        "init",
        "club",
        "--email",
        "td@example.org",
        "--smtp",
        "smtp.example.org",
    ]);
    let before = tree(&env.path("club"));
    let config = env.read("club/office/dynamo.toml");
    let again = env.run(&["init", "club", "--email", "other@example.org"]);
    assert_eq!(again.code, 2, "{}", again.stderr);
    assert!(
        again.stderr.contains("club/office/dynamo.toml"),
        "{}",
        again.stderr
    );
    assert!(
        again.stderr.contains("nothing was written"),
        "{}",
        again.stderr
    );
    assert_eq!(tree(&env.path("club")), before);
    assert_eq!(env.read("club/office/dynamo.toml"), config);
}

#[test]
fn the_config_names_the_password_variables_and_holds_no_password() {
    let env = TestEnv::new();
    env.ok(&[
        "init",
        "club",
        "--email",
        "td@example.org",
        "--smtp",
        "smtp.example.org:2587",
    ]);
    let text = env.read("club/office/dynamo.toml");
    assert!(
        text.contains("password_env = \"DYNAMO_SMTP_PASSWORD\""),
        "{text}"
    );
    assert!(
        text.contains("host = \"smtp.example.org\"\nport = 2587"),
        "{text}"
    );
    assert!(
        text.contains("# [inbox]"),
        "no IMAP server: the table is off\n{text}"
    );
    // Commented as the example is: each of its comment lines is there.
    let example = std::fs::read_to_string(repo().join("config.example.toml")).expect("example");
    for line in example.lines().filter(|l| l.starts_with("# ")) {
        assert!(text.contains(line), "lost: {line}");
    }
    assert_eq!(mode(&env.path("club/office/dynamo.key")), 0o600);
    for private in ["outbox", "inbox", "conditional"] {
        assert_eq!(
            mode(&env.path(&format!("club/office/{private}"))),
            0o700,
            "{private}"
        );
    }
    // The setup as `dynamo config` reads it: every path beside the config.
    let shown = env.ok(&["--config", "club/office/dynamo.toml", "config"]);
    assert!(
        shown.contains("# secret_env: none; the reply tokens' key is in"),
        "{shown}"
    );
}

#[test]
fn the_packages_layout_under_a_test_root() {
    let env = TestEnv::new();
    let root = env.path("root");
    let root_arg = root.display().to_string();
    env.ok(&[
        "init",
        "--system",
        "--root",
        &root_arg,
        "--email",
        "td@example.org",
        "--smtp",
        "127.0.0.1:2525",
        "--smtp-security",
        "none",
        "--smtp-user",
        "",
    ]);
    let state = root.join("var/lib/dynamo");
    let expected = [
        ("etc/dynamo/dynamo.toml", 0o640),
        ("etc/dynamo/env", 0o600),
        ("etc/dynamo/dynamo.key", 0o600),
        ("var/lib/dynamo", 0o751),
        ("var/lib/dynamo/games", 0o750),
        ("var/lib/dynamo/outbox", 0o700),
        ("var/lib/dynamo/inbox", 0o700),
        ("var/lib/dynamo/conditional", 0o700),
        ("var/lib/dynamo/public", 0o755),
        ("var/lib/dynamo/public/index.html", 0o644),
        ("var/lib/dynamo/public/feed.xml", 0o644),
    ];
    for (path, want) in expected {
        assert_eq!(
            mode(&root.join(path)),
            want,
            "{path}: {:o}",
            mode(&root.join(path))
        );
    }
    assert!(
        std::fs::read_to_string(root.join("etc/dynamo/env"))
            .expect("env")
            .lines()
            .all(|l| l.starts_with('#')),
        "the environment file holds no value"
    );
    let text = std::fs::read_to_string(root.join("etc/dynamo/dynamo.toml")).expect("config");
    let games = format!("games_dir = \"{}\"", state.join("games").display());
    assert!(text.contains(&games), "absolute paths: {text}");
    assert!(
        text.contains(&format!("dir = \"{}\"", state.join("public").display())),
        "{text}"
    );
    // The config reads, and its folders are the layout's.
    let config = root.join("etc/dynamo/dynamo.toml").display().to_string();
    let shown = env.ok(&["--config", &config, "config"]);
    assert!(
        shown.contains(&format!("outbox = \"{}\"", state.join("outbox").display())),
        "{shown}"
    );

    let again = env.run(&["init", "--system", "--root", &root_arg]);
    assert_eq!(again.code, 2, "{}", again.stderr);
}

/// The services run with `UMask=0027` (packaging/systemd/): the pages an
/// event writes must still be readable by a web server, other users'
/// program, while the games stay private.
#[test]
fn pages_written_under_the_services_umask_are_readable_by_others() {
    let env = TestEnv::new();
    env.ok(&["init", "club"]);
    let bin = env!("CARGO_BIN_EXE_dynamo");
    let script = format!(
        "umask 0027 && cd club/office && {bin} new games/new.pgn --white 'Ada <ada@example.org>' \
         --black 'Charles <charles@example.org>' --at '2026-11-22 07:30' >/dev/null"
    );
    let status = std::process::Command::new("bash")
        .args(["-c", &script])
        .current_dir(env.path(""))
        .env_remove("DYNAMO_CONFIG")
        .env("HOME", env.path("home"))
        .status()
        .expect("bash runs");
    assert!(status.success());
    assert_eq!(
        mode(&env.path("club/office/games/new.pgn")),
        0o640,
        "the game stays private"
    );
    let pages = tree(&env.path("club/public"));
    let game_pages: Vec<&(String, u32)> = pages.iter().filter(|(p, _)| p.contains("new")).collect();
    assert!(!game_pages.is_empty(), "{pages:?}");
    for (page, mode) in &pages {
        if page.starts_with('.') {
            continue;
        }
        let want = if env.path("club/public").join(page).is_dir() {
            0o755
        } else {
            0o644
        };
        assert_eq!(*mode, want, "{page}: {mode:o}");
    }
}

/// `dynamo config --check` on a club `init` made: each check a line, the
/// password variable said set or not and never shown, exit 0 only when
/// every check is ok; `--json` says the same.
#[test]
fn config_check_says_each_problem_and_never_a_password() {
    let server = crate::support::smtp::SmtpServer::start(crate::support::smtp::Options::default());
    let env = TestEnv::new();
    let smtp = format!("127.0.0.1:{}", server.port);
    env.ok(&[
        "init",
        "club",
        "--email",
        "td@example.org",
        "--smtp",
        &smtp,
        "--smtp-security",
        "none",
    ]);
    let config = ["--config", "club/office/dynamo.toml", "config", "--check"];
    let secret = "s3cret-Zürich";
    let ok = env.run_with(&config, &[("DYNAMO_SMTP_PASSWORD", secret)]);
    assert_eq!(ok.code, 0, "{}{}", ok.stdout, ok.stderr);
    assert!(
        ok.stdout.contains("ok      SMTP server: 127.0.0.1:"),
        "{}",
        ok.stdout
    );
    assert!(
        ok.stdout
            .contains("ok      SMTP password: DYNAMO_SMTP_PASSWORD is set"),
        "{}",
        ok.stdout
    );
    assert!(
        ok.stdout.contains("ok      pages for others:"),
        "{}",
        ok.stdout
    );
    assert!(!ok.stdout.contains(secret) && !ok.stderr.contains(secret));
    assert!(!ok.stdout.contains("problem"), "{}", ok.stdout);

    let missing = env.run_with(&config, &[("DYNAMO_SMTP_PASSWORD", "")]);
    assert_eq!(missing.code, 1, "{}", missing.stdout);
    assert!(
        missing
            .stdout
            .contains("problem SMTP password: DYNAMO_SMTP_PASSWORD is not set"),
        "{}",
        missing.stdout
    );

    let mut json_args = config.to_vec();
    json_args.push("--json");
    let json = env.run_with(&json_args, &[("DYNAMO_SMTP_PASSWORD", "")]);
    assert_eq!(json.code, 1);
    let checks: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let failed: Vec<&str> = checks
        .as_array()
        .expect("an array")
        .iter()
        .filter(|c| c["ok"] == false)
        .filter_map(|c| c["check"].as_str())
        .collect();
    assert_eq!(failed, ["SMTP password"]);
}

/// A config whose pages lie inside its own folder (`public/` beside
/// `dynamo.toml`, the layout before the site's rule) hears it from
/// `config --check`, both folders named.
#[test]
fn config_check_names_pages_inside_the_configs_folder() {
    let env = TestEnv::new();
    env.ok(&["init", "club"]);
    let path = "club/office/dynamo.toml";
    let text = env.read(path);
    assert!(text.contains("\ndir = \"../public\"\n"), "{text}");
    env.write(
        path,
        &text.replace("\ndir = \"../public\"\n", "\ndir = \"public\"\n"),
    );
    let out = env.run(&["--config", path, "config", "--check"]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains(
            "problem pages folder: the site folder club/office/public lies inside the config's folder club/office"
        ),
        "{}",
        out.stdout
    );
}
