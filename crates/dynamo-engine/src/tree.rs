//! A solution as problemists print it: moves, their marks, threats and
//! variations, in Popeye's layout with NOST notation (docs/director.md,
//! "Problems and analysis").

use std::fmt::Write;

/// What follows a move's text: mate, check, or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The side to move after it is checkmated (§6).
    Mate,
    /// The side to move after it is in check.
    Check,
    /// Neither.
    Quiet,
}

impl Mark {
    /// `#`, `+` or nothing.
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::Mate => "#",
            Mark::Check => "+",
            Mark::Quiet => "",
        }
    }
}

/// What the attacker threatens after a move, were the defender allowed to
/// pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Threat {
    /// The move mates, or gives check: nothing to say.
    None,
    /// Nothing: only the obligation to move loses (zugzwang).
    Zugzwang,
    /// Mate in `length` more moves, beginning with any of `moves`, each
    /// with its whole line: the defences and the attacker's answers down
    /// to mate, as a key's variations are shown (sorted by notation).
    Mate {
        /// How many attacker moves the threat takes.
        length: u8,
        /// The threat's first moves, each the root of its tree.
        moves: Vec<Node>,
    },
}

/// One move in a solution tree and what follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The move in canonical NOST notation.
    pub text: String,
    /// Mate, check or quiet.
    pub mark: Mark,
    /// For an attacker's move, its threat; [`Threat::None`] for a defence.
    pub threat: Threat,
    /// The replies shown: defences after an attacker's move, the
    /// attacker's answers after a defence.
    pub replies: Vec<Node>,
}

/// A key move or a try: its tree, and for a try its one refutation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstMove {
    /// The first move and its variations.
    pub tree: Node,
    /// For a try, the defence that refutes it.
    pub refutation: Option<String>,
}

/// The move number and dots of a half-move: `1.` for the attacker's first
/// move, `1...` for the defence after it.
fn number(ply: usize) -> String {
    let n = ply / 2 + 1;
    if ply.is_multiple_of(2) {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

impl FirstMove {
    /// Popeye's layout: the key marked `!` (a try `?`, its refutation
    /// after `but`), its threat, each variation one move a line, indented
    /// by half-move. A threat of mate in one stands on the key's line; a
    /// longer one follows it whole, each threat move at the half-move it
    /// would be played, with its defences and mates below it.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let t = &self.tree;
        let verdict = if self.refutation.is_some() { "?" } else { "!" };
        let _ = write!(out, "1.{}{}{}", t.text, t.mark.as_str(), verdict);
        write_threat(&mut out, &t.threat, 0);
        for reply in &t.replies {
            write_node(&mut out, reply, 1);
        }
        if let Some(r) = &self.refutation {
            let _ = writeln!(out, "    but\n    1...{r}!");
        }
        out
    }
}

/// Ends the line of the attacker's move at half-move `ply` with its
/// threat; the threat's moves are the attacker's next, at `ply + 2`.
fn write_threat(out: &mut String, threat: &Threat, ply: usize) {
    match threat {
        Threat::None => out.push('\n'),
        Threat::Zugzwang => out.push_str(" zugzwang.\n"),
        Threat::Mate { length: 1, moves } => {
            let shown: Vec<String> = moves
                .iter()
                .map(|m| format!("{}{}{}", number(ply + 2), m.text, m.mark.as_str()))
                .collect();
            let _ = writeln!(out, " threat: {}", shown.join(", "));
        }
        Threat::Mate { moves, .. } => {
            out.push_str(" threat:\n");
            for m in moves {
                write_node(out, m, ply + 2);
            }
        }
    }
}

fn write_node(out: &mut String, node: &Node, ply: usize) {
    let _ = write!(
        out,
        "{}{}{}{}",
        "    ".repeat(ply),
        number(ply),
        node.text,
        node.mark.as_str()
    );
    write_threat(out, &node.threat, ply);
    for reply in &node.replies {
        write_node(out, reply, ply + 1);
    }
}
