//! The director's secret, which signs the reply tokens of notices (see
//! [`super::token`]): read from the variable `[mail] secret_env` names,
//! or else from a key file beside the config (`dynamo.key`), made on first
//! use. The secret is never printed, never written into a game file, a
//! notice or the config.
//!
//! The key file is made whole or not at all, and by one process only: it
//! is written under a temporary name, flushed, then linked to its real
//! name, which fails if another process made one first (then that key is
//! read instead). Two processes can therefore never sign with two
//! different keys. A key file that other users may read is refused.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use super::mail_config::MailConfig;
use crate::durable::{self, FileError, ReadError};
use dynamo_net::is_plausible_variable_name;

/// The shortest secret accepted from the environment, in bytes.
pub const MIN_SECRET_BYTES: usize = 16;

/// The bytes of a new key file's key.
const KEY_BYTES: usize = 32;

/// The secret that signs reply tokens. Its `Debug` shows nothing of it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// Why there is no secret to sign or check tokens with.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SecretError {
    /// `secret_env` names a variable that is not set.
    #[error("the environment variable {0} (mail.secret_env) is not set or is empty")]
    Unset(String),
    /// `secret_env` does not look like a variable's name: perhaps the
    /// secret itself, which is then not echoed.
    #[error(
        "mail.secret_env must be the NAME of an environment variable (upper-case letters, \
         digits, _); its value is not shown, as it may be the secret itself"
    )]
    NotAName,
    /// The variable holds too little to be a secret.
    #[error(
        "the environment variable {name} (mail.secret_env) holds {len} bytes; a secret needs \
         at least {MIN_SECRET_BYTES}"
    )]
    TooShort { name: String, len: usize },
    /// The key file could not be read, made or flushed.
    #[error("key file {}: {source}", .0.path.display(), source = .0.source)]
    File(FileError),
    /// The key file is not a regular file, or is too large to be a key.
    #[error("key file {0}")]
    Unusable(String),
    /// Other users may read the key file.
    #[error(
        "key file {}: other users may read it (mode {mode:03o}); run `chmod 600 {}`",
        path.display(),
        path.display()
    )]
    Exposed { path: PathBuf, mode: u32 },
    /// The key file does not hold a key.
    #[error("key file {}: not a key (expected {} hexadecimal digits)", path.display(), KEY_BYTES * 2)]
    Malformed { path: PathBuf },
    /// There is no key file, and none was to be made (a dry run).
    #[error("no key file {} yet: no notice has carried a reply token", path.display())]
    Missing { path: PathBuf },
}

impl SecretError {
    /// Whether the settings or the key file are wrong (the director must
    /// act), rather than the disk failing.
    pub fn is_setting(&self) -> bool {
        !matches!(self, SecretError::File(_))
    }
}

impl From<FileError> for SecretError {
    fn from(e: FileError) -> SecretError {
        SecretError::File(e)
    }
}

impl Secret {
    /// A secret of these bytes (for tests and tools).
    pub fn from_bytes(bytes: &[u8]) -> Secret {
        Secret(bytes.to_vec())
    }

    /// The bytes that key the HMAC.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.0
    }

    /// The secret of `config`: from the variable `secret_env` names, or
    /// from the key file, which is made when `create` is set and there is
    /// none yet.
    pub fn load(config: &MailConfig, create: bool) -> Result<Secret, SecretError> {
        match &config.secret_env {
            Some(name) => from_env(name),
            None => from_key_file(&config.key_file, create),
        }
    }
}

fn from_env(name: &str) -> Result<Secret, SecretError> {
    if !is_plausible_variable_name(name) {
        return Err(SecretError::NotAName);
    }
    let value = std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| SecretError::Unset(name.to_string()))?;
    let bytes = value.as_encoded_bytes();
    if bytes.len() < MIN_SECRET_BYTES {
        return Err(SecretError::TooShort {
            name: name.to_string(),
            len: bytes.len(),
        });
    }
    Ok(Secret(bytes.to_vec()))
}

