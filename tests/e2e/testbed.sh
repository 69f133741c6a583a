#!/usr/bin/env bash
# End-to-end: real points on the emulated multi-host testbed (tools/testbed, docs/testbed.md).
#   The testbed file is checked (an address outside 198.18.0.0/15 is refused) -> `adamant bench`'s
#   driver runs one ant-bench point (nakcast, 3 readers, 3 % loss, 1000 updates at 500 Hz) on the
#   point's own testbed: the writer and each reader in a network namespace of its own on one Linux
#   bridge (Mininet), the loss dropped by nftables at each reader host (--loss-at host) -> every
#   reader host dropped its own share (the counters differ, each near 3 %), nakcast still delivered
#   every update, the row has the contract's result columns and the shaped link's bandwidth -> the
#   peers (ant-peer-bench: NRL NORM, OpenPGM) at one point (3 readers, 3 % loss at each reader
#   host, 300 updates) on the same testbed, through the same `run`: each delivers every update and
#   every reader host dropped datagrams (SKIP: for a library the build lacks) -> the same libraries
#   through adamant bench's driver (--peers), beside nakcast in one output directory, resumed; and
#   ./adamant bench refusing --peers in the simulator and an unknown library -> a link schedule
#   (a bad one refused; a good one steps the writer's tbf rate at its phase boundary) -> the
#   same point stopped by SIGTERM leaves nothing -> two points at once (--jobs 2), each on a testbed
#   of its own (names, addresses), both rows in, then two stopped by Ctrl-C: nothing left, no row
#   -> an ssh testbed: sshd (a throwaway key) on the
#   writer and reader hosts of a namespaces testbed, the run driven from a control host over ssh
#   -> nothing of any testbed is left (no host shell, no link).
# Prints PASS:/FAIL: lines (tests/run counts them), SKIP: when not root; needs the runtime built.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

if [[ "$(id -u)" != 0 ]]; then
  echo "SKIP: the testbed needs root (network namespaces, veth links, nftables)"; exit 0
fi
adamant_ensure_packages
(adamant_ensure_plot) >/dev/null || { echo "FAIL: the bench driver's Python (.adamant/venv) installs"; exit 1; }
bench="$ADAMANT_RUNTIME_PREFIX/bin/ant-bench"
testbed=(/usr/bin/python3 "$ADAMANT_ROOT/tools/testbed/adamant_testbed.py")
[[ -x "$bench" ]] || { echo "FAIL: ant-bench is not installed ($bench)"; exit 1; }
t0=$SECONDS
took() { echo "  ($1: $((SECONDS - t0)) s so far)"; }

# Nothing of the testbed named PREFIX is left: no host shell (mininet:PREFIX...), no link.
left_nothing() {
  local prefix="$1"
  [[ -n "$prefix" ]] && ! pgrep -f "mininet:${prefix}h" >/dev/null && ! ip -o link | grep -q "${prefix}[sh]"
}
prefix_of() { sed -nE 's/.*testbed: namespaces \(([a-z0-9]+)\).*/\1/p' "$1" | head -1; }

# 1. the file format
cat >"$work/outside.toml" <<'EOF2'
[[host]]
name = "w"
role = "writer"
address = "10.0.0.1"
[[host]]
name = "r0"
role = "reader"
address = "198.18.0.2"
EOF2
"${testbed[@]}" show --testbed "$work/outside.toml" >"$work/show.out" 2>&1
check "a namespaces testbed refuses an address outside 198.18.0.0/15 ($(tail -1 "$work/show.out"))" \
  grep -q "198.18.0.0/15 only" "$work/show.out"
"${testbed[@]}" show --receivers 3 >"$work/default.json"
check "the default testbed of a 3-reader point: 1 writer and 3 readers" \
  test "$(grep -c '"role": "reader"' "$work/default.json")" -eq 3 -a "$(grep -c '"role": "writer"' "$work/default.json")" -eq 1
"${testbed[@]}" show --receivers 2 --slot 2/3 >"$work/slot.json"
check "slot 2 of 3 points at once moves the testbed to addresses of its own (198.18.2.1-3)" \
  test "$(grep -o '"198\.18\.2\.[1-3]"' "$work/slot.json" | sort -u | grep -c .)" -eq 3

