//! The message files checked against each other and said.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

/// Each message of a file with the variables its value and attributes
/// use, however deep (in selectors and their variants too).
fn placeables(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("the file does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut names = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern(value, &mut names);
                }
                for attribute in &m.attributes {
                    pattern(&attribute.value, &mut names);
                }
                assert!(
                    out.insert(m.id.name.to_string(), names).is_none(),
                    "{} twice",
                    m.id.name
                );
            }
            Entry::Junk { content } => panic!("not Fluent: {content}"),
            _ => {}
        }
    }
    out
}

fn pattern(p: &Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_names(expression, names);
        }
    }
}

fn expression_names(e: &Expression<&str>, names: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline(selector, names);
            for variant in variants {
                pattern(&variant.value, names);
            }
        }
        Expression::Inline(i) => inline(i, names),
    }
}

fn inline(i: &InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for p in &arguments.positional {
                inline(p, names);
            }
            for n in &arguments.named {
                inline(&n.value, names);
            }
        }
        InlineExpression::Placeable { expression } => expression_names(expression, names),
        _ => {}
    }
}

/// The defect this guards: a message said in English only, or a
/// translation that drops or invents a placeable, so a player reads a
/// name, a move or a date fewer or more times than English says it.
#[test]
fn every_language_has_every_message_with_the_same_placeables() {
    let english = placeables(SOURCES[0].1);
    assert!(english.contains_key("date-long"));
    for (language, source) in &SOURCES[1..] {
        let other = placeables(source);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{language} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{language} has messages English lacks: {extra:?}"
        );
        for (id, names) in &english {
            assert_eq!(
                &other[id], names,
                "{language}: {id} uses other placeables than English"
            );
        }
    }
}

/// Every file is read whole by the bundle: nothing Fluent refused.
#[test]
fn every_file_is_fluent_the_bundle_reads_whole() {
    for (language, source) in SOURCES {
        let parsed = FluentResource::try_new(source.to_string());
        assert!(
            parsed.is_ok(),
            "{language}: {:?}",
            parsed.err().map(|e| e.1)
        );
    }
}

#[test]
fn dates_in_each_language() {
    let day = NaiveDate::from_ymd_opt(2026, 12, 1).expect("a day");
    let said: Vec<String> = Language::ALL.iter().map(|l| long_date(*l, day)).collect();
    assert_eq!(
        said,
        [
            "1 December 2026",
            "1 dicembre 2026",
            "1 décembre 2026",
            "1. Dezember 2026",
            "1 de diciembre de 2026"
        ]
    );
}

/// The plural forms are the language's, chosen by the number.
#[test]
fn plurals_follow_each_language() {
    let pawns = |language, n| {
        say(
            language,
            "piece-count",
            &Args::new().text("piece", "pawn").number("count", n),
        )
    };
    assert_eq!(pawns(Language::English, 1), "a pawn");
    assert_eq!(pawns(Language::English, 2), "2 pawns");
    assert_eq!(pawns(Language::Italian, 2), "2 pedoni");
    assert_eq!(pawns(Language::French, 1), "un pion");
    assert_eq!(pawns(Language::German, 3), "3 Bauern");
    assert_eq!(pawns(Language::Spanish, 2), "2 peones");
}

#[test]
fn a_message_missing_is_said_by_its_id() {
    assert_eq!(
        word(Language::Italian, "no-such-message"),
        "no-such-message"
    );
}
