//! The `dynamo` application's library: game records, clocks and the
//! locked store, round-robin sections and their standings, notices and
//! mail, board pictures and the config, on top of the rules in
//! [`dynamo_core`]. The command line (`src/cli`) is a thin
//! layer over it.

pub mod archive;
pub mod base32;
pub mod config;
pub mod durable;
pub mod game;
pub mod html;
pub mod id;
pub mod inbox;
pub mod mail;
pub mod recorder;
pub mod render;
pub mod services;
pub mod site;
pub mod tournament;