# 2. one point through adamant bench's driver, each process on its own host, loss at each host
cat >"$work/shaped.toml" <<'EOF2'
[link]
bandwidth = 1000000
queue_packets = 200
[[host]]
name = "w"
role = "writer"
address = "198.18.0.1"
EOF2
for i in 0 1 2; do printf '[[host]]\nname = "r%d"\nrole = "reader"\naddress = "198.18.1.%d"\n' $i $((i + 1)); done >>"$work/shaped.toml"
out="$work/bench"
"$ADAMANT_VENV/bin/python" "$ADAMANT_ROOT/tools/bench/adamant_bench.py" --experiment tb="$bench" --mode real \
  --out "$out" --wrap "${testbed[*]} run --testbed $work/shaped.toml --loss-at host --counters $work/counters.json --" \
  --bench-arg=--loss --bench-arg=3 --bench-arg=--updates --bench-arg=1000 --bench-arg=--rate --bench-arg=500 \
  >"$work/point.out" 2>&1
rc=$?
log="$(ls "$out"/logs/*.log 2>/dev/null | head -1)"
grep 'adamant testbed' "${log:-/dev/null}" | sed 's/^/  /'
check "the point runs on the namespaces testbed (exit $rc)" test $rc -eq 0
"$ADAMANT_VENV/bin/python" - "$out/tb.csv" "$work/counters.json" "$ADAMANT_ROOT/runtime/contract/contract.json" <<'PY'
import csv, json, sys
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
with open(sys.argv[1], newline="") as f:
    rows = list(csv.reader(f))
head, row = rows[0], dict(zip(rows[0], rows[1])) if len(rows) > 1 else {}
columns = [c["name"] for c in json.load(open(sys.argv[3]))["result_columns"]]
check(f"one row of the contract's {len(columns)} columns ({len(rows) - 1} row(s), {len(head)} columns)",
      len(rows) == 2 and head == columns)
check(f"nakcast delivers every update under 3 % loss at each host (delivery {row.get('delivery')})",
      row.get("delivery") == "1.000000" and row.get("loss_pct") == "3")
check(f"the row names the shaped link (link_bandwidth {row.get('link_bandwidth')}, queue {row.get('link_queue_packets')})",
      row.get("link_bandwidth") == "1000000" and row.get("link_queue_packets") == "200")
c = json.load(open(sys.argv[2]))["readers"]
drops = [c[h]["dropped"] for h in sorted(c)]
arrived = [c[h]["udp_in"] for h in sorted(c)]
shares = [100 * d / a if a else 0 for d, a in zip(drops, arrived)]
print("  per reader host: " + ", ".join(f"{h} {c[h]['dropped']}/{c[h]['udp_in']}" for h in sorted(c)))
check(f"each reader host dropped near 3 % of what reached it ({', '.join(f'{s:.2f}' for s in shares)} %)",
      len(c) == 3 and all(a >= 1000 for a in arrived) and all(0.5 <= s <= 7 for s in shares))
# one drop for every host at once would give equal counts; independent hosts tie all three with
# a chance near 0.1 % (some 2,200 datagrams each)
check(f"the hosts dropped independently: their drops differ ({drops}) and sum near 3 % "
      f"({100 * sum(drops) / max(1, sum(arrived)):.2f} %)",
      len(set(drops)) > 1 and 1.5 <= 100 * sum(drops) / max(1, sum(arrived)) <= 4.5)
PY
prefix="$(prefix_of "$log")"
check "the testbed ($prefix) is removed after the point" left_nothing "$prefix"
took "one point on the namespaces testbed"

