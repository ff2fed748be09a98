//! `dynamo player set`: a player's address and name changed in every
//! game and section file at once.

mod address;
mod language;
