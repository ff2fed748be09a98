#!/usr/bin/env python3
"""One name, one meaning: no type name defined twice in the workspace.

The rule: every `struct`, `enum`, `type` alias and `trait` declared `pub`
or `pub(crate)` in the crates' sources (`src/` and `crates/*/src`) counts,
at any depth of modules; a name counted twice fails, wherever the two
are (two crates, or two modules of one crate), since a reader meets both
under the same word. Not counted:

- items narrower than the crate (private, `pub(super)`, `pub(in path)`):
  they are seen only by their neighbours;
- test code: a `#[cfg(test)] mod x { ... }` block (test modules close
  their file) and a file declared `#[cfg(test)] mod x;`, with all below
  it;
- under `src/cli/`, the clap types of the command modules, `Args` (one
  command's arguments) and `Command` (a group's subcommands): each
  command file has its own, always reached through its module
  (`delete::Args`), the way himalaya's commands are laid out. Outside
  `src/cli/` the two names count as any other.

Usage: type-names.py [ROOT...] (default: `src` and `crates/*/src`, from
the repository's top). Prints each name defined twice with where, and
exits 1 if there is any.
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

ITEM = re.compile(
    r"^[ \t]*pub(?:\((crate|super|self|in [^)]*)\))?[ \t]+(?:unsafe[ \t]+)?"
    r"(struct|enum|type|trait)[ \t]+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
TEST_BLOCK = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{.*", re.S)
TEST_DECL = re.compile(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;")
CLI_CONVENTION = {"Args", "Command"}


def module_dir(path):
    """The folder a file's child modules live in."""
    if path.name in ("mod.rs", "lib.rs", "main.rs"):
        return path.parent
    return path.parent / path.stem


def test_paths(files):
    """The files and folders that only tests compile."""
    gated = []
    for path in files:
        for name in TEST_DECL.findall(path.read_text()):
            base = module_dir(path)
            gated += [base / f"{name}.rs", base / name]
    return gated


def is_under(path, roots):
    return any(path == r or r in path.parents for r in roots)


def main(roots):
    top = Path(__file__).resolve().parent.parent
    if not roots:
        roots = [top / "src"] + sorted((top / "crates").glob("*/src"))
    files = sorted(p for r in map(Path, roots) for p in r.rglob("*.rs"))
    gated = test_paths(files)
    cli = (top / "src" / "cli").resolve()
    where = defaultdict(list)
    for path in files:
        if is_under(path, gated):
            continue
        text = TEST_BLOCK.sub("", path.read_text())
        in_cli = is_under(path.resolve(), [cli])
        for m in ITEM.finditer(text):
            scope, kind, name = m.groups()
            if scope not in (None, "crate"):
                continue
            if in_cli and name in CLI_CONVENTION:
                continue
            line = text.count("\n", 0, m.start()) + 1
            where[name].append(f"{path}:{line} ({kind})")
    twice = {n: w for n, w in where.items() if len(w) > 1}
    for name in sorted(twice):
        print(f"{name} is defined {len(twice[name])} times:")
        for w in twice[name]:
            print(f"  {w}")
    if twice:
        print(
            f"{len(twice)} type names have two meanings: rename the narrower "
            "one to a name that says it (docs/ARCHITECTURE.md, \"Layers and the import rule\")."
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
