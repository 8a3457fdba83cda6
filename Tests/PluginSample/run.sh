#!/usr/bin/env bash
# Runs stringscheck's command plugin on this sample package, as a package that depends on
# stringscheck does: `swift package stringscheck …`. It shares the main package's build folder
# (given as $1, default ../../.build), so the command is not built a second time; the compiler
# flags that folder was built with follow it (CI builds with `-Xswiftc -warnings-as-errors`, and
# the same modules asked for with other flags are built again from scratch).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../../.build}"
shift $(( $# > 0 ? 1 : 0 ))
flags=("$@")
fail=0
run() { swift package ${flags[@]+"${flags[@]}"} --package-path "$here" --build-path "$build" stringscheck "$@" 2>&1 | grep -v '^\[[0-9]*/[0-9]*\] \|^Building for\|^Build of product'; return "${PIPESTATUS[0]}"; }
expect() { # expect STATUS PATTERN ARGS...
  local want="$1" pattern="$2"; shift 2
  local out status
  out="$(run "$@")"; status=$?
  if { [ "$want" = 0 ] && [ "$status" -ne 0 ]; } || { [ "$want" != 0 ] && [ "$status" -eq 0 ]; } || ! grep -q -- "$pattern" <<<"$out"; then
    echo "FAIL: swift package stringscheck $* (exit $status, wanted $( [ "$want" = 0 ] && echo 0 || echo 'non-zero'), output should contain '$pattern'):"
    echo "$out"
    fail=1
  else
    echo "ok: swift package stringscheck $*"
  fi
}
# The default command is check, on the package's folder; the French text reads an integer.
expect 1 "fr.lproj/Localizable.strings:2:24: error: 'greeting' in 'fr' reads argument 1 with '%d'"
expect 1 "ended with exit status 1 (findings that fail the run)" check
# --target narrows to a target's folder; other commands pass through with their options.
expect 0 "fr      ████████████████████    100.0%" --target Greeting coverage
expect 1 '"rule": "format-argument-mismatch"' check --format json --no-config
expect 0 "stringscheck [0-9]" version
exit "$fail"
