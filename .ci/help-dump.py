#!/usr/bin/env python3
"""Prints the `--help` of every command and subcommand of a dynamo binary.

Two binaries' dumps compared line by line show what a change did to the
command line: `.ci/help-dump.py old/dynamo > before; .ci/help-dump.py
target/debug/dynamo > after; diff before after`. The commands are found
by reading each help's `Commands:` list, so a new command is dumped
without changing this script.

Usage: help-dump.py BINARY
"""

import subprocess
import sys


def help_of(binary, path):
    """The help text of `binary PATH... --help`, with the terminal width fixed."""
    out = subprocess.run(
        [binary, *path, "--help"],
        capture_output=True,
        text=True,
        env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"},
        check=True,
    )
    return out.stdout


def subcommands(text):
    """The names under `Commands:`, without clap's own `help`."""
    names, inside = [], False
    for line in text.splitlines():
        if line.startswith("Commands:"):
            inside = True
            continue
        if inside:
            if not line.startswith("  "):
                break
            if line.startswith("   "):
                continue  # a wrapped description
            name = line.split()[0]
            if name != "help":
                names.append(name)
    return names


def walk(binary, path, out):
    text = help_of(binary, path)
    out.append(f"==== dynamo {' '.join(path)}".rstrip() + "\n" + text)
    for name in subcommands(text):
        walk(binary, [*path, name], out)


def main(binary):
    out = []
    walk(binary, [], out)
    sys.stdout.write("".join(out))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
