//! Game files and the commands that read and write them.

mod clock;
mod commands;
mod concurrency;
mod corrections;
mod duplicates;
mod filesystem;
mod games_archive;
mod games_width;
mod hostile;
mod kill;
mod leave;
mod overview;
mod pictures;
mod streaming;
mod verify;
