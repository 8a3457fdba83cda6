#!/usr/bin/env bash
# The script of the composite action (action.yml): builds stringscheck if needed, runs
# `check --format github` (annotations, and the step summary when GITHUB_STEP_SUMMARY is set),
# then writes stringscheck.sarif, and exits with the check's status. Run locally:
#   STRINGSCHECK_BINARY=.build/release/stringscheck STRINGSCHECK_PATHS=Resources/DemoApp Scripts/action-check.sh
# Environment: STRINGSCHECK_PACKAGE (this package; default: the script's), STRINGSCHECK_BINARY (a
# built binary; default: build one), STRINGSCHECK_PATHS and STRINGSCHECK_ARGS (split on spaces),
# STRINGSCHECK_SARIF (true or false).
set -uo pipefail
# Empty arrays are expanded as ${a[@]+"${a[@]}"}: macOS runners' bash 3.2 calls "${a[@]}" unbound.
package="${STRINGSCHECK_PACKAGE:-$(cd "$(dirname "$0")/.." && pwd)}"
binary="${STRINGSCHECK_BINARY:-}"
if [ -z "$binary" ]; then
  if [ ! -f /usr/include/libxml2/libxml/parser.h ] && command -v apt-get >/dev/null 2>&1 && [ "$(uname)" = Linux ]; then
    sudo apt-get update -qq && sudo apt-get install -y -qq libxml2-dev pkg-config
  fi
  swift build -c release --product stringscheck --package-path "$package" || exit 2
  binary="$package/.build/release/stringscheck"
fi
read -r -a paths <<< "${STRINGSCHECK_PATHS:-}"
read -r -a args <<< "${STRINGSCHECK_ARGS:-}"
"$binary" check --format github ${args[@]+"${args[@]}"} ${paths[@]+"${paths[@]}"}
status=$?
if [ "${STRINGSCHECK_SARIF:-true}" = true ]; then
  "$binary" check --format sarif --output stringscheck.sarif ${args[@]+"${args[@]}"} ${paths[@]+"${paths[@]}"} >/dev/null || true
fi
[ -n "${GITHUB_OUTPUT:-}" ] && echo "status=$status" >> "$GITHUB_OUTPUT"
exit "$status"
