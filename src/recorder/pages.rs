//! The web pages as a subscriber: once an event is in its game file, the
//! pages it changes — the game's, its section's, both players', the
//! index and the feed — are written again (`site::update`: only the
//! games whose files changed are replayed), each atomically, under the
//! site's lock (`.dynamo-site.lock` in its folder) so that two events
//! recorded at once leave the pages of the later.
//!
//! The event is recorded whatever becomes of its pages: a page that could
//! not be written is a problem to report ([`Pages::take_problems`]), and
//! `dynamo site DIR` puts everything right. So is a site folder that is
//! not apart from the club's files (`site::SiteDir`): no page is written
//! there, and each event says why.

use std::path::{Path, PathBuf};

use super::action::Recorded;
use super::error::SubscriberError;
use super::subscriber::Subscriber;
use crate::game::Game;
use crate::game::store::GameFile;
use crate::site::{self, OwnWrite, SiteDir, SiteError, SiteSettings};

/// Keeps the pages in a site folder up to date with the games.
#[derive(Debug, Clone)]
pub struct Pages {
    /// The site folder, as given.
    dir: PathBuf,
    /// The site folder checked, or why it may not be written.
    site: Result<SiteDir, String>,
    settings: SiteSettings,
    /// The event's write, as prepared: the pages' update need not list
    /// its folder for it.
    own: Option<OwnWrite>,
    written: Vec<String>,
    problems: Vec<String>,
}

impl Pages {
    /// The pages in `dir` (`[site] dir`), checked as `site`: when it may
    /// not be written, every event says why and writes no page.
    pub fn new(dir: &Path, site: Result<SiteDir, SiteError>, settings: SiteSettings) -> Pages {
        Pages {
            dir: dir.to_path_buf(),
            site: site.map_err(|e| e.to_string()),
            settings,
            own: None,
            written: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// The files written so far, by their path in the site.
    pub fn written(&self) -> &[String] {
        &self.written
    }

    /// What went wrong with the pages since the last call, in words.
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }

    /// The pages of every game changed since they were last written:
    /// the event's game, and any other written meanwhile (a file edited
    /// by hand leaves no stale page after the next event).
    fn update(&mut self) -> Result<(), SiteError> {
        let site = match &self.site {
            Ok(site) => site,
            Err(why) => {
                self.problems.push(why.clone());
                return Ok(());
            }
        };
        let done = site::update(site, &self.settings, self.own.take().as_ref())?;
        if let Some(why) = &done.rebuilt {
            // Not an error: every page is right, only slower to make.
            self.problems.push(format!(
                "the web pages' cache {why}: every page in {} was built again",
                self.dir.display()
            ));
        }
        for link in &done.links {
            self.problems.push(format!(
                "the web pages in {}: {link} is a symbolic link: left alone, nothing written through it",
                self.dir.display()
            ));
        }
        self.written.extend(done.written);
        self.written.extend(done.removed);
        if let Some(e) = done.cache {
            return Err(e.into());
        }
        Ok(())
    }
}

impl Subscriber for Pages {
    fn prepare(&mut self, file: &GameFile, _game: &Game) -> Result<(), SubscriberError> {
        self.own = OwnWrite::before(file.key());
        Ok(())
    }

    fn discard(&mut self) {
        self.own = None;
    }

    fn commit(&mut self, _file: &GameFile, _recorded: &Recorded) {
        // Where a kill leaves a game written and its pages not (tests:
        // the next event's update must see it).
        crate::durable::crash_point("pages-before");
        if let Err(e) = self.update() {
            self.problems
                .push(format!("the web pages in {}: {e}", self.dir.display()));
        }
    }
}
