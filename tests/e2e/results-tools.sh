#!/usr/bin/env bash
# End-to-end: the unit tests of tools/results (the docs/results.md builders: findings on whole and
# partial grids), one PASS:/FAIL: line per test.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

python3 -m unittest discover -s "$ADAMANT_ROOT/tools/results" -p 'test_*.py' -v >"$work/unittest.out" 2>&1
rc=$?
sed -nE 's/^(test_[a-z0-9_]+) \(([A-Za-z0-9_.]+)\) \.\.\. (ok|FAIL|ERROR)$/\3 \2/p' "$work/unittest.out" \
  | while read -r verdict name; do
      [[ "$verdict" == ok ]] && echo "PASS: tools/results: $name" || echo "FAIL: tools/results: $name"
    done
grep -q '^Ran [1-9]' "$work/unittest.out" || { cat "$work/unittest.out"; echo "FAIL: tools/results: the unit tests ran"; }
(( rc == 0 )) || { tail -30 "$work/unittest.out"; echo "FAIL: tools/results: every unit test passes"; }
