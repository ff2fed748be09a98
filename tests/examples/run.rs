//! Running a file's examples in a scratch folder, comparing what they
//! print, and (with `DYNAMO_EXAMPLES=overwrite`) writing what they print
//! back into the file.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::session::{self, Step};
use crate::support::smtp::{Options, SmtpServer};

/// The line a guide puts before its first example that needs a mail
/// server, as its text tells the reader to start one: the runner starts
/// the tests' real SMTP server on a free port, links the scratch folder's
/// `received/` to the folder it saves messages in, and runs each command
/// with that port for [`GUIDE_PORT`] (and prints it back as written).
const SMTP_MARKER: &str = "<!-- examples: an SMTP server on port 2525 saving to received/ -->";
const GUIDE_PORT: &str = "2525";

/// How long one example may run: the slowest, a solver's mate in three,
/// takes a few seconds in a debug build.
const LIMIT: Duration = Duration::from_secs(120);

/// Runs the examples of `root/file` in order and panics with every one
/// that printed otherwise or exited with another code; under
/// `DYNAMO_EXAMPLES=overwrite`, writes what they printed into the file
/// instead.
pub fn check_file(root: &Path, file: &str) {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let work = scratch.path();
    copy_folder(&root.join("games"), &work.join("games"));
    check_in(root, file, None, work);
}

/// Runs the examples of the section of `root/file` under the heading
/// `heading` (up to the next heading of its level) in the folder `work`,
/// as [`check_file`] runs a whole file's in a copy of the sample games.
pub fn check_section_in(root: &Path, file: &str, heading: &str, work: &Path) {
    check_in(root, file, Some(heading), work);
}

fn check_in(root: &Path, file: &str, heading: Option<&str>, work: &Path) {
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {file}: {e}"));
    let mut steps = session::steps(&text);
    if let Some(heading) = heading {
        let (from, to) = section_lines(&text, heading);
        steps.retain(|s| (from..to).contains(&s.line));
        assert!(!steps.is_empty(), "{file}: no example under {heading:?}");
    }
    let logs = tempfile::tempdir().expect("a folder for the output");
    std::fs::create_dir_all(work.join("home")).expect("a home folder");
    let server = text.contains(SMTP_MARKER).then(|| {
        let server = SmtpServer::start(Options::default());
        std::os::unix::fs::symlink(server.maildir(), work.join("received"))
            .expect("received/ linked to the server's folder");
        server
    });
    let port = server.as_ref().map(|s| s.port.to_string());

    let overwrite = std::env::var("DYNAMO_EXAMPLES").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Replacing one step's output shifts the lines of the ones after it.
    let mut shift: isize = 0;
    for (n, step) in steps.iter().enumerate() {
        let log = logs.path().join(format!("{n}.out"));
        let (code, printed) = run(step, work, &log, port.as_deref());
        let printed: Vec<&str> = printed.lines().collect();
        if code == step.exit && session::matches(&step.expected, &printed) {
            continue;
        }
        if overwrite {
            let dollar = (step.line as isize - 1 + shift) as usize;
            if code != step.exit {
                lines[dollar] = with_exit(&lines[dollar], code);
            }
            let start = (step.output.0 as isize + shift) as usize;
            let end = (step.output.1 as isize + shift) as usize;
            let new: Vec<String> = printed.iter().map(|l| l.trim_end().to_string()).collect();
            shift += new.len() as isize - (end - start) as isize;
            lines.splice(start..end, new);
            continue;
        }
        failures.push(format!(
            "{file}:{}: $ {}\n--- expected (exit {}):\n{}\n--- printed (exit {code}):\n{}",
            step.line,
            step.command,
            step.exit,
            step.expected.join("\n"),
            printed.join("\n"),
        ));
    }
    if overwrite {
        let mut out = lines.join("\n");
        out.push('\n');
        if out != text {
            std::fs::write(&path, out).unwrap_or_else(|e| panic!("writing {file}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) of {file} differ (DYNAMO_EXAMPLES=overwrite writes what they print into the file):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The lines (counted from 1) of the section under `heading`: from the
/// heading to the next heading of the same level or above.
fn section_lines(text: &str, heading: &str) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_end() == heading)
        .unwrap_or_else(|| panic!("no heading {heading:?}"));
    let level = heading.chars().take_while(|&c| c == '#').count();
    // A `# comment` in a code block is no heading.
    let mut fenced = false;
    let end = lines[start + 1..]
        .iter()
        .position(|l| {
            fenced ^= l.starts_with("```");
            let hashes = l.chars().take_while(|&c| c == '#').count();
            !fenced && hashes > 0 && hashes <= level && l[hashes..].starts_with(' ')
        })
        .map_or(lines.len(), |n| start + 1 + n);
    (start + 1, end + 1)
}

/// A command's first line with its exit comment saying `code`.
fn with_exit(line: &str, code: i32) -> String {
    let bare = match line.rsplit_once("# exit ") {
        Some((before, after)) if after.trim().parse::<i32>().is_ok() => before.trim_end(),
        _ => line.trim_end(),
    };
    if code == 0 {
        bare.to_string()
    } else {
        format!("{bare}   # exit {code}")
    }
}

/// Runs one command with bash in `work`, its standard output and error
/// together into `log`, as a terminal would show them; a command that
/// outlives [`LIMIT`] is killed. With a test server's `port`, the
/// guide's port in the command is that port, and the port it prints is
/// the guide's.
fn run(step: &Step, work: &Path, log: &Path, port: Option<&str>) -> (i32, String) {
    let out = File::create(log).expect("the output file");
    let err = out.try_clone().expect("the output file, twice");
    let bin = Path::new(env!("CARGO_BIN_EXE_dynamo"))
        .parent()
        .expect("the binary's folder");
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut all = vec![bin.to_path_buf()];
            all.extend(std::env::split_paths(&p));
            std::env::join_paths(all).expect("PATH")
        }
        None => bin.as_os_str().to_owned(),
    };
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(match port {
            Some(port) => step.command.replace(GUIDE_PORT, port),
            None => step.command.clone(),
        })
        .current_dir(work)
        .env("PATH", path)
        .env("HOME", work.join("home"))
        .env("TZ", "UTC")
        .env_remove("DYNAMO_CONFIG")
        .env_remove("DYNAMO_SMTP_CA_FILE")
        .env_remove("DYNAMO_IMAP_CA_FILE")
        .env_remove("DYNAMO_LOCK_WAIT")
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("bash runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for bash") {
            break status;
        }
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "line {}: `{}` ran over {} s",
                step.line,
                step.command,
                LIMIT.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let printed = std::fs::read_to_string(log).expect("the output, as text");
    let printed = match port {
        Some(port) => printed.replace(port, GUIDE_PORT),
        None => printed,
    };
    (status.code().unwrap_or(-1), printed)
}

/// Copies the files of `from` into a new folder `to` (the sample games:
/// one level, no links).
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("the scratch games folder");
    for entry in std::fs::read_dir(from).expect("the games folder") {
        let entry = entry.expect("a games folder entry");
        if entry.file_type().expect("its type").is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name()))
                .expect("a copy of a sample game");
        }
    }
}
