//! The reply phrases inside sentences: `I resign. Well played`, `I offer
//! a draw`, `Draw accepted`, `I accept your draw offer`, `no thanks, I
//! decline the draw`.
//!
//! The text is cut into sentences (at `.`, `!`, `?`, `;` and line ends)
//! and each sentence into lower-case words. A sentence says:
//! - [`Command::DeclineDraw`] with `decline`, `refuse` or `reject` and
//!   `draw`, or `draw declined` (also `I do not accept the draw`);
//! - [`Command::AcceptDraw`] with `accept` and `draw`, or `draw accepted`,
//!   `draw agreed`;
//! - [`Command::OfferDraw`] with the verb `offer` or `propose` and `draw`
//!   (not the noun: `your draw offer`, `the offer`), or `draw offered`;
//! - [`Command::Resign`] with `resign` or `resigns`;
//! - [`Command::Digest`] with `digest daily` or `digest off` (docs/players.md,
//!   "The daily digest"): how the player takes their mail;
//!
//! unless it is a question (`Will you resign?`), a condition or a guess
//! (`if`, `unless`, `whether`, `maybe`, `perhaps`, `might`), or the verb
//! is denied within the three words before it (`I will not resign`, `I
//! won't offer a draw`). The past (`resigned`, `offered`) tells of
//! something else (`my opponent resigned in the other game`) and never
//! counts, but for the two-word forms above.
//!
//! The same phrases are read in Italian, French, German and Spanish, each
//! sentence with each language's words alone (`LEXICONS`): `propongo la
//! patta`, `j'abandonne`, `Remis angenommen`, `no acepto las tablas`. A
//! language's denials count for its own words only, so the English `no
//! thanks, I decline` stays a refusal while the Spanish `no acepto` denies.

use crate::inbox::command::Command;
use crate::mail::digest::Choice;

/// A phrase found, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhraseWords {
    pub command: Command,
    /// The line of the reply's own words it starts on, from 0.
    pub line: usize,
}

/// The most sentences looked at, and the longest sentence: a phrase is
/// said in a few words.
const MAX_SENTENCES: usize = 2_000;
const MAX_SENTENCE_WORDS: usize = 60;

/// One language's words for the phrases.
struct Lexicon {
    /// The noun: `draw`, `patta`, `nulle`, `Remis`, `tablas`.
    draw: &'static [&'static str],
    decline: &'static [&'static str],
    accept: &'static [&'static str],
    offer: &'static [&'static str],
    resign: &'static [&'static str],
    /// Two words that resign together: `gebe auf`, `me rindo`.
    resign_pairs: &'static [(&'static str, &'static str)],
    /// The noun then a participle: `draw declined`, `patta accettata`.
    declined: &'static [&'static str],
    accepted: &'static [&'static str],
    offered: &'static [&'static str],
    denials: &'static [&'static str],
    /// A denial written onto its verb: `don't`, `won't`.
    denial_ending: Option<&'static str>,
    hedges: &'static [&'static str],
    /// Words that make the offer verb a noun: `your offer`, `the draw offer`.
    determiners: &'static [&'static str],
}

