//! The reader of replies: from the player's own words (what
//! [`super::text`] leaves of a mail once quotes, signatures, forwarded
//! notices and hidden HTML are cut) to one [`Command`], judged against
//! the game, or the reason there is none ([`Unread`]).
//!
//! **The rule** (docs/players.md, "What a reply may say"). A move may stand
//! anywhere in the player's own words, not only alone on a line (`I play
//! Qd1d3/d2d6`, `My move: 1. e4`, `Nf3, I think`, `1...e5 (finally!)`);
//! so may the phrases, inside a sentence (`I resign. Well played`, `I
//! offer a draw`, `Draw accepted`, `no thanks, I decline the draw`).
//! Every word that may be a move ([`moves`]) is resolved against the
//! legal moves of the position of the notice the player answers; only a
//! word that names a legal move **names** a move:
//! - exactly one legal move named (the same move written twice, or in two
//!   notations, counts once): it is recorded; with `offer draw` it offers
//!   a draw with it; with `decline draw` it is the move (an offer stands
//!   until the opponent answers or moves);
//! - two different legal moves, or a move with `resign` or `accept
//!   draw`, or two different phrases: nothing is recorded, and the answer
//!   lists what was found and asks for one ([`Unread::Unclear`]);
//! - no legal move but one phrase: the phrase. A word that reads as a
//!   move but names no legal move is passed over whenever something else
//!   in the reply is clear (`Nf3 - my Be7 idea failed`, Be7 not legal,
//!   records Nf3; `I resign. Your Qh5 was too strong` resigns): a chess
//!   player's mail talks about moves, and only the legal move can be the
//!   one they make;
//! - no legal move and no phrase (or only `offer draw`, which comes with
//!   a move), but a word that reads as a move, or a mistyped one where a
//!   move is expected: the first such word is refused with its rule and
//!   the closest legal moves, in the words of `dynamo check`
//!   ([`Unread::Refused`]);
//! - nothing like a move or a phrase: [`Unread::Missing`], whose words say
//!   what a reply may hold.
//!
//! A move number written with the move (`12... Nf6`) goes with it to the
//! recorder, which checks it as `dynamo move` does. When the position is
//! not the player's to move (they answer a notice of their own move),
//! no move of theirs can be judged there: each move word counts by its
//! text and the recorder says whose turn it is.
//!
//! **Later kinds of words.** The finders are one per kind of words
//! ([`moves`], [`phrases`]), each giving what it found with its line;
//! [`verdict`] judges them together. Conditional lines (`if 12... Nf6
//! then 13. e5`, `12... Nf6 13. e5 Nd5`) will be one more finder, a
//! line of numbered move words taken out of the move words before they
//! are judged, and one more judging step, move by move in the positions
//! after each; a digest reply's labelled lines (`r03-b01: Nf3`) are
//! [`labelled`], a finder that splits the words by label, each part
//! read by [`read_reply`] against its own game. When the player's pawn
//! awaits their choice (docs/RULES.md §9.1), [`choice`] finds the piece
//! chosen, and the move words are judged in the position with it.
//!
//! [`Command`]: crate::inbox::command::Command
//! [`Unread`]: verdict::Unread
//! [`Unread::Unclear`]: verdict::Unread::Unclear
//! [`Unread::Refused`]: verdict::Unread::Refused
//! [`Unread::Missing`]: verdict::Unread::Missing
//! [`read_reply`]: verdict::read_reply

pub mod choice;
pub mod conditional;
pub mod labelled;
pub mod moves;
pub mod phrases;
pub mod verdict;
pub mod words;
