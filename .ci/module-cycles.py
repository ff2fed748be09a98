#!/usr/bin/env python3
"""Fails when modules of a crate import each other in a cycle.

For each crate root given (a lib.rs or main.rs), the module tree is read
from its `mod` declarations; every `crate::…`, `super::…` and `self::…`
path, and every path that starts with a child module's name, in a
module's code (use trees and inline paths, test modules left
out) is an edge to the deepest module the path names. `mod` declarations
themselves are not edges, so a facade that declares its children and
re-exports them is fine, but a child that imports through the facade's
re-exports while the facade imports the child is a cycle.

It also checks the layers' rules:

- each floor imports only what it may (FLOORS below; the network floor
  that was one is now its own crate, `crates/dynamo-net`, where the
  compiler holds the rule and `.ci/net-imports.py` checks who imports it);
- the game layer and mail never import the recording service (`recorder`):
  imports run front ends -> recorder -> mail and game;
- the web pages (`site`) sit above the game layer, `tournament` and
  `render`, which never import them, and never import the recorder,
  mail, the inbox or the config (nor the network crate: see
  `.ci/net-imports.py`);
- the services (`services`) sit under the command line alone: nothing
  of the library below them imports them;
- the front ends (`cli`, `inbox`) never change a game themselves: no call
  of the game layer's mutation API (`with_move`, `resign`, `offer_draw`,
  `accept_draw`, `decline_draw`, `adjudicate`, `undo`, `set_tags`,
  `take_leave`, `with_mail_source`, `store::update`, `store::create`, ...)
  outside their tests; they hand an action to the recorder.

Usage: module-cycles.py ROOT.rs [ROOT.rs ...]; prints the cycles and the
broken rules, exits 1 if there is any.
"""

import re
import sys
from pathlib import Path

