#!/usr/bin/env bash
# End-to-end (label: opendds): the OpenDDS target and the runtime's OpenDDS plugin against a real
# OpenDDS, on every machine that has one.
#
# OpenDDS comes from ADAMANT_OPENDDS_ENV (an env script exporting DDS_ROOT etc.), else from the
# prebuilt archive in shared/ beside the checkout, unpacked once into ~/.cache/adamant (the
# launcher's adamant_opendds_env), else DDS_ROOT / OpenDDS_ROOT. Where none exists the checks that
# need it print one SKIP line (counted by tests/run). With OpenDDS:
#   1. runtime/opendds: the runtime is built with its ant_* OpenDDS plugin and its tests (CTest
#      label opendds), which must pass, and installed (ADAMANT_OPENDDS_RUNTIME=<prefix> uses an
#      existing install instead);
#   2. the OpenDDS target of every example (examples/*/*.adamant) and of every model in
#      tests/e2e/opendds/ is generated, configured with find_package(OpenDDS) and built;
#   3. one application pair (1 writer, 1 reader process) per transport exchanges samples inside a
#      private network namespace: rtps_udp, tcp, multicast (DCPSInfoRepo), udp,
#      ant_nakcast, ant_ricochet, ant_replace, ant_adaptive (a `transport adaptive` flow on its table);
#   4. one benchmark point per transport writes its CSV row(s) (udp and best-effort multicast also
#      under a reliable QoS, which OpenDDS runs BEST_EFFORT on them, as the generated bench states and the
#      runtime's guard then need not); sar's RT-ESP sweep runs one point
#      per swept setup, and blueforce's two-stream bf2 one row per stream.
# Prints PASS:/FAIL:/SKIP: lines.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"
skip() { echo "SKIP: opendds: $*"; }
started=$SECONDS

# --- without OpenDDS: a clear configure error. No OpenDDS on the prefix path, in the environment, or
# reachable through PATH (CMake also searches the parents of PATH entries, e.g. $DDS_ROOT/bin's).
nf_model="$ADAMANT_ROOT/tests/e2e/opendds/sar_builtin.adamant"
adamant_cli generate "$nf_model" -o "$work/nf" --target opendds >/dev/null 2>&1
check "generate writes the OpenDDS project of sar_builtin" test -f "$work/nf/opendds/CMakeLists.txt"
path_without_opendds="$(tr ':' '\n' <<<"$PATH" | while read -r d; do
  [[ -n "$d" && ! -e "$d/../cmake/OpenDDSConfig.cmake" && ! -e "$d/../OpenDDS/cmake/OpenDDSConfig.cmake" ]] && printf '%s:' "$d"
done)"
env -u DDS_ROOT -u OpenDDS_ROOT -u CMAKE_PREFIX_PATH PATH="${path_without_opendds%:}" \
  cmake -S "$work/nf/opendds" -B "$work/nf-build" -G Ninja -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/nf.log" 2>&1
rc=$?
check "configuring without OpenDDS fails" test $rc -ne 0
check "and says that OpenDDS was not found and how to point to it" \
  bash -c "grep -q 'OpenDDS was not found' '$work/nf.log' && grep -q 'CMAKE_PREFIX_PATH' '$work/nf.log'"

# --- find OpenDDS
if ! e2e_find_opendds; then
  skip "no OpenDDS (no ADAMANT_OPENDDS_ENV, no archive in shared/opendds/, no DDS_ROOT with a CMake package); the build-and-run checks did not run"
  exit 0
fi
version="$(sed -n 's/.*OpenDDS version \([0-9]*\.[0-9]*\).*/\1/p' "$dds/VERSION.txt" "$dds/VERSION" 2>/dev/null | head -1)"
[[ -n "$version" ]] || version=current
echo "   OpenDDS $version at $dds"

# --- 1. the runtime with its OpenDDS plugin (runtime/opendds): build, test, install
e2e_opendds_runtime || exit 1
runtime_prefix="$e2e_runtime_prefix" rt_build="$e2e_runtime_build"
if [[ -n "$rt_build" ]]; then
  ctest --test-dir "$rt_build" -L opendds --output-on-failure --timeout 180 >"$work/ctest.log" 2>&1
  rc=$?
  grep -E 'Test +#|tests passed' "$work/ctest.log" | sed 's/^/   /'
  [[ $rc == 0 ]] || tail -40 "$work/ctest.log"
  check "runtime/opendds: the plugin's tests pass (ctest -L opendds)" \
    bash -c "[[ $rc == 0 ]] && grep -q '100% tests passed' '$work/ctest.log'"
fi

