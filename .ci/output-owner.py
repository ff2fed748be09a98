#!/usr/bin/env python3
"""Fails when output is decided anywhere but the printer (src/cli/support/printer.rs).

Every command prints through one `Printer`, made from the global options
(`--output text|json`, `--json` its alias, `--verbose`): a command that
defines its own `--json` flag would bring back a second way to ask for
JSON, with its own `if json {…} else {…}`, and a `static` holding output
state (a verbosity, a format) would let a plain-looking call print
differently from what its caller passed it.

Three rules:
- no `--json` flag outside the printer: no field `json` under a clap
  `#[arg(...)]`, no `long = "json"`, no `Arg::new("json")`;
- no `static` holding output state: in the command line (src/cli/,
  src/main.rs), no static that can change (atomics, locks, cells,
  `static mut`, `thread_local!`); anywhere, no static named for output
  (VERBOSE, QUIET, JSON, OUTPUT, FORMAT, PRINT…);
- no command writes its output but through the printer: in src/cli/,
  no `print!`/`println!`, no `write!`/`writeln!` but into a formatter
  (`f`, inside a report's `Display`) or a `String`, no `write_all` or
  `serde_json::to_writer`, so that every result is a report the printer
  prints as text or JSON. Standard error (`eprintln!`) is free: warnings
  and progress are no result. The files in WRITES_AS_IT_GOES may write
  as they go, each for the reason given there.

Usage: output-owner.py [DIR ...] (default: src crates), from the
repository's top; prints each offence, exits 1 if there is any.
"""

import re
import sys
from pathlib import Path

PRINTER = Path("src/cli/support/printer.rs")
# The floor that prints: no state of its own outside what is passed.
COMMAND_LINE = [Path("src/cli"), Path("src/main.rs")]

# A clap-derived field named `json`, with the attributes above it.
JSON_FIELD = re.compile(r"((?:[ \t]*#\[[^\n]*\]\s*\n|[ \t]*//[^\n]*\n)*)[ \t]*(?:pub(?:\([^)]*\))?\s+)?json\s*:")
JSON_BUILDER = re.compile(r"""long\s*=\s*"json"|Arg::new\(\s*"json"\s*\)|\.long\(\s*"json"\s*\)""")
STATIC = re.compile(r"\bstatic\s+(mut\s+)?([A-Z_][A-Z0-9_]*)\s*:\s*([^=;]+)=", re.S)
CHANGES = re.compile(r"\bAtomic\w+|\bMutex\b|\bRwLock\b|\bOnce(?:Lock|Cell)\b|\bLazyLock\b|\bCell\b|\bRefCell\b")
OUTPUT_NAME = re.compile(r"VERBOSE|QUIET|JSON|OUTPUT|FORMAT|PRINT|STDOUT|COLOU?R")


# The command files that may write to standard output themselves, and
# why (docs/ARCHITECTURE.md, "One printer"). A file leaves this list when
# its command ends in the printer.
WRITES_AS_IT_GOES = {
    # Streaming: a result printed when it happens, not at the end.
    Path("src/cli/inbox.rs"): "streaming: `inbox --watch` says each message as it is read, for hours",
    Path("src/cli/game/verify.rs"): "streaming: on a terminal each file's verdict shows as it is checked",
    # A file of its own format, not a report.
    Path("src/cli/meta/completions.rs"): "a shell script, written by clap_complete",
    Path("src/cli/meta/man.rs"): "a manual page in roff",
    Path("src/cli/game/export.rs"): "the game file itself, as PGN or JSON (`--format`)",
    # The printer's own helpers for deliveries and tables.
    Path("src/cli/support/printer.rs"): "the printer",
    Path("src/cli/support/table.rs"): "the table's layout, which `games` and `standings` print",
}

