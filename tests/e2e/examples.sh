#!/usr/bin/env bash
# End-to-end: EVERY example under examples/ through every stage, then a short measured exchange each.
#   validate (the example passes; an invalid model is refused with file:line:col) -> format (the
#   checked-in models are formatted; a messy model is rewritten, a broken one left alone) ->
#   generate --target all -> the native project builds against the installed runtime (every
#   application and every experiment of the model gets an executable) -> a short run per example:
#   - sar: nakcast_smoke, 1 writer + 3 reader processes on loopback multicast (private network
#     namespace), 1 % loss at each reader, 300 updates at 100 Hz: every reader gets every update;
#   - blueforce (Mockets experiments, one receiver over the radio link):
#       bf1 in the simulator on the modeled 5 KB/s link with a 4-packet queue, 20 x 1 KB updates/s:
#         replacement supersedes most updates, none is lost;
#       bf1 for real (processes + UDP on loopback shaped by tc tbf to 5 KB/s with a 4-packet queue,
#         through the generated bf1_low_bandwidth_real_link.sh): part of the 20 KB/s arrives, the
#         rest is superseded;
#       bf2 (two streams of 20 x 1 KB updates/s over one connection) in the simulator: one row per
#         stream, each stream's updates delivered or superseded by its own;
#       bf3 (5 KB images every 10 s, priority 10, never replaced, next to the 20 Hz position
#         updates) in the simulator: every image arrives within 2.5 s, position updates are replaced;
#       bf4 on the fluctuating link (40 KB/s, then 5 KB/s) in the simulator: the model states
#         pace_mode estimate (the pace follows the bandwidth measured from the ACKs), so over 85 % of
#         the updates get through; with --pace-mode fixed the generated bench paces the writer to
#         the slowest phase, so about half do.
# bf1 runs both in the simulator and over a really shaped link; bf2, bf3 and bf4 in the simulator only.
# Prints PASS:/FAIL: lines (tests/run counts them); needs the CLI and runtime built (tests/run does).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

# Checks rows of a results CSV: csv_check FILE 'python condition over row r' DESCRIPTION ...
# Each condition selects rows with `select`; see the calls below.
csv_check() {
  python3 - "$@" <<'PY'
import csv, math, sys
path, checks = sys.argv[1], sys.argv[2:]
try:
    rows = list(csv.DictReader(open(path)))
except OSError as e:
    print(f"FAIL: {path} exists ({e})"); sys.exit(0)
def num(r, k):
    return float(r[k])
for i in range(0, len(checks), 2):
    what, expr = checks[i], checks[i + 1]
    try:
        ok = eval(expr, {"rows": rows, "num": num, "math": math, "all": all, "any": any, "len": len})
        detail = ""
    except Exception as e:  # a missing column or row is a failed check, with the reason
        ok, detail = False, f" ({type(e).__name__}: {e})"
    shown = "; ".join(f"{r.get('transport')} sent={r.get('sent')} received={r.get('received')} "
                      f"replaced={r.get('replaced')} delivery={r.get('delivery')} lat_mean_us={r.get('lat_mean_us')}"
                      for r in rows[:4])
    print(("PASS: " if ok else "FAIL: ") + what + ("" if ok else f" [rows: {shown}]") + detail)
PY
}

build_example() {  # build_example NAME: generate every target and build the native one
  local name="$1" model="$ADAMANT_ROOT/examples/$1/$1.adamant"
  adamant_cli generate "$model" -o "$work/$name" --target all >"$work/$name.gen.out" 2>&1
  check "$name: generate --target all succeeds" test $? -eq 0
  check "$name: the native target has a CMake project" test -f "$work/$name/native/CMakeLists.txt"
  check "$name: the OpenDDS target has IDL and CMake" \
    bash -c "ls '$work/$name'/opendds/*.idl >/dev/null 2>&1 && test -f '$work/$name/opendds/CMakeLists.txt'"
  if (adamant_build_native "$work/$name/native" "$work/$name.build"); then
    echo "PASS: $name: the generated native project builds against the runtime"
  else
    echo "FAIL: $name: the generated native project builds against the runtime"; return 1
  fi
  # Every application and experiment of the model has its executable: nothing was skipped.
  local missing=""
  for app in $(sed -nE 's/^[[:space:]]*application[[:space:]]+([A-Za-z_][A-Za-z0-9_]*).*/\1/p' "$model"); do
    [[ -x "$work/$name.build/$app" ]] || missing+=" $app"
  done
  for x in $(sed -nE 's/^[[:space:]]*experiment[[:space:]]+([A-Za-z_][A-Za-z0-9_]*).*/\1/p' "$model"); do
    [[ -x "$work/$name.build/${x}_bench" ]] || missing+=" ${x}_bench"
  done
  check "$name: every application and experiment has a native executable (missing:${missing:- none})" test -z "$missing"
}

