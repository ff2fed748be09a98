//! Where `dynamo init` puts each file and folder, with what owner and
//! mode: a club folder of one director's own, or the Debian package's
//! layout (`--system`), whose services run as the user `dynamo`.
//!
//! Nothing is ever replaced: every path is checked first, and the run
//! stops before writing anything if one of them is taken (an empty
//! folder excepted, as the package's `postinst` makes the folders).

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::exit::{Exit, Failure};

/// The services' user, made by the package.
pub(crate) const SERVICE_USER: &str = "dynamo";

/// A user and group that files are given to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Owner {
    pub(crate) uid: u32,
    pub(crate) gid: u32,
}

/// Who owns a path of the layout: the one who runs `init`, root, or the
/// services' user (with root as owner and the services' group, for the
/// config they read and may not change).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Holder {
    Runner,
    Root,
    Service,
    RootServiceGroup,
}

/// One folder to make.
#[derive(Debug, Clone)]
pub(crate) struct Folder {
    pub(crate) path: PathBuf,
    pub(crate) mode: u32,
    pub(crate) holder: Holder,
}

/// The places of one club.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// The config file.
    pub(crate) config: PathBuf,
    pub(crate) config_mode: u32,
    pub(crate) config_holder: Holder,
    /// The services' environment file (the package's layout only).
    pub(crate) env: Option<PathBuf>,
    /// The state root (`/var/lib/dynamo`) with its own mode, if `init`
    /// sets it.
    pub(crate) state: Option<Folder>,
    pub(crate) games: PathBuf,
    pub(crate) outbox: PathBuf,
    pub(crate) inbox_state: PathBuf,
    pub(crate) conditional: PathBuf,
    pub(crate) public: PathBuf,
    /// The players file to copy from.
    pub(crate) players: PathBuf,
    /// Who the folders, pages and key go to.
    pub(crate) keeper: Holder,
    /// Whether the sample game goes into the games folder.
    pub(crate) sample: bool,
}

/// The folder of a local club that holds the config and everything
/// but the pages.
pub(crate) const OFFICE: &str = "office";

/// Private folders: the outbox (notices with addresses and tokens), the
/// inbox state (players' mail) and the conditional lines.
const PRIVATE: u32 = 0o700;
/// The games: the services' user and its group (a director added to it
/// reads them).
const GAMES: u32 = 0o750;
/// The pages: whatever a web server runs as may read them.
const PUBLIC: u32 = 0o755;

impl Layout {
    /// A club in `dir`: the director's files in `dir/office` (the config
    /// with every path relative to it, the key, the games and the
    /// private folders), the pages in `dir/public`, beside the office
    /// and not inside it, since a site folder may not lie inside the
    /// config's folder (docs/reference.md, "The site folder").
    pub(crate) fn local(dir: &Path) -> Layout {
        let office = dir.join(OFFICE);
        Layout {
            config: office.join("dynamo.toml"),
            config_mode: 0o644,
            config_holder: Holder::Runner,
            env: None,
            state: None,
            games: office.join("games"),
            outbox: office.join("outbox"),
            inbox_state: office.join("inbox"),
            conditional: office.join("conditional"),
            public: dir.join("public"),
            players: office.join("players.example.txt"),
            keeper: Holder::Runner,
            sample: true,
        }
    }

    /// The package's layout under `root` (`/` on a server).
    pub(crate) fn system(root: &Path) -> Layout {
        let etc = root.join("etc/dynamo");
        let state = root.join("var/lib/dynamo");
        Layout {
            config: etc.join("dynamo.toml"),
            config_mode: 0o640,
            config_holder: Holder::RootServiceGroup,
            env: Some(etc.join("env")),
            // Others may pass through to the pages, not list the rest.
            state: Some(Folder {
                path: state.clone(),
                mode: 0o751,
                holder: Holder::Service,
            }),
            games: state.join("games"),
            outbox: state.join("outbox"),
            inbox_state: state.join("inbox"),
            conditional: state.join("conditional"),
            public: state.join("public"),
            players: state.join("players.example.txt"),
            keeper: Holder::Service,
            sample: false,
        }
    }

    /// The config's folder, where the key file goes.
    pub(crate) fn config_dir(&self) -> &Path {
        self.config.parent().unwrap_or(Path::new("."))
    }

    /// The folders to make, parents first.
    pub(crate) fn folders(&self) -> Vec<Folder> {
        let keeper = self.keeper;
        let folder = |path: &PathBuf, mode| Folder {
            path: path.clone(),
            mode,
            holder: keeper,
        };
        let mut all: Vec<Folder> = self.state.iter().cloned().collect();
        all.extend([
            folder(&self.games, GAMES),
            folder(&self.outbox, PRIVATE),
            folder(&self.inbox_state, PRIVATE),
            folder(&self.conditional, PRIVATE),
            folder(&self.public, PUBLIC),
        ]);
        all
    }

    /// The files `init` writes, each of which must not exist yet.
    pub(crate) fn files(&self) -> Vec<PathBuf> {
        let mut files = vec![
            self.config.clone(),
            self.config_dir().join(dynamo::mail::mail_config::KEY_FILE),
            self.players.clone(),
        ];
        files.extend(self.env.iter().cloned());
        files
    }

