//! Every text a player receives, in their language: the messages are
//! Project Fluent files, one a language (`messages/en.ftl`, `it.ftl`,
//! `fr.ftl`, `de.ftl`, `es.ftl`), built into the binary. English is the
//! reference: every other file has the same messages with the same
//! placeables (the test below fails otherwise), and a message missing in
//! a language at run time is said in English rather than not at all.
//! Plural forms are Fluent's, from the CLDR rules (`intl_pluralrules`);
//! dates are chrono's, with each language's month names.

use std::sync::OnceLock;

use chrono::{Duration, NaiveDate};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::game::clock::{describe_with, format_time_short};
use crate::game::{Allowed, Language, LateMove};

/// Each language's messages, as written.
const SOURCES: [(Language, &str); 5] = [
    (Language::English, include_str!("messages/en.ftl")),
    (Language::Italian, include_str!("messages/it.ftl")),
    (Language::French, include_str!("messages/fr.ftl")),
    (Language::German, include_str!("messages/de.ftl")),
    (Language::Spanish, include_str!("messages/es.ftl")),
];

type Bundle = FluentBundle<FluentResource>;

/// The bundles, read once, in the order of [`Language::ALL`].
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| SOURCES.iter().map(|(l, s)| bundle(*l, s)).collect())
}

fn bundle(language: Language, source: &str) -> Bundle {
    // The files are the binary's own and a test reads each one whole, so a
    // syntax error cannot reach a build that passed its tests; whatever
    // parsed is kept all the same.
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
    let id = language
        .code()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Mail clients show the isolation marks Fluent puts around a
    // placeable as stray characters, and plain-text copies must stay as
    // they were.
    bundle.set_use_isolating(false);
    let _ = bundle.add_resource(resource);
    bundle
}

fn bundle_of(language: Language) -> &'static Bundle {
    let at = Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or_default();
    &bundles()[at]
}

/// The values a message's placeables take, by name.
#[derive(Default)]
pub struct Args(FluentArgs<'static>);

impl Args {
    pub fn new() -> Args {
        Args::default()
    }

    /// A text value.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Args {
        self.0.set(name, FluentValue::from(value.into()));
        self
    }

    /// A number, which also chooses the plural form.
    pub fn number(mut self, name: &'static str, value: u64) -> Args {
        self.0.set(name, FluentValue::from(value));
        self
    }
}

/// The message `id` in `language`, its placeables filled from `args`;
/// in English when the language lacks it, and the id itself when no
/// language has it (a defect the tests catch).
pub fn say(language: Language, id: &str, args: &Args) -> String {
    [language, Language::English]
        .into_iter()
        .find_map(|l| format(bundle_of(l), id, args))
        .unwrap_or_else(|| id.to_string())
}

/// A message without placeables.
pub fn word(language: Language, id: &str) -> String {
    say(language, id, &Args::new())
}

fn format(bundle: &Bundle, id: &str, args: &Args) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&args.0), &mut errors);
    Some(text.into_owned())
}

/// A day in words, `1 December 2026`, `1. Dezember 2026`, `1 de
/// diciembre de 2026`: the language's pattern (`date-long`) with its own
/// month names.
pub fn long_date(language: Language, day: NaiveDate) -> String {
    let locale = match language {
        Language::English => chrono::Locale::en_GB,
        Language::Italian => chrono::Locale::it_IT,
        Language::French => chrono::Locale::fr_FR,
        Language::German => chrono::Locale::de_DE,
        Language::Spanish => chrono::Locale::es_ES,
    };
    day.format_localized(&word(language, "date-long"), locale)
        .to_string()
}

/// A duration in its two largest units, in the language's words and
/// plural forms: `2 days 3 hours`, `2 giorni 3 ore`.
pub fn span(language: Language, span: Duration) -> String {
    describe_with(span, |n, unit| {
        say(
            language,
            "span-unit",
            &Args::new().text("unit", unit.name()).number("count", n),
        )
    })
}

/// What a time control gave, in the language: `each move within 3 days
/// of the opponent's move`.
pub fn allowed(language: Language, allowed: Allowed) -> String {
    match allowed {
        Allowed::PerMove(time) => say(
            language,
            "allows-per-move",
            &Args::new().text("time", span(language, time)),
        ),
        Allowed::Period {
            moves,
            time,
            total,
            upto,
        } => say(
            language,
            "allows-period",
            &Args::new()
                .text("time", span(language, time))
                .number("moves", u64::from(moves))
                .text("total", span(language, total))
                .number("upto", u64::from(upto)),
        ),
    }
}

/// How late a move came, in the language: `received 2 days after its
/// deadline, 2026-03-01 09:00 UTC`.
pub fn late_words(language: Language, late: &LateMove) -> String {
    say(
        language,
        "late-received",
        &Args::new()
            .text("by", span(language, late.by()))
            .text("deadline", format_time_short(late.deadline)),
    )
}

#[cfg(test)]
mod tests;