/// Reads the key file at `path`, making it first if there is none and
/// `create` is set.
fn from_key_file(path: &Path, create: bool) -> Result<Secret, SecretError> {
    match read_key(path) {
        Err(SecretError::File(e)) if e.source.kind() == io::ErrorKind::NotFound => {
            if !create {
                return Err(SecretError::Missing {
                    path: path.to_path_buf(),
                });
            }
            make_key(path)?;
            read_key(path)
        }
        read => read,
    }
}

fn read_key(path: &Path) -> Result<Secret, SecretError> {
    let bytes = durable::read_regular(path, 1024).map_err(|e| match e {
        ReadError::File(e) => SecretError::File(e),
        other => SecretError::Unusable(other.to_string()),
    })?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(path)
            .map_err(|e| FileError::new(path, e))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(SecretError::Exposed {
                path: path.to_path_buf(),
                mode: mode & 0o777,
            });
        }
    }
    let malformed = || SecretError::Malformed {
        path: path.to_path_buf(),
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| malformed())?.trim();
    if text.len() != KEY_BYTES * 2 {
        return Err(malformed());
    }
    let key = (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2).unwrap_or("x"), 16))
        .collect::<Result<Vec<u8>, _>>()
        .map_err(|_| malformed())?;
    Ok(Secret(key))
}

/// Makes the key file at `path` with a new random key, unless another
/// process makes one first: then theirs stands.
fn make_key(path: &Path) -> Result<(), SecretError> {
    let mut key = [0u8; KEY_BYTES];
    let random = Path::new("/dev/urandom");
    fs::File::open(random)
        .and_then(|mut f| f.read_exact(&mut key))
        .map_err(|e| FileError::new(random, e))?;
    let text: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    static MADE: AtomicU32 = AtomicU32::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    name.push(format!(".new{}-{n}", std::process::id()));
    let tmp = folder.join(name);
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let opened = match options.open(&tmp) {
        // Left by a killed process of the same id, which never linked it.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let _ = fs::remove_file(&tmp);
            options.open(&tmp)
        }
        opened => opened,
    };
    let written = opened.and_then(|mut file| {
        file.write_all(format!("{text}\n").as_bytes())?;
        file.sync_all()
    });
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(FileError::new(&tmp, e).into());
    }
    // A link never replaces a file: of two makers, one wins, whole.
    let linked = fs::hard_link(&tmp, path);
    // Removing the temporary name also flushes the folder, and with it
    // the new link.
    let removed = durable::remove(&tmp);
    match linked {
        Ok(()) => Ok(removed?),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(FileError::new(path, e).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_file_is_made_once_private_and_read_back() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("dynamo.key");
        assert!(matches!(
            from_key_file(&path, false),
            Err(SecretError::Missing { .. })
        ));
        let first = from_key_file(&path, true).expect("made");
        let again = from_key_file(&path, true).expect("read");
        assert_eq!(first, again);
        assert_eq!(first.bytes().len(), KEY_BYTES);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
            fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
            let err = from_key_file(&path, true).expect_err("exposed");
            assert!(err.to_string().contains("chmod 600"), "{err}");
        }
        let names: Vec<_> = fs::read_dir(tmp.path()).expect("list").collect();
        assert_eq!(names.len(), 1, "no temporary file is left");
        assert_eq!(format!("{first:?}"), "Secret(…)");
    }

    #[test]
    fn racing_makers_end_with_one_key() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("dynamo.key");
        let keys: Vec<Secret> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| s.spawn(|| from_key_file(&path, true).expect("a key")))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("joined"))
                .collect()
        });
        assert!(keys.windows(2).all(|w| w[0] == w[1]));
    }

    #[test]
    fn a_broken_key_file_is_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("dynamo.key");
        fs::write(&path, "not a key\n").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).expect("chmod");
        }
        assert!(matches!(
            from_key_file(&path, true),
            Err(SecretError::Malformed { .. })
        ));
    }
}
