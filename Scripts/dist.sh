#!/usr/bin/env bash
# Builds a relocatable tarball of stringscheck: the stripped release binary with shell completions
# and a SHA-256 checksum, then proves it runs without a Swift toolchain (unpacked in an empty
# folder, run with an environment that has no toolchain, its libraries checked).
#   Scripts/dist.sh [--binary PATH] [--output DIR]
# On Linux the binary is linked statically (-static-executable, with libxml2, ICU, zlib and
# liblzma's static archives) into .build-dist; on macOS it is the release build, which uses the
# system's Swift runtime. --binary packs an already built binary instead (it must not need the
# toolchain's libraries either). The tarball goes to dist/ (or --output).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
output="dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --output) output="$2"; shift 2 ;;
    *) echo "usage: Scripts/dist.sh [--binary PATH] [--output DIR]" >&2; exit 64 ;;
  esac
done

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
if [ -z "$binary" ]; then
  if [ "$os" = linux ]; then
    echo "building a statically linked release binary in .build-dist (a few minutes the first time)"
    swift build -c release --product stringscheck --build-path .build-dist -Xswiftc -static-executable \
      -Xlinker -licuuc -Xlinker -licudata -Xlinker -llzma -Xlinker -lz
    binary=".build-dist/release/stringscheck"
  else
    swift build -c release --product stringscheck
    binary=".build/release/stringscheck"
  fi
fi

version="$("$binary" --version | awk '{print $2}')"
name="stringscheck-$version-$os-$arch"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/$name/bin" "$work/$name/completions"
cp "$binary" "$work/$name/bin/stringscheck"
if command -v strip >/dev/null 2>&1; then
  if [ "$os" = darwin ]; then strip -x "$work/$name/bin/stringscheck"; else strip "$work/$name/bin/stringscheck"; fi
fi
chmod 755 "$work/$name/bin/stringscheck"
"$work/$name/bin/stringscheck" --generate-completion-script bash > "$work/$name/completions/stringscheck.bash"
"$work/$name/bin/stringscheck" --generate-completion-script zsh > "$work/$name/completions/_stringscheck"
"$work/$name/bin/stringscheck" --generate-completion-script fish > "$work/$name/completions/stringscheck.fish"
cp README.md CHANGELOG.md "$work/$name/"

mkdir -p "$output"
tarball="$output/$name.tar.gz"
tar -C "$work" -czf "$tarball" "$name"
(cd "$output" && if command -v sha256sum >/dev/null 2>&1; then sha256sum "$name.tar.gz"; else shasum -a 256 "$name.tar.gz"; fi) > "$tarball.sha256"

# The proof: unpacked elsewhere, run with no toolchain on PATH and none among its libraries.
trial="$work/trial"
mkdir -p "$trial/App/en.lproj" "$trial/App/de.lproj"
tar -C "$trial" -xzf "$tarball"
unpacked="$trial/$name/bin/stringscheck"
if [ "$os" = linux ]; then
  libraries="$(ldd "$unpacked" 2>&1 || true)"
  if echo "$libraries" | grep -E -q 'libswift|libFoundation|libdispatch|/opt/swift|/usr/lib/swift'; then
    echo "FAIL: the binary needs the Swift toolchain's libraries:" >&2
    echo "$libraries" >&2
    exit 1
  fi
fi
printf '"hi" = "Hello %%@";\n' > "$trial/App/en.lproj/Localizable.strings"
printf '"hi" = "Hallo %%d";\n' > "$trial/App/de.lproj/Localizable.strings"
set +e
env -i PATH=/usr/bin:/bin HOME="$trial" "$unpacked" check --no-config "$trial/App" > "$trial/out.txt" 2>&1
status=$?
set -e
if [ "$status" -ne 1 ] || ! grep -q "reads argument 1 with '%d'" "$trial/out.txt"; then
  echo "FAIL: the unpacked binary did not check a tree without the toolchain (exit $status):" >&2
  cat "$trial/out.txt" >&2
  exit 1
fi
echo "$tarball ($(du -h "$tarball" | cut -f1)); $(cat "$tarball.sha256")"
echo "runs without a Swift toolchain: $(env -i PATH=/usr/bin:/bin "$unpacked" --version)"
