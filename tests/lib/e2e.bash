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

# e2e_unittests PYTHON DIR: the Python unit tests DIR/test_*.py (a tools/ folder), one PASS:/FAIL:
# line per test named by DIR relative to the checkout, and a FAIL when none ran or any failed.
e2e_unittests() {
  local python="$1" dir="$2" name="${2#"$ADAMANT_ROOT"/}" out rc=0
  out="$work/unittest-${name//\//-}.out"
  "$python" -B -m unittest discover -s "$dir" -p 'test_*.py' -v >"$out" 2>&1 || rc=$?
  sed -nE 's/^(test_[a-z0-9_]+) \(([A-Za-z0-9_.]+)\) \.\.\. (ok|FAIL|ERROR)$/\3 \2/p' "$out" \
    | while read -r verdict test; do
        [[ "$verdict" == ok ]] && echo "PASS: $name: $test" || echo "FAIL: $name: $test"
      done
  grep -q '^Ran [1-9]' "$out" || { cat "$out"; echo "FAIL: $name: the unit tests ran"; }
  (( rc == 0 )) || { tail -30 "$out"; echo "FAIL: $name: every unit test passes"; }
}

# Finds the OpenDDS to use: sources its env script (ADAMANT_OPENDDS_ENV, else the unpacked archive:
# adamant_opendds_env) and sets dds to its DDS_ROOT. Returns 1 when there is none with a CMake package.
e2e_find_opendds() {
  local env_script
  if env_script="$(adamant_opendds_env)"; then
    # shellcheck disable=SC1090
    source "$env_script"
  fi
  dds="${DDS_ROOT:-${OpenDDS_ROOT:-}}"
  [[ -n "$dds" && -f "$dds/cmake/OpenDDSConfig.cmake" ]]
}

# The runtime with its OpenDDS plugin (runtime/opendds), built with its tests and installed into
# $ADAMANT_STATE/runtime-opendds (generated OpenDDS applications and benches link its libraries).
# Needs OpenDDS's env.sh sourced. Sets e2e_runtime_prefix (and e2e_runtime_build, empty when
# ADAMANT_OPENDDS_RUNTIME=<prefix> names an existing install); prints a PASS:/FAIL: line; fails
# when the build fails.
e2e_opendds_runtime() {
  e2e_runtime_prefix="${ADAMANT_OPENDDS_RUNTIME:-}" e2e_runtime_build=""
  [[ -z "$e2e_runtime_prefix" ]] || return 0
  e2e_runtime_prefix="$ADAMANT_STATE/runtime-opendds"
  e2e_runtime_build="$ADAMANT_STATE/build/runtime-opendds"
  mkdir -p "$ADAMANT_STATE/build"
  local t0=$SECONDS
  if { cmake -S "$ADAMANT_ROOT/runtime" -B "$e2e_runtime_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
         -DADAMANT_OPENDDS=ON -DADAMANT_BUILD_TESTS=ON -DADAMANT_RUNTIME_TESTS=OFF \
         -DCMAKE_INSTALL_PREFIX="$e2e_runtime_prefix" \
       && nice -n 10 cmake --build "$e2e_runtime_build" \
       && cmake --install "$e2e_runtime_build"; } >"$work/runtime.log" 2>&1; then
    echo "PASS: runtime/opendds: the runtime with the ant_* plugin builds and installs ($((SECONDS - t0)) s)"
  else
    tail -30 "$work/runtime.log"
    echo "FAIL: runtime/opendds: the runtime with the ant_* plugin builds and installs"; return 1
  fi
}
