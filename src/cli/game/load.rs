//! Loading the game files of `verify`, `games` and `standings` on all
//! cores, each game handed on in the order of the files as soon as it and
//! every file before it are loaded (docs/reference.md, "Many game files").
//! A game is replayed and reduced to what the command prints on the
//! thread that loaded it, and at most [`WINDOW_PER_THREAD`] results a
//! thread wait for their turn, so memory stays flat however many files
//! there are, and the output is the same on one core or many.

use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use anyhow::Result;
use dynamo::game::{Game, GameError};

/// Results a loading thread may hold ahead of the one the command waits
/// for: enough that a slow file does not stall the others for long,
/// few enough that the waiting results stay small.
pub(crate) const WINDOW_PER_THREAD: usize = 64;

/// Above this many files, a terminal gets a progress bar.
const PROGRESS_FROM: usize = 20;

/// `--jobs N`: how many threads load games at once (1 to 256).
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub(crate) struct Jobs {
    /// Load games on N threads at once (default: one a core); the output
    /// is the same for any N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
}

impl Jobs {
    /// The threads for `files` files: as asked, or one a core, never
    /// more than there are files.
    fn threads(self, files: usize) -> usize {
        let asked = self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            usize::from,
        );
        asked.min(files).max(1)
    }
}

/// Whether a progress bar may be drawn on standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bar {
    /// When standard error is a terminal and there are many files.
    Auto,
    /// Never: the command's own lines show its progress.
    Never,
}

/// Whether the command goes on to the next file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    Next,
    /// Stop: the files after this one are not needed (nor loaded, when
    /// they are not yet).
    Stop,
}

/// Loads `files` on `jobs` threads; `keep` takes of each game what the
/// command needs, on the thread that loaded it; `each` gets every file's
/// result in the order of `files`, on the calling thread, until it says
/// [`Flow::Stop`] or fails.
pub(crate) fn each_in_order<T: Send>(
    files: &[PathBuf],
    jobs: Jobs,
    bar: Bar,
    keep: impl Fn(&Path, Game) -> T + Sync,
    mut each: impl FnMut(&Path, Result<T, GameError>) -> Result<Flow>,
) -> Result<()> {
    let handed = AtomicUsize::new(0);
    let load = |path: &Path| Game::load(path).map(|game| keep(path, game));
    let mut run = || -> Result<()> {
        let threads = jobs.threads(files.len());
        if threads == 1 {
            for path in files {
                let flow = each(path, load(path))?;
                handed.fetch_add(1, Ordering::Release);
                if flow == Flow::Stop {
                    break;
                }
            }
            return Ok(());
        }
        in_order(files, threads, &load, &mut each, &handed)
    };
    let shown = bar == Bar::Auto && files.len() >= PROGRESS_FROM && io::stderr().is_terminal();
    if !shown {
        return run();
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| progress(files.len(), &handed, &finished));
        let result = run();
        finished.store(true, Ordering::Release);
        result
    })
}

