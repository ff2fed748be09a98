//! Zobrist keys: a 64-bit number for each fact a position can hold (a
//! piece on a square, the side to move, a castling piece on a square, an
//! en-passant-edge square), XORed together. A key changes by a few XORs
//! when a move changes a few facts, so positions keep theirs up to date
//! move by move instead of hashing the whole state again.
//!
//! The numbers come from SplitMix64 at compile time: fixed, so a key is
//! the same in every run and on every machine.

/// SplitMix64's step: the next state and its output.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Every key the tables hold, drawn in one sequence so no two coincide
/// by construction of the seed.
struct Keys {
    /// By board byte (see `board.rs`: colour and role in one byte, 0 for
    /// an empty square, whose keys are all 0) and square.
    pieces: [[u64; 64]; 16],
    /// Castling slots (White's king, king-side rook, queen-side rook, then
    /// Black's) by the square their piece stands on now.
    castling: [[u64; 64]; 6],
    /// The en-passant-edge square.
    ep: [u64; 64],
    /// Black to move.
    black: u64,
    /// No board before the last move is known (docs/RULES.md §11).
    no_previous: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 16],
        castling: [[0; 64]; 6],
        ep: [0; 64],
        black: 0,
        no_previous: 0,
    };
    let mut state = 0x0d15_ea5e_d1a9_0c45;
    let mut sq = 0;
    while sq < 64 {
        let mut code = 0;
        while code < 16 {
            // Byte values that are no piece (0 empty, 7, 8, 15) keep key 0,
            // so emptying or filling a square is one XOR of two entries.
            if code & 7 != 0 && code & 7 != 7 {
                let (next, key) = splitmix(state);
                state = next;
                keys.pieces[code][sq] = key;
            }
            code += 1;
        }
        let mut slot = 0;
        while slot < 6 {
            let (next, key) = splitmix(state);
            state = next;
            keys.castling[slot][sq] = key;
            slot += 1;
        }
        let (next, key) = splitmix(state);
        state = next;
        keys.ep[sq] = key;
        sq += 1;
    }
    let (next, black) = splitmix(state);
    keys.black = black;
    let (_, no_previous) = splitmix(next);
    keys.no_previous = no_previous;
    keys
}

static KEYS: Keys = build();

/// The key of board byte `code` on square index `sq` (0 for an empty
/// square).
#[inline]
pub(crate) fn piece(code: u8, sq: usize) -> u64 {
    KEYS.pieces[code as usize & 15][sq]
}

/// The key of castling slot `slot` held by a piece on square index `sq`.
#[inline]
pub(crate) fn castling(slot: usize, sq: usize) -> u64 {
    KEYS.castling[slot][sq]
}

/// The key of the en-passant-edge square `sq`.
#[inline]
pub(crate) fn ep(sq: usize) -> u64 {
    KEYS.ep[sq]
}

/// The key of Black to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black
}

/// The part of a position's key that stands for the board before the last
/// move, from that board's key (`None`: not known). The board's own key
/// is rotated so that the same placement now and before the last move
/// count differently: without it, boards A then B and boards B then A
/// would share a key (docs/RULES.md §7 makes them different states).
#[inline]
pub(crate) fn previous(board_key: Option<u64>) -> u64 {
    match board_key {
        Some(key) => key.rotate_left(32),
        None => KEYS.no_previous,
    }
}
