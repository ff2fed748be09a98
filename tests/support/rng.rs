//! Small seeded generators: the tests and benches have no random crate,
//! and a seed must give the same sequence on every run and machine. The
//! benches include this file with `#[path]`.

/// xorshift (Marsaglia's shifts 13, 7, 17): a `u64` a call. The seed must
/// not be 0.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// xorshift64* (shifts 12, 25, 27 and a multiply): a number in [0, 1) a
/// call, for delays spread evenly over a span. The seed must not be 0.
pub struct UnitRng(pub u64);

impl UnitRng {
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
}
