//! A player's private data is the owner's alone, like the mail key
//! (docs/director.md, "Files and folders"): every file of conditional
//! lines, the inbox's state and the outbox made 0600, every folder 0700;
//! one an earlier version made looser is tightened by the next write.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use super::world::World;

const ALICE: &str = "Alice <alice@example.org>";

/// Every folder under `dir` (and `dir`) and every file but the lock
/// files, which hold nothing, with its mode.
fn modes(dir: &Path) -> Vec<(String, bool, u32)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        let meta = std::fs::symlink_metadata(&path).expect("a file's mode");
        let mode = meta.permissions().mode() & 0o7777;
        let name = path.display().to_string();
        if meta.is_dir() {
            for entry in std::fs::read_dir(&path).expect("a folder") {
                stack.push(entry.expect("an entry").path());
            }
        } else if name.ends_with(".lock") {
            continue;
        }
        found.push((name, meta.is_dir(), mode));
    }
    found
}

#[track_caller]
fn assert_private(w: &World, folders: &[&str]) {
    for folder in folders {
        let all = modes(&w.env.path(folder));
        assert!(all.iter().any(|(_, dir, _)| !dir), "no file in {folder}");
        for (name, dir, mode) in all {
            let want = if dir { 0o700 } else { 0o600 };
            assert_eq!(mode, want, "{name}: {mode:o}");
        }
    }
}

/// A reply with a move and a line, a stranger's mail set aside, a digest
/// chosen: files in the conditional folder, the inbox's state (handled,
/// unmatched) and the outbox (sent, digest).
fn play(w: &World, id: &str, text: &str) {
    let notice = w.last_to("alice@example.org");
    w.handled(&w.reply(&notice, ALICE, id, text));
    let stranger = w
        .reply(
            &notice,
            "Eve <eve@example.org>",
            &format!("eve-{id}"),
            "e2e4",
        )
        .replace(ALICE, "Eve <eve@example.org>");
    w.handled(&stranger);
}

#[test]
fn private_files_are_0600_in_folders_0700_and_looser_ones_are_tightened() {
    let w = World::new();
    play(&w, "m1@alice", "1. e2e4, and if 1... e5 then 2. Nf3");
    w.env.ok(&[
        "digest",
        "--player",
        "alice@example.org",
        "--choose",
        "daily",
    ]);
    let folders = ["conditional", "inbox", "outbox"];
    assert_private(&w, &folders);
    // As an earlier version left them: readable by every local user.
    for (path, mode) in [
        ("conditional", 0o755),
        ("inbox/handled", 0o755),
        ("outbox/sent", 0o755),
    ] {
        std::fs::set_permissions(w.env.path(path), std::fs::Permissions::from_mode(mode))
            .expect("chmod");
    }
    let lines: Vec<_> = std::fs::read_dir(w.env.path("conditional"))
        .expect("the lines' folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| !p.display().to_string().ends_with(".lock"))
        .collect();
    for line in &lines {
        std::fs::set_permissions(line, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    }
    // Bob's move plays Alice's line: her lines' file is written again.
    let notice = w.last_to("bob@example.org");
    w.handled(&w.reply(&notice, "Bob <bob@example.org>", "m2@bob", "1... e7e5"));
    play(&w, "m3@alice", "I agree, and if 2... Nc6 then 3. Bc4");
    assert_private(&w, &folders);
}
