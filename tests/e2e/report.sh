#!/usr/bin/env bash
# End-to-end: `./adamant bench` on a small simulator sweep, then `./adamant report`, opened in a
# real browser.
#   A model with 3 transports x 3 and 5 readers x 0 and 2 % loss x 3 runs (36 points of 20,000
#   updates) whose application flow (3 readers, 2 % loss, 100 Hz) is one of the points ->
#   bench --points transport=nakcast (12 points) -> the whole sweep started and stopped (SIGTERM)
#   part way: only complete rows, the run's record says interrupted -> run again: the points done
#   are skipped, 36 rows, each point once -> per point the mean and 95 % interval over 3 runs,
#   the run's record (model hash, git revision, machine, the exact commands) -> report: every
#   chart kind with its table, the predictions beside the measurements, self-contained -> headless
#   Chromium renders every chart (the <svg> count of its DOM) with no console message; a
#   screenshot is kept in .adamant/test-output/report/.
# Prints PASS:/FAIL: lines (tests/run counts them); needs the CLI and runtime built (tests/run does).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

keep="$ADAMANT_STATE/test-output/report"
rm -rf "$keep"; mkdir -p "$keep"
cp "$ADAMANT_ROOT/profiles/transports.adamant" "$work/"
cat >"$work/small.adamant" <<'MODEL'
model small
import "transports.adamant"
struct Reading { @key uint32 sensor; float value; }
qos ReadingQos { reliability best_effort }
topic Readings : Reading qos ReadingQos
environment lossy_lan { multicast available loss 2 % bandwidth 100 Mbit/s rtt 200 us }
application sensor { environment lossy_lan publish Readings rate 100 Hz payload 8 B transport nakcast }
application monitor { environment lossy_lan instances 3 subscribe Readings transport nakcast }
experiment small_sweep {
	topic Readings
	transports nakcast, ricochet, baseline
	receivers 3, 5
	loss 0 %, 2 %
	rate 100 Hz
	updates 20000
	payload 8 B
	runs 3
}
MODEL
out="$work/bench"
results="$out/small_sweep.csv"
rows() { [[ -f "$results" ]] && tail -n +2 "$results" | grep -c . || echo 0; }

# 0. the driver's pieces: the 95 % interval (Student's t) and the point filter
"$ADAMANT_VENV/bin/python" - "$ADAMANT_ROOT/tools/bench" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from points import BadFilter, matches, parse_filter
from stats import mean_ci
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
mean, half = mean_ci([1.0, 2.0, 3.0])  # sd 1, t(0.975, 2) = 4.3027
check(f"mean_ci([1, 2, 3]) = 2 +- 2.484 ({mean}, {half})", mean == 2 and abs(half - 2.4841) < 1e-3)
check("one run has a mean and no interval", mean_ci([5.0]) == (5.0, None))
terms = parse_filter("transport=nakcast|ricochet,loss_pct=2")
point = {"transport": "ricochet", "loss_pct": "2", "receivers": "3"}
check("--points matches by field, values as numbers", matches(terms, point)
      and not matches(terms, dict(point, loss_pct="0")) and not matches(terms, dict(point, transport="fec")))
try:
    parse_filter("colour=red")
    check("--points refuses an unknown field", False)
except BadFilter as e:
    check("--points refuses an unknown field, naming the fields", "receivers" in str(e))
PY

# 0a. the report's own unit tests (tools/report/test_*.py: the adaptive writer's switches as marks on
#     latency over time, from a two-run timeline as ant-bench writes it), one PASS:/FAIL: line each
e2e_unittests "$ADAMANT_VENV/bin/python" "$ADAMANT_ROOT/tools/report"