# Every example directory must be covered below: a new example fails here until it gets a run.
covered="blueforce sar"
found="$(cd "$ADAMANT_ROOT/examples" && ls -d */ | tr -d / | sort | tr '\n' ' ')"
check "every example has an end-to-end run (examples: $found)" test "${found% }" == "$covered"

# ------------------------------------------------------------------------------ version
# Through the launcher, on the command and after verbs: version, git revision, Java.
version_re='^adamant [0-9]+\.[0-9]+\.[0-9][^ ]* \((git [0-9A-Za-z._+-]+|git revision not recorded)\)$'
for args in "--version" "-V" "validate --version" "generate --version" "format --version" "export-qos --version" "demo --version"; do
  # shellcheck disable=SC2086 # the words of $args are the arguments
  "$ADAMANT_ROOT/adamant" $args >"$work/version.out" 2>"$work/version.err"
  rc=$?
  check "./adamant $args prints the version, the git revision and the Java" \
    bash -c "[[ $rc -eq 0 ]] && head -1 '$work/version.out' | grep -qE '$version_re' && grep -q '^Java [0-9]' '$work/version.out'"
done
if [[ -e "$ADAMANT_ROOT/.git" ]]; then
  check "built from a git checkout: --version names the revision" grep -q '(git [0-9a-f]' "$work/version.out"
fi