/// English first; then Italian, French, German and Spanish, as their
/// players write the phrases.
const LEXICONS: [Lexicon; 5] = [
    Lexicon {
        draw: &["draw"],
        decline: &[
            "decline", "declines", "refuse", "refuses", "reject", "rejects",
        ],
        accept: &["accept", "accepts"],
        offer: &["offer", "offers", "propose", "proposes"],
        resign: &["resign", "resigns"],
        resign_pairs: &[],
        declined: &["declined", "refused"],
        accepted: &["accepted", "agreed"],
        offered: &["offered"],
        denials: &[
            "not", "never", "dont", "won't", "wont", "cannot", "cant", "shan't",
        ],
        denial_ending: Some("n't"),
        hedges: &["if", "unless", "whether", "maybe", "perhaps", "might"],
        determiners: &[
            "draw", "your", "the", "a", "an", "his", "her", "their", "my", "this",
        ],
    },
    Lexicon {
        draw: &["patta"],
        decline: &["rifiuto", "rifiuta", "declino", "respingo"],
        accept: &["accetto", "accetta"],
        offer: &["propongo", "propone", "offro", "offre"],
        resign: &["abbandono", "abbandona"],
        resign_pairs: &[("mi", "arrendo")],
        declined: &["rifiutata", "respinta"],
        accepted: &["accettata", "concordata"],
        offered: &["proposta", "offerta"],
        denials: &["non", "mai"],
        denial_ending: None,
        hedges: &["se", "forse", "magari", "qualora"],
        determiners: &["la", "tua", "sua", "vostra", "una"],
    },
    Lexicon {
        draw: &["nulle"],
        decline: &["refuse", "refuses", "décline", "rejette"],
        accept: &["accepte", "acceptes"],
        offer: &["propose", "proposes", "offre", "offres"],
        resign: &["abandonne"],
        resign_pairs: &[],
        declined: &["refusée", "déclinée"],
        accepted: &["acceptée", "convenue"],
        offered: &["proposée", "offerte"],
        denials: &["ne", "n'", "pas", "jamais"],
        denial_ending: None,
        hedges: &["si", "peut", "peut-être", "éventuellement"],
        determiners: &["la", "ta", "votre", "une", "ton", "sa", "son"],
    },
    Lexicon {
        draw: &["remis", "remisangebot"],
        decline: &["lehne", "ablehnen", "ablehne"],
        accept: &["nehme", "annehmen", "annehme", "akzeptiere"],
        offer: &["biete", "anbieten", "anbiete", "schlage"],
        resign: &["aufgeben", "aufgebe"],
        resign_pairs: &[("gebe", "auf")],
        declined: &["abgelehnt"],
        accepted: &["angenommen", "vereinbart"],
        offered: &["angeboten"],
        denials: &["nicht", "nie", "niemals", "kein", "keine", "keinen"],
        denial_ending: None,
        hedges: &["wenn", "falls", "ob", "vielleicht"],
        determiners: &["das", "ihr", "ihres", "dein", "ein"],
    },
    Lexicon {
        draw: &["tablas"],
        decline: &["rechazo", "rechaza", "declino"],
        accept: &["acepto", "acepta"],
        offer: &["ofrezco", "ofrece", "propongo", "propone"],
        resign: &["abandono", "abandona"],
        resign_pairs: &[("me", "rindo")],
        declined: &["rechazadas"],
        accepted: &["aceptadas", "acordadas"],
        offered: &["ofrecidas", "propuestas"],
        denials: &["no", "nunca", "jamás"],
        denial_ending: None,
        hedges: &["si", "quizás", "quizá", "acaso"],
        determiners: &["las", "su", "tu", "sus", "tus"],
    },
];

/// French elisions written onto the next word: `j'abandonne`,
/// `l'offre`, `n'accepte`.
const ELISIONS: [&str; 7] = ["j'", "l'", "d'", "n'", "qu'", "m'", "s'"];

/// The phrases of `text`, in order.
pub fn phrase_words(text: &str) -> Vec<PhraseWords> {
    let mut found = Vec::new();
    for (sentence, line, question) in sentences(text).take(MAX_SENTENCES) {
        if question {
            continue;
        }
        let words: Vec<String> = sentence
            .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase().replace('’', "'"))
            .flat_map(elided)
            .take(MAX_SENTENCE_WORDS + 1)
            .collect();
        if words.len() > MAX_SENTENCE_WORDS {
            continue;
        }
        let mut commands: Vec<Command> = Vec::new();
        for lexicon in &LEXICONS {
            for command in said(&words, lexicon) {
                if !commands.contains(&command) {
                    commands.push(command);
                }
            }
        }
        for command in commands {
            found.push(PhraseWords { command, line });
        }
    }
    found
}