# 0b. the demo's catalog options and the OpenDDS benches' points (tools/bench/opendds_points.py, with a
# stand-in bench that prints an OpenDDS bench's --list), and `bench --target opendds`'s refusals
mkdir -p "$work/odds" && printf '#!/bin/sh\nprintf "0 ant_nakcast nak_timeout=25ms 3 1 100\\n1 rtps_udp - 3 1 100\\n"\n' >"$work/odds/x_bench"
chmod +x "$work/odds/x_bench" && : >"$work/odds/m.ini"
"$ADAMANT_VENV/bin/python" - "$ADAMANT_ROOT" "$work/odds/x_bench" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[1] + "/tools/bench")
import catalog_args, opendds_points
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
catalog = open(sys.argv[1] + "/profiles/transports.adamant").read()
contract = json.load(open(sys.argv[1] + "/runtime/contract/contract.json"))
check("the demo runs the catalog's nakcast with nak_timeout auto, nakcast_50ms with 50 ms",
      catalog_args.bench_args(catalog, contract, "nakcast") == ["--transport", "nakcast", "--nak-timeout", "auto"]
      and catalog_args.bench_args(catalog, contract, "nakcast_50ms")[-1] == "50ms")
points = opendds_points.list_points(sys.argv[2])
check("an OpenDDS bench's --list gives its points", [(p["index"], p["transport"], p["transport_params"]) for p in points]
      == [("0", "ant_nakcast", "nak_timeout=25ms"), ("1", "rtps_udp", "")])
row = {"transport": "ant_nakcast", "transport_params": "nak_timeout=25ms", "receivers": "3", "loss_pct": "1.0",
       "rate_hz": "100.000000", "run": "2"}
check("an OpenDDS point is done once a row of it is in (numbers as numbers, any run)",
      opendds_points.key("x", points[0]) == opendds_points.key("x", row))
cmd = opendds_points.command(sys.argv[2], points[1], "out.csv", ["netns"], ["--updates", "10"])
check("an OpenDDS point runs in its build directory with the model's .ini", cmd[-4:] == ["--points", "1", "--csv", "out.csv"]
      and "-DCPSConfigFile" in cmd and cmd[cmd.index("-DCPSConfigFile") + 1].endswith("m.ini"))
PY
"$ADAMANT_ROOT/adamant" bench "$work/small.adamant" --target opendds >"$work/odds/sim.out" 2>&1
check "bench --target opendds refuses the simulator" \
  bash -c "[[ $? == 2 ]] && grep -q 'runs real processes only' '$work/odds/sim.out'"
ADAMANT_OPENDDS_ENV= ADAMANT_OPENDDS_ARCHIVE="$work/odds/none.tar.xz" \
  "$ADAMANT_ROOT/adamant" bench "$work/small.adamant" --target opendds --mode real >"$work/odds/none.out" 2>&1
check "bench --target opendds without OpenDDS says so and how to point to one" \
  bash -c "[[ $? == 2 ]] && grep -q 'OpenDDS was not found' '$work/odds/none.out' && grep -q ADAMANT_OPENDDS_ENV '$work/odds/none.out'"

# 1. a filtered run: only NAKcast's points
t0=$SECONDS
"$ADAMANT_ROOT/adamant" bench "$work/small.adamant" --out "$out" --jobs 2 --points transport=nakcast \
  >"$work/bench1.out" 2>&1
rc=$?
check "bench --points transport=nakcast runs (exit $rc, $((SECONDS - t0)) s)" test $rc -eq 0
check "it ran NAKcast's 12 points and nothing else (rows: $(rows))" \
  test "$(rows)" -eq 12 -a "$(tail -n +2 "$results" | cut -d, -f1 | sort -u)" == nakcast
check "the progress line shows points done of the total and the last point's figures" \
  grep -Eq '12/12 points, ETA .*\| nakcast .* latency .* ms, delivery .* %, ReLate2 .* ms' "$work/bench1.out"
[[ $rc == 0 ]] || tail -20 "$work/bench1.out"

# 2. the whole sweep, stopped part way (the launcher, the driver and its bench processes: one
#    process group started here)
setsid "$ADAMANT_ROOT/adamant" bench "$work/small.adamant" --out "$out" --jobs 1 >"$work/bench2.out" 2>&1 &
pgid=$!
for _ in $(seq 1 600); do
  [[ "$(rows)" -ge 15 ]] && break
  sleep 0.1