# Commands not yet ending in the printer: each is to become a report and
# leave this list; a file not in it that writes fails the check.
NOT_YET_REPORTS = {
    # Its table and its JSON read the games differently (the table keeps
    # packed rows, so that ten thousand games fit in memory).
    Path("src/cli/game/games/run.rs"): "games",
    # The section workflows, which are being moved into library services.
    Path("src/cli/tournament/crosstable.rs"): "crosstable",
    Path("src/cli/tournament/delete.rs"): "tournament delete",
    Path("src/cli/tournament/html.rs"): "standings --html",
    Path("src/cli/tournament/new.rs"): "tournament new",
    Path("src/cli/tournament/replace.rs"): "tournament replace",
    Path("src/cli/tournament/set.rs"): "tournament set",
    Path("src/cli/tournament/standings.rs"): "standings",
    Path("src/cli/tournament/withdraw.rs"): "tournament withdraw",
}

# A macro writing output, and what it writes into.
WRITES = re.compile(r"\b(print|println|write|writeln)!\s*\(\s*([^,)]*)")
RAW = re.compile(r"\b(?:out|stdout\(\)(?:\.lock\(\))?)\s*\.write_all\s*\(|serde_json::to_writer(?:_pretty)?\s*\(\s*(?:&mut\s*\*?\s*)?(?:out|io::stdout)")
# What a report's Display or a text being built writes into.
FORMATTER = re.compile(r"^&?\s*(mut\s+)?(f|s|text|line|buf)$")


def writes_output(path, bad):
    """Where a command file writes to an output but through the printer."""
    if path in WRITES_AS_IT_GOES or path in NOT_YET_REPORTS:
        return
    text = code(path)
    for m in WRITES.finditer(text):
        macro, target = m.group(1), m.group(2).strip()
        if "stderr" in target:
            continue
        if macro.startswith("print") or not FORMATTER.match(target):
            bad.append(f"{path}:{line_of(text, m.start())}: {macro}!({target}…) writes output itself: "
                       "make the result a report and end with `printer.out(&report, out)`")
    for m in RAW.finditer(text):
        bad.append(f"{path}:{line_of(text, m.start())}: writes output itself: "
                   "make the result a report and end with `printer.out(&report, out)`")


def code(path):
    """The file without comments and test modules."""
    text = path.read_text()
    text = re.sub(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{.*", "", text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def in_command_line(path):
    return any(path == top or top in path.parents for top in COMMAND_LINE)


def check(path, bad):
    text = code(path)
    if path != PRINTER:
        for m in JSON_FIELD.finditer(text):
            if "#[arg" in m.group(1):
                bad.append(f"{path}:{line_of(text, m.start(0) + len(m.group(1)))}: a `--json` flag of its own: "
                           "ask the printer (`printer.json()`, `printer.out(report)`)")
        for m in JSON_BUILDER.finditer(text):
            bad.append(f"{path}:{line_of(text, m.start())}: a `--json` flag of its own: ask the printer")
    thread_local = "thread_local!" in text and in_command_line(path)
    if thread_local:
        bad.append(f"{path}: thread_local! in the command line: pass the state instead")
    for m in STATIC.finditer(text):
        is_mut, name, ty = m.group(1), m.group(2), " ".join(m.group(3).split())
        where = f"{path}:{line_of(text, m.start())}: static {name}: {ty}"
        if OUTPUT_NAME.search(name):
            bad.append(f"{where} holds output state: the printer holds it")
        elif in_command_line(path) and (is_mut or CHANGES.search(ty)):
            bad.append(f"{where} can change: the command line passes its state (the printer) instead")


def main(dirs):
    bad = []
    for top in dirs:
        for path in sorted(Path(top).rglob("*.rs")):
            check(path, bad)
            if in_command_line(path) and path != Path("src/main.rs"):
                writes_output(path, bad)
    for path in sorted({**WRITES_AS_IT_GOES, **NOT_YET_REPORTS}):
        if not path.exists():
            bad.append(f"{path}: listed in output-owner.py but gone: take it off the list")
    for b in bad:
        print(b)
    print(f"output-owner: {len(bad)} places that decide output outside the printer")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src", "crates"]))