/// Draws `[####......] n/total` on standard error every tenth of a second
/// until `finished`, then a full bar.
fn progress(total: usize, handed: &AtomicUsize, finished: &AtomicBool) {
    loop {
        // Read the flag first: once it is set every file is counted (or
        // the command stopped), so the last bar drawn is the last count.
        let last = finished.load(Ordering::Acquire);
        let n = handed.load(Ordering::Acquire).min(total);
        let filled = n * 30 / total;
        // The bar is a courtesy: a standard error that cannot be written
        // to must not stop the loading.
        let _ = write!(
            io::stderr(),
            "\r[{}{}] {n}/{total}",
            "#".repeat(filled),
            ".".repeat(30 - filled)
        );
        if last {
            let _ = writeln!(io::stderr());
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The results waiting for their turn: `slots[k]` is file `first + k`.
struct Waiting<T> {
    slots: VecDeque<Option<Result<T, GameError>>>,
    first: usize,
    /// The command stopped, failed, or a loading thread panicked.
    stop: bool,
    /// The calling thread waits for file `first`: only then does a
    /// result need a wake-up (a futex call and a switch of threads each,
    /// which at one a file cost a tenth of the CPU of ten thousand
    /// small games).
    hand_on_waits: bool,
    /// Loading threads waiting for room.
    room_waiters: usize,
}

impl<T> Waiting<T> {
    /// Puts file `i`'s result in its slot; whether it is the one the
    /// calling thread waits for.
    fn put(&mut self, i: usize, result: Result<T, GameError>) -> bool {
        // File `i` is not handed on before its result is in.
        let k = i - self.first;
        if self.slots.len() <= k {
            self.slots.resize_with(k + 1, || None);
        }
        self.slots[k] = Some(result);
        k == 0 && self.hand_on_waits
    }
}

struct Queue<T> {
    waiting: Mutex<Waiting<T>>,
    /// The result of file `first` arrived, or `stop` was set.
    arrived: Condvar,
    /// `first` moved on (room in the window), or `stop` was set.
    room: Condvar,
}

impl<T> Queue<T> {
    fn lock(&self) -> MutexGuard<'_, Waiting<T>> {
        // The lock is never held while loading or printing, so a panic
        // cannot leave the queue half changed.
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn stop(&self) {
        self.lock().stop = true;
        self.arrived.notify_all();
        self.room.notify_all();
    }
}

/// Sets `stop` if its thread panics, so that the calling thread does not
/// wait for a result that will never come; the panic is then resumed
/// when the threads are joined.
struct StopOnPanic<'a, T>(&'a Queue<T>);

impl<T> Drop for StopOnPanic<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

/// Files are taken in order by `threads` threads, the calling thread
/// one of them: it hands on the result of the file it waits for when
/// that is in, and loads the next file itself when it is not, so that
/// there is a thread a core and the calling thread seldom sleeps. A
/// loading thread that is a window ahead of the file waited for waits
/// for room; the thread holding the file waited for is never waiting for
/// room (the calling thread takes a file only inside the window), so the
/// files always move on.
fn in_order<T: Send>(
    files: &[PathBuf],
    threads: usize,
    load: &(impl Fn(&Path) -> Result<T, GameError> + Sync),
    each: &mut impl FnMut(&Path, Result<T, GameError>) -> Result<Flow>,
    handed: &AtomicUsize,
) -> Result<()> {
    let window = WINDOW_PER_THREAD * threads;
    let queue = Queue {
        waiting: Mutex::new(Waiting {
            slots: VecDeque::with_capacity(window),
            first: 0,
            stop: false,
            hand_on_waits: false,
            room_waiters: 0,
        }),
        arrived: Condvar::new(),
        room: Condvar::new(),
    };
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| {
                let _guard = StopOnPanic(&queue);
                // The file loaded last, put in its slot under the same
                // lock as the wait for room for the next one.
                let mut loaded: Option<(usize, Result<T, GameError>)> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let path = {
                        let mut waiting = queue.lock();
                        if let Some((j, result)) = loaded.take()
                            && waiting.put(j, result)
                        {
                            queue.arrived.notify_one();
                        }
                        let Some(path) = files.get(i) else { break };
                        while !waiting.stop && i >= waiting.first + window {
                            waiting.room_waiters += 1;
                            waiting = queue
                                .room
                                .wait(waiting)
                                .unwrap_or_else(PoisonError::into_inner);
                            waiting.room_waiters -= 1;
                        }
                        if waiting.stop {
                            break;
                        }
                        path
                    };
                    loaded = Some((i, load(path)));
                }
            });
        }
        let outcome = hand_on(files, &queue, &next, window, load, each, handed);
        // Threads still loading or waiting for room stop at their next
        // file; the scope waits for them.
        queue.stop();
        outcome
    })
}

