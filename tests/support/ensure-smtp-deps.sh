#!/usr/bin/env bash
# Makes sure the mail tests' SMTP server (tests/support/smtp_server.py) can
# run: python3 with aiosmtpd and cryptography. Idempotent: does nothing when
# both import already. Installs from PyPI with pip (apt for python3/pip
# itself when missing).
set -euo pipefail

PYTHON="${PYTHON:-python3}"

if ! command -v "$PYTHON" >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-pip >/dev/null
fi

if "$PYTHON" -c 'import aiosmtpd, cryptography' >/dev/null 2>&1; then
    exit 0
fi

if ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null
fi

# --break-system-packages is needed on Debian's own python (PEP 668) and is
# harmless elsewhere; older pips do not know it, so fall back without it.
"$PYTHON" -m pip install --quiet --disable-pip-version-check aiosmtpd cryptography \
    --break-system-packages 2>/dev/null \
    || "$PYTHON" -m pip install --quiet --disable-pip-version-check aiosmtpd cryptography

"$PYTHON" -c 'import aiosmtpd, cryptography'
