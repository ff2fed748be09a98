#!/usr/bin/env bash
# Builds the Debian package: target/debian/dynamo_VERSION-1_ARCH.deb.
#
#   packaging/deb.sh              a release build, then the package
#   packaging/deb.sh --profile dev --no-build
#                                 the package around the binary a test
#                                 build already made (what .ci/run checks:
#                                 the same files, built without optimising)
#
# The manual pages and shell completions are written by the binary itself
# (`dynamo man`, `dynamo completions`), so they always match it.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
build=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --profile) profile="$2"; shift 2 ;;
        --no-build) build=no; shift ;;
        *) echo "usage: packaging/deb.sh [--profile PROFILE] [--no-build]" >&2; exit 2 ;;
    esac
done
case "$profile" in
    dev) dir=debug ;;
    *) dir="$profile" ;;
esac

if ! cargo deb --version >/dev/null 2>&1; then
    echo "cargo-deb is not installed: cargo install --locked cargo-deb" >&2
    exit 1
fi
if [ "$build" = yes ]; then
    cargo build --locked --profile "$profile" --bin dynamo
fi
bin="target/$dir/dynamo"
if [ ! -x "$bin" ]; then
    echo "no binary at $bin: build it first, or leave out --no-build" >&2
    exit 1
fi

assets=target/package-assets
rm -rf "$assets"
mkdir -p "$assets/man" "$assets/completions"
# The package takes the binary from here, whichever profile built it,
# without its debugging symbols.
strip --strip-unneeded -o "$assets/dynamo" "$bin"
"$bin" man --dir "$assets/man"
gzip -9n "$assets"/man/*.1
"$bin" completions bash >"$assets/completions/dynamo"
"$bin" completions zsh >"$assets/completions/_dynamo"
"$bin" completions fish >"$assets/completions/dynamo.fish"
# The example config as a server runs it: config.example.toml with the
# package's absolute folders under /var/lib/dynamo, which the units may
# write (`dynamo init --system` writes the same, with the club's values).
"$bin" init --system --print-config --name "Tournament Director" --email director@example.org \
    --smtp smtp.example.org --imap imap.example.org --imap-user moves@example.org \
    >"$assets/config.example.toml"

cargo deb --no-build --no-strip -p dynamo
