//! Game files on a real file system: symbolic links, mode and owner,
//! special files, size, missing and empty folders, and the temporary
//! files of killed writes (docs/reference.md, "Reliability").

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::process::Command;
use std::time::Duration;

use crate::support::TestEnv;

/// Long enough for any run of `dynamo` on a busy machine; only what
/// hangs reaches it.
const HANG: Duration = Duration::from_secs(60);

/// Makes a FIFO at `name` in the test's folder.
fn mkfifo(env: &TestEnv, name: &str) {
    let status = Command::new("mkfifo")
        .arg(env.path(name))
        .status()
        .expect("running mkfifo");
    assert!(status.success(), "mkfifo {name}");
}

/// Gives `name` to uid and gid 65534 (nobody), or says why the test
/// cannot: only root may.
fn give_to_nobody(env: &TestEnv, name: &str) -> bool {
    match std::os::unix::fs::chown(env.path(name), Some(65534), Some(65534)) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            eprintln!("not root: the owner is not checked");
            false
        }
        Err(e) => panic!("chown {name}: {e}"),
    }
}

#[test]
fn a_move_through_a_symlink_is_recorded_in_the_real_file_under_its_lock() {
    let env = TestEnv::new();
    env.new_game(&[]);
    std::os::unix::fs::symlink("g.pgn", env.path("link.pgn")).unwrap();
    env.ok(&["move", "link.pgn", "e2e4", "--by", "white"]);
    let link = fs::symlink_metadata(env.path("link.pgn")).unwrap();
    assert!(link.file_type().is_symlink(), "the link stays a link");
    assert!(
        env.read("g.pgn").contains("1. e2e4 {"),
        "{}",
        env.read("g.pgn")
    );
    assert!(!env.path("link.pgn.lock").exists());
    // Both names lock the same file: while g.pgn's lock is held, a move
    // through the link waits for it.
    let lock = fs::File::open(env.path("g.pgn.lock")).unwrap();
    lock.lock().unwrap();
    let out = env.run_within(
        &["move", "link.pgn", "e7e5", "--by", "black"],
        &[("DYNAMO_LOCK_WAIT", "1")],
        HANG,
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "dynamo: g.pgn: the game is locked by another process (g.pgn.lock); gave up after 1 s\n"
    );
    drop(lock);
    env.ok(&["move", "link.pgn", "e7e5", "--by", "black"]);
    assert!(env.read("g.pgn").contains(" e7e5 {"));
}

#[test]
fn a_move_keeps_the_mode_and_owner_of_the_game_file() {
    let env = TestEnv::new();
    env.new_game(&[]);
    fs::set_permissions(env.path("g.pgn"), fs::Permissions::from_mode(0o600)).unwrap();
    let foreign = give_to_nobody(&env, "g.pgn");
    env.ok(&["move", "g.pgn", "e2e4"]);
    let meta = fs::metadata(env.path("g.pgn")).unwrap();
    assert_eq!(meta.mode() & 0o7777, 0o600);
    if foreign {
        assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    }
    assert!(env.read("g.pgn").contains("1. e2e4 {"));
}

#[test]
fn a_fifo_or_a_device_named_pgn_is_reported_not_read() {
    let env = TestEnv::new();
    env.new_game_at("2020-11-20T09:00:00Z", &[]);
    fs::create_dir(env.path("games")).unwrap();
    fs::rename(env.path("g.pgn"), env.path("games/a.pgn")).unwrap();
    mkfifo(&env, "games/f.pgn");
    std::os::unix::fs::symlink("/dev/zero", env.path("games/z.pgn")).unwrap();
    let verify = env.run_within(&["verify"], &[], HANG);
    assert_eq!(verify.code, 1, "{}", verify.stderr);
    assert_eq!(
        verify.stdout,
        "games/a.pgn: ok, 0 half-moves, White to move
games/f.pgn: a FIFO, not a regular file; a game file must be one
games/z.pgn: a character device, not a regular file; a game file must be one
3 files: 1 ok, 2 bad
"
    );
    let games = env.run_within(&["games"], &[], HANG);
    assert_eq!(games.code, 1, "{}", games.stderr);
    assert!(
        games.stdout.starts_with("Folder: games/\n")
            && games.stdout.contains(
                "\nf.pgn  does not replay: a FIFO, not a regular file; a game file must be one\n"
            ),
        "{}",
        games.stdout
    );
    let out = env.run_within(&["move", "games/f.pgn", "e2e4"], &[], HANG);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "dynamo: games/f.pgn: a FIFO, not a regular file; a game file must be one\n"
    );
    assert!(!env.path("games/f.pgn.lock").exists());
}