/// The calling thread's part: each file's result in turn, to `each`;
/// while the one it waits for is not in, the next file inside the
/// window loaded here.
fn hand_on<T>(
    files: &[PathBuf],
    queue: &Queue<T>,
    next: &AtomicUsize,
    window: usize,
    load: &impl Fn(&Path) -> Result<T, GameError>,
    each: &mut impl FnMut(&Path, Result<T, GameError>) -> Result<Flow>,
    handed: &AtomicUsize,
) -> Result<()> {
    // A panic here (loading or handing on) must not leave the other
    // threads waiting for room that never comes.
    let _guard = StopOnPanic(queue);
    for path in files {
        let result = loop {
            let mut waiting = queue.lock();
            if let Some(Some(_)) = waiting.slots.front() {
                let result = waiting.slots.pop_front().flatten();
                waiting.first += 1;
                if waiting.room_waiters > 0 {
                    queue.room.notify_all();
                }
                break result;
            }
            if waiting.stop {
                // A loading thread panicked: joining it resumes the
                // panic.
                return Ok(());
            }
            // Only this thread moves `first`, so a file taken below
            // `first + window` never waits for room.
            let mine = next.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |i| {
                (i < files.len() && i < waiting.first + window).then_some(i + 1)
            });
            match mine {
                Ok(i) => {
                    drop(waiting);
                    let result = load(&files[i]);
                    // The waiting thread is this one: no wake-up.
                    queue.lock().put(i, result);
                }
                Err(_) => {
                    waiting.hand_on_waits = true;
                    let mut waiting = queue
                        .arrived
                        .wait(waiting)
                        .unwrap_or_else(PoisonError::into_inner);
                    waiting.hand_on_waits = false;
                }
            }
        };
        let Some(result) = result else { break };
        let flow = each(path, result)?;
        handed.fetch_add(1, Ordering::Release);
        if flow == Flow::Stop {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of the sample game.
    fn sample() -> String {
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/sample.pgn"))
            .expect("the sample game")
    }

    /// `count` game files, file `n` holding `text(n)`, in a folder that
    /// lasts as long as the first value returned.
    fn folder(count: usize, text: impl Fn(usize) -> String) -> (tempfile::TempDir, Vec<PathBuf>) {
        let dir = tempfile::tempdir().expect("a folder");
        let files = (0..count)
            .map(|n| {
                let path = dir.path().join(format!("g{n:03}.pgn"));
                std::fs::write(&path, text(n)).expect("written");
                path
            })
            .collect();
        (dir, files)
    }

    /// The order is the files' on any number of threads, and a window of
    /// results never grows past its bound, however slow the first file.
    #[test]
    fn results_come_in_the_order_of_the_files() {
        let sample = sample();
        let (_dir, files) = folder(500, |n| {
            if n % 97 == 13 {
                "not a game".to_string()
            } else {
                sample.replace("[Round \"1\"]", &format!("[Round \"{n}\"]"))
            }
        });
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            each_in_order(
                &files,
                Jobs { jobs: Some(jobs) },
                Bar::Never,
                |_, game| game.tag("Round").map(str::to_string),
                |path, result| {
                    seen.push((path.to_path_buf(), result.ok().flatten()));
                    Ok(Flow::Next)
                },
            )
            .expect("loaded");
            let expected: Vec<(PathBuf, Option<String>)> = files
                .iter()
                .enumerate()
                .map(|(n, p)| (p.clone(), (n % 97 != 13).then(|| n.to_string())))
                .collect();
            assert_eq!(seen, expected, "{jobs} threads");
        }
    }

    /// A command that stops is handed nothing more, and the threads end.
    #[test]
    fn a_stop_ends_the_loading() {
        let (_dir, files) = folder(300, |_| "not a game".to_string());
        let mut count = 0;
        each_in_order(
            &files,
            Jobs { jobs: Some(4) },
            Bar::Never,
            |_, _| (),
            |_, _| {
                count += 1;
                Ok(if count == 10 { Flow::Stop } else { Flow::Next })
            },
        )
        .expect("stopped");
        assert_eq!(count, 10);
    }

    /// A game whose reading panics ends the command with that panic,
    /// whichever thread read it (the calling thread reads files too),
    /// and no thread is left waiting for room in the window.
    #[test]
    fn a_panic_while_loading_ends_the_command() {
        let sample = sample();
        let (_dir, files) = folder(400, |_| sample.clone());
        for jobs in [2, 3] {
            for bad in [0, 1, 2, 150] {
                let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    each_in_order(
                        &files,
                        Jobs { jobs: Some(jobs) },
                        Bar::Never,
                        |path, _| assert!(*path != files[bad], "file {bad} fails to read"),
                        |_, _| Ok(Flow::Next),
                    )
                }));
                assert!(run.is_err(), "{jobs} threads, file {bad}");
            }
        }
    }
}
