#!/usr/bin/env python3
"""Rooms cut by meaning: no source file over 800 lines of code, a warning
over 600.

Only code counts, not tests: the lines of a `#[cfg(test)]`-gated item (a
`#[cfg(test)] mod tests { ... }` block, a gated function or `use`) are left
out, and so is a whole file that is a test module declared
`#[cfg(test)] mod x;` elsewhere (with everything below it). A file over
the warning line is printed so that its split is planned, not forced; one
over the limit fails the check.

Usage: file-sizes.py ROOT... (each a folder searched for `*.rs` files).
"""

import re
import sys
from pathlib import Path

LIMIT = 800
WARN = 600

CFG_TEST = re.compile(r"#\[cfg\(test\)\]")
MOD_DECL = re.compile(r"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;")


def blank_out(text):
    """The text with comments, strings and character literals replaced by
    spaces (newlines kept), so that braces and `;` in them are not seen."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif (m := re.match(r'b?r(#*)"', text[i:i + 300])) and (
            i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        ):
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            # A character literal ('x', '\n', '\u{7f}'), not a lifetime.
            m = re.match(r"'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'", text[i:i + 12])
            if m:
                out.append(" " * m.end())
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def gated_items(code):
    """(first line, last line, module name or None) of each
    `#[cfg(test)]`-gated item, lines counted from 0."""
    items = []
    for m in CFG_TEST.finditer(code):
        start = code.count("\n", 0, m.start())
        j = m.end()
        # Further attributes of the same item.
        while True:
            rest = code[j:]
            stripped = rest.lstrip()
            if stripped.startswith("#["):
                k = j + len(rest) - len(stripped)
                depth, k = 0, k + 1
                while k < len(code):
                    if code[k] == "[":
                        depth += 1
                    elif code[k] == "]":
                        depth -= 1
                        if depth == 0:
                            break
                    k += 1
                j = k + 1
            else:
                break
        decl = MOD_DECL.match(code, j)
        semi, brace = code.find(";", j), code.find("{", j)
        if brace < 0 or (0 <= semi < brace):
            end = semi
        else:
            depth, end = 0, brace
            while end < len(code):
                if code[end] == "{":
                    depth += 1
                elif code[end] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                end += 1
        items.append((start, code.count("\n", 0, end), decl.group(1) if decl else None))
    return items


def module_dir(path):
    """The folder where the children a file declares live."""
    if path.name in ("mod.rs", "lib.rs", "main.rs"):
        return path.parent
    return path.parent / path.stem


def main(roots):
    files = sorted(p for root in roots for p in Path(root).rglob("*.rs"))
    test_only = set()
    counts = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        gated = set()
        for first, last, module in gated_items(blank_out(text)):
            gated.update(range(first, last + 1))
            if module:
                base = module_dir(path)
                for child in (base / f"{module}.rs", base / module / "mod.rs"):
                    test_only.add(child)
                test_only.add(base / module)
        counts[path] = lines - len(gated)

    def is_test_only(path):
        return path in test_only or any(parent in test_only for parent in path.parents)

    failed = False
    for path, code in counts.items():
        if is_test_only(path):
            continue
        if code > LIMIT:
            print(f"{path}: {code} lines of code, over the limit of {LIMIT}: split it")
            failed = True
        elif code > WARN:
            print(f"{path}: {code} lines of code (warning at {WARN}, limit {LIMIT}): plan its split")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src"]))
