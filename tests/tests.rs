//! The `dynamo` command as its users run it, in one test binary: the
//! position commands (`cli`), game files and their commands (`game`),
//! the notices mailed to a real SMTP server (`mail`), and round-robin
//! sections with their standings (`tournament`), and the examples of the
//! README and the guides run as written (`examples`). The rules engine has
//! its own tests in `crates/dynamo-core/tests`.

mod archive;
mod cli;
mod conditional;
mod digest;
mod examples;
mod game;
mod inbox;
mod init;
mod mail;
mod player;
mod promotion;
mod site;
mod support;
mod tournament;
