#!/usr/bin/env bash
# End-to-end (label: opendds): a generated OpenDDS project against a real OpenDDS.
#   Always: the generated CMake project says clearly when OpenDDS is not found.
#   With OpenDDS (ADAMANT_OPENDDS_ENV=<env script that exports DDS_ROOT etc.>, or DDS_ROOT /
#   OpenDDS_ROOT set to a tree with cmake/OpenDDSConfig.cmake) and the runtime installed with its
#   OpenDDS part (the plugin and the benches' library Adamant::opendds_bench; the launcher's runtime,
#   or ADAMANT_OPENDDS_RUNTIME=<prefix>): generate tests/e2e/opendds/
#   sar_builtin.adamant for that OpenDDS version, configure and build it with find_package(OpenDDS),
#   run its application pair (1 writer, 1 reader) and its benchmark (1 writer, 3 readers, rtps_udp)
#   in a private network namespace, and check delivery. Without OpenDDS these checks print SKIP.
#   With the runtime's OpenDDS plugin (CMake target Adamant::opendds) installed (the launcher's
#   runtime, or ADAMANT_OPENDDS_RUNTIME=<prefix>): the same for examples/sar over ant_nakcast with
#   1 % loss injected at each of 3 readers; sar's RT-ESP sweep at one point per swept setup
#   (nak_timeout 25/50 ms, r 4/8: one CSV row each, transport_params naming the value); and
#   examples/blueforce's two-stream experiment bf2 over ant_replace (one CSV row per stream);
#   otherwise SKIP.
#   Every bench's CSV must have the native benches' header (ant-bench's, from the same runtime).
# Prints PASS:/FAIL:/SKIP: lines; tests/run counts PASS and FAIL. Nothing else in the suite needs OpenDDS.
set -uo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/adamant"
set +e

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
check() { local what="$1"; shift; if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fi; }
skip() { echo "SKIP: opendds: $*"; }

model="$ADAMANT_ROOT/tests/e2e/opendds/sar_builtin.adamant"

# --- without OpenDDS: a clear configure error (no OpenDDS on the prefix path, none in the environment)
adamant_cli generate "$model" -o "$work/nf" --target opendds >/dev/null 2>&1
check "generate writes the OpenDDS project of sar_builtin" test -f "$work/nf/opendds/CMakeLists.txt"
env -u DDS_ROOT -u OpenDDS_ROOT -u CMAKE_PREFIX_PATH cmake -S "$work/nf/opendds" -B "$work/nf-build" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/nf.log" 2>&1
rc=$?
check "configuring without OpenDDS fails" test $rc -ne 0
check "and says that OpenDDS was not found and how to point to it" \
  bash -c "grep -q 'OpenDDS was not found' '$work/nf.log' && grep -q 'CMAKE_PREFIX_PATH' '$work/nf.log'"

# --- find OpenDDS
if [[ -n "${ADAMANT_OPENDDS_ENV:-}" ]]; then
  if [[ -f "$ADAMANT_OPENDDS_ENV" ]]; then
    # shellcheck disable=SC1090
    source "$ADAMANT_OPENDDS_ENV"
  else
    echo "FAIL: ADAMANT_OPENDDS_ENV=$ADAMANT_OPENDDS_ENV is not a file"; exit 1
  fi
fi
dds="${DDS_ROOT:-${OpenDDS_ROOT:-}}"
if [[ -z "$dds" || ! -f "$dds/cmake/OpenDDSConfig.cmake" ]]; then
  skip "no OpenDDS with a CMake package (set ADAMANT_OPENDDS_ENV=/path/to/env.sh, or DDS_ROOT/OpenDDS_ROOT); the build-and-run checks did not run"
  exit 0
fi
version="$(sed -n 's/.*OpenDDS version \([0-9]*\.[0-9]*\).*/\1/p' "$dds/VERSION.txt" "$dds/VERSION" 2>/dev/null | head -1)"
[[ -n "$version" ]] || version=current
echo "   OpenDDS $version at $dds"

# Builds a generated OpenDDS project; $3: extra prefix path (the runtime, for the ant_* plugin);
# $4...: only these targets (default: all).
build_opendds() {
  local src="$1" build="$2" extra="${3:-}"
  shift 3 2>/dev/null || shift $#
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_PREFIX_PATH="$dds${extra:+;$extra}" >"$build.log" 2>&1 \
    && nice -n 10 cmake --build "$build" ${1:+--target "$@"} >>"$build.log" 2>&1
}

