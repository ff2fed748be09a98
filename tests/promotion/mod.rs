//! Promotion by the pawn's owner and the named rule sets (docs/RULES.md
//! §9.1, §9.2) as users meet them: in `--rules`, game files, the config's
//! `default_rules` and what `new` and `show` print; and a game under
//! `promotion=owner` played with `dynamo move`.

mod alone;
mod conditional;
mod game;
mod inbox;
mod names;
mod resent;
mod show;
mod site;
