//! The `dynamo` command as its users run it, in one test binary: the
//! position commands (`cli`), game files and their commands (`game`),
//! the notices mailed to a real SMTP server (`mail`), and round-robin
//! sections with their standings (`tournament`). The rules engine has
//! its own tests in `crates/dynamo-core/tests`.

mod cli;
mod conditional;
mod game;
mod inbox;
mod mail;
mod site;
mod support;
mod tournament;