# 2b. the peers at one point, each reader on its own host, the same loss at each host
peer="$ADAMANT_RUNTIME_PREFIX/bin/ant-peer-bench"
have=" $([[ -x "$peer" ]] && "$peer" --list-libraries | tr '\n' ' ') "
for lib in norm pgm; do
  if [[ "$have" != *" $lib "* ]]; then
    echo "SKIP: $lib on the testbed: ant-peer-bench lacks it (its library was not found at build time)"; continue
  fi
  "${testbed[@]}" run --loss-at host --counters "$work/$lib.json" -- "$peer" --library $lib --receivers 3 --loss 3 \
    --rate 200 --updates 300 --csv "$work/$lib.csv" >"$work/$lib.out" 2>&1
  rc=$?
  grep 'adamant testbed\|ant-peer-bench' "$work/$lib.out" | sed 's/^/  /'
  check "$lib runs on the namespaces testbed, 3 readers on 3 hosts (exit $rc)" test $rc -eq 0
  "$ADAMANT_VENV/bin/python" - "$lib" "$work/$lib.csv" "$work/$lib.json" <<'PY'
import csv, json, os, sys
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
lib, path, counters = sys.argv[1:]
rows = list(csv.DictReader(open(path, newline=""))) if os.path.exists(path) else []
c = json.load(open(counters))["readers"] if os.path.exists(counters) else {}
check(f"{lib} delivers every update under 3 % loss at each reader host ({rows[0]['delivery'] if rows else 'no row'})",
      len(rows) == 1 and rows[0]["delivery"] == "1.000000" and rows[0]["loss_pct"] == "3")
per_host = ", ".join(f"{h} {v['dropped']}/{v['udp_in']}" for h, v in sorted(c.items()))
check(f"{lib}: nftables at each of the 3 reader hosts dropped datagrams ({per_host})",
      len(c) == 3 and all(v["dropped"] > 0 for v in c.values()))
PY
  prefix="$(prefix_of "$work/$lib.out")"
  check "the $lib testbed ($prefix) is removed after the point" left_nothing "$prefix"
done
took "the peers"

