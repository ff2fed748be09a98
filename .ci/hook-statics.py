#!/usr/bin/env python3
"""Fails when a `static` holds a hook, a config or a recorder.

What a command may do shows at its call sites only if nothing is
installed behind them: a function pointer or closure kept in a `static`
(`OnceLock<fn(&Path)>`), a shared value holding one (`Arc<...>`), a
config or a recorder kept for later, all let a plain-looking call (load a
game to read it) do what no import shows (record a move, send mail).
Such a value is built by the command and passed to what uses it.

Caches of pure results (rendered pictures), counters and flags are not
hooks and pass.

Usage: hook-statics.py DIR [DIR ...]; prints each offending static,
exits 1 if there is any.
"""

import re
import sys
from pathlib import Path

# `static NAME: TYPE =` (also inside `thread_local!`), up to the `=`.
STATIC = re.compile(r"\bstatic\s+(?:mut\s+)?([A-Z_][A-Z0-9_]*)\s*:\s*([^=;]+)=", re.S)
# What a hook, or a value that carries one, looks like in a type.
HOOK = re.compile(
    r"\bfn\s*\(|\bFn(?:Mut|Once)?\s*\(|\bArc\s*<|\bRc\s*<|\bBox\s*<\s*dyn\b"
    r"|\w*(?:Config|Recorder|Recording|Hook|CatchUp|Settings)\b"
)


def code(path):
    """The file without comments and test modules."""
    text = path.read_text()
    text = re.sub(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{.*", "", text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main(dirs):
    bad = []
    for top in dirs:
        for path in sorted(Path(top).rglob("*.rs")):
            text = code(path)
            for m in STATIC.finditer(text):
                name, ty = m.group(1), " ".join(m.group(2).split())
                hook = HOOK.search(ty)
                if hook:
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append(
                        f"{path}:{line}: static {name}: {ty} holds {hook.group(0).strip()!r}: "
                        "build the value in the command and pass it"
                    )
    for b in bad:
        print(b)
    print(f"hook-statics: {len(bad)} statics holding a hook, a config or a recorder")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src", "crates"]))