MOD_DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(r#)?(\w+)\s*;", re.M)
USE_STMT = re.compile(r"\buse\s+([^;]+);", re.S)
INLINE = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
RELATIVE = re.compile(r"(?<![:\w])(\w+)((?:::\w+)+)")

# A floor, the modules it may import (itself included), and why: a module
# under the floor that imports anything else of its crate is an error.
FLOORS = []


def strip_tests_and_comments(text):
    text = re.sub(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{.*", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def expand(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    out = []
    for part in filter(None, parts):
        out.extend(expand(prefix + part))
    return out


def child_file(parent_file, parent_is_dir_module, name):
    base = parent_file.parent if parent_is_dir_module else parent_file.with_suffix("")
    for candidate in (base / f"{name}.rs", base / name / "mod.rs"):
        if candidate.exists():
            return candidate, candidate.name == "mod.rs"
    return None, False


def module_tree(root):
    """{module path tuple: file} for every module reachable from root."""
    modules = {(): root}
    todo = [((), root, True)]
    while todo:
        path, file, is_dir = todo.pop()
        text = strip_tests_and_comments(file.read_text())
        for _, name in MOD_DECL.findall(text):
            found, child_is_dir = child_file(file, is_dir, name)
            if found:
                modules[path + (name,)] = found
                todo.append((path + (name,), found, child_is_dir))
    return modules


def resolve(current, words, modules):
    head, rest = words[0], words[1:]
    if head == "crate":
        base = ()
    elif head == "self":
        base = current
    else:
        base = current
        while rest and head == "super":
            base = base[:-1]
            head, rest = rest[0], rest[1:]
        if head == "super":
            base = base[:-1]
        else:
            rest = [head] + rest
    target = base
    for word in rest:
        if target + (word,) in modules:
            target = target + (word,)
        else:
            break
    return target


def edges(modules):
    graph = {m: set() for m in modules}
    for module, file in modules.items():
        text = strip_tests_and_comments(file.read_text())
        paths = []
        for tree in USE_STMT.findall(text):
            tree = tree.strip()
            if tree.startswith("pub"):
                tree = re.sub(r"^pub(\([^)]*\))?\s+", "", tree)
            paths.extend(expand(tree))
        text_wo_use = USE_STMT.sub("", text)
        paths.extend(head + tail for head, tail in INLINE.findall(text_wo_use))
        # Paths that start with a child module's name (`pub use outbox::X`,
        # `notation::format(..)`) are relative to this module.
        paths.extend(
            head + tail
            for head, tail in RELATIVE.findall(text_wo_use)
            if module + (head,) in modules
        )
        for p in paths:
            p = re.sub(r"\s+as\s+\w+$", "", p)
            words = [w for w in p.split("::") if w]
            if words and module + (words[0],) in modules:
                words = ["self"] + words
            if not words or words[0] not in ("crate", "super", "self"):
                continue
            target = resolve(module, words, modules)
            if target != module:
                graph[module].add(target)
    return graph


# (importer, imported): modules under the first never import the second.
NEVER_IMPORTS = [(("game",), ("recorder",)), (("mail",), ("recorder",))]
# The web pages: above the game layer, `tournament` and `render`, below the
# recorder's subscriber and the command line; built from game files
# alone, never from mail, the inbox or the config.
NEVER_IMPORTS += [((lower,), ("site",)) for lower in ("game", "mail", "tournament", "render")]
NEVER_IMPORTS += [
    (("site",), (upper,)) for upper in ("recorder", "mail", "inbox", "config")
]

# The services: above the config, the inbox, the recorder and every floor
# under them, below the command line; nothing under them imports them.
NEVER_IMPORTS += [
    ((lower,), ("services",))
    for lower in (
        "config", "inbox", "recorder", "site", "mail", "tournament", "render",
        "diagram", "game", "durable", "id", "base32",
    )
]

FRONT_ENDS = ("cli", "inbox")

MUTATION = re.compile(
    r"\.(with_move|resign|offer_draw|accept_draw|decline_draw|adjudicate|undo"
    r"|set_tags|take_leave|with_mail_source)\s*\("
    r"|\bstore::(update|update_file|create|write_unshared)\b"
)


def forbidden_imports(graph):
    out = []
    for module, targets in graph.items():
        for importer, imported in NEVER_IMPORTS:
            if module[: len(importer)] != importer:
                continue
            for t in sorted(targets):
                if t[: len(imported)] == imported:
                    out.append(f"{name(module)} imports {name(t)}")
    return out


def mutations(modules):
    out = []
    for module, file in sorted(modules.items()):
        if not module or module[0] not in FRONT_ENDS:
            continue
        text = strip_tests_and_comments(file.read_text())
        for m in MUTATION.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            out.append(
                f"{file}:{line}: {name(module)} calls {m.group(0).strip('.(')} "
                "of the game layer; record through dynamo::recorder"
            )
    return out


def cycles(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def name(module):
    return "crate" + "".join("::" + w for w in module)


def floor_violations(graph):
    """(module, target, why) for each import a floor forbids."""
    out = []
    for floor, allowed, why in FLOORS:
        for module in sorted(graph):
            if module[: len(floor)] != floor:
                continue
            for target in sorted(graph[module]):
                if not any(target[: len(a)] == a for a in allowed):
                    out.append((module, target, why))
    return out


def main(roots):
    bad = 0
    for root in roots:
        modules = module_tree(Path(root))
        graph = edges(modules)
        n_edges = sum(len(t) for t in graph.values())
        found = cycles(graph)
        for comp in found:
            members = sorted(comp)
            print(f"{root}: import cycle among " + ", ".join(name(m) for m in members))
            for m in members:
                into = sorted(name(t) for t in graph[m] if t in comp)
                print(f"    {name(m)} -> {', '.join(into)}")
        bad += len(found)
        broken = [
            f"{name(module)} imports {name(target)}: {why}"
            for module, target, why in floor_violations(graph)
        ]
        broken += forbidden_imports(graph) + mutations(modules)
        for b in broken:
            print(f"{root}: {b}")
        bad += len(broken)
        print(
            f"{root}: {len(modules)} modules, {n_edges} imports, {len(found)} cycles, "
            f"{len(broken)} layer rules broken"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
