#!/usr/bin/env bash
# Builds the release binary and installs it as PREFIX/bin/stringscheck (PREFIX defaults to
# /usr/local), stripped of its symbol tables. Usage:
#   Scripts/install.sh [--prefix DIR] [--binary PATH]
# --binary installs an already built binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-/usr/local}"
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    *) echo "usage: Scripts/install.sh [--prefix DIR] [--binary PATH]" >&2; exit 64 ;;
  esac
done

if [ -z "$binary" ]; then
  echo "building the release binary (a few minutes the first time)"
  swift build -c release --product stringscheck
  binary=".build/release/stringscheck"
fi

mkdir -p "$prefix/bin"
target="$prefix/bin/stringscheck"
temporary="$prefix/bin/.stringscheck.install-$$"
cp "$binary" "$temporary"
# Symbol tables are for debuggers; the installed tool runs the same without them.
if command -v strip >/dev/null 2>&1; then
  if [ "$(uname)" = Darwin ]; then strip -x "$temporary"; else strip "$temporary"; fi
fi
chmod 755 "$temporary"
mv -f "$temporary" "$target"
"$target" --version
echo "installed $target ($(du -h "$target" | cut -f1))"
