#!/usr/bin/env bash
# End-to-end (label: hygiene): what the committed tree must never hold.
#   - a path of a particular machine (a checkout, a home directory): committed files use
#     repository-relative paths or variables, so that they hold on every machine;
#   - OpenDDS, ACE or TAO code or binaries (the tests unpack a prebuilt OpenDDS outside the tree);
#   - a source file over 600 lines.
# Prints PASS:/FAIL: lines; each FAIL lists the offending file:line.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"
cd "$ADAMANT_ROOT" || exit 1

# Absolute paths that only exist on one machine: the workplace's checkout and shared folders, home
# directories, macOS users. (/tmp/... in a documented command is anyone's scratch directory.)
# The pattern is put together from its parts so that this file does not name those paths itself.
roots=(work root "home/[a-z_][a-z0-9_-]*" "Users/[A-Za-z]")
machine_paths="(^|[^A-Za-z0-9_.-])($(printf '/%s/|' "${roots[@]}" | sed 's/|$//'))"
hits="$(git ls-files -z | xargs -0 grep -nIE "$machine_paths" -- 2>/dev/null)"
[[ -z "$hits" ]] || printf '%s\n' "$hits" | head -20 | sed 's/^/   /'
check "no committed file names a path of a particular machine" test -z "$hits"

vendored="$(git ls-files | grep -E '(^|/)(ACE_wrappers|TAO|OpenDDS)/|/dds/DCPS/|\.(so|a)(\.[0-9]+)*$|opendds-.*\.tar' )"
[[ -z "$vendored" ]] || printf '%s\n' "$vendored" | head -20 | sed 's/^/   /'
check "no OpenDDS, ACE or TAO code or binaries are committed" test -z "$vendored"

# No source file over 600 lines: a longer one holds more than one concept; split it by concern.
# Generated golden trees and test data (under src/test/resources/) are output and input, not source.
max_lines=600
long=""
while IFS= read -r -d '' file; do
  [[ "$file" == */src/test/resources/* || ! -f "$file" ]] && continue
  lines="$(wc -l < "$file")"
  (( lines > max_lines )) && long+="$file: $lines lines"$'\n'
done < <(git ls-files -z -- '*.java' '*.xtend' '*.xtext' '*.cpp' '*.hpp' '*.h' '*.ts' '*.py' '*.sh')
[[ -z "$long" ]] || printf '%s' "$long" | sed 's/^/   /'
check "no source file is over $max_lines lines" test -z "$long"
