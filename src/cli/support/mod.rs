//! The command line's helpers, apart from its commands: arguments that
//! several commands take (`args`, `given`), the config loaded (`config_file`),
//! the one printer (`printer`) and the tables it draws (`table`), errors in
//! the commands' words with their exit codes (`failure`), the end of a
//! command that mails (`notify`), a recording and the conditional
//! catch-up as the commands run them (`recording`, `catch_up`), the
//! corrections across games (`across`), the engine's view (`analysis`) and
//! its bounds (`search_bounds`), the lock wait (`store`). Each is shared
//! by commands and never imports one.

pub(crate) mod across;
pub(crate) mod analysis;
pub(crate) mod args;
pub(crate) mod catch_up;
pub(crate) mod config_file;
pub(crate) mod failure;
pub(crate) mod given;
pub(crate) mod notify;
pub(crate) mod printer;
pub(crate) mod recording;
pub(crate) mod search_bounds;
pub(crate) mod store;
pub(crate) mod table;
