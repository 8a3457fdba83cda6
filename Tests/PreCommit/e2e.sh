#!/usr/bin/env bash
# End-to-end test of the pre-commit hook: installs pre-commit from PyPI into a virtual environment,
# makes a throw-away git repository with a small .lproj tree whose .pre-commit-config.yaml names
# this project's clone (a local path) at its current commit, and checks that a broken translation
# is refused with stringscheck's diagnostic, that a warning is shown and let through, and that the
# fixed translation is committed.
#
# Usage: Tests/PreCommit/e2e.sh [--installed BINARY] [PROJECT_DIR]. pre-commit clones the project
# at HEAD, so uncommitted changes are not tested.
# - By default the `stringscheck` hook (language: swift) is tested: pre-commit builds the package in
#   release mode in its own clone (about 9 minutes on two cores), then the `stringscheck-system` hook
#   runs that binary, and `Scripts/dist.sh` packs it and proves it runs. Run it before a release.
# - With `--installed BINARY` the `stringscheck-system` hook is tested with BINARY on PATH (CI's own
#   build): the same commits, refusals and output, with nothing built.
set -euo pipefail
INSTALLED=""
if [ "${1:-}" = "--installed" ]; then
  binary="${2:?--installed needs the path of a built stringscheck}"
  [ -f "$binary" ] && [ -x "$binary" ] || { echo "FAIL: $binary is not an executable file" >&2; exit 1; }
  INSTALLED="$(CDPATH='' cd -- "$(dirname -- "$binary")" >/dev/null && pwd)/$(basename -- "$binary")"
  shift 2
