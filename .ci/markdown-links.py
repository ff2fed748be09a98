#!/usr/bin/env python3
"""Every relative link and anchor in the repository's Markdown resolves.

A link `[text](path)`, `[text](path#anchor)` or `[text](#anchor)` in a
tracked `.md` file must name a file or folder of the repository, and its
anchor a heading of that file as GitHub writes heading anchors (lower
case, punctuation dropped, spaces to hyphens, `-1`, `-2`, ... for repeats).
Links to other sites are not fetched (CI has no network). Code blocks and
inline code are skipped: what stands there is text, not a link.
"""
import os
import re
import subprocess
import sys

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose_lines(text):
    """The file's lines outside fenced code blocks, with line numbers."""
    fenced = None
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE.match(line)
        if match:
            if fenced is None:
                fenced = match.group(1)
            elif fenced == match.group(1):
                fenced = None
            continue
        if fenced is None:
            yield number, line


def slug(heading):
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        with open(path, encoding="utf-8") as f:
            for _, line in prose_lines(f.read()):
                match = HEADING.match(line)
                if not match:
                    continue
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def main():
    files = subprocess.run(
        ["git", "ls-files", "*.md"], capture_output=True, text=True, check=True
    ).stdout.split()
    broken = []
    for md in files:
        with open(md, encoding="utf-8") as f:
            text = f.read()
        for number, line in prose_lines(text):
            line = re.sub(r"`[^`]*`", "", line)
            for match in LINK.finditer(line):
                target = match.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
                if not os.path.exists(resolved):
                    broken.append(f"{md}:{number}: {target}: no file {resolved}")
                    continue
                if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    broken.append(f"{md}:{number}: {target}: no heading #{anchor} in {resolved}")
    for line in broken:
        print(line)
    if broken:
        print(f"{len(broken)} broken link(s) in Markdown")
        return 1
    print(f"Markdown links: {len(files)} files, every relative link and anchor resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