done
kill -TERM -- "-$pgid" 2>/dev/null
while kill -0 -- "-$pgid" 2>/dev/null; do sleep 0.1; done  # the driver writes its record last
stopped="$(rows)"
check "the stopped run had added points but not all ($stopped rows of 36)" test "$stopped" -gt 12 -a "$stopped" -lt 36
"$ADAMANT_VENV/bin/python" - "$results" "$out" <<'PY'
import csv, glob, json, sys
path, out = sys.argv[1], sys.argv[2]
rows = list(csv.reader(open(path)))
header, body = rows[0], rows[1:]
complete = all(len(r) == len(header) and float(r[header.index("lat_max_us")]) > 0 for r in body)
print(("PASS: " if complete else "FAIL: ") + f"after the stop every row is complete ({len(body)} rows of {len(header)} columns)")
records = [json.load(open(p)) for p in sorted(glob.glob(out + "/runs/*.json"))]
print(("PASS: " if any(r.get("interrupted") for r in records) else "FAIL: ")
      + "the stopped run's record says it was interrupted")
PY

# 3. run again: the points done are skipped
"$ADAMANT_ROOT/adamant" bench "$work/small.adamant" --out "$out" --jobs 2 >"$work/bench3.out" 2>&1
rc=$?
check "the run resumes (exit $rc)" test $rc -eq 0
check "it skips the $stopped points already done" grep -q "$stopped point(s) already in the output, skipped" "$work/bench3.out"
check "it ends with the whole sweep, each point once (rows: $(rows))" \
  test "$(rows)" -eq 36 -a "$(tail -n +2 "$results" | cut -d, -f1-5,24 | sort -u | grep -c .)" -eq 36
"$ADAMANT_VENV/bin/python" - "$out" "$work/small.adamant" "$ADAMANT_ROOT" <<'PY'
import csv, glob, hashlib, json, subprocess, sys
out, model, root = sys.argv[1:4]
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
summary = list(csv.DictReader(open(out + "/small_sweep.summary.csv")))
check(f"the summary has one line per point over 3 runs ({len(summary)} points)",
      len(summary) == 12 and all(s["runs"] == "3" for s in summary))
ok = all(s["lat_mean_us_ci"] != "" and 0 <= float(s["lat_mean_us_ci"]) < float(s["lat_mean_us"]) for s in summary)
check("each point's mean latency has a 95 % confidence interval narrower than the mean", ok)
lines = sum(1 for _ in open(out + "/small_sweep.cdf.csv")) - 1
check(f"the latency percentiles hold 100 lines per row ({lines})", lines == 36 * 100)
last = json.load(open(sorted(glob.glob(out + "/runs/*.json"))[-1]))
sha = hashlib.sha256(open(model, "rb").read()).hexdigest()
rev = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
m = last["machine"]
check("the run's record names the model's hash and the git revision",
      last["model_sha256"] == sha and (m["git_revision"] or "").startswith(rev))
check("the record names the OS, kernel, CPU and versions",
      all(m.get(k) for k in ("os", "kernel", "cpu")) and m["versions"].get("python") and m["versions"].get("cmake"))
cmds = last["commands"]
check(f"the record lists the exact command of each point it ran ({len(cmds)})",
      len(cmds) == 36 - last["points_skipped"] and all("--only" in c and "--mode" in c for c in cmds))
PY

# 4. the report; the adaptive writer's switches as marks on latency over time: the simulator's
#    timelines are there (latency per second), and two switch lines of one point (its start, then a
#    switch, as an adaptive point writes them) become one mark
"$ADAMANT_VENV/bin/python" - "$out/small_sweep.timeline.csv" <<'PY'
import csv, sys
path = sys.argv[1]
lines = list(csv.DictReader(open(path)))
points = {tuple(l[k] for k in ("transport", "transport_params", "receivers", "loss_pct", "rate_hz", "run")) for l in lines}
ok = len(points) == 36 and all(l["kind"] == "latency" for l in lines)
print(("PASS: " if ok else "FAIL: ") + f"the simulator wrote each point's latency per second ({len(points)} points)")
first = lines[0]
with open(path, "a", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(first), lineterminator="\n")
    w.writerow(dict(first, kind="switch", t_s="0", value="nakcast", detail="start"))
    w.writerow(dict(first, kind="switch", t_s="100", value="ricochet_r4", detail="loss 3 %"))