# 2c. the peers as transports of adamant bench (--peers): the point over nakcast and over each peer
#     library the build has, on testbeds of the driver's wrap, in one output directory; a run again
#     skips them all; ./adamant bench refuses --peers in the simulator and an unknown library
libs=()
for lib in norm pgm; do [[ "$have" == *" $lib "* ]] && libs+=("$lib"); done
if [[ ${#libs[@]} -eq 0 ]]; then
  echo "SKIP: adamant bench --peers: ant-peer-bench has neither norm nor pgm (not found at build time)"
else
  peers="$(IFS=,; echo "${libs[*]}")"
  out="$work/peers-bench"
  peer_bench=("$ADAMANT_VENV/bin/python" "$ADAMANT_ROOT/tools/bench/adamant_bench.py" --experiment tb="$bench"
    --mode real --out "$out" --wrap "${testbed[*]} run --loss-at host --slot {slot}/{jobs} --"
    --bench-arg=--loss --bench-arg=3 --bench-arg=--updates --bench-arg=300 --bench-arg=--rate --bench-arg=200
    --peers "$peers" --peer-bench "$peer")
  "${peer_bench[@]}" >"$work/peers-bench.out" 2>&1
  rc=$?
  tail -1 "$work/peers-bench.out" | sed 's/^/  /'
  check "adamant bench --peers $peers runs the point over nakcast and each library (exit $rc)" test $rc -eq 0
  "$ADAMANT_VENV/bin/python" - "$out" "$peers" "$ADAMANT_ROOT/runtime/contract/contract.json" <<'PY'
import csv, glob, json, os, sys
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
out, libs = sys.argv[1], sys.argv[2].split(",")
def rows(name):
    path = os.path.join(out, name)
    return list(csv.DictReader(open(path, newline=""))) if os.path.exists(path) else []
results, head = rows("tb.csv"), next(csv.reader(open(os.path.join(out, "tb.csv"))), [])
columns = [c["name"] for c in json.load(open(sys.argv[3]))["result_columns"]]
check(f"the peers' rows and nakcast's share one file of the contract's {len(columns)} result columns",
      head == columns and sorted(r["transport"] for r in results) == sorted(["nakcast"] + libs))
for lib in libs:
    mine = [r for r in results if r["transport"] == lib]
    check(f"{lib}: every update delivered under 3 % loss at each reader host, its settings in transport_params "
          f"({mine[0]['delivery'] if mine else 'no row'})",
          len(mine) == 1 and mine[0]["delivery"] == "1.000000" and mine[0]["loss_pct"] == "3"
          and mine[0]["run"] == "1" and mine[0]["transport_params"] != "")
    check(f"{lib}: its percentiles, its load line and its summary line are written",
          sum(r["transport"] == lib for r in rows("tb.cdf.csv")) == 100
          and sum(r["transport"] == lib for r in rows("load/tb.csv")) == 1
          and sum(r["transport"] == lib for r in rows("tb.summary.csv")) == 1)
record = json.load(open(sorted(glob.glob(os.path.join(out, "runs", "*.json")))[-1]))
check("the run's record has each library's exact command (ant-peer-bench --library ... --run 1 --seed 1)",
      all(any("--library" in c and c[c.index("--library") + 1] == lib and "--run" in c for c in record["commands"])
          for lib in libs))
PY
  "${peer_bench[@]}" >"$work/peers-again.out" 2>&1
  check "a run again skips every point, peers included ($(tail -1 "$work/peers-again.out" | cut -c1-60))" \
    grep -q "0 point(s) run, $((1 + ${#libs[@]})) skipped" "$work/peers-again.out"
fi
"$ADAMANT_ROOT/adamant" bench "$ADAMANT_ROOT/examples/sar/sar.adamant" --peers norm >"$work/peers-sim.out" 2>&1
check "./adamant bench refuses --peers in the simulator ($(tail -1 "$work/peers-sim.out" | cut -c1-70))" \
  grep -q "peers runs real processes only" "$work/peers-sim.out"
"$ADAMANT_ROOT/adamant" bench "$ADAMANT_ROOT/examples/sar/sar.adamant" --mode real --peers norm,zmq >"$work/peers-bad.out" 2>&1
check "./adamant bench refuses an unknown peer library ($(tail -1 "$work/peers-bad.out" | cut -c1-70))" \
  grep -q "unknown peer library 'zmq'" "$work/peers-bad.out"
took "the peers through adamant bench"

# 2c. a changing link: the testbed tool steps the tbf rate through the file's schedule during the run
# a writer and two reader hosts (here and for the ssh testbed below)
hosts='[[host]]
name = "w"
role = "writer"
address = "198.18.0.1"
[[host]]
name = "r0"
role = "reader"
address = "198.18.0.2"
[[host]]
name = "r1"
role = "reader"
address = "198.18.0.3"
'
printf '[link]\nschedule = [{ bandwidth = 1000000, seconds = 1 }, { bandwidth = 250000 }]\n%s' "$hosts" >"$work/badsched.toml"
"${testbed[@]}" show --testbed "$work/badsched.toml" >"$work/badsched.out" 2>&1
check "a schedule phase without its seconds is refused ($(tail -1 "$work/badsched.out"))" \
  grep -q "exactly bandwidth and seconds" "$work/badsched.out"
printf '[link]\nqueue_packets = 4\nschedule = [{ bandwidth = 1000000, seconds = 1 }, { bandwidth = 250000, seconds = 5 }]\n%s' \
  "$hosts" >"$work/sched.toml"
"${testbed[@]}" exec --testbed "$work/sched.toml" --on w -- sh -c \
  'tc qdisc show | grep -o "rate [0-9]*[KM]bit"; sleep 3; tc qdisc show | grep -o "rate [0-9]*[KM]bit"' \
  >"$work/sched.out" 2>&1
rates="$(grep -o 'rate [0-9]*[KM]bit' "$work/sched.out" | tr '\n' ' ')"
check "the writer's link runs at 8 Mbit, then at 2 Mbit 3 s into the schedule (its second phase: 1-6 s) ($rates)" \
  test "$rates" = "rate 8Mbit rate 2Mbit "
check "both ends of the links changed at the phase boundary ($(grep -c 'B/s from' "$work/sched.out") changes logged)" \
  test "$(grep -c '250000 B/s from' "$work/sched.out")" -eq 3
took "a changing link"

# 3. stopped part way (SIGTERM, as Ctrl-C): the testbed is removed all the same
"${testbed[@]}" run --loss-at host -- "$bench" --receivers 2 --rate 100 --updates 3000 --csv "$work/stopped.csv" \
  >"$work/stopped.out" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q 'testbed: namespaces' "$work/stopped.out" && break; sleep 0.2; done
sleep 2
kill -TERM $pid; wait $pid
rc=$?
prefix="$(prefix_of "$work/stopped.out")"
left_nothing "$prefix"; left=$?
check "SIGTERM stops the point (exit $rc: 130) and removes its testbed ($prefix)" test $rc -eq 130 -a $left -eq 0
took "the point stopped"

# 3b. two real points at once (adamant bench --jobs 2, the wrap ./adamant bench gives a testbed
#     point): each on a testbed of its own (its own names and addresses), both rows kept, each
#     point's load line says 2 points ran at once; then two longer ones stopped by Ctrl-C (SIGINT
#     to the whole process group, as a terminal sends it): both testbeds removed, no row written
jobs_wrap="${testbed[*]} run --loss-at host --slot {slot}/{jobs} --"
two=(--bench-arg=--receivers --bench-arg=2 --bench-arg=--loss --bench-arg=2 --bench-arg=--rate --bench-arg=200
     --bench-arg=--runs --bench-arg=2)
"$ADAMANT_VENV/bin/python" "$ADAMANT_ROOT/tools/bench/adamant_bench.py" --experiment tb="$bench" --mode real \
  --out "$work/jobs" --jobs 2 --wrap "$jobs_wrap" "${two[@]}" --bench-arg=--updates --bench-arg=200 \
  >"$work/jobs.out" 2>&1
rc=$?
cat "$work/jobs"/logs/*.log 2>/dev/null | grep 'testbed: namespaces' | sed 's/^/  /'
prefixes="$(cat "$work/jobs"/logs/*.log 2>/dev/null | sed -nE 's/.*testbed: namespaces \(([a-z0-9]+)\).*/\1/p' | sort -u)"
writers="$(cat "$work/jobs"/logs/*.log 2>/dev/null | sed -nE 's/.*: writer w ([0-9.]+),.*/\1/p' | sort -u)"
check "two points with --jobs 2 run (exit $rc), each on a testbed of its own: names $(echo $prefixes), writers $(echo $writers)" \
  test $rc -eq 0 -a "$(echo $prefixes | wc -w)" -eq 2 -a "$(echo $writers | wc -w)" -eq 2
"$ADAMANT_VENV/bin/python" - "$work/jobs" <<'PY'
import csv, os, sys
def rows(path): return list(csv.DictReader(open(path, newline=""))) if os.path.exists(path) else []
res, load = rows(sys.argv[1] + "/tb.csv"), rows(sys.argv[1] + "/load/tb.csv")
ok = sorted(r["run"] for r in res) == ["1", "2"] and all(r["delivery"] == "1.000000" for r in res)
print(("PASS: " if ok else "FAIL: ") + f"both points' rows are in, every update delivered "
      f"({[(r['run'], r['delivery']) for r in res]})")
ok = len(load) == 2 and all(l["points_at_once"] == "2" for l in load)
print(("PASS: " if ok else "FAIL: ") + f"each point's load line says 2 points ran at once "
      f"({[(l['run'], l['load1_mean'], l['points_at_once']) for l in load]})")
PY
gone=0
for p in $prefixes; do left_nothing "$p" || gone=1; done
check "both testbeds are removed" test -n "$prefixes" -a $gone -eq 0
# a script's background job ignores SIGINT: the group gets it back, as a terminal's job has it
setsid /usr/bin/python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
  "$ADAMANT_VENV/bin/python" "$ADAMANT_ROOT/tools/bench/adamant_bench.py" --experiment tb="$bench" --mode real \
  --out "$work/jobs-int" --jobs 2 --wrap "$jobs_wrap" "${two[@]}" --bench-arg=--updates --bench-arg=6000 \
  >"$work/jobs-int.out" 2>&1 &
pgid=$!
b36() { local n=$1 d="" c=0123456789abcdefghijklmnopqrstuvwxyz; while ((n)); do d="${c:n%36:1}$d"; n=$((n / 36)); done; echo "t$d"; }
prefixes=""
for _ in $(seq 100); do  # each testbed is named after its tool's process id: wait until both are up
  prefixes="$(for p in $(pgrep -P $pgid -f adamant_testbed.py); do b36 "$p"; done)"
  up=0
  for p in $prefixes; do pgrep -f "mininet:${p}h" >/dev/null && up=$((up + 1)); done
  ((up == 2)) && break
  sleep 0.2
done
kill -INT -- "-$pgid"; wait $pgid
rc=$?
gone=0
for p in $prefixes; do left_nothing "$p" || gone=1; done
check "Ctrl-C stops both running points (exit $rc: 130) and removes both testbeds ($(echo $prefixes))" \
  test $rc -eq 130 -a "$(echo $prefixes | wc -w)" -eq 2 -a $gone -eq 0
check "the stopped run wrote no row" test ! -s "$work/jobs-int/tb.csv"
took "two points at once"

# 4. the ssh realisation: sshd on the writer and reader hosts, driven from a control host
ssh-keygen -q -t ed25519 -N '' -f "$work/hostkey" && ssh-keygen -q -t ed25519 -N '' -f "$work/userkey"
cp "$work/userkey.pub" "$work/authorized_keys"
mkdir -p /run/sshd  # sshd's privilege separation directory
printf '%s[[host]]\nname = "ctl"\nrole = "control"\naddress = "198.18.0.100"\n' "$hosts" >"$work/lab.toml"
printf 'realisation = "ssh"\n%s[ssh]\nuser = "root"\nkey = "userkey"\noptions = ["StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null", "LogLevel=ERROR", "ConnectionAttempts=20"]\n' \
  "$hosts" >"$work/ssh.toml"
sshd="/usr/sbin/sshd -D -e -f /dev/null -h $work/hostkey -o ListenAddress={address} -o AuthorizedKeysFile=$work/authorized_keys -o StrictModes=no -o PidFile=none"
"${testbed[@]}" run --testbed "$work/ssh.toml" --slot 1/2 -- "$bench" --receivers 2 >"$work/ssh-slot.out" 2>&1
rc=$?
check "an ssh testbed's hosts are shared: a point among 2 at once is refused (exit $rc: $(tail -1 "$work/ssh-slot.out"))" \
  bash -c "[[ $rc == 2 ]] && grep -q 'one at a time' '$work/ssh-slot.out'"
"${testbed[@]}" exec --testbed "$work/lab.toml" --on ctl --on-each "$sshd" -- \
  "${testbed[@]}" run --testbed "$work/ssh.toml" --loss-at host --counters "$work/ssh.json" -- \
  "$bench" --mode real --receivers 2 --loss 2 --rate 200 --updates 300 --csv "$work/ssh.csv" >"$work/ssh.out" 2>&1
rc=$?
grep 'adamant testbed\|delivery' "$work/ssh.out" | sed 's/^/  /'
check "a point runs over ssh on the hosts the testbed file names (exit $rc)" test $rc -eq 0
"$ADAMANT_VENV/bin/python" - "$work/ssh.csv" "$work/ssh.json" <<'PY'
import csv, json, sys
def check(what, ok): print(("PASS: " if ok else "FAIL: ") + what)
rows = list(csv.DictReader(open(sys.argv[1], newline=""))) if __import__("os").path.exists(sys.argv[1]) else []
c = json.load(open(sys.argv[2]))["readers"] if __import__("os").path.exists(sys.argv[2]) else {}
check(f"over ssh: 2 readers on 2 hosts, every update delivered ({rows[0]['delivery'] if rows else 'no row'})",
      len(rows) == 1 and rows[0]["receivers"] == "2" and rows[0]["delivery"] == "1.000000")
check(f"over ssh: nftables at each reader host dropped datagrams ({ {h: v['dropped'] for h, v in c.items()} })",
      len(c) == 2 and all(v["dropped"] > 0 for v in c.values()))
PY
prefix="$(prefix_of "$work/ssh.out")"
left_nothing "$prefix"; left=$?
pgrep -f "sshd -D -e -f /dev/null -h $work/" >/dev/null; sshd_left=$?
check "the lab testbed ($prefix) and its sshd are removed" test $left -eq 0 -a $sshd_left -ne 0
took "over ssh"