/// The sentences of `text`: each with its line and whether it asks.
fn sentences(text: &str) -> impl Iterator<Item = (&str, usize, bool)> {
    let mut line = 0;
    let mut start = 0;
    let mut start_line = 0;
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | ';' | '\n') {
            out.push((&text[start..i], start_line, c == '?'));
            start = i + c.len_utf8();
            if c == '\n' {
                line += 1;
            }
            start_line = line;
            if out.len() > MAX_SENTENCES {
                break;
            }
        }
    }
    if out.len() <= MAX_SENTENCES {
        out.push((&text[start..], start_line, false));
    }
    out.into_iter().filter(|(s, _, _)| !s.trim().is_empty())
}

/// A word with a French elision split off: `j'abandonne` is `j'` and
/// `abandonne`; any other word is itself.
fn elided(word: String) -> Vec<String> {
    match ELISIONS
        .iter()
        .find(|e| word.len() > e.len() && word.starts_with(*e))
    {
        Some(e) => vec![e.to_string(), word[e.len()..].to_string()],
        None => vec![word],
    }
}

/// What one sentence's words say in the words of `lexicon`.
fn said(words: &[String], lexicon: &Lexicon) -> Vec<Command> {
    let is = |set: &[&str], w: &str| set.contains(&w);
    if words.iter().any(|w| is(lexicon.hedges, w)) {
        return Vec::new();
    }
    let has = |set: &[&str]| words.iter().position(|w| is(set, w));
    let pair = |a: &str, b: &str| words.windows(2).any(|w| w[0] == a && w[1] == b);
    let after_draw = |set: &[&str]| {
        words
            .windows(2)
            .any(|w| is(lexicon.draw, &w[0]) && is(set, &w[1]))
    };
    let denied = |at: usize| {
        words[at.saturating_sub(3)..at].iter().any(|w| {
            is(lexicon.denials, w) || lexicon.denial_ending.is_some_and(|e| w.ends_with(e))
        })
    };
    let draw = words.iter().any(|w| is(lexicon.draw, w));
    let mut said = Vec::new();
    let decline = has(lexicon.decline).filter(|&at| draw && !denied(at));
    let accept = has(lexicon.accept).filter(|_| draw);
    if decline.is_some() || after_draw(lexicon.declined) || accept.is_some_and(denied) {
        said.push(Command::DeclineDraw);
    } else if accept.is_some_and(|at| !denied(at)) || after_draw(lexicon.accepted) {
        said.push(Command::AcceptDraw);
    } else if draw
        && words.iter().enumerate().any(|(at, w)| {
            is(lexicon.offer, w)
                && !denied(at)
                && !at
                    .checked_sub(1)
                    .is_some_and(|p| is(lexicon.determiners, &words[p]))
        })
        || after_draw(lexicon.offered)
    {
        said.push(Command::OfferDraw);
    }
    let resigns = has(lexicon.resign).is_some_and(|at| !denied(at))
        || lexicon.resign_pairs.iter().any(|(a, b)| {
            words
                .windows(2)
                .enumerate()
                .any(|(at, w)| w[0] == *a && w[1] == *b && !denied(at))
        });
    if resigns {
        said.push(Command::Resign);
    }
    for choice in [Choice::Daily, Choice::Off] {
        if pair("digest", choice.word()) {
            said.push(Command::Digest(choice));
        }
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(text: &str) -> Vec<Command> {
        phrase_words(text).into_iter().map(|p| p.command).collect()
    }

    #[test]
    fn the_phrases_alone_and_inside_sentences() {
        for (text, command) in [
            ("resign", Command::Resign),
            ("Resign.", Command::Resign),
            ("I resign. Well played, Tomás!", Command::Resign),
            ("Black resigns", Command::Resign),
            ("offer draw", Command::OfferDraw),
            ("I offer a draw.", Command::OfferDraw),
            ("I'd like to offer you a draw", Command::OfferDraw),
            ("I propose a draw", Command::OfferDraw),
            ("Draw offered.", Command::OfferDraw),
            ("accept draw", Command::AcceptDraw),
            ("Draw accepted", Command::AcceptDraw),
            ("I accept your draw offer, thanks", Command::AcceptDraw),
            ("Draw agreed!", Command::AcceptDraw),
            ("decline draw", Command::DeclineDraw),
            ("no thanks, I decline the draw", Command::DeclineDraw),
            ("Draw declined.", Command::DeclineDraw),
            ("I refuse your offer of a draw", Command::DeclineDraw),
            ("I do not accept the draw", Command::DeclineDraw),
            ("I don’t accept your draw offer", Command::DeclineDraw),
            ("digest daily", Command::Digest(Choice::Daily)),
            ("Digest off, please.", Command::Digest(Choice::Off)),
        ] {
            assert_eq!(commands(text), [command], "{text}");
        }
    }

    #[test]
    fn questions_conditions_denials_and_the_past_are_not_phrases() {
        for text in [
            "Will you resign?",
            "Do you offer a draw?",
            "Should I accept the draw?",
            "I will not resign.",
            "I won't resign yet, this is getting interesting",
            "I'm not going to resign",
            "Never resign!",
            "If you offer a draw I will think about it",
            "Maybe I should resign",
            "Thanks for your draw offer",
            "Your offer of a draw is kind",
            "My opponent resigned in the other game.",
            "He offered a draw in round 3",
            "I am resigned to a long game",
            "Nice draw by Carlsen yesterday",
        ] {
            assert_eq!(commands(text), [], "{text}");
        }
    }

    /// The defect this guards: `c2c4, et je propose la nulle.` had its
    /// move recorded and its draw offer silently lost.
    #[test]
    fn the_phrases_in_italian_french_german_and_spanish() {
        for (text, command) in [
            ("Propongo la patta.", Command::OfferDraw),
            ("Accetto la patta, grazie", Command::AcceptDraw),
            ("Non accetto la patta", Command::DeclineDraw),
            ("Rifiuto la patta", Command::DeclineDraw),
            ("Patta accettata!", Command::AcceptDraw),
            ("Abbandono. Complimenti", Command::Resign),
            ("c2c4, et je propose la nulle.", Command::OfferDraw),
            ("J'accepte la nulle", Command::AcceptDraw),
            ("Je n'accepte pas la nulle", Command::DeclineDraw),
            ("Nulle refusée.", Command::DeclineDraw),
            ("J'abandonne", Command::Resign),
            ("Ich biete Remis an.", Command::OfferDraw),
            ("Ich nehme das Remis an", Command::AcceptDraw),
            ("Remis angenommen", Command::AcceptDraw),
            ("Ich lehne das Remis ab", Command::DeclineDraw),
            ("Ich gebe auf.", Command::Resign),
            ("Ofrezco tablas", Command::OfferDraw),
            ("Acepto las tablas", Command::AcceptDraw),
            ("No acepto las tablas", Command::DeclineDraw),
            ("Tablas rechazadas", Command::DeclineDraw),
            ("Abandono.", Command::Resign),
            ("Me rindo", Command::Resign),
        ] {
            assert_eq!(commands(text), [command], "{text}");
        }
        for text in [
            "Se proponi la patta ci penso",
            "Non abbandono mai!",
            "Grazie per la tua proposta di patta",
            "Si tu proposes la nulle, je refuse",
            "Je n'abandonne pas",
            "Ich gebe nicht auf",
            "Danke für Ihr Remisangebot",
            "Vielleicht biete ich Remis an",
            "No me rindo",
            "¿Ofreces tablas?",
        ] {
            assert_eq!(commands(text), [], "{text}");
        }
    }

    #[test]
    fn each_sentence_says_its_own_phrase() {
        assert_eq!(
            commands("I resign.\nI offer a draw"),
            [Command::Resign, Command::OfferDraw]
        );
        let found = phrase_words("Hello\n\nI resign");
        assert_eq!(found[0].line, 2);
    }
}