fi
[ $# -le 1 ] || { echo "usage: Tests/PreCommit/e2e.sh [--installed BINARY] [PROJECT_DIR]" >&2; exit 64; }
PROJECT="$(CDPATH='' cd -- "${1:-$(dirname "$0")/../..}" >/dev/null && pwd)"
REV="$(git -C "$PROJECT" rev-parse HEAD)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export PRE_COMMIT_HOME="$WORK/cache"

python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q pre-commit
PRE_COMMIT="$WORK/venv/bin/pre-commit"
HOOK=stringscheck
if [ -n "$INSTALLED" ]; then
  HOOK=stringscheck-system
  mkdir -p "$WORK/bin"
  cp "$INSTALLED" "$WORK/bin/stringscheck"
  export PATH="$WORK/bin:$PATH"
fi

mkdir -p "$WORK/app/App/en.lproj" "$WORK/app/App/de.lproj"
cd "$WORK/app"
git init -q
git config user.email ci@example.com
git config user.name "stringscheck CI"
printf '"greeting" = "Hello %%@";\n"bye" = "Bye";\n' > App/en.lproj/Localizable.strings
printf '"greeting" = "Hallo %%@";\n"bye" = "Tschüss";\n' > App/de.lproj/Localizable.strings
cat > .pre-commit-config.yaml <<CONFIG
repos:
  - repo: $PROJECT
    rev: $REV
    hooks:
      - id: $HOOK
CONFIG
git add -A
git commit -qm "initial tree" --no-verify
"$PRE_COMMIT" install >/dev/null

if [ -z "$INSTALLED" ]; then
  echo "== building the hook (pre-commit runs swift build -c release)"
  start=$(date +%s)
  "$PRE_COMMIT" install-hooks
  echo "   built in $(( $(date +%s) - start )) s"
else
  echo "== the stringscheck-system hook, with a copy of $INSTALLED on PATH"
  "$PRE_COMMIT" install-hooks
fi

echo "== a broken translation is refused"
printf '"greeting" = "Hallo %%d";\n"bye" = "Tschüss";\n' > App/de.lproj/Localizable.strings
git add App/de.lproj/Localizable.strings
if git commit -m "broken German" > "$WORK/out.txt" 2>&1; then
  cat "$WORK/out.txt"
  echo "FAIL: the commit with a broken translation went through" >&2
  exit 1
fi
grep -q "App/de.lproj/Localizable.strings:1:21: error: 'greeting' in 'de' reads argument 1 with '%d'" "$WORK/out.txt" || {
  cat "$WORK/out.txt"
  echo "FAIL: the hook did not print the diagnostic" >&2
  exit 1
}
echo "   refused with: $(grep -o "error: .*\[format-argument-mismatch\]" "$WORK/out.txt")"

echo "== a translation with a warning only is committed, and the warning is shown"
printf '"greeting" = "Hallo";\n"bye" = "Tschüss";\n' > App/de.lproj/Localizable.strings
git add App/de.lproj/Localizable.strings
if ! git commit -m "German without the name" > "$WORK/out.txt" 2>&1; then
  cat "$WORK/out.txt"
  echo "FAIL: a commit with warnings only was refused" >&2
  exit 1
fi
grep -q "App/de.lproj/Localizable.strings:1:15: warning: .*\[format-missing-argument\]" "$WORK/out.txt" || {
  cat "$WORK/out.txt"
  echo "FAIL: the passing hook did not show the warning" >&2
  exit 1
}
echo "   committed, showing: $(grep -o "warning: .*\[format-missing-argument\]" "$WORK/out.txt")"

echo "== the fixed translation is committed"
printf '"greeting" = "Hallo %%1$@";\n"bye" = "Tschüss";\n' > App/de.lproj/Localizable.strings
git add App/de.lproj/Localizable.strings
start=$(date +%s%N)
if ! git commit -qm "fixed German" > "$WORK/out.txt" 2>&1; then
  cat "$WORK/out.txt"
  echo "FAIL: the fixed commit was refused" >&2
  exit 1
fi
echo "   committed; the hook took $(( ($(date +%s%N) - start) / 1000000 )) ms"
if [ -n "$INSTALLED" ]; then
  echo "pre-commit end-to-end test passed (the stringscheck-system hook)"
  exit 0
fi
echo "== the hook for an installed binary (language: system) needs no build"
binary="$(find "$PRE_COMMIT_HOME" -type f -name stringscheck -path '*/release/*' -perm -u+x | head -1)"
[ -n "$binary" ] || { echo "FAIL: no built stringscheck under $PRE_COMMIT_HOME" >&2; exit 1; }
mkdir -p "$WORK/bin"
cp "$binary" "$WORK/bin/stringscheck"
cat > .pre-commit-config.yaml <<CONFIG
repos:
  - repo: $PROJECT
    rev: $REV
    hooks:
      - id: stringscheck-system
CONFIG
git add .pre-commit-config.yaml
git commit -qm "the installed hook" --no-verify
printf '"greeting" = "Hallo %%d";\n"bye" = "Tschüss";\n' > App/de.lproj/Localizable.strings
git add App/de.lproj/Localizable.strings
start=$(date +%s%N)
if PATH="$WORK/bin:$PATH" git commit -m "broken German again" > "$WORK/out.txt" 2>&1; then
  cat "$WORK/out.txt"
  echo "FAIL: the installed hook let a broken translation through" >&2
  exit 1
fi
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
grep -q "error: 'greeting' in 'de' reads argument 1 with '%d'" "$WORK/out.txt" || {
  cat "$WORK/out.txt"
  echo "FAIL: the installed hook did not print the diagnostic" >&2
  exit 1
}
echo "   refused in $elapsed ms, with no build (first run of the stringscheck-system hook)"
echo "== make dist's packing and its proof, on the binary pre-commit built"
bash "$PROJECT/Scripts/dist.sh" --binary "$binary" --output "$WORK/dist" | sed 's/^/   /'
ls "$WORK"/dist/stringscheck-*.tar.gz "$WORK"/dist/stringscheck-*.tar.gz.sha256 >/dev/null
echo "pre-commit end-to-end test passed"