# The native benches' CSV header, from the installed runtime's ant-bench (a tiny simulated point):
# every OpenDDS bench must write exactly these columns (one result format for both targets).
"$runtime_prefix/bin/ant-bench" --mode sim --updates 5 --csv "$work/native.csv" >/dev/null 2>&1
native_header="$(head -1 "$work/native.csv" 2>/dev/null)"
check "the installed runtime's ant-bench writes the native CSV header" test -n "$native_header"

# --- 2. every model's OpenDDS target: generate, configure, build
models=("$ADAMANT_ROOT"/examples/*/*.adamant "$ADAMANT_ROOT"/tests/e2e/opendds/*.adamant)
declare -A built=()
for model in "${models[@]}"; do
  name="$(basename "$model" .adamant)"
  src="$work/gen/$name" build="$work/build/$name"
  mkdir -p "$work/build"
  t0=$SECONDS
  if ! adamant_cli generate "$model" -o "$src" --target opendds --opendds-version "$version" >"$build.gen.log" 2>&1; then
    cat "$build.gen.log"; echo "FAIL: $name: generate the OpenDDS target"; continue
  fi
  if cmake -S "$src/opendds" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
       -DCMAKE_PREFIX_PATH="$dds;$runtime_prefix" >"$build.log" 2>&1 \
     && nice -n 10 cmake --build "$build" >>"$build.log" 2>&1; then
    built[$name]=1
    echo "PASS: $name: the generated OpenDDS project configures (find_package(OpenDDS)) and builds ($((SECONDS - t0)) s)"
  else
    grep -E 'error|Error' "$build.log" | head -20
    echo "FAIL: $name: the generated OpenDDS project configures (find_package(OpenDDS)) and builds (log: $build.log)"
  fi
done

# Runs a command inside a private network namespace, in a build directory, with a DCPSInfoRepo
# started first when $repo is set (the multicast transport discovers through it).
in_netns_with() {
  local dir="$1" repo="$2"; shift 2
  cat >"$work/netns.sh" <<'SH'
cd "$1" || exit 1; repo="$2"; shift 2
if [[ -n "$repo" ]]; then
  rm -f repo.ior
  DCPSInfoRepo -o repo.ior -ORBListenEndpoints iiop://127.0.0.1:0 >infrepo.out 2>&1 &
  repo_pid=$!
  for _ in $(seq 100); do [[ -s repo.ior ]] && break; sleep 0.1; done
fi
"$@"; rc=$?
[[ -n "$repo" ]] && kill "$repo_pid" 2>/dev/null && wait "$repo_pid" 2>/dev/null
exit $rc
SH
  adamant_in_netns bash "$work/netns.sh" "$dir" "$repo" "$@"
}

# --- 3. application pairs, one per transport
# pair TRANSPORT MODEL WRITER READER TOPIC COUNT EXPECT [repo]: EXPECT is "all" (every sample) or
# "some" (at least one: replacement keeps only the newest report on a link slower than the offer).
pair() {
  local transport="$1" name="$2" writer="$3" reader="$4" topic="$5" count="$6" expect="$7" repo="${8:-}"
  local what="pair over $transport ($name: $writer -> $reader, $count samples)"
  [[ -n "${built[$name]:-}" ]] || { echo "FAIL: $what: $name was not built"; return; }
  local dir="$work/build/$name"
  # --readers 1: the writer waits for this one reader, not for every subscriber instance of the model.
  cat >"$dir/pair.sh" <<SH
./$reader -DCPSConfigFile $name.ini --count $count --seconds 30 --print 1 >reader.out 2>&1 &
reader=\$!
sleep 0.5
./$writer -DCPSConfigFile $name.ini --count $count --seconds 30 --readers 1 >writer.out 2>&1
writer_rc=\$?
wait "\$reader"; echo "\$writer_rc \$?" >pair.rc
SH
  in_netns_with "$dir" "$repo" bash pair.sh
  local writer_rc reader_rc received
  read -r writer_rc reader_rc <"$dir/pair.rc" 2>/dev/null
  received="$(sed -nE "s/^$reader: $topic: received ([0-9]+)$/\1/p" "$dir/reader.out")"
  echo "   $transport: $writer exit ${writer_rc:-?}, $reader exit ${reader_rc:-?}, received ${received:-none} of $count"
  local ok=0
  if [[ "${writer_rc:-1}" == 0 && "${reader_rc:-1}" == 0 && -n "$received" ]]; then
    if [[ $expect == all ]]; then (( received == count )) && ok=1
    else (( received >= 1 && received <= count )) && ok=1; fi
  fi
  if (( ok )); then echo "PASS: $what: received $received"
  else tail -5 "$dir/writer.out" "$dir/reader.out" "$dir/infrepo.out" 2>/dev/null; echo "FAIL: $what"; fi
}
pair rtps_udp     sar_builtin       uav_gateway   fusion_center        InfraredScan 50 all
pair tcp          blueforce_builtin jbi_reflector disadvantaged_client BlueForce    20 all
pair multicast    sar_multicast     uav_gateway   fusion_center        InfraredScan 50 all repo
pair udp          sar_udp           uav_gateway   fusion_center        InfraredScan 50 all
pair ant_nakcast  sar               uav_gateway   fusion_center        InfraredScan 50 all
pair ant_ricochet sar_ant           uav_gateway   fusion_center        InfraredScan 50 all
pair ant_replace  blueforce_replace jbi_reflector disadvantaged_client BlueForce    40 some
pair ant_adaptive sar_ant           uav_adaptive  fusion_adaptive      AdaptiveScan 50 all
if [[ -n "${built[sar_ant]:-}" ]]; then
  check "sar_ant: the .ini runs ant_adaptive on the adaptive flow's table, which the build copied beside it" \
    bash -c "grep -q '^transport_type=ant_adaptive$' '$work/build/sar_ant/sar_ant.ini' &&
             grep -q '^table=adaptive/uav_adaptive.AdaptiveScan.json$' '$work/build/sar_ant/sar_ant.ini' &&
             test -s '$work/build/sar_ant/adaptive/uav_adaptive.AdaptiveScan.json'"
fi

# --- 4. one benchmark point per transport
# bench TRANSPORT MODEL BENCH UPDATES [repo] [--points ...]: runs the point(s), checks the CSV
# has the native benches' header and one row per point with every update sent and its latency
# percentiles in order, and prints them.
bench() {
  local transport="$1" name="$2" exe="$3" updates="$4" repo="$5"; shift 5
  local what="bench point over $transport ($name: $exe)"
  [[ -n "${built[$name]:-}" ]] || { echo "FAIL: $what: $name was not built"; return; }
  local dir="$work/build/$name" csv="$work/$exe-$transport.csv"
  in_netns_with "$dir" "$repo" "./$exe" -DCPSConfigFile "$name.ini" --csv "$csv" --updates "$updates" --runs 1 "$@" \
    >"$dir/$exe.out" 2>&1
  local rc=$?
  python3 - "$csv" "$transport" "$updates" "$what" "$rc" "$native_header" <<'PY'
import csv, sys
path, transport, updates, what, rc, native = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]
try:
    rows = list(csv.DictReader(open(path)))
except OSError:
    rows = []
for r in rows:
    print(f"   {r['transport']} {r['transport_params'] or '-'}{' ' + r['stream'] if r.get('stream') else ''}, "
          f"{r['receivers']} reader(s), {r['loss_pct']} % loss: sent {r['sent']}, received {r['received']}, "
          f"delivery {float(r['delivery']):.4f}, mean {float(r['lat_mean_us']):.0f} us, p90 {float(r['lat_p90_us']):.0f} us, "
          f"p99 {float(r['lat_p99_us']):.0f} us, ReLate2 {float(r['relate2']):.0f} us")
header = open(path).readline().rstrip("\r\n") if rows else ""
ok = rc == 0 and rows and header == native and all(
    r["transport"] in (transport, transport + "_reliable") and r["sent"] == updates and int(r["received"]) > 0
    and float(r["lat_p50_us"]) <= float(r["lat_p90_us"]) <= float(r["lat_p99_us"]) <= float(r["lat_max_us"])
    for r in rows)
print(("PASS: " if ok else "FAIL: ") + what + f": {len(rows)} row(s)" + ("" if rc == 0 else f", exit {rc}"))
PY
  [[ $rc == 0 ]] || tail -5 "$dir/$exe.out"
}
bench rtps_udp     sar_builtin       rtps_smoke_bench    300 ""
bench tcp          blueforce_builtin bf_builtin_bench    100 "" --points 0
bench multicast    sar_multicast     builtin_clean_bench 300 repo --points 0
# best-effort transports under a reliable QoS (RT-ESP's Table 2): the writer and readers run BEST_EFFORT
bench multicast_best_effort sar_multicast builtin_clean_bench 300 repo --points 2
bench udp          sar_multicast     builtin_clean_bench 300 repo --points 3
# ... because the generated bench states it (entities::best_effort): the runtime's guard says nothing
if [[ -n "${built[sar_multicast]:-}" ]]; then
  check "the generated bench runs its udp point BEST_EFFORT itself (no note from the runtime's guard)" \
    bash -c "out='$work/build/sar_multicast/builtin_clean_bench.out'; test -s \"\$out\" &&
             ! grep -q 'is best-effort, so this writer/reader' \"\$out\""
fi
bench udp          sar_udp           builtin_udp_bench   300 ""
bench ant_nakcast  sar               nakcast_smoke_bench 300 ""
bench ant_ricochet sar_ant           ant_lossy_bench     300 "" --points 2
bench ant_replace  blueforce_replace bf_replace_bench    100 ""

# A bench given no --points runs every point of its experiment (bf_builtin: tcp and rtps_udp).
if [[ -n "${built[blueforce_builtin]:-}" ]]; then
  adamant_in_netns bash -c "cd '$work/build/blueforce_builtin' && ./bf_builtin_bench -DCPSConfigFile blueforce_builtin.ini \
    --csv '$work/every-point.csv' --updates 40 --runs 1" >"$work/every-point.out" 2>&1
  rows="$(tail -n +2 "$work/every-point.csv" 2>/dev/null | cut -d, -f1 | tr '\n' ' ')"
  check "a bench without --points runs every point of its experiment (bf_builtin: ${rows:-no rows})" \
    test "$rows" == "tcp rtps_udp "
fi

# Delivery where the transport promises it: reliable transports on a clean link, and ant_nakcast
# recovering the loss the harness injects at each reader.
python3 - "$work" <<'PY'
import csv, glob, os, sys
def rows(name):
    path = os.path.join(sys.argv[1], name)
    return list(csv.DictReader(open(path))) if os.path.exists(path) else []
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
for name, label in [("rtps_smoke_bench-rtps_udp.csv", "rtps_udp, 3 readers"),
                    ("builtin_clean_bench-multicast.csv", "reliable multicast, 3 readers"),
                    ("nakcast_smoke_bench-ant_nakcast.csv", "ant_nakcast, 3 readers, 1 % loss at each")]:
    r = rows(name)
    check(f"{label}: every update reaches every reader", len(r) == 1 and float(r[0]["delivery"]) == 1.0)
PY

# --- sar's RT-ESP sweep: the OpenDDS bench applies the sweep as the native bench does (nak_timeout
# 25/50 ms for nakcast, r 4/8 for ricochet); one point of each swept setup (3 readers, 1 % loss, 100 Hz)
if [[ -n "${built[sar]:-}" ]]; then
  cd "$work/build/sar" || exit 1
  ./rtesp_isislab_sweep_bench --list >"$work/sweep.list" 2>&1
  points="$(awk '$4 == 3 && $5 == 1 && $6 == 100 { printf "%s%s", sep, $1; sep = "," }' "$work/sweep.list")"
  check "the sweep bench lists one 3-reader 1 % 100 Hz point per swept setup (4)" \
    test "$(tr ',' '\n' <<<"$points" | grep -c .)" -eq 4
  adamant_in_netns ./rtesp_isislab_sweep_bench -DCPSConfigFile sar.ini --csv "$work/sweep.csv" --updates 200 --runs 1 \
    --points "$points" >"$work/sweep.out" 2>&1
  rc=$?
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
fi

# --- blueforce's bf2: two streams, one writer each, over ant_replace; one CSV row per stream
if [[ -n "${built[blueforce]:-}" ]]; then
  cd "$work/build/blueforce" || exit 1
  # 400 updates at 20 Hz: 20 s, of which the sensor data (`start 14 s`) takes part in the last 6
  adamant_in_netns ./bf2_two_streams_bench -DCPSConfigFile blueforce.ini --csv "$work/bf2.csv" --updates 400 \
    >"$work/bf2.out" 2>&1
  rc=$?
  check "the bf2_two_streams benchmark runs" test $rc -eq 0
  python3 - "$work/bf2.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
check("one row per stream (BlueForce, SensorData)", [r["stream"] for r in rows] == ["BlueForce", "SensorData"])
for r in rows:
    print(f"   bf2 {r['stream']} over {r['transport']} ({r['transport_params']}): sent {r['sent']}, "
          f"received {r['received']}, delivery {r['delivery']}, mean {float(r['lat_mean_us']):.0f} us")
check("BlueForce sent 400 updates, SensorData 120 (it starts 14 s later and stops with the blue force), "
      "and some of each reached the reader",
      len(rows) == 2 and [r["sent"] for r in rows] == ["400", "120"] and all(int(r["received"]) > 0 for r in rows))
check("the point ran ant_replace paced to the radio link, replacing by instance",
      all(r["transport_params"] == "replace_by=instance;bandwidth=5120" for r in rows))
PY
fi
echo "   opendds.sh took $((SECONDS - started)) s"