# ------------------------------------------------------------------------------ validate
# The example is clean; a reliable flow on UDP is an error at its position and generate refuses it.
adamant_cli validate "$ADAMANT_ROOT/examples/sar/sar.adamant" >"$work/validate.out" 2>&1
check "validate accepts examples/sar/sar.adamant" test $? -eq 0
# Every shipped model validates without a warning (blueforce states its overloads: information).
adamant_cli validate "$ADAMANT_ROOT"/examples/*/*.adamant "$ADAMANT_ROOT"/profiles/*.adamant >"$work/all.out" 2>&1
check "validate: every example and profile, 0 errors and 0 warnings" grep -qE "^0 errors, 0 warnings in " "$work/all.out"
cp "$ADAMANT_ROOT/profiles/transports.adamant" "$work/"
cat >"$work/bad.adamant" <<'MODEL'
import "transports.adamant"
struct Scan { @key uint32 id; float t; }
qos Fused { reliability reliable }
topic Scans : Scan qos Fused
application gw { publish Scans rate 10 Hz transport opendds_udp }
MODEL
(cd "$work" && adamant_cli validate bad.adamant) >"$work/bad.out" 2>&1
check "validate exits 1 on a reliable flow bound to UDP" test $? -eq 1
check "the error reads file:line:col: error: [code] message" \
  grep -qE '^bad\.adamant:5:[0-9]+: error: \[adamant\.reliable-on-unreliable-transport\] .*opendds_udp' "$work/bad.out"
(cd "$work" && adamant_cli generate bad.adamant -o out) >/dev/null 2>&1
check "generate refuses the invalid model and writes nothing" test $? -eq 1 -a ! -e "$work/out"

# ------------------------------------------------------------------------------ format
# Through the launcher: the checked-in models are formatted; a messy copy is rewritten, a model with a
# syntax error is reported with its position and left as it was.
(cd "$ADAMANT_ROOT" && ./adamant format --check examples/*/*.adamant profiles/*.adamant tests/e2e/opendds/*.adamant) \
  >"$work/format-check.out" 2>&1
check "format --check accepts every checked-in model" test $? -eq 0
printf 'model messy\nqos Q{reliability reliable // kept\n  history keep_all}\n' >"$work/messy.adamant"
printf 'model broken\nstruct S {\n  uint32 id\n}\n' >"$work/broken.adamant"
cp "$work/broken.adamant" "$work/broken.orig"
"$ADAMANT_ROOT/adamant" format --check "$work/messy.adamant" >"$work/format-messy.out" 2>&1
check "format --check exits 1 and names an unformatted model" \
  test $? -eq 1 -a "$(cat "$work/format-messy.out" | head -1)" == "$work/messy.adamant"
"$ADAMANT_ROOT/adamant" format "$work/messy.adamant" "$work/broken.adamant" >"$work/format.out" 2>&1
check "format exits 2 when a model has a syntax error" test $? -eq 2
check "format rewrites the messy model with one clause per line, the comment kept" \
  test "$(cat "$work/messy.adamant")" == "$(printf 'model messy\nqos Q {\n\treliability reliable // kept\n\thistory keep_all\n}')"
check "format reports the syntax error as file:line:col and leaves the file as it was" \
  bash -c "grep -q '^$work/broken.adamant:4:1: error: ' '$work/format.out' && cmp -s '$work/broken.adamant' '$work/broken.orig'"

# ------------------------------------------------------------------------------ DDS-XML
# Through the launcher: the example's QoS as DDS-XML, read back into profiles, written again: the same
# bytes (DdsXmlTest checks the schema and every policy); an element the language cannot state stops
# the import at its file:line:col.
(cd "$work" && "$ADAMANT_ROOT/adamant" export-qos "$ADAMANT_ROOT/examples/sar/sar.adamant" -o sar-qos.xml \
  && "$ADAMANT_ROOT/adamant" import-qos sar-qos.xml -o sar-qos.adamant \
  && "$ADAMANT_ROOT/adamant" export-qos sar-qos.adamant -o sar-qos-again.xml) >"$work/dds-xml.out" 2>&1
check "export-qos, import-qos, export-qos: the same DDS-XML" \
  bash -c "grep -q '<qos_profile name=\"ThermalScanQos\">' '$work/sar-qos.xml' && cmp -s '$work/sar-qos.xml' '$work/sar-qos-again.xml'"
sed 's|<durability>|<user_data><value>1</value></user_data><durability>|' "$work/sar-qos.xml" >"$work/vendor-qos.xml"
(cd "$work" && "$ADAMANT_ROOT/adamant" import-qos vendor-qos.xml -o vendor.adamant) >"$work/dds-xml-bad.out" 2>&1
rc=$?
check "import-qos exits 1 on <user_data>, names it at file:line:col and writes nothing" \
  bash -c "[[ $rc -eq 1 ]] && grep -qE '^vendor-qos\.xml:[0-9]+:[0-9]+: error: \[adamant\.dds-xml\.unknown-element\] <user_data>' '$work/dds-xml-bad.out' && [[ ! -e '$work/vendor.adamant' ]]"

# ------------------------------------------------------------------------------ sar
if build_example sar; then
  adamant_in_netns "$work/sar.build/nakcast_smoke_bench" --csv "$work/sar.csv" --updates 300 >"$work/sar.run" 2>&1
  check "sar: nakcast_smoke runs (300 updates)" test $? -eq 0
  csv_check "$work/sar.csv" \
    "sar: one nakcast row: 3 receivers, 1 % loss, 100 Hz" \
      "len(rows) == 1 and rows[0]['transport'] == 'nakcast' and num(rows[0],'receivers') == 3 and num(rows[0],'loss_pct') == 1 and num(rows[0],'rate_hz') == 100" \
    "sar: 300 sent, every reader got every update (900 received, delivery 1.0)" \
      "num(rows[0],'sent') == 300 and num(rows[0],'received') == 900 and num(rows[0],'delivery') == 1.0" \
    "sar: latency measured and ordered (0 < mean <= p99 <= max < 5 s)" \
      "0 < num(rows[0],'lat_mean_us') <= num(rows[0],'lat_p99_us') <= num(rows[0],'lat_max_us') < 5e6" \
    "sar: ReLate2 equals the mean latency when nothing is lost" \
      "math.isclose(num(rows[0],'relate2'), num(rows[0],'lat_mean_us'), rel_tol=1e-6)" \
    "sar: the CSV has every column of the runtime contract (docs/runtime-contract.md), in its order" \
      "list(rows[0].keys()) == 'transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,lat_std_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_max_us,relate,relate2,bytes_data,bytes_nak,bytes_repair,bytes_retransmit,bytes_control,replaced,delivery_or_replaced,transport_params,stream,sender_replaced,sender_expired,sender_abandoned,link_bandwidth,link_queue_packets,link_delay_us,link_burst,link_reorder_pct,link_duplicate_pct,switches'.split(',')" \
    "sar: p50 <= p90 <= p99, and the real loopback point records no link shaping or faults (link columns empty)" \
      "num(rows[0],'lat_p50_us') <= num(rows[0],'lat_p90_us') <= num(rows[0],'lat_p99_us') and all(rows[0][c] == '' for c in ('link_bandwidth','link_queue_packets','link_delay_us','link_burst','link_reorder_pct','link_duplicate_pct'))" \
    "sar: the row names its NAK timeout (nak_timeout=50ms)" \
      "rows[0]['transport_params'] == 'nak_timeout=50ms'"
  # The generated applications: the gateway publishes 200 scans at 100 Hz to one fusion center.
  adamant_in_netns bash -c "'$work/sar.build/fusion_center' --count 200 --seconds 8 --print 0 >'$work/fc.out' 2>&1 &
    sleep 0.5; '$work/sar.build/uav_gateway' --count 200 >'$work/gw.out' 2>&1; wait"
  check "sar: the fusion center receives all 200 scans of the gateway, none corrupt" \
    grep -qx 'fusion_center: received 200 InfraredScan samples (0 corrupt)' "$work/fc.out"
fi

# ------------------------------------------------------------------------------ blueforce
if build_example blueforce; then
  b="$work/blueforce.build"
  # The generated bench adds the modeled link (--bandwidth 5120B/s --queue 4 --delay-us 500) in sim mode.
  "$b/bf1_low_bandwidth_bench" --mode sim --csv "$work/bf1.csv" --updates 200 >"$work/bf1.run" 2>&1
  check "blueforce: bf1 runs in the simulator (200 updates)" test $? -eq 0
  check "blueforce: the simulator ran on the modeled link (it reports link drops)" grep -q "link drops" "$work/bf1.run"
  csv_check "$work/bf1.csv" \
    "blueforce bf1 (sim): one replace row, 1 receiver, 20 Hz, 200 sent" \
      "len(rows) == 1 and rows[0]['transport'] == 'replace' and num(rows[0],'receivers') == 1 and num(rows[0],'rate_hz') == 20 and num(rows[0],'sent') == 200" \
    "blueforce bf1 (sim): 20 KB/s offered to a 5 KB/s link: most updates replaced (received < 50 %, replaced > 0)" \
      "num(rows[0],'replaced') > 0 and num(rows[0],'received') < 100" \
    "blueforce bf1 (sim): nothing lost: received + replaced = sent (delivery_or_replaced 1.0)" \
      "num(rows[0],'received') + num(rows[0],'replaced') == num(rows[0],'sent') and num(rows[0],'delivery_or_replaced') == 1.0" \
    "blueforce bf1 (sim): latency is that of a 5 KB/s link (mean between 0.1 s and 5 s)" \
      "1e5 < num(rows[0],'lat_mean_us') < 5e6" \
    "blueforce bf1 (sim): the row records the modeled link (5120 B/s, 4 packets, 500 us, no burst loss)" \
      "(rows[0]['link_bandwidth'], rows[0]['link_queue_packets'], rows[0]['link_delay_us'], rows[0]['link_burst']) == ('5120', '4', '500', '')"

  # The model tags the blue-force stream once (keyless PositionUpdate, as the paper's Mockets tagged
  # each stream), and so does the generated bench (Sweep::tags = 1); the row must say so. Predicted
  # (Predictions.replacement, the simulator's 1100-byte datagrams, 1142 B with the link's headers):
  # the sender picks the newest update when the link is free (late binding), so it is about 25 ms
  # old, + 223 ms on the link: `adamant validate --explain` predicts 249 ms (examples/blueforce/README.md).
  "$b/bf1_low_bandwidth_bench" --mode sim --csv "$work/bf1-tag.csv" --updates 200 >"$work/bf1-tag.run" 2>&1
  check "blueforce: bf1 as generated (one tag, the paper's per-stream tag) runs in the simulator" test $? -eq 0
  csv_check "$work/bf1-tag.csv" \
    "blueforce bf1 (sim, one tag): mean latency within 6 % of the predicted 249 ms, nothing lost" \
      "abs(num(rows[0],'lat_mean_us') - 249e3) < 0.06 * 249e3 and num(rows[0],'delivery_or_replaced') == 1.0 and rows[0]['transport_params'].startswith('tags=1;')" \
    "blueforce bf1 (sim, one tag): the link carries one 1142-byte frame per 223 ms (10 s: 40..55 received)" \
      "40 <= num(rows[0],'received') <= 55"

  # The runtime's replace serves several receivers: the same experiment with 5 in the simulator.
  "$b/bf1_low_bandwidth_bench" --mode sim --receivers 5 --csv "$work/bf1-5.csv" --updates 200 >"$work/bf1-5.run" 2>&1
  check "blueforce: bf1 with 5 receivers runs in the simulator" test $? -eq 0
  csv_check "$work/bf1-5.csv" \
    "blueforce bf1 (sim, 5 receivers): each receiver got or had superseded every update (received + replaced = 5 x 200)" \
      "num(rows[0],'receivers') == 5 and num(rows[0],'received') + num(rows[0],'replaced') == 1000 and num(rows[0],'received') > 0"

  # For real over loopback shaped like the radio link (tc tbf: 5120 B/s, 4-packet queue), through the
  # generated script; it refuses to shape anything but a private network namespace.
  # (Its guard is checked with a stand-in tc that only records a call: this host's lo is never shaped.)
  mkdir -p "$work/stub" && printf '#!/bin/sh\necho "tc $*" >>"%s/tc.calls"\nexit 1\n' "$work" >"$work/stub/tc"
  chmod +x "$work/stub/tc"
  PATH="$work/stub:$PATH" bash "$b/bf1_low_bandwidth_real_link.sh" --updates 1 >"$work/refused.out" 2>&1
  check "blueforce: the real-link script refuses to run outside a private network namespace" \
    test $? -eq 2 -a ! -e "$work/tc.calls"
  adamant_in_netns bash "$b/bf1_low_bandwidth_real_link.sh" --csv "$work/bf1-real.csv" --updates 60 \
    >"$work/bf1-real.run" 2>&1
  check "blueforce: bf1 runs for real over the shaped loopback (processes + UDP, 60 updates)" test $? -eq 0
  csv_check "$work/bf1-real.csv" \
    "blueforce bf1 (real, shaped): 60 sent; 5 KB/s carries some, replacement supersedes the rest (0 < received < 60)" \
      "len(rows) == 1 and rows[0]['transport'] == 'replace' and num(rows[0],'sent') == 60 and 0 < num(rows[0],'received') < 60" \
    "blueforce bf1 (real, shaped): each update waits for the link's pace (10 ms < mean latency < 5 s; unshaped: ~0.1 ms)" \
      "1e4 < num(rows[0],'lat_mean_us') < 5e6"

  # The generated applications: the reflector publishes BlueForce (replace) and Images (fifo) for
  # 3 s, the client subscribes to both, over loopback multicast.
  adamant_in_netns bash -c "'$b/disadvantaged_client' --seconds 5 --print 0 >'$work/client.out' 2>&1 &
    sleep 0.5; '$b/jbi_reflector' --seconds 3 >'$work/reflector.out' 2>&1; wait" 
  check "blueforce: the client receives BlueForce updates from the reflector, none corrupt" \
    grep -qE '^disadvantaged_client: received [1-9][0-9]* BlueForce samples \(0 corrupt\)' "$work/client.out"
  check "blueforce: the reflector published BlueForce updates" \
    grep -qE '^jbi_reflector: published [1-9][0-9]* BlueForce samples' "$work/reflector.out"

  # 400 updates at 20 Hz: 20 s, of which the sensor data (`start 14 s`) takes part in the last 6
  "$b/bf2_two_streams_bench" --mode sim --csv "$work/bf2.csv" --updates 400 >"$work/bf2.run" 2>&1
  check "blueforce: bf2 runs in the simulator (400 blue-force updates)" test $? -eq 0
  csv_check "$work/bf2.csv" \
    "blueforce bf2 (sim): one row per stream over replace at 20 Hz: BlueForce 400 sent, SensorData 120 (it starts 14 s later and stops with the blue force)" \
      "[r['stream'] for r in rows] == ['BlueForce', 'SensorData'] and all(r['transport'] == 'replace' and num(r,'rate_hz') == 20 for r in rows) and num(rows[0],'sent') == 400 and num(rows[1],'sent') == 120" \
    "blueforce bf2 (sim): 40 KB/s offered to 5 KB/s: each stream partly delivered, the rest superseded by its own newer updates" \
      "all(0 < num(r,'received') < 100 and num(r,'replaced') > 0 and num(r,'delivery_or_replaced') == 1.0 for r in rows)" \
    "blueforce bf2 (sim): both streams share the point's one connection (the same bytes on both rows)" \
      "rows[0]['bytes_data'] == rows[1]['bytes_data'] and rows[0]['transport_params'] == rows[1]['transport_params']"

  "$b/bf3_priorities_bench" --mode sim --csv "$work/bf3.csv" >"$work/bf3.run" 2>&1
  check "blueforce: bf3 runs in the simulator" test $? -eq 0
  csv_check "$work/bf3.csv" \
    "blueforce bf3 (sim): one row per stream: BlueForce (1000 sent), Images (5 sent in the 50 s)" \
      "[r['stream'] for r in rows] == ['BlueForce', 'Images'] and num(rows[0],'sent') == 1000 and num(rows[1],'sent') == 5" \
    "blueforce bf3 (sim): every 5 KB image delivered, none replaced, ahead of the queued updates (max latency < 2.5 s)" \
      "num(rows[1],'received') == 5 and num(rows[1],'replaced') == 0 and num(rows[1],'lat_max_us') < 2.5e6" \
    "blueforce bf3 (sim): the position updates are replaced under overload, none lost" \
      "num(rows[0],'replaced') > 500 and num(rows[0],'delivery_or_replaced') == 1.0"

  "$b/bf4_fluctuating_link_bench" --mode sim --csv "$work/bf4-fixed.csv" --updates 300 --pace-mode fixed \
    >"$work/bf4-fixed.run" 2>&1
  check "blueforce: bf4 runs in the simulator with --pace-mode fixed (300 updates, 30 s of the 40/5 KB/s schedule)" \
    test $? -eq 0
  csv_check "$work/bf4-fixed.csv" \
    "blueforce bf4 (sim, fixed pace): 5 runs of the model's experiment, each 300 sent, nothing lost" \
      "len(rows) == 5 and all(num(r,'sent') == 300 and num(r,'received') + num(r,'replaced') == 300 for r in rows)" \
    "blueforce bf4 (sim, fixed pace): the writer paces to the slowest phase (5 KB/s of 1 KB updates at 10 Hz): about half delivered" \
      "all(0.4 <= num(r,'delivery') <= 0.6 for r in rows)" \
    "blueforce bf4 (sim, fixed pace): every row names its replace parameters (one tag: keyless PositionUpdate; pace 5120 B/s)" \
      "all(r['transport_params'].startswith('tags=1;pace=5120;') and r['transport_params'].endswith(';pace_mode=fixed') for r in rows)"
  # As the model states it (pace_mode estimate: from 5120 B/s, following the ACKs) over a whole
  # period (50 s fast, 10 s slow): the fast phase carries every update.
  "$b/bf4_fluctuating_link_bench" --mode sim --csv "$work/bf4.csv" --updates 600 >"$work/bf4.run" 2>&1
  check "blueforce: bf4 runs in the simulator as the model states it, pace_mode estimate (600 updates, one 60 s period)" \
    test $? -eq 0
  csv_check "$work/bf4.csv" \
    "blueforce bf4 (sim, estimated pace): over 85 % delivered (the fixed pace: about half), nothing lost" \
      "len(rows) == 5 and all(num(r,'delivery') > 0.85 and num(r,'delivery_or_replaced') == 1.0 for r in rows)" \
    "blueforce bf4 (sim, estimated pace): the rows say so (pace_mode=estimate)" \
      "all(r['transport_params'].endswith(';pace_mode=estimate') for r in rows)"
fi

# ------------------------------------------------------------------------------ charts
# adamant plot on the measured rows of both examples (sar's and blue force's); the HTML report the
# demo ends with is tests/e2e/report.sh's.
if (adamant_ensure_plot) && [[ -f "$work/sar.csv" && -f "$work/bf1.csv" ]]; then
  adamant_plot "$work/sar.csv" "$work/bf1.csv" -o "$work/charts" >"$work/charts.out" 2>&1
  check "adamant plot charts the measured rows of both examples" test $? -eq 0
  for chart in latency_vs_rate delivery_vs_loss relate2; do
    check "the $chart chart is a PNG" bash -c "head -c 8 '$work/charts/$chart.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
  done
else
  echo "FAIL: adamant plot charts the measured rows of both examples (no plotting library or no results)"
fi
