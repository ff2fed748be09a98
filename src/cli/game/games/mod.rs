//! `dynamo games`: the director's overview of every game, as a table
//! fitted to the terminal (`view.rs` over `table.rs`) or as JSON
//! (`json.rs`), filtered and sorted (`select.rs`), what every game listed shares said once above
//! it (`shared.rs`), from the facts taken
//! of each game as it is replayed (`facts.rs`), of which the table keeps
//! a row of packed cells (`row.rs`); `run.rs` holds the command.

mod facts;
mod json;
mod row;
mod run;
mod select;
mod shared;
mod view;

pub(crate) use run::{Args, execute};
pub(crate) use select::natural;