# The runtime installed with its OpenDDS part (the ant_* plugin and the benches' library,
# Adamant::opendds_bench): the launcher's runtime, or ADAMANT_OPENDDS_RUNTIME=<prefix of a runtime
# built with OpenDDS>. Every generated bench links the bench library.
runtime_prefix="${ADAMANT_OPENDDS_RUNTIME:-$ADAMANT_RUNTIME_PREFIX}"
adamant_cli generate "$model" -o "$work/sar" --target opendds --opendds-version "$version" >/dev/null 2>&1
check "generate the OpenDDS project for OpenDDS $version" test -f "$work/sar/opendds/CMakeLists.txt"
if build_opendds "$work/sar/opendds" "$work/build" "$runtime_prefix"; then
  echo "PASS: the generated OpenDDS project configures (find_package(OpenDDS), find_package(Adamant)) and builds"
elif grep -q 'OpenDDS transport plugin and bench library' "$work/build.log"; then
  skip "the runtime's OpenDDS part (Adamant::opendds_bench) is not installed in $runtime_prefix; the build-and-run checks did not run"
  exit 0
else
  tail -30 "$work/build.log"
  echo "FAIL: the generated OpenDDS project configures (find_package(OpenDDS), find_package(Adamant)) and builds"; exit 1
fi
# The native benches' CSV header, from the installed runtime's ant-bench (a tiny simulated point):
# the OpenDDS benches must write exactly these columns.
"$runtime_prefix/bin/ant-bench" --mode sim --updates 5 --csv "$work/native.csv" >/dev/null 2>&1
native_header="$(head -1 "$work/native.csv" 2>/dev/null)"
check "the installed runtime's ant-bench writes the native CSV header" test -n "$native_header"
same_header() { [[ "$(head -1 "$1" 2>/dev/null)" == "$native_header" ]]; }

# --- the application pair: 1 writer (uav_gateway), 1 reader (fusion_center), RTPS discovery
cd "$work/build" || exit 1
cat >"$work/pair.sh" <<'PAIR'
./fusion_center -DCPSConfigFile sar_builtin.ini --count 50 --seconds 30 --print 3 >reader.out 2>&1 &
reader=$!
./uav_gateway -DCPSConfigFile sar_builtin.ini --count 50 --seconds 30 >writer.out 2>&1
writer_rc=$?
wait "$reader"; reader_rc=$?
echo "$writer_rc $reader_rc" >pair.rc
PAIR
adamant_in_netns bash "$work/pair.sh"
read -r writer_rc reader_rc <pair.rc 2>/dev/null
check "uav_gateway publishes 50 scans and exits 0" test "${writer_rc:-1}" -eq 0
check "fusion_center receives them and exits 0" test "${reader_rc:-1}" -eq 0
check "fusion_center printed received ThermalScan samples" grep -q 'ThermalScan {' reader.out

# --- the benchmark: 1 writer + 3 readers over rtps_udp, CSV of docs/runtime-contract.md
adamant_in_netns ./rtps_smoke_bench -DCPSConfigFile sar_builtin.ini --csv "$work/rtps.csv" --updates 300 \
  >"$work/bench.out" 2>&1
rc=$?
tail -3 "$work/bench.out"
check "the rtps_smoke benchmark runs" test $rc -eq 0
check "the rtps_smoke CSV has the native benches' columns" same_header "$work/rtps.csv"
python3 - "$work/rtps.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
check("the benchmark wrote one CSV row with the harness columns",
      len(rows) == 1 and {"transport", "receivers", "sent", "received", "delivery", "lat_mean_us", "relate2"} <= set(rows[0]))
if rows:
    r = rows[0]
    print(f"   rtps_udp, 3 readers: sent {r['sent']}, received {r['received']}, delivery {r['delivery']}, "
          f"mean {float(r['lat_mean_us']):.0f} us, p99 {float(r['lat_p99_us']):.0f} us")
    check("rtps_udp (reliable) delivers every update to all 3 readers", r["sent"] == "300" and float(r["delivery"]) == 1.0)
PY

# --- examples/sar on the runtime's ant_nakcast (the plugin is installed with the runtime)
adamant_cli generate "$ADAMANT_ROOT/examples/sar/sar.adamant" -o "$work/ant" --target opendds \
  --opendds-version "$version" >/dev/null 2>&1
if ! build_opendds "$work/ant/opendds" "$work/ant-build" "$runtime_prefix"; then
  if grep -q 'OpenDDS transport plugin' "$work/ant-build.log"; then
    skip "the runtime's OpenDDS plugin (Adamant::opendds) is not installed in $runtime_prefix; the ant_nakcast checks did not run"
    exit 0
  fi
  tail -30 "$work/ant-build.log"
  echo "FAIL: examples/sar (ant_nakcast) builds against OpenDDS and the plugin"; exit 1