    /// Refuses (exit 2, nothing written) when a file exists or a folder
    /// exists and is not empty (the state root excepted, which the
    /// package makes and which holds the others).
    pub(crate) fn check_free(&self) -> Result<()> {
        let mut taken = Vec::new();
        for file in self.files() {
            if fs::symlink_metadata(&file).is_ok() {
                taken.push(file.display().to_string());
            }
        }
        let state = self.state.as_ref().map(|f| f.path.as_path());
        for folder in self.folders() {
            if Some(folder.path.as_path()) == state {
                continue;
            }
            match fs::read_dir(&folder.path) {
                Ok(mut entries) => {
                    if entries.next().is_some() {
                        taken.push(format!("{}/ (not empty)", folder.path.display()));
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(_) => taken.push(folder.path.display().to_string()),
            }
        }
        if taken.is_empty() {
            return Ok(());
        }
        Err(Failure::new(
            Exit::Usage,
            format!(
                "not made: {} exist{} already; `dynamo init` never replaces anything (nothing was written)",
                taken.join(", "),
                if taken.len() == 1 { "s" } else { "" }
            ),
        )
        .into())
    }
}

/// Who each [`Holder`] is on this system; `None` leaves owners as the
/// system makes them (a folder of one's own, or a test's root).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Owners {
    pub(crate) service: Option<Owner>,
}

impl Owners {
    fn of(&self, holder: Holder) -> Option<Owner> {
        let service = self.service?;
        Some(match holder {
            Holder::Runner => return None,
            Holder::Root => Owner { uid: 0, gid: 0 },
            Holder::Service => service,
            Holder::RootServiceGroup => Owner {
                uid: 0,
                gid: service.gid,
            },
        })
    }

    /// Gives `path` to `holder` and sets its mode, past the umask.
    pub(crate) fn settle(&self, path: &Path, holder: Holder, mode: u32) -> Result<()> {
        if let Some(owner) = self.of(holder) {
            std::os::unix::fs::lchown(path, Some(owner.uid), Some(owner.gid))
                .with_context(|| format!("giving {} to its owner", path.display()))?;
        }
        fs::set_permissions(path, fs::Permissions::from_mode(mode))
            .with_context(|| format!("setting the mode of {}", path.display()))
    }

    /// Gives everything under `folder` (made by this run) to `holder`,
    /// modes untouched.
    pub(crate) fn give_tree(&self, folder: &Path, holder: Holder) -> Result<()> {
        let Some(owner) = self.of(holder) else {
            return Ok(());
        };
        let entries =
            fs::read_dir(folder).with_context(|| format!("reading {}", folder.display()))?;
        for entry in entries {
            let path = entry
                .with_context(|| format!("reading {}", folder.display()))?
                .path();
            std::os::unix::fs::lchown(&path, Some(owner.uid), Some(owner.gid))
                .with_context(|| format!("giving {} to its owner", path.display()))?;
            if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                self.give_tree(&path, holder)?;
            }
        }
        Ok(())
    }
}

/// Makes `folder` (its parents as the system makes them) unless it is
/// there, then gives it its owner and mode.
pub(crate) fn make_folder(owners: &Owners, folder: &Folder) -> Result<()> {
    fs::create_dir_all(&folder.path)
        .with_context(|| format!("making {}", folder.path.display()))?;
    owners.settle(&folder.path, folder.holder, folder.mode)
}

/// Writes a new file (never over one), then gives it its owner and mode.
pub(crate) fn write_new(
    owners: &Owners,
    path: &Path,
    text: &str,
    holder: Holder,
    mode: u32,
) -> Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).with_context(|| format!("making {}", parent.display()))?;
    }
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        // Private while it is written; its mode is set once it is whole.
        .mode(0o600)
        .open(path)
        .with_context(|| format!("writing {}", path.display()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", path.display()))?;
    owners.settle(path, holder, mode)
}

/// The user and group of `name` from the system's account files, or
/// `None` when there is no such user.
pub(crate) fn system_user(name: &str) -> Result<Option<Owner>> {
    let passwd = fs::read_to_string("/etc/passwd").context("reading /etc/passwd")?;
    Ok(passwd.lines().find_map(|line| {
        let mut fields = line.split(':');
        if fields.next()? != name {
            return None;
        }
        let uid = fields.nth(1)?.parse().ok()?;
        let gid = fields.next()?.parse().ok()?;
        Some(Owner { uid, gid })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_layout_is_the_packages() {
        let layout = Layout::system(Path::new("/"));
        assert_eq!(layout.config, Path::new("/etc/dynamo/dynamo.toml"));
        assert_eq!(layout.env.as_deref(), Some(Path::new("/etc/dynamo/env")));
        assert_eq!(layout.games, Path::new("/var/lib/dynamo/games"));
        assert_eq!(layout.public, Path::new("/var/lib/dynamo/public"));
        assert!(
            layout
                .folders()
                .iter()
                .all(|f| f.path.starts_with("/var/lib/dynamo"))
        );
    }

    #[test]
    fn root_is_a_user() {
        let root = system_user("root").expect("/etc/passwd").expect("root");
        assert_eq!(root, Owner { uid: 0, gid: 0 });
    }
}