#[test]
fn a_fifo_as_the_lock_file_is_refused_without_waiting() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    fs::remove_file(env.path("g.pgn.lock")).unwrap();
    mkfifo(&env, "g.pgn.lock");
    let out = env.run_within(&["move", "g.pgn", "e2e4"], &[], HANG);
    assert_eq!(out.code, 3);
    assert_eq!(
        out.stderr,
        "dynamo: g.pgn.lock: a FIFO, not a regular file as a lock file must be; remove it\n"
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn a_game_file_over_64_mib_is_refused_unread() {
    let env = TestEnv::new();
    // Sparse: no disk and no time spent on it.
    let big = fs::File::create(env.path("big.pgn")).unwrap();
    big.set_len((64 << 20) + 1).unwrap();
    let out = env.run_within(&["verify", "big.pgn"], &[], HANG);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "big.pgn: 67108865 bytes, over the limit of 67108864 bytes for a game file\n1 file: 0 ok, 1 bad\n"
    );
    let out = env.run_within(&["move", "big.pgn", "e2e4"], &[], HANG);
    assert_eq!(out.code, 2);
    assert!(!env.path("big.pgn.lock").exists());
}

#[test]
fn a_missing_games_folder_is_named_with_what_to_do() {
    let env = TestEnv::new();
    let message = "dynamo: the games folder games (games_dir in the config) does not exist; \
start a game with 'dynamo new games/NAME.pgn --white … --black …', set games_dir in dynamo.toml, \
or name the game files\n";
    env.fails(&["verify"], 2, message);
    env.fails(&["games"], 2, message);
    env.fails(&["games", "--json"], 2, message);
}

#[test]
fn an_empty_games_folder_is_the_same_error_for_verify_and_games() {
    let env = TestEnv::new();
    fs::create_dir(env.path("games")).unwrap();
    // Not a game file: no `.pgn`.
    env.write("games/notes.txt", "round 1\n");
    let message = "dynamo: no game files (*.pgn) in games; \
start a game with 'dynamo new games/NAME.pgn --white … --black …' or name the game files\n";
    env.fails(&["verify"], 2, message);
    env.fails(&["games"], 2, message);
    env.fails(&["games", "--json"], 2, message);
    env.fails(&["verify", "games"], 2, message);
}

/// A write killed under the game's lock leaves its temporary file and a
/// lock file that says a holder was killed: the next holder removes
/// every temporary file of the game's writes, and only those. (A lock
/// let go whole says none can be there, and the folder is not listed.)
#[test]
fn stale_temp_files_are_removed_when_the_lock_is_taken() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let killed = env.run_with(
        &["move", "g.pgn", "e2e4"],
        &[("DYNAMO_CRASH_AT", "before-rename")],
    );
    assert_ne!(killed.code, 0, "not killed before its rename");
    assert!(env.read("g.pgn.lock").starts_with("held "));
    // What other killed writes left, and names that only look alike.
    for name in [".g.pgn.tmp12345", ".g.pgn.tmp7"] {
        env.write(name, "half a game");
    }
    for name in [".g.pgn.tmp", ".g.pgn.tmpx", ".h.pgn.tmp12"] {
        env.write(name, "not ours");
    }
    // Even a refused move takes the lock, and cleans up.
    let out = env.run(&["move", "g.pgn", "e7e5", "--by", "black"]);
    assert_eq!(env.read("g.pgn.lock"), "free\n");
    assert_eq!(out.code, 1, "{}", out.stderr);
    let mut names: Vec<String> = fs::read_dir(env.path("."))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".g.pgn.tmp",
            ".g.pgn.tmpx",
            ".h.pgn.tmp12",
            "g.pgn",
            "g.pgn.lock"
        ]
    );
}
