#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer and runs each for SECONDS seconds
# (default 60), seeded from ../shared/corpus (when present) and the project's fixtures.
# Crashes are written to Tests/Fuzz/crashes/<target>/; add each as a regression fixture in
# regressions/<target>/ (any name: every file there is a seed; not `.swift`, which the linter reads).
#
# Usage: Tests/Fuzz/run.sh [SECONDS] [TARGET…]. FUZZ_CONFIGURATION=debug builds without optimization
# (minutes less to build, fewer runs a second: CI's brief smoke run); release by default.
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_PER_TARGET="${1:-60}"
CONFIGURATION="${FUZZ_CONFIGURATION:-release}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(FuzzStrings FuzzPropertyList FuzzCatalog FuzzPayload FuzzFormat FuzzCode FuzzXliff FuzzReports FuzzFix)
export SWIFT_BACKTRACE=enable=no
# Foundation's own leaks (see lsan.supp) are not ours to find; every other leak still fails the run.
export LSAN_OPTIONS="suppressions=$(pwd)/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
CORPUS="$(cd ../.. && pwd)/../shared/corpus"
WORK="${FUZZ_WORK:-/tmp/stringscheck-fuzz}"
mkdir -p "$WORK"

seed() {
  local target="$1" dir="$WORK/seeds-$1"
  rm -rf "$dir" && mkdir -p "$dir"
  local patterns
  case "$target" in
    FuzzStrings) patterns='*.strings' ;;
    FuzzPropertyList) patterns='*.stringsdict' ;;
    FuzzCatalog) patterns='*.xcstrings' ;;
    FuzzPayload) patterns='*.json' ;;
    FuzzFormat) patterns='*.strings' ;;
    FuzzCode) patterns='*.swift' ;;
    FuzzXliff) patterns='*.xliff' ;;
    FuzzReports) patterns='*.json' ;;
    FuzzFix) patterns='*.strings' ;;
  esac
  local n=0
  for root in "$CORPUS" ../../Resources ../LocalizationFormatsTests/Fixtures/backend-code regressions/"$target"; do
    [ -d "$root" ] || continue
    while IFS= read -r -d '' file; do
      # libFuzzer prefers small seeds; cut large files to their first 8 KB.
      head -c 8192 "$file" > "$dir/seed-$n"
      n=$((n + 1))
    done < <(if [ "$root" = regressions/"$target" ]; then find "$root" -type f -print0; else find "$root" -type f -name "$patterns" -print0 | head -z -n 400; fi)
  done
  echo "$dir"
}

# SwiftPM's build of this package does not notice a source file added to or removed from the
# main package (a stale build fails with "cannot find '…' in scope"): start over when the list of
# the main package's files changes.
stamp=".build/main-package-sources"
sources="$(cd ../.. && find Sources -name '*.swift' | sort)"
if [ -d .build ] && [ "$(cat "$stamp" 2>/dev/null)" != "$sources" ]; then
  echo "the main package's files changed: rebuilding from scratch"
  rm -rf .build
fi
mkdir -p .build && printf '%s' "$sources" > "$stamp"

# One build for the targets asked for (every target by default): the shared library is compiled
# once. Naming targets builds only what they need (FuzzReports needs the rules and reports too,
# minutes more on two cores).
echo "== building the fuzz targets"
if [ $# -gt 0 ]; then
  # The libraries first, as a target of their own: building the first two products alone compiles
  # the shared library twice, built first it is compiled once.
  library=LocalizationFormats
  [[ " ${TARGETS[*]} " == *" FuzzReports "* ]] && library=StringsCheckReports
  [[ " ${TARGETS[*]} " == *" FuzzFix "* ]] && library=StringsCheckFix
  swift build -c "$CONFIGURATION" --sanitize fuzzer --sanitize address --target "$library" 2>&1 | grep -E 'error|warning: |Compiling|Build' | tail -2
  for target in "${TARGETS[@]}"; do
    swift build -c "$CONFIGURATION" --sanitize fuzzer --sanitize address --product "$target" 2>&1 | grep -E 'error|warning: |Compiling|Build' | tail -2
  done
else
  swift build -c "$CONFIGURATION" --sanitize fuzzer --sanitize address 2>&1 | grep -E 'error|warning: |Compiling|Build' | tail -2
fi
for target in "${TARGETS[@]}"; do
  echo "== $target"
  binary="$(swift build -c "$CONFIGURATION" --sanitize fuzzer --sanitize address --show-bin-path)/$target"
  seeds="$(seed "$target")"
  mkdir -p "crashes/$target" "$WORK/corpus-$target"
  "$binary" "$WORK/corpus-$target" "$seeds" -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="crashes/$target/" -print_final_stats=1 2>&1 | grep -E 'stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|crash-|timeout-|oom-' || true
  if ls "crashes/$target"/* >/dev/null 2>&1; then
    echo "FAIL: $target found crashes in Tests/Fuzz/crashes/$target" >&2
    exit 1
  fi
done
