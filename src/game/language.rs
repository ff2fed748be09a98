//! The language a player reads and writes: each side's is kept in the
//! game file's header (`WhiteLanguage`, `BlackLanguage`), so every later
//! command and every machine that reads the file knows it; a file without
//! the tag means English, the language every older file was played in.

use std::fmt;
use std::str::FromStr;

use dynamo_core::{Color, quoted};

/// A language the notices are written in and the replies read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Language {
    #[default]
    English,
    Italian,
    French,
    German,
    Spanish,
}

/// Why a language code is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("language {}: write one of en, it, fr, de, es", quoted(.0))]
pub struct LanguageError(pub String);

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 5] = [
        Language::English,
        Language::Italian,
        Language::French,
        Language::German,
        Language::Spanish,
    ];

    /// Its ISO 639-1 code, as the header tag, the players file and the
    /// command line write it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Italian => "it",
            Language::French => "fr",
            Language::German => "de",
            Language::Spanish => "es",
        }
    }

    /// The header tag that keeps the language of the player of `side`.
    pub fn tag(side: Color) -> &'static str {
        match side {
            Color::White => "WhiteLanguage",
            Color::Black => "BlackLanguage",
        }
    }
}

impl FromStr for Language {
    type Err = LanguageError;

    /// The code (`it`), with or without a region (`it-IT`, `fr_CH`), in
    /// any case.
    fn from_str(text: &str) -> Result<Language, LanguageError> {
        let code = text
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| LanguageError(text.to_string()))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Language, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_with_a_region_and_in_any_case() {
        for (text, language) in [
            ("en", Language::English),
            ("IT", Language::Italian),
            ("fr-CH", Language::French),
            ("de_AT", Language::German),
            (" es ", Language::Spanish),
        ] {
            assert_eq!(text.parse::<Language>(), Ok(language), "{text}");
        }
        for language in Language::ALL {
            assert_eq!(language.code().parse::<Language>(), Ok(language));
        }
        assert!("pt".parse::<Language>().is_err());
        assert!("".parse::<Language>().is_err());
    }
}
