#!/usr/bin/env python3
"""Fails when output is decided anywhere but the printer (src/cli/support/printer.rs).

Every command prints through one `Printer`, made from the global options
(`--output text|json`, `--json` its alias, `--verbose`): a command that
defines its own `--json` flag would bring back a second way to ask for
JSON, with its own `if json {…} else {…}`, and a `static` holding output
state (a verbosity, a format) would let a plain-looking call print
differently from what its caller passed it.

Two rules:
- no `--json` flag outside the printer: no field `json` under a clap
  `#[arg(...)]`, no `long = "json"`, no `Arg::new("json")`;
- no `static` holding output state: in the command line (src/cli/,
  src/main.rs), no static that can change (atomics, locks, cells,
  `static mut`, `thread_local!`); anywhere, no static named for output
  (VERBOSE, QUIET, JSON, OUTPUT, FORMAT, PRINT…).

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
    for b in bad:
        print(b)
    print(f"output-owner: {len(bad)} places that decide output outside the printer")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src", "crates"]))
