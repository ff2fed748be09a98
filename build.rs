//! Names the commit `dynamo` is built from, for `dynamo --version`:
//! `DYNAMO_VERSION` is `0.1.0 (commit 1a2b3c4)` in a git clone, and only
//! `0.1.0` where there is no repository (a source tarball, a registry
//! copy) or no git.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let version = env!("CARGO_PKG_VERSION");
    // Read when the script runs, not when it was compiled: a build script
    // compiled for one checkout may run for another (a copied target/).
    let Some(manifest_dir) = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from) else {
        println!("cargo:rustc-env=DYNAMO_VERSION={version}");
        return;
    };
    let full = match commit(&manifest_dir) {
        Some(commit) => format!("{version} (commit {commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=DYNAMO_VERSION={full}");
}

/// The short hash of `HEAD`, when `dir` is the top of a git work tree.
/// Also asks cargo to build again when `HEAD` or the branch it names
/// moves.
fn commit(dir: &Path) -> Option<String> {
    // A copy unpacked inside some other repository must not take that
    // repository's commit for its own.
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    if Path::new(&top).canonicalize().ok()? != dir.canonicalize().ok()? {
        return None;
    }
    // In a linked work tree `.git` is a file, and the branch lives in the
    // main repository: ask git where each file is.
    let mut watched = vec![PathBuf::from(git(
        dir,
        &["rev-parse", "--git-path", "HEAD"],
    )?)];
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        // The branch's folder, not its file: a branch that lives only in
        // packed-refs gets its own file at the next commit.
        let file = PathBuf::from(git(dir, &["rev-parse", "--git-path", &branch])?);
        watched.extend(file.parent().map(Path::to_path_buf));
    }
    watched.push(PathBuf::from(git(
        dir,
        &["rev-parse", "--git-path", "packed-refs"],
    )?));
    for file in watched {
        let path = dir.join(file);
        // A file that does not exist would make cargo run this every time.
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    git(dir, &["rev-parse", "--short", "HEAD"])
}

/// What `git ARGS` prints in `dir`, trimmed; `None` if git is missing or
/// fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}
