//! The rules engine's tests, in one binary: docs/RULES.md example by
//! example (`rules`), the perft vectors (`perft`), a naive second reading of
//! the rules that must agree with the engine (`oracle`), and properties of
//! random play (`properties`). They use `dynamo_core` only.

mod defects;
mod naive;
mod notation;
mod oracle;
mod perft;
mod promotion;
mod properties;
mod rules;

use dynamo_core::{CastlingRule, Promotion, Rules};
use proptest::prelude::*;

/// Any combination of the rule options, so that random play covers every
/// rule set and not only NOST's defaults.
fn rule_sets() -> impl Strategy<Value = Rules> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(stationary_pull, strict, king_transit_check, en_passant_edge, owner)| Rules {
                stationary_pull,
                castling: if strict {
                    CastlingRule::Strict
                } else {
                    CastlingRule::Nost
                },
                king_transit_check,
                en_passant_edge,
                promotion: if owner {
                    Promotion::Owner
                } else {
                    Promotion::Mover
                },
                ..Rules::NOST
            },
        )
}