PY
"$ADAMANT_ROOT/adamant" report "$out" -o "$keep/report.html" >"$work/report.out" 2>&1
rc=$?
check "adamant report writes the HTML (exit $rc): $(cat "$work/report.out" | tail -1)" test $rc -eq 0
"$ADAMANT_VENV/bin/python" - "$keep/report.html" <<'PY'
import html, re, sys
page = open(sys.argv[1]).read()
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
kinds = ["Mean latency per transport at each point", "Updates received", "ReLate (mean latency / delivery)",
         "ReLate2 (mean latency x (percent lost + 1))", "Latency spread: p50 (circle), p90 (triangle), p99 (square)",
         "Bytes on the wire by kind", "mean latency (ms) against readers", "delivery (fraction) against readers",
         "mean latency (ms) against end-host loss", "delivery (fraction) against end-host loss",
         "Latency CDF", "Predicted (hatched) beside measured (solid) mean latency"]
sections = re.findall(r"<h3>(.*?)</h3>(.*?)(?=<h3>|<h2|$)", page, re.S)
found = {title: body for title, body in sections}
for kind in kinds:
    body = next((b for t, b in found.items() if t.startswith(html.escape(kind))), None)
    check(f"chart '{kind}' is there with its SVG and its table",
          body is not None and "<svg" in body and "<table>" in body)
check("no chart falls back to mean +- sd (the spread is percentiles)", "standard deviation" not in page)
pred = re.search(r"<h3>Predicted \(hatched\).*?<table>(.*?)</table>", page, re.S)
rows = re.findall(r"<tr>(.*?)</tr>", pred.group(1), re.S) if pred else []
at = [r for r in rows if "3 rcv, 2 % loss, 100 Hz" in r and "sensor/Readings" in r]
check(f"predictions beside measurements at the flow's point for every transport ({len(at)} of 3)", len(at) == 3)
check("the report is self-contained (no external src/href)", not re.search(r"(src|href)=['\"](https?:|//)", page))
check("the report holds the runs' records", "model sha256" in page and "exact commands" in page)
over_time = re.search(r"<h3>Mean latency over time.*?(?=<h3>|<h2|$)", page, re.S)
marks = re.findall(r'id="small_sweep-switch-\d+"', over_time.group(0)) if over_time else []
check(f"latency over time marks the adaptive switch, not the start ({len(marks)} mark)",
      len(marks) == 1 and "ricochet_r4" in over_time.group(0))
print(f"   {page.count('<svg')} charts, {page.count('<table>')} tables, {len(page) // 1024} KiB")
PY

# 5. in a real browser: every chart renders, no console message
svgs_in_file=$(grep -o '<svg' "$keep/report.html" | wc -l)
chrome() {
  timeout 180 chromium --headless --no-sandbox --disable-gpu --no-first-run --enable-logging=stderr --v=0 \
    --user-data-dir="$work/chrome" "$@"
}
printf '<!DOCTYPE html><html><body><script>console.error("broken")</script></body></html>' >"$work/broken.html"
chrome --dump-dom "file://$work/broken.html" >/dev/null 2>"$work/broken.log"
check "headless Chromium reports a console error when there is one (the check can fail)" \
  grep -q 'CONSOLE.*broken' "$work/broken.log"
chrome --dump-dom "file://$keep/report.html" >"$work/dom.html" 2>"$work/chrome.log"
rc=$?
svgs_in_dom=$(grep -o '<svg' "$work/dom.html" | wc -l)
check "headless Chromium loads the report (exit $rc)" test $rc -eq 0
check "every chart is in the rendered DOM ($svgs_in_dom <svg> of $svgs_in_file)" \
  test "$svgs_in_dom" -eq "$svgs_in_file" -a "$svgs_in_file" -ge 12
check "no console message while rendering" test -z "$(grep 'CONSOLE' "$work/chrome.log")"
chrome --screenshot="$keep/report.png" --window-size=1280,2400 "file://$keep/report.html" >/dev/null 2>&1
check "a screenshot is kept: $keep/report.png" test -s "$keep/report.png"
