//! The solvers' memo: whether a state, with so many moves left, was
//! proved or refuted already, in a table bounded in memory.
//!
//! The memo holds at most as many entries as its megabytes hold; when it
//! is full it starts afresh. Starting afresh only repeats work, the same
//! way on every run and for any number of threads (each thread has its
//! own), so a smaller memo changes how long a solve takes and its node
//! count, never its answer.

use std::collections::{HashMap, TryReserveError};

use crate::key::State;

/// The memo's size when none is given, in MB: that of `analyse`'s table.
pub const DEFAULT_MB: usize = 64;

type Entry = ((State, u8), bool);

/// A bounded table of proved and refuted (state, moves left) pairs.
pub struct Memo {
    map: HashMap<(State, u8), bool>,
    limit: usize,
}

impl Default for Memo {
    /// A memo of [`DEFAULT_MB`] that grows as it fills.
    fn default() -> Memo {
        Memo {
            map: HashMap::new(),
            limit: entries(DEFAULT_MB),
        }
    }
}

impl Memo {
    /// A memo of `megabytes` MB (0: nothing is remembered), all of it
    /// allocated now, so that a machine that cannot hold it says so here,
    /// as an error, and never while the search runs.
    pub fn new(megabytes: usize) -> Result<Memo, TryReserveError> {
        let limit = entries(megabytes);
        let mut map = HashMap::new();
        map.try_reserve(limit)?;
        Ok(Memo { map, limit })
    }

    /// What is known of `state` with `n` moves left.
    pub fn get(&self, state: &State, n: u8) -> Option<bool> {
        // The key is a pair; a lookup needs one, so the state is cloned
        // (a copy of plain bytes, no allocation).
        self.map.get(&(state.clone(), n)).copied()
    }

    /// Remembers `found` for `state` with `n` moves left, starting afresh
    /// when the memo is full.
    pub fn insert(&mut self, state: State, n: u8, found: bool) {
        if self.limit == 0 {
            return;
        }
        if self.map.len() >= self.limit {
            self.map.clear();
        }
        self.map.insert((state, n), found);
    }

    /// Forgets everything, keeping the memory.
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

/// How many entries a memo of `megabytes` holds: the standard table keeps
/// one control byte beside each slot, its slots a power of two at most
/// seven-eighths full; so the slots that fit, rounded down to a power of
/// two, times seven-eighths.
fn entries(megabytes: usize) -> usize {
    let slots = megabytes.saturating_mul(1 << 20) / (size_of::<Entry>() + 1);
    if slots < 8 {
        return 0;
    }
    let slots = 1usize << (usize::BITS - 1 - slots.leading_zeros());
    slots / 8 * 7
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_holds_what_its_megabytes_hold_and_never_grows_past_them() {
        let memo = Memo::new(1).expect("1 MB");
        let limit = entries(1);
        assert!(limit > 1000, "{limit}");
        assert!(memo.map.capacity() >= limit);
        // The slots reserved, with their control bytes, fit in the MB.
        let slots = (memo.map.capacity() * 8 / 7).next_power_of_two();
        assert!(slots * (size_of::<Entry>() + 1) <= 1 << 20);
        assert_eq!(entries(0), 0);
    }

    #[test]
    fn a_memo_the_machine_cannot_hold_is_an_error_not_an_abort() {
        assert!(Memo::new(usize::MAX).is_err());
    }
}
