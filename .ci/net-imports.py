#!/usr/bin/env python3
"""Fails when the network floor leaks out of its crate, or in.

The network floor (connections, TLS, the IMAP client, the SMTP session)
is its own crate, `crates/dynamo-net`, so the compiler keeps it from
importing the application. This checks the other direction and the
crate's place:

- the crate exists and depends on no crate of the workspace (`dynamo*`);
- in the application (`src/`, `tests/`, `benches/`), only the adapters
  below name `dynamo_net`: everything else goes through them, so that a
  change of the crate's API touches these files and no others;
- no file of `src/` speaks to the network itself (sockets, rustls).

Usage: net-imports.py (from the repository's top); prints what is wrong,
exits 1 if anything is.
"""

import re
import sys
from pathlib import Path

CRATE = Path("crates/dynamo-net")

# The files of the application that may import the crate, and why.
ADAPTERS = {
    # The inbox's IMAP source (`ImapMailbox`), the `[inbox]` table turned
    # into the client's settings, and the client re-exported for tests.
    "src/inbox/imap.rs",
    # Config reading: `[inbox]` and `[mail]` use the crate's `security`
    # and `timeout_seconds` types, and the top-level config re-exports
    # them (and the password variable's name rule) for the command line.
    "src/inbox/inbox_config.rs",
    "src/mail/mail_config.rs",
    "src/config.rs",
    # Mail's SMTP adapter: `[mail]` into the session's settings and server.
    "src/mail/transport.rs",
    # The courier carries the SMTP session from one notice to the next.
    "src/mail/courier.rs",
    # A failed session is one of the ways a notice fails (`MailError`).
    "src/mail/error.rs",
    # The director's secret variable follows the password variable's rule.
    "src/mail/secret.rs",
}

NAMES = re.compile(r"\bdynamo_net\b")
NETWORK = re.compile(r"\b(rustls|socket2|TcpStream|TcpListener|UdpSocket)\b")


def code(path):
    """The file without comments (a doc comment may name the crate)."""
    text = path.read_text()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main():
    bad = []
    manifest = CRATE / "Cargo.toml"
    if not manifest.exists():
        bad.append(f"{manifest} is missing: the network floor is not its own crate")
    else:
        deps = re.findall(r"^(dynamo[\w-]*)\s*[.=]", manifest.read_text(), re.M)
        bad += [f"{manifest}: depends on {d}; the network floor imports nothing of the workspace" for d in deps]
    if Path("src/net").exists():
        bad.append("src/net/ exists: the network floor belongs in crates/dynamo-net")
    for top in ("src", "tests", "benches"):
        for path in sorted(Path(top).rglob("*.rs")):
            text = code(path)
            if NAMES.search(text) and str(path) not in ADAPTERS:
                bad.append(f"{path}: imports dynamo_net; go through the inbox's or mail's adapter")
            if top == "src":
                for m in NETWORK.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append(f"{path}:{line}: {m.group(0)} outside crates/dynamo-net")
    for b in bad:
        print(b)
    print(f"net-imports: {len(ADAPTERS)} adapters allowed, {len(bad)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
