//! Whether an HTML element is shown: text a mail client does not display
//! (`display:none`, `visibility:hidden`, a font size of 0, the `hidden`
//! attribute, text the colour of its background) is not the writer's
//! words, whatever it says.
//!
//! The background is the element's own when its style gives one, white
//! otherwise (every mail client's default page): white text with no
//! background of its own is taken as hidden. Inherited colours are not
//! followed: a hidden move needs a colour on the element that holds it.

/// Elements that have no content: never skipped as hidden, as they have
/// no end tag to skip to.
pub const VOID: [&str; 13] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Whether a `style` attribute hides the element's text.
pub fn hidden_style(style: &str) -> bool {
    let mut colour = None;
    let mut background = None;
    for declaration in style.split(';') {
        let Some((property, value)) = declaration.split_once(':') else {
            continue;
        };
        let property = property.trim().to_ascii_lowercase();
        let value = value
            .trim()
            .trim_end_matches("!important")
            .trim()
            .to_ascii_lowercase();
        match property.as_str() {
            "display" if value == "none" => return true,
            "visibility" if value == "hidden" || value == "collapse" => return true,
            "font-size" if is_zero(&value) => return true,
            "opacity" if is_zero(&value) => return true,
            "color" => colour = Some(value),
            "background" | "background-color" => background = Some(value),
            _ => {}
        }
    }
    colour.is_some_and(|c| same_colour(&c, background.as_deref().unwrap_or("#ffffff")))
}

/// Whether a `<font color=…>` is white, on the default white page.
pub fn hidden_font_colour(colour: &str) -> bool {
    same_colour(&colour.to_ascii_lowercase(), "#ffffff")
}

/// `0`, `0px`, `0pt`, `0em`, `0%`, `0.0`.
fn is_zero(value: &str) -> bool {
    let number = value.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '%');
    !number.is_empty() && number.parse::<f64>().is_ok_and(|n| n == 0.0)
}

/// Two CSS colours that are the same: names for white and black, `#fff`,
/// `#ffffff`, `rgb(255, 255, 255)`.
fn same_colour(a: &str, b: &str) -> bool {
    match (rgb(a), rgb(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

fn rgb(colour: &str) -> Option<[u8; 3]> {
    let colour = colour.trim();
    // `background: #fff url(…)`: the first word, `rgb(…)` whole.
    let colour = match colour.find(')') {
        Some(end) if colour.starts_with("rgb") => &colour[..=end],
        _ => colour.split_ascii_whitespace().next().unwrap_or(colour),
    };
    match colour {
        "white" => return Some([255; 3]),
        "black" => return Some([0; 3]),
        _ => {}
    }
    if let Some(hex) = colour.strip_prefix('#') {
        let digit = |i: usize, n: usize| u8::from_str_radix(hex.get(i..i + n)?, 16).ok();
        return match hex.len() {
            3 => Some([digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17]),
            6 => Some([digit(0, 2)?, digit(2, 2)?, digit(4, 2)?]),
            _ => None,
        };
    }
    let inner = colour
        .strip_prefix("rgb(")
        .or_else(|| colour.strip_prefix("rgba("))?
        .strip_suffix(')')?;
    let mut parts = inner.split(',').map(|p| p.trim().parse::<u8>().ok());
    Some([parts.next()??, parts.next()??, parts.next()??])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_that_hide() {
        for style in [
            "display:none",
            "DISPLAY: none !important",
            "visibility:hidden",
            "font-size:0",
            "font-size: 0px; color: red",
            "opacity:0",
            "color:#fff",
            "color: white",
            "color:#ffffff;background-color:#ffffff",
            "color: rgb(0, 0, 0); background: #000",
            "color:#123456;background:#123456",
        ] {
            assert!(hidden_style(style), "{style}");
        }
    }

    #[test]
    fn styles_that_show() {
        for style in [
            "",
            "display:block",
            "font-size:12px",
            "color:#000",
            "color:white;background:#000",
            "color:#fff;background-color:navy",
            "font-family: Arial",
        ] {
            assert!(!hidden_style(style), "{style}");
        }
        assert!(hidden_font_colour("#FFFFFF"));
        assert!(!hidden_font_colour("#000000"));
    }
}
