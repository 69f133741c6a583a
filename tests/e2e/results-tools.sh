#!/usr/bin/env bash
# End-to-end: the unit tests of tools/results (the docs/results.md builders: findings on whole and
# partial grids, which transports the catalog states unreliable, the grid's estimate) and tools/bench
# (its output store), one PASS:/FAIL: line per test.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

# tools/results (the docs/results.md builders) and tools/bench (the bench driver's output store)
for dir in results bench; do
  e2e_unittests python3 "$ADAMANT_ROOT/tools/$dir"
done