fi
echo "PASS: examples/sar (ant_nakcast) builds against OpenDDS and the plugin"
cd "$work/ant-build" || exit 1
adamant_in_netns ./nakcast_smoke_bench -DCPSConfigFile sar.ini --csv "$work/ant.csv" --updates 300 >"$work/ant.out" 2>&1
rc=$?
tail -3 "$work/ant.out"
check "the nakcast_smoke benchmark runs over ant_nakcast" test $rc -eq 0
check "the nakcast_smoke CSV has the native benches' columns" same_header "$work/ant.csv"
python3 - "$work/ant.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
check("one CSV row", len(rows) == 1)
if rows:
    r = rows[0]
    print(f"   ant_nakcast, 3 readers, {r['loss_pct']} % loss: received {r['received']}, delivery {r['delivery']}, "
          f"mean {float(r['lat_mean_us']):.0f} us, p90 {float(r['lat_p90_us']):.0f} us")
    check("latency percentiles ordered (p50 <= p90 <= p99 <= max)",
          float(r["lat_p50_us"]) <= float(r["lat_p90_us"]) <= float(r["lat_p99_us"]) <= float(r["lat_max_us"]))
    check("ant_nakcast recovers the injected loss: every update reaches all 3 readers", float(r["delivery"]) == 1.0)
PY

# --- sar's RT-ESP sweep: the OpenDDS bench applies the sweep as the native bench does (nak_timeout
# 25/50 ms for nakcast, r 4/8 for ricochet); one point of each swept setup (3 readers, 1 % loss, 100 Hz)
./rtesp_isislab_sweep_bench --list >"$work/sweep.list" 2>&1
points="$(awk '$4 == 3 && $5 == 1 && $6 == 100 { printf "%s%s", sep, $1; sep = "," }' "$work/sweep.list")"
check "the sweep bench lists one 3-reader 1 % 100 Hz point per swept setup (4)" \
  test "$(tr ',' '\n' <<<"$points" | grep -c .)" -eq 4
adamant_in_netns ./rtesp_isislab_sweep_bench -DCPSConfigFile sar.ini --csv "$work/sweep.csv" --updates 200 --runs 1 \
  --points "$points" >"$work/sweep.out" 2>&1
rc=$?
tail -4 "$work/sweep.out"
check "the rtesp_isislab_sweep benchmark runs its 4 points" test $rc -eq 0
python3 - "$work/sweep.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
params = sorted((r["transport"], r["transport_params"]) for r in rows)
check("one row per swept setup, transport_params naming its value: " + str(params),
      params == [("ant_nakcast", "nak_timeout=25ms"), ("ant_nakcast", "nak_timeout=50ms"),
                 ("ant_ricochet", "r=4;c=3;nak_fallback=0"), ("ant_ricochet", "r=8;c=3;nak_fallback=0")])
for r in rows:
    print(f"   {r['transport']} {r['transport_params']}, 3 readers, 1 % loss: delivery {r['delivery']}, "
          f"mean {float(r['lat_mean_us']):.0f} us, p99 {float(r['lat_p99_us']):.0f} us")
nak = {r["transport_params"]: r for r in rows if r["transport"] == "ant_nakcast"}
check("ant_nakcast delivers every update at both NAK timeouts",
      len(nak) == 2 and all(float(r["delivery"]) == 1.0 for r in nak.values()))
PY

# --- blueforce's bf2: two streams, one writer each, over ant_replace; one CSV row per stream
adamant_cli generate "$ADAMANT_ROOT/examples/blueforce/blueforce.adamant" -o "$work/bf" --target opendds \
  --opendds-version "$version" >/dev/null 2>&1
if ! build_opendds "$work/bf/opendds" "$work/bf-build" "$runtime_prefix" bf2_two_streams_bench; then
  tail -30 "$work/bf-build.log"
  echo "FAIL: examples/blueforce's bf2_two_streams_bench builds against OpenDDS and the plugin"; exit 1
fi
echo "PASS: examples/blueforce's bf2_two_streams_bench builds against OpenDDS and the plugin"
cd "$work/bf-build" || exit 1
adamant_in_netns ./bf2_two_streams_bench -DCPSConfigFile blueforce.ini --csv "$work/bf2.csv" --updates 100 \
  >"$work/bf2.out" 2>&1
rc=$?
tail -3 "$work/bf2.out"
check "the bf2_two_streams benchmark runs" test $rc -eq 0
check "the bf2_two_streams CSV has the native benches' columns" same_header "$work/bf2.csv"
python3 - "$work/bf2.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
check("one row per stream (BlueForce, SensorData)", [r["stream"] for r in rows] == ["BlueForce", "SensorData"])
for r in rows:
    print(f"   bf2 {r['stream']} over {r['transport']} ({r['transport_params']}): sent {r['sent']}, "
          f"received {r['received']}, delivery {r['delivery']}, mean {float(r['lat_mean_us']):.0f} us")
check("each stream sent 100 updates and some reached the reader",
      len(rows) == 2 and all(r["sent"] == "100" and int(r["received"]) > 0 for r in rows))
check("the point ran ant_replace paced to the radio link, replacing by instance",
      all(r["transport_params"] == "replace_by=instance;bandwidth=5120" for r in rows))
PY
