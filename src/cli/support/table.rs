//! The one table renderer of the command line (the `games` overview, the
//! standings' crosstable): columns two spaces apart, widths measured as a
//! terminal shows the text (`½`, a CJK character takes two cells, a
//! combining accent none), and, for a table fitted to a width, columns
//! shrunk (their text cut with `…`) or dropped in a given order when it is
//! too wide, never wrapped. Colour is added after the fitting, so it never
//! counts as width.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// How a cell stands out on a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tone {
    Plain,
    Bold,
    Red,
    Yellow,
}

impl Tone {
    fn start(self) -> &'static str {
        match self {
            Tone::Plain => "",
            Tone::Bold => "\x1b[1m",
            Tone::Red => "\x1b[31m",
            Tone::Yellow => "\x1b[33m",
        }
    }
}

/// One cell: its text and tone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) tone: Tone,
}

impl Cell {
    pub(crate) fn new(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            tone: Tone::Plain,
        }
    }

    pub(crate) fn toned(text: impl Into<String>, tone: Tone) -> Cell {
        Cell {
            text: text.into(),
            tone,
        }
    }
}

/// A line of the table: a cell per column, or one text across all but
/// the first column (a file that does not replay, and why).
pub(crate) enum Line {
    Cells(Vec<Cell>),
    Spanning(Cell, Cell),
}

/// One step of fitting a table that is too wide.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step {
    /// Narrow the columns, evenly, down to this width at least, cutting
    /// their text.
    Shrink(&'static [usize], usize),
    /// Leave the column out.
    Drop(usize),
}

const GAP: usize = 2;

/// How wide `text` shows on a terminal.
pub(crate) fn width(text: &str) -> usize {
    // Printable ASCII is one column a byte; the table of 10,000 games
    // measured nearly all its cells by the Unicode tables otherwise.
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return text.len();
    }
    text.width()
}

/// `text` cut to `max` columns, the cut marked with `…`.
pub(crate) fn cut(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        out.push(c);
        used += w;
    }
    if max > 0 {
        out.push('…');
    }
    out
}

fn total(widths: &[Option<usize>]) -> usize {
    let present: Vec<usize> = widths.iter().flatten().copied().collect();
    present.iter().sum::<usize>() + GAP * present.len().saturating_sub(1)
}

/// The widest cell of each column, the header left out.
fn cell_widths(header: &[&str], lines: &[Line]) -> Vec<usize> {
    let mut natural = vec![0; header.len()];
    for line in lines {
        widen(&mut natural, line);
    }
    natural
}

/// Widens `natural`, the widest cell of each column so far, to `line`'s:
/// a table whose lines are made one at a time is measured without
/// keeping them all.
pub(crate) fn widen(natural: &mut [usize], line: &Line) {
    match line {
        Line::Cells(cells) => {
            for (n, cell) in natural.iter_mut().zip(cells) {
                *n = (*n).max(width(&cell.text));
            }
        }
        Line::Spanning(first, _) => {
            if let Some(n) = natural.first_mut() {
                *n = (*n).max(width(&first.text));
            }
        }
    }
}

/// Each column as wide as its widest text, the header's included, every
/// column kept: a table shown whole, whatever the width.
pub(crate) fn full_widths(header: &[&str], lines: &[Line]) -> Vec<Option<usize>> {
    cell_widths(header, lines)
        .iter()
        .zip(header)
        .map(|(&n, h)| Some(n.max(width(h))))
        .collect()
}

/// Each column's width, or `None` for a column left out: the widest
/// text of each, `natural` ([`widen`] measures it a line at a time; a
/// column empty in every line is left out), then, while wider than
/// `limit`, `steps` in order. Should the steps not be enough,
/// columns are left out from the right. Then the room a later step freed
/// is given back, undoing the steps the latest first (the columns a later
/// step touches are the more important): a column dropped comes back if
/// it fits whole, a column shrunk widens as far as room allows.
pub(crate) fn fit_measured(
    header: &[&str],
    natural: &[usize],
    steps: &[Step],
    limit: Option<usize>,
) -> Vec<Option<usize>> {
    let mut widths: Vec<Option<usize>> = natural
        .iter()
        .zip(header)
        .map(|(&n, h)| (n > 0).then(|| n.max(width(h))))
        .collect();
    let Some(limit) = limit else {
        return widths;
    };
    /// A step taken, as it can be undone.
    enum Taken {
        Shrunk(Vec<(usize, usize)>),
        Dropped(usize, usize),
    }
    let mut taken = Vec::new();
    for &step in steps {
        let excess = total(&widths).saturating_sub(limit);
        if excess == 0 {
            break;
        }
        match step {
            Step::Shrink(cols, min) => {
                let before: Vec<(usize, usize)> = cols
                    .iter()
                    .filter_map(|&c| widths[c].map(|w| (c, w)))
                    .collect();
                // A cell at a time from the widest, so that they end even.
                for _ in 0..excess {
                    let widest = cols
                        .iter()
                        .filter_map(|&c| widths[c].map(|w| (w, c)))
                        .filter(|&(w, _)| w > min)
                        .max();
                    let Some((w, c)) = widest else { break };
                    widths[c] = Some(w - 1);
                }
                taken.push(Taken::Shrunk(before));
            }
            Step::Drop(col) => {
                if let Some(w) = widths[col].take() {
                    taken.push(Taken::Dropped(col, w));
                }
            }
        }
    }
    while total(&widths) > limit && widths.iter().flatten().count() > 1 {
        if let Some(last) = widths.iter_mut().rev().find(|w| w.is_some()) {
            *last = None;
        }
    }
    for step in taken.into_iter().rev() {
        match step {
            Taken::Dropped(col, w) => {
                widths[col] = Some(w);
                if total(&widths) > limit {
                    widths[col] = None;
                }
            }
            Taken::Shrunk(before) => {
                for _ in 0..limit.saturating_sub(total(&widths)) {
                    let narrowest = before
                        .iter()
                        .filter_map(|&(c, b)| widths[c].filter(|&w| w < b).map(|w| (w, c)))
                        .min();
                    let Some((w, c)) = narrowest else { break };
                    widths[c] = Some(w + 1);
                }
            }
        }
    }
    widths
}

