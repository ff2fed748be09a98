//! The command line's helpers, apart from its commands: each file here is
//! shared by commands and never imports one.

pub(crate) mod catch_up;
pub(crate) mod recording;
