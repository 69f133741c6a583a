#!/usr/bin/env bash
# End-to-end: the SAR example through every stage, then its measured results.
#   validate -> generate -> build the native target against the installed runtime ->
#   1 writer + 3 reader processes on loopback multicast (private network namespace),
#   1 % loss injected at each reader, 2,000 updates of 12 bytes at 100 Hz over NAKcast.
# Prints PASS:/FAIL: lines (tests/run counts them); needs the CLI and runtime built (tests/run does).
set -uo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/adamant"
set +e

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
check() { local what="$1"; shift; if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fi; }

# --- validate: the example is clean, a reliable flow on UDP is an error at its position
adamant_cli validate "$ADAMANT_ROOT/examples/sar/sar.adamant" >"$work/validate.out" 2>&1
check "validate accepts examples/sar/sar.adamant" test $? -eq 0

cp "$ADAMANT_ROOT/profiles/transports.adamant" "$work/"
cat >"$work/bad.adamant" <<'MODEL'
import "transports.adamant"
struct Scan { @key uint32 id; float t; }
qos Fused { reliability reliable }
topic Scans : Scan qos Fused
application gw { publish Scans rate 10 Hz transport opendds_udp }
MODEL
(cd "$work" && adamant_cli validate bad.adamant) >"$work/bad.out" 2>&1
rc=$?
check "validate exits 1 on a reliable flow bound to UDP" test $rc -eq 1
check "the error reads file:line:col: error: [code] message" \
  grep -qE '^bad\.adamant:5:[0-9]+: error: \[adamant\.reliable-on-unreliable-transport\] .*opendds_udp' "$work/bad.out"
(cd "$work" && adamant_cli generate bad.adamant -o out) >/dev/null 2>&1
rc=$?
check "generate refuses the invalid model and writes nothing" test $rc -eq 1 -a ! -e "$work/out"

# --- generate: native and OpenDDS targets
adamant_cli generate "$ADAMANT_ROOT/examples/sar/sar.adamant" -o "$work/sar" >"$work/gen.out" 2>&1
check "generate writes the sar project" test $? -eq 0
check "native target has a CMake project" test -f "$work/sar/native/CMakeLists.txt"
check "OpenDDS target has IDL" bash -c "ls '$work'/sar/opendds/*.idl >/dev/null 2>&1"

# --- build and run
# In a subshell: the launcher's die() must become a FAIL line, not end the test silently.
if (adamant_build_native "$work/sar/native" "$work/build"); then
  echo "PASS: the generated native project builds against the runtime"
else
  echo "FAIL: the generated native project builds against the runtime"; exit 1
fi
bench="$work/build/nakcast_smoke_bench"
check "the nakcast_smoke benchmark executable was generated" test -x "$bench"
adamant_in_netns "$bench" --csv "$work/results.csv" >"$work/run.out" 2>&1
rc=$?
cat "$work/run.out" | tail -5
check "the benchmark run succeeds" test $rc -eq 0

# --- the measured numbers
python3 - "$work/results.csv" <<'PY'
import csv, math, sys
path = sys.argv[1]
def check(what, ok):
    print(("PASS: " if ok else "FAIL: ") + what)
try:
    rows = list(csv.DictReader(open(path)))
except OSError as e:
    check(f"results.csv exists ({e})", False); sys.exit(0)
need = "transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,lat_std_us,lat_p50_us,lat_p99_us,lat_max_us,relate,relate2".split(",")
check("results.csv has every required column", rows and all(c in rows[0] for c in need))
row = next((r for r in rows if r.get("transport") == "nakcast"), None)
check("results.csv has a nakcast row", row is not None)
if row:
    f = lambda k: float(row[k])
    check(f"point is 3 receivers, 1 % loss, 100 Hz (got {row['receivers']}, {row['loss_pct']}, {row['rate_hz']})",
          int(f("receivers")) == 3 and f("loss_pct") == 1.0 and f("rate_hz") == 100.0)
    check(f"2000 updates sent (got {row['sent']})", int(f("sent")) == 2000)
    check(f"every reader got every update: received 6000 (got {row['received']})", int(f("received")) == 6000)
    check(f"NAKcast delivery is 1.0 (got {row['delivery']})", f("delivery") == 1.0)
    check(f"latency is measured and sane (mean {row['lat_mean_us']} us, p99 {row['lat_p99_us']} us)",
          0 < f("lat_mean_us") <= f("lat_p99_us") <= f("lat_max_us") < 5e6)
    check(f"ReLate2 equals the mean latency at zero loss ({row['relate2']} vs {row['lat_mean_us']})",
          math.isclose(f("relate2"), f("lat_mean_us"), rel_tol=1e-6))
PY
