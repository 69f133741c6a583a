# Shared start of every end-to-end test (tests/e2e/*.sh): the launcher's helpers (adamant_cli,
# adamant_build_native, adamant_in_netns, adamant_plot, ...), a scratch directory $work removed on
# exit, and check WHAT CMD... printing the PASS:/FAIL: line tests/run counts.
# Sourced, not run: `source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"`.
set -uo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/adamant"
set +e  # a failed step is a FAIL line, not the end of the test

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
check() { local what="$1"; shift; if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fi; }