/// The table as text, one line each, lines no wider than `limit`. `right`
/// says which columns align right; `colour` whether tones show.
pub(crate) fn render(
    header: &[&str],
    lines: &[Line],
    widths: &[Option<usize>],
    right: &[bool],
    limit: Option<usize>,
    colour: bool,
) -> Vec<String> {
    let shape = Shape {
        widths,
        right,
        limit,
        colour,
    };
    let mut out = Vec::with_capacity(lines.len() + 1);
    out.push(shape.heading(header));
    out.extend(lines.iter().map(|line| shape.line(line)));
    out
}

/// How a fitted table's lines are drawn, for a table drawn a line at a
/// time ([`render`] draws them all).
pub(crate) struct Shape<'a> {
    pub(crate) widths: &'a [Option<usize>],
    pub(crate) right: &'a [bool],
    pub(crate) limit: Option<usize>,
    pub(crate) colour: bool,
}

impl Shape<'_> {
    fn paint(&self, text: &str, tone: Tone) -> String {
        if self.colour && tone != Tone::Plain && !text.is_empty() {
            format!("{}{text}\x1b[0m", tone.start())
        } else {
            text.to_string()
        }
    }

    /// Adds `text` to `out`, in its tone's colour when colour is on.
    fn paint_into(&self, out: &mut String, text: &str, tone: Tone) {
        if self.colour && tone != Tone::Plain && !text.is_empty() {
            out.push_str(tone.start());
            out.push_str(text);
            out.push_str("\x1b[0m");
        } else {
            out.push_str(text);
        }
    }

    /// The cells shown, each cut and padded to its column, into one
    /// string without a string of its own a cell: `games` draws 100,000
    /// lines of 13 cells on one core after the files are read.
    fn row(&self, cells: &[Cell]) -> String {
        let mut out = String::new();
        let mut first = true;
        for (col, (w, cell)) in self.widths.iter().zip(cells).enumerate() {
            let Some(w) = *w else { continue };
            if !first {
                out.extend(std::iter::repeat_n(' ', GAP));
            }
            first = false;
            let whole = width(&cell.text);
            let cut_text;
            let (text, shown) = if whole <= w {
                (cell.text.as_str(), whole)
            } else {
                cut_text = cut(&cell.text, w);
                (cut_text.as_str(), width(&cut_text))
            };
            let pad = std::iter::repeat_n(' ', w - shown);
            if self.right.get(col).copied().unwrap_or(false) {
                out.extend(pad);
                self.paint_into(&mut out, text, cell.tone);
            } else {
                self.paint_into(&mut out, text, cell.tone);
                out.extend(pad);
            }
        }
        // No blanks at the end of a line, where the last cells are empty.
        out.truncate(out.trim_end_matches(' ').len());
        out
    }

    /// The headings' line.
    pub(crate) fn heading(&self, header: &[&str]) -> String {
        let heads: Vec<Cell> = header.iter().map(|h| Cell::toned(*h, Tone::Bold)).collect();
        self.row(&heads)
    }

    /// One line of the table.
    pub(crate) fn line(&self, line: &Line) -> String {
        match line {
            Line::Cells(cells) => self.row(cells),
            Line::Spanning(file, why) => {
                let first = self.widths.first().copied().flatten().unwrap_or(0);
                let room = self
                    .limit
                    .map_or(usize::MAX, |l| l.saturating_sub(first + GAP));
                let file_text = cut(&file.text, first);
                let pad = " ".repeat(first - width(&file_text));
                format!(
                    "{}{pad}{}{}",
                    self.paint(&file_text, file.tone),
                    " ".repeat(GAP),
                    self.paint(&cut(&why.text, room), why.tone)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII shortcut measures as the Unicode tables do, and text
    /// with anything else (a control character, `½`, a wide or a
    /// combining character) goes to the tables.
    #[test]
    fn width_is_the_terminals() {
        let ascii: String = (0u8..128).map(char::from).collect();
        for c in ascii.chars() {
            let text = format!("a{c}b");
            assert_eq!(width(&text), text.width(), "{c:?}");
        }
        for text in ["", "Ada Lovelace 0", "1½", "東京", "e\u{301}", "a\tb"] {
            assert_eq!(width(text), text.width(), "{text:?}");
        }
    }
}
