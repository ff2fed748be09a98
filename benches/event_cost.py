#!/usr/bin/env python3
"""One event's cost against the size of the games folder and the club.

    benches/event_cost.py [--dynamo PATH] [--sizes 100,1000,10000]
                          [--club PLAYERS] [--events N] [--keep DIR]

For each case: one move and one resignation recorded by `dynamo`, with
and without the web pages (`[site] dir`), CPU time and system calls; and
the pages' full build into an empty folder, CPU and wall time, and its
system calls (its flushes among them) in a second build from nothing.

  flat N    a games folder of N loose games, each between two players of
            its own, and the game the events go into among them
  club P    a club of P players in sections of two (P/2 sections of one
            game, each its own folder), the event's game a loose one

The CPU figure is the median, over `--events` moves, of the kernel's
account of the command (user + system, getrusage of the child): another
process on the machine lengthens the wall time, hardly the CPU time. The
system calls are those of one more move and of the resignation run under
`strace -f -c`: all of them, the folder listings (getdents64), the
metadata reads (statx, newfstatat, fstat, lstat), the flushes (fsync,
fdatasync, syncfs) and the bytes read and written through read/write.

The binary is `target/debug/dynamo` unless `--dynamo` names another
(`cargo build --release` for the speed table's figures). The pages'
full build of each case is run first and not counted; the files then
rest SETTLE seconds, as a club's files have long before any event
(src/site/identity.rs).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SETTLE = 2.5
# Knights out and back: legal whoever is to move, for ever.
CYCLE = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"]
LISTING = ("getdents64",)
METADATA = ("statx", "newfstatat", "fstat", "lstat", "stat")
FLUSHES = ("fsync", "fdatasync", "syncfs")


def game(n, event="Club", folder_player=None):
    """A game file between two players of its own, without moves."""
    white, black = f"White Player {n}", f"Black Player {n}"
    return (
        f'[Event "{event}"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "{n}"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "*"]\n[Variant "Dynamo"]\n'
        f'[Rules "nost"]\n[WhiteEmail "w{n}@club.example.org"]\n'
        f'[BlackEmail "b{n}@club.example.org"]\n[TimeControl "10/50d"]\n'
        f'[UTCDate "2024.01.01"]\n[UTCTime "09:00:00"]\n\n*\n'
    )


def section(s):
    """Section `s` of two players: its section file and its one game."""
    a, b = (f"Player {2 * s}", f"p{2 * s}@club.example.org"), (f"Player {2 * s + 1}", f"p{2 * s + 1}@club.example.org")
    name = f"s{s:05}"
    toml = (
        f'name = "{name}"\nevent = "{name}"\ndouble = false\nrules = "nost"\n'
        f'time_control = "10/50d"\nstart = "2024-01-01T09:00:00Z"\n\n'
        f'[[players]]\nnumber = 1\nname = "{a[0]}"\nemail = "{a[1]}"\n\n'
        f'[[players]]\nnumber = 2\nname = "{b[0]}"\nemail = "{b[1]}"\n\n'
        f'[[games]]\nround = 1\nboard = 1\nwhite = 1\nblack = 2\nfile = "r01-b01.pgn"\n'
    )
    pgn = (
        f'[Event "{name}"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n'
        f'[White "{a[0]}"]\n[Black "{b[0]}"]\n[Result "*"]\n[Variant "Dynamo"]\n'
        f'[Rules "nost"]\n[WhiteEmail "{a[1]}"]\n[BlackEmail "{b[1]}"]\n'
        f'[TimeControl "10/50d"]\n[UTCDate "2024.01.01"]\n[UTCTime "09:00:00"]\n'
        f'[GameId "{name}-1"]\n\n*\n'
    )
    return name, toml, pgn


class Bench:
    def __init__(self, dynamo, events):
        self.dynamo = dynamo
        self.events = events

    def run(self, where, args, strace=None):
        """`dynamo ARGS` in `where`; its CPU seconds."""
        command = [self.dynamo] + args
        if strace:
            command = ["strace", "-f", "-c", "-U", "name,calls", "-o", strace] + command
        env = dict(os.environ)
        env.pop("DYNAMO_CONFIG", None)
        child = subprocess.Popen(command, cwd=where, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        out, err = child.communicate()
        if status != 0:
            sys.exit(f"event_cost: {' '.join(args)} in {where} failed:\n{err.decode()[-2000:]}")
        return usage.ru_utime + usage.ru_stime

    def syscalls(self, where, args):
        """The counts of one run's system calls, by name."""
        with tempfile.NamedTemporaryFile("r", suffix=".strace") as out:
            self.run(where, args, strace=out.name)
            counts = {}
            for line in open(out.name):
                fields = line.split()
                if len(fields) == 2 and fields[1].isdigit():
                    counts[fields[0]] = int(fields[1])
            return counts

    def case(self, label, where, target):
        """Moves and a resignation in `target`, without pages and with."""
        rows = []
        for pages in (False, True):
            config = "dynamo.toml" if pages else "plain.toml"
            if pages:
                # The full build into an empty folder: its CPU and wall
                # time, then its flushes in a second build from nothing.
                started = time.monotonic()
                cpu = self.run(where, ["--config", config, "site", "../pages"])
                wall = time.monotonic() - started
                shutil.rmtree(os.path.join(where, "..", "pages-again"), ignore_errors=True)
                calls = self.syscalls(where, ["--config", config, "site", "../pages-again"])
                print(f"{label}, full build of the pages: {cpu:.2f} s CPU, {wall:.2f} s wall ({summary(calls)})", flush=True)
                time.sleep(SETTLE)
            ply = self.ply
            cpus = []
            # The first event after the build takes what was recorded
            # without pages; not counted.
            for k in range(self.events + (1 if pages else 0)):
                cpu = self.run(where, ["--config", config, "move", target, CYCLE[ply % 4], "-q"])
                ply += 1
                if not (pages and k == 0):
                    cpus.append(cpu)
            move_calls = self.syscalls(where, ["--config", config, "move", target, CYCLE[ply % 4], "-q"])
            ply += 1
            self.ply = ply
            cpus.sort()
            resign_target = target.replace(".pgn", f"-r{int(pages)}.pgn")
            self.run(where, ["--config", "plain.toml", "new", resign_target, "--white", "Ada <ada@example.org>", "--black", "Bob <bob@example.org>", "-q"])
            if pages:
                # The new game's pages, then the resignation alone, its
                # folder left to settle as after any build.
                self.run(where, ["--config", config, "site", "../pages"])
                time.sleep(SETTLE)
            resign_cpu = self.run(where, ["--config", config, "resign", resign_target, "--by", "white", "-q"], )
            # A second game resigned under strace, for its calls.
            strace_target = target.replace(".pgn", f"-s{int(pages)}.pgn")
            self.run(where, ["--config", config, "new", strace_target, "--white", "Cy <cy@example.org>", "--black", "Di <di@example.org>", "-q"])
            resign_calls = self.syscalls(where, ["--config", config, "resign", strace_target, "--by", "white", "-q"])
            rows.append((label, pages, cpus[len(cpus) // 2], move_calls, resign_cpu, resign_calls))
        return rows


def flat(root, n):
    games = os.path.join(root, "games")
    os.makedirs(games)
    for k in range(n - 1):
        with open(os.path.join(games, f"g{k:06}.pgn"), "w") as f:
            f.write(game(k))
    return "games/bench.pgn"


def club(root, players):
    games = os.path.join(root, "games")
    os.makedirs(os.path.join(games, "loose"))
    for s in range(players // 2):
        name, toml, pgn = section(s)
        folder = os.path.join(games, name)
        os.makedirs(folder)
        with open(os.path.join(folder, "section.toml"), "w") as f:
            f.write(toml)
        with open(os.path.join(folder, "r01-b01.pgn"), "w") as f:
            f.write(pgn)
    return "games/loose/bench.pgn"


def summary(counts):
    total = sum(counts.values())
    pick = lambda names: sum(counts.get(n, 0) for n in names)
    return (f"{total} calls: {pick(LISTING)} getdents64, {pick(METADATA)} stat, "
            f"{counts.get('openat', 0)} openat, {pick(FLUSHES)} fsync, "
            f"{counts.get('read', 0)} read, {counts.get('write', 0)} write, {counts.get('rename', 0)} rename")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dynamo", default="target/debug/dynamo")
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--club", type=int, default=20000, help="players in the club case (0: none)")
    parser.add_argument("--events", type=int, default=5)
    parser.add_argument("--keep", help="make the folders here and keep them")
    args = parser.parse_args()
    dynamo = os.path.abspath(args.dynamo)
    bench = Bench(dynamo, args.events)
    base = args.keep or tempfile.mkdtemp(prefix="event-cost-")
    cases = [("flat", int(n)) for n in args.sizes.split(",") if n]
    if args.club:
        cases.append(("club", args.club))
    print(f"one event's cost, {dynamo}; CPU the median of {args.events} moves (user + system of the process)")
    for kind, n in cases:
        # The club in a folder of its own, its pages beside it.
        shutil.rmtree(os.path.join(base, f"{kind}-{n}"), ignore_errors=True)
        root = os.path.join(base, f"{kind}-{n}", "club")
        os.makedirs(root)
        target = flat(root, n) if kind == "flat" else club(root, n)
        with open(os.path.join(root, "plain.toml"), "w") as f:
            f.write('games_dir = "games"\n')
        with open(os.path.join(root, "dynamo.toml"), "w") as f:
            # The pages beside the club's folder, not in it (the site's rule).
            f.write('games_dir = "games"\n[site]\ndir = "../pages"\n')
        bench.ply = 0
        bench.run(root, ["--config", "plain.toml", "new", target, "--white", "Ada <ada@example.org>", "--black", "Bob <bob@example.org>", "-q"])
        time.sleep(SETTLE)
        label = f"flat folder of {n:,} games" if kind == "flat" else f"club of {n:,} players in sections of 2"
        for label, pages, cpu, move_calls, resign_cpu, resign_calls in bench.case(label, root, target):
            way = "with pages" if pages else "without pages"
            print(f"{label}, {way}: move {cpu * 1e3:.1f} ms CPU ({summary(move_calls)}); "
                  f"resign {resign_cpu * 1e3:.1f} ms CPU ({summary(resign_calls)})", flush=True)
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
