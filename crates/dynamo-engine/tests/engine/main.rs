//! dynamo-engine's tests in one binary: the mate solver against a brute
//! force over the naive reading of the rules (`solve`), and the analysis
//! engine (`search`); threats of more than one move (`threats`).

mod brute;
#[path = "../../../dynamo-core/tests/core/naive.rs"]
mod naive;
mod search;
mod selfmates;
mod solve;
mod threats;
