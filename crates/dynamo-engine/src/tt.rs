//! The transposition table: what an earlier visit of the same state
//! learnt.
//!
//! An entry is trusted only for the state it was written for (the full
//! [`State`] is kept and compared, not only the 64-bit key) and, as a
//! bound on the score, only at exactly the depth it was searched to. A
//! score from a deeper search would be a different function of the
//! position; a bound from the same depth is a true bound on the very value
//! the search would compute. So the table changes how fast a fixed-depth
//! search is, through cut-offs and the best move tried first, never its
//! score or the move it picks (the root's moves are ordered without it,
//! see `search.rs`). Its slots are locked one by one, so threads share it.

use std::collections::TryReserveError;
use std::sync::Mutex;

use dynamo_core::Move;

use crate::key::State;

/// What a stored score says about the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score itself.
    Exact,
    /// At least the score (the search failed high).
    Lower,
    /// At most the score (it failed low).
    Upper,
}

/// What the table gives back for a state.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    /// The depth the state was searched to.
    pub depth: u32,
    /// The score, mate scores relative to the node.
    pub score: i32,
    /// What the score bounds.
    pub bound: Bound,
    /// The best move found, tried first next time.
    pub best: Option<Move>,
}

struct Entry {
    state: State,
    hit: Hit,
}

/// A fixed-size table, shared between threads.
pub struct Table {
    slots: Box<[Mutex<Option<Entry>>]>,
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot); running out
    /// of memory aborts, as any allocation does ([`Table::try_new`] does
    /// not).
    pub fn new(megabytes: usize) -> Table {
        Table::try_new(megabytes).unwrap_or_else(|e| panic!("a table of {megabytes} MB: {e}"))
    }

    /// A table of about `megabytes` MB, or the allocator's refusal.
    pub fn try_new(megabytes: usize) -> Result<Table, TryReserveError> {
        let per = size_of::<Mutex<Option<Entry>>>().max(1);
        let wanted = (megabytes.saturating_mul(1 << 20) / per).max(1);
        // A power of two, so a key's low bits index it.
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut slots = Vec::new();
        slots.try_reserve_exact(size)?;
        slots.extend((0..size).map(|_| Mutex::new(None)));
        Ok(Table {
            slots: slots.into_boxed_slice(),
        })
    }

    fn slot(&self, key: u64) -> &Mutex<Option<Entry>> {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// What is stored for `state`, if it is that state's.
    pub fn probe(&self, key: u64, state: &State) -> Option<Hit> {
        let slot = self.slot(key).lock().unwrap_or_else(|e| e.into_inner());
        slot.as_ref().filter(|e| &e.state == state).map(|e| e.hit)
    }

    /// Stores what a search of `state` found, over whatever was there.
    pub fn store(&self, key: u64, state: State, hit: Hit) {
        let mut slot = self.slot(key).lock().unwrap_or_else(|e| e.into_inner());
        *slot = Some(Entry { state, hit });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_the_machine_cannot_hold_is_an_error_not_an_abort() {
        assert!(Table::try_new(usize::MAX).is_err());
        assert_eq!(Table::try_new(1).expect("1 MB").slots.len().count_ones(), 1);
    }
}
