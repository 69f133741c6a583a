#!/usr/bin/env bash
# End-to-end: the unit tests of tools/results (the docs/results.md builders: findings on whole and
# partial grids, which transports the catalog states unreliable, the grid's estimate) and tools/bench
# (its output store), one PASS:/FAIL: line per test.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

# tools/results (the docs/results.md builders) and tools/bench (the bench driver's output store)
for dir in results bench; do
  out="$work/unittest-$dir.out"
  python3 -B -m unittest discover -s "$ADAMANT_ROOT/tools/$dir" -p 'test_*.py' -v >"$out" 2>&1
  rc=$?
  sed -nE 's/^(test_[a-z0-9_]+) \(([A-Za-z0-9_.]+)\) \.\.\. (ok|FAIL|ERROR)$/\3 \2/p' "$out" \
    | while read -r verdict name; do
        [[ "$verdict" == ok ]] && echo "PASS: tools/$dir: $name" || echo "FAIL: tools/$dir: $name"
      done
  grep -q '^Ran [1-9]' "$out" || { cat "$out"; echo "FAIL: tools/$dir: the unit tests ran"; }
  (( rc == 0 )) || { tail -30 "$out"; echo "FAIL: tools/$dir: every unit test passes"; }
done
