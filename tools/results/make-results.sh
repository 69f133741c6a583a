#!/usr/bin/env bash
# Rebuilds docs/results.md from measurements: runs the benches (./adamant bench) into a work
# directory, keeps each experiment's per-point summary (and the blue-force rows) as CSV under
# docs/results/, and regenerates the markdown's tables and findings from those CSVs
# (tools/results/make_tables.py). Every bench is timed (wall and CPU seconds) with the machine's
# load before and after, into docs/results/runs.csv.
#
#   tools/results/make-results.sh [--only STAGE]... [--tables-only] [--work DIR] [--real-updates N]
#                                 [--isislab-points FILTER] [--grid-points FILTER]
#                                 [--testbed-updates N] [--testbed-points FILTER] [--testbed-jobs N]
#                                 [--opendds-points FILTER] [--grid-peers LIB[,LIB...]]
#
# Stages: isislab (sar's full ISISlab grid in the simulator, --jobs 2), estimate (the grid's CPU
# time from one timed point per transport, reader count and rate), emulab (Table 2 in the
# simulator), flexmat (the FLEXMAT sweeps in the simulator), blueforce (Mockets experiments 1-4 in
# the simulator, replace and fifo), real (Table 2 reduced: 50 Hz, the first run, --real-updates updates, real
# processes in one network namespace, loss injected in the readers' receive path), testbed (Table 2:
# both rates, the model's 3 runs (--testbed-points run=1: the first only), the study's 20,000
# updates or --testbed-updates, each reader on a host of its own with the loss dropped by nftables
# at each reader host, --testbed-jobs points at once (default 16, half a run's points), each on a
# testbed of its own: a 25 Hz point lasts some 820 s, a 50 Hz one 420 s, so the 96 points take
# 16.5 h one at a time, about 65 min at 16 at once (41 min at 32); then the study's largest ISISlab
# point, 25 readers, on the same testbed, one transport at a time), opendds (OpenDDS's own transports at the same
# points on the same testbed, --testbed-jobs at once: --target opendds; --opendds-points to run some),
# testbed-rtt (not run by default: Table 2 reduced as the real stage's points, on the testbed, 4 at once, without
# and with the model's 200 us round trip by delay nodes, tools/results/emulab-lan.toml), blueforce-real (Mockets experiments 1-4 on the testbed's shaped link, tools/results/radio-link.toml
# and, for experiment 4's changing link, fluctuating-link.toml: replace, fifo and kernel TCP where the
# experiment is one stream), isislab-real
# (the ISISlab grid reduced, tools/results/isislab_real.adamant: real processes on the testbed with
# per-host loss, each point's load recorded, --grid-points to run part of it, and at every point the
# peer libraries of --grid-peers (default norm,pgm: NRL NORM and OpenPGM through ant-peer-bench, the
# same readers, loss, rate, updates and runs; "" for none); then the same grid in the simulator and the
# model's predictions at its points), isislab-peers (not run by default: the --grid-peers libraries
# alone at the grid's points, on the testbed, their rows and load lines put in place of theirs in the
# kept isislab_real CSVs, the wake-up probe's lines added: the peers measured again without the rest).
# testbed-peers (not run by default: the --grid-peers libraries alone at Table 2's testbed points, the
# first run of each at the study's 20,000 updates, all 8 at once, their rows and load lines merged
# into the kept emulab_testbed CSVs as isislab-peers does).
# --testbed-jobs trades wall time for clean latency: each point publishes on its own clock, so more
# at once finish sooner, but their writers and readers share the machine's cores (load 40-60 with
# 32 at once on 2 cores) and a real mean then measures the scheduler's wake-ups more than the
# transport; 16 halves that load for about half again the wall time.
# --tables-only regenerates the markdown from the CSVs already in docs/results/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
data="$root/docs/results"
work="$root/build/results"
stages=() tables_only=0 real_updates=1000 isislab_points="" grid_points="" testbed_updates="" opendds_points=""
testbed_points="" testbed_jobs=16 grid_peers=norm,pgm
while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) stages+=("${2:?--only needs a stage}"); shift 2 ;;
    --tables-only) tables_only=1; shift ;;
    --work) work="${2:?--work needs a directory}"; shift 2 ;;
    --real-updates) real_updates="${2:?--real-updates needs a number}"; shift 2 ;;
    --isislab-points) isislab_points="${2:?--isislab-points needs a filter}"; shift 2 ;;
    --grid-points) grid_points="${2:?--grid-points needs a filter}"; shift 2 ;;
    --testbed-updates) testbed_updates="${2:?--testbed-updates needs a number}"; shift 2 ;;
    --opendds-points) opendds_points="${2:?--opendds-points needs a filter}"; shift 2 ;;
    --testbed-points) testbed_points="${2:?--testbed-points needs a filter}"; shift 2 ;;
    --testbed-jobs) testbed_jobs="${2:?--testbed-jobs needs a number}"; shift 2 ;;
    --grid-peers) grid_peers="${2?--grid-peers needs libraries (norm,pgm) or \"\"}"; shift 2 ;;
    -h|--help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    *) echo "make-results: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ ${#stages[@]} -gt 0 ]] || stages=(isislab estimate emulab flexmat blueforce real testbed opendds blueforce-real isislab-real)
wanted() { [[ " ${stages[*]} " == *" $1 "* ]]; }
mkdir -p "$data" "$work"
sar="$root/examples/sar/sar.adamant" rtesp="$root/tools/results/rtesp.adamant"
blueforce="$root/examples/blueforce/blueforce.adamant" grid="$root/tools/results/isislab_real.adamant"

# timed NAME COMMAND...: runs the command, appends NAME, the command, wall and CPU seconds and the
# 1-minute load before and after to docs/results/runs.csv.
timed() {
  local name="$1"; shift
  local runs="$data/runs.csv" load0 load1 t0 t1 cpu
  [[ -f "$runs" ]] || echo "stage,command,wall_s,cpu_s,load_before,load_after,finished_utc" >"$runs"
  load0="$(cut -d' ' -f1 /proc/loadavg)"
  t0="$(date +%s.%N)"
  # the CPU seconds (user + system) of the command and every process it waited for; a command that
  # fails or is stopped (Ctrl-C: a bench keeps the points it finished) is recorded with its exit status
  local rc=0
  cpu="$(python3 -c 'import os, subprocess, sys
rc = subprocess.call(sys.argv[1:], stdout=sys.stderr)
t = os.times()
print(f"{t.children_user + t.children_system:.1f}")
sys.exit(rc)' "$@")" || rc=$?
  t1="$(date +%s.%N)"
  load1="$(cut -d' ' -f1 /proc/loadavg)"
  (( rc == 0 )) || name="$name (exit $rc)"
  printf '%s,"%s",%.1f,%s,%s,%s,%s\n' "$name" "${*//$root\//}" "$(python3 -c "print($t1 - $t0)")" "$cpu" \
    "$load0" "$load1" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$runs"
  return $rc
}

# keep OUT EXPERIMENT NAME: the experiment's per-point summary as docs/results/NAME.csv.
keep() { cp "$1/$2.summary.csv" "$data/$3.csv"; }
# merge_peers DIR EXPERIMENT NAME: the peers' rows and load lines of DIR's run put in place of theirs
# in the kept NAME.csv and NAME_load.csv
merge_peers() {
  python3 "$root/tools/results/merge_rows.py" "$data/$3.csv" "$1/$2.summary.csv" "$grid_peers"
  python3 "$root/tools/results/merge_rows.py" "$data/$3_load.csv" "$1/load/$2.csv" "$grid_peers"
}

if (( ! tables_only )); then
  if wanted isislab; then
    timed isislab "$root/adamant" bench "$sar" --experiment rtesp_isislab_sweep --mode sim --jobs 2 --out "$work/isislab-sim" \
      ${isislab_points:+--points "$isislab_points"} || echo "make-results: the ISISlab run stopped; its finished points are kept" >&2
    keep "$work/isislab-sim" rtesp_isislab_sweep isislab_sim
    # the run's simulated points and seconds beside its wall time and load (the speed line)
    speed="$data/isislab_speed.csv"
    python3 "$root/tools/results/speed_row.py" "$data/runs.csv" "$work/isislab-sim" \
      $([[ -f "$speed" ]] || echo --header) >>"$speed"
  fi
  if wanted estimate; then
    # the whole grid's CPU time from a stratified sample (needs the isislab stage's build)
    python3 "$root/tools/results/estimate_grid.py" "$work/isislab-sim/build/native/rtesp_isislab_sweep_bench" \
      >"$data/grid_estimate.csv"
  fi
  if wanted emulab; then
    timed emulab "$root/adamant" bench "$rtesp" --experiment emulab_table2 --mode sim --jobs 2 --out "$work/rtesp-sim"
    keep "$work/rtesp-sim" emulab_table2 emulab_sim
    python3 "$root/tools/results/predictions.py" "$work/rtesp-sim/predictions.json" >"$data/emulab_predicted.csv"
  fi
  if wanted flexmat; then
    timed flexmat "$root/adamant" bench "$rtesp" --experiment flexmat_sweep --mode sim --jobs 2 --out "$work/rtesp-sim"
    keep "$work/rtesp-sim" flexmat_sweep flexmat_sim
  fi
  if wanted blueforce; then
    timed blueforce "$root/adamant" bench "$blueforce" --mode sim --jobs 2 --out "$work/blueforce-sim"
    # the reliable-FIFO peer: the same experiments over the runtime's fifo (replace without replacing)
    for x in bf1_low_bandwidth bf2_two_streams bf3_priorities bf4_fluctuating_link; do
      timed "blueforce-fifo" "$work/blueforce-sim/build/native/${x}_bench" --mode sim --transport fifo \
        --csv "$work/blueforce-sim/$x.fifo.csv"
    done
    python3 "$root/tools/results/blueforce_rows.py" "$work/blueforce-sim" >"$data/blueforce_sim.csv"
  fi
  if wanted real; then
    rm -rf "$work/rtesp-real"
    timed real "$root/adamant" bench "$rtesp" --experiment emulab_table2 --mode real --points rate_hz=50,run=1 \
      --updates "$real_updates" --out "$work/rtesp-real"
    keep "$work/rtesp-real" emulab_table2 emulab_real
  fi
  if wanted testbed-rtt; then
    # Table 2 reduced on the testbed twice: as the other testbed runs, and with the round trip the model
    # states (delay nodes, tools/results/emulab-lan.toml): the prediction error with and without it
    for variant in nodelay rtt; do
      out="$work/testbed-$variant" tbf=()
      [[ $variant == rtt ]] && tbf=(--testbed "$root/tools/results/emulab-lan.toml")
      timed "testbed-$variant" "$root/adamant" bench "$rtesp" --experiment emulab_table2 --mode real --loss-at host \
        "${tbf[@]}" --jobs 4 --points "rate_hz=50,run=1" --updates "$real_updates" --out "$out"
      keep "$out" emulab_table2 "emulab_testbed_$variant"
      cp "$out/load/emulab_table2.csv" "$data/emulab_testbed_${variant}_load.csv"
    done
  fi
  if wanted testbed; then
    # Table 2 on the testbed at the study's 20,000 updates (--testbed-updates for fewer): points at
    # once, each on a testbed of its own, each point's load and the points beside it recorded
    tb="$work/rtesp-testbed"
    timed testbed "$root/adamant" bench "$rtesp" --experiment emulab_table2 --mode real --loss-at host \
      --jobs "$testbed_jobs" --out "$tb" ${testbed_points:+--points "$testbed_points"} \
      ${testbed_updates:+--updates "$testbed_updates"} \
      || echo "make-results: some testbed points failed (their logs: $tb/logs); the others are kept" >&2
    keep "$tb" emulab_table2 emulab_testbed
    cp "$tb/load/emulab_table2.csv" "$data/emulab_testbed_load.csv"
    # the study's largest ISISlab point (25 readers, 3 %, 100 Hz), one transport at a time
    timed testbed-25 "$root/adamant" bench "$rtesp" --experiment isislab_25_readers --mode real --loss-at host \
      --out "$tb" || echo "make-results: some 25-reader points failed (their logs: $tb/logs); the others are kept" >&2
    keep "$tb" isislab_25_readers isislab_25_testbed
    cp "$tb/load/isislab_25_readers.csv" "$data/isislab_25_testbed_load.csv"
  fi
  if wanted opendds; then
    od="$work/rtesp-opendds"
    # the benches find OpenDDS's libraries and DCPSInfoRepo through its env script
    dds_env="$(source "$root/adamant" && adamant_opendds_env)"
    (source "$dds_env" && timed opendds "$root/adamant" bench "$rtesp" --experiment emulab_table2_opendds \
      --target opendds --mode real --loss-at host --jobs "$testbed_jobs" --out "$od" \
      ${opendds_points:+--points "$opendds_points"} ${testbed_updates:+--updates "$testbed_updates"}) \
      || echo "make-results: some OpenDDS points failed (their logs: $od/logs); the others are kept" >&2
    keep "$od" emulab_table2_opendds emulab_opendds
    cp "$od/load/emulab_table2_opendds.csv" "$data/emulab_opendds_load.csv"
  fi
  if wanted blueforce-real; then
    # experiments 1-4 on the shaped link (radio-link.toml; experiment 4's link changes on schedule,
    # fluctuating-link.toml), with the benches built by the blueforce stage: replace and fifo, and
    # kernel TCP (ant-peer-bench) where the experiment is one stream. Every run on a testbed of its
    # own (named after its driver's process id), all at once: the link, not the CPU, is the limit.
    bf="$work/blueforce-real" native="$work/blueforce-sim/build/native" peer="$root/.adamant/runtime/bin/ant-peer-bench"
    on_link() { echo /usr/bin/python3 "$root/tools/testbed/adamant_testbed.py" run --testbed "$root/tools/results/$1" --loss-at host --; }
    rm -rf "$bf" && mkdir -p "$bf"
    jobs=()
    for x in bf1_low_bandwidth bf2_two_streams bf3_priorities bf4_fluctuating_link; do
      link=radio-link.toml
      [[ $x == bf4_fluctuating_link ]] && link=fluctuating-link.toml
      # --only 0: the first run (bf4 states 5, identical but for the machine's noise)
      timed blueforce-real $(on_link $link) "$native/${x}_bench" --mode real --only 0 --transport replace \
        --csv "$bf/$x.csv" >"$bf/$x.log" 2>&1 & jobs+=($!)
      timed blueforce-real $(on_link $link) "$native/${x}_bench" --mode real --only 0 --transport fifo \
        --csv "$bf/$x.fifo.csv" >"$bf/$x.fifo.log" 2>&1 & jobs+=($!)
    done
    timed blueforce-real $(on_link radio-link.toml) "$peer" --library tcp --receivers 1 --rate 20 --updates 1000 \
      --payload 1024 --csv "$bf/bf1_low_bandwidth.tcp.csv" >"$bf/bf1_low_bandwidth.tcp.log" 2>&1 & jobs+=($!)
    timed blueforce-real $(on_link fluctuating-link.toml) "$peer" --library tcp --receivers 1 --rate 10 --updates 1000 \
      --payload 1024 --csv "$bf/bf4_fluctuating_link.tcp.csv" >"$bf/bf4_fluctuating_link.tcp.log" 2>&1 & jobs+=($!)
    failed=0
    for j in "${jobs[@]}"; do wait "$j" || failed=1; done
    (( failed == 0 )) || echo "make-results: some blue-force runs failed (their logs: $bf/*.log); the others are kept" >&2
    python3 "$root/tools/results/blueforce_rows.py" "$bf" >"$data/blueforce_real.csv"
  fi
  if wanted isislab-real; then
    # resumable: points already in the work directory are kept (one at a time; root for the testbed);
    # beside them, how late a process sleeping 1 ms wakes up (the machine's share of their latency)
    wakeup="$work/isislab_real_wakeup.csv"
    python3 "$root/tools/results/wakeup.py" $([[ -s "$wakeup" ]] || echo --header) >>"$wakeup" &
    probe=$!
    timed isislab-real "$root/adamant" bench "$grid" --experiment isislab_real --mode real --loss-at host \
      --out "$work/isislab-real" ${grid_points:+--points "$grid_points"} ${grid_peers:+--peers "$grid_peers"} \
      || echo "make-results: the real grid stopped; its finished points are kept" >&2
    kill "$probe" && wait "$probe" || true
    cp "$wakeup" "$data/isislab_real_wakeup.csv"
    keep "$work/isislab-real" isislab_real isislab_real
    cp "$work/isislab-real/load/isislab_real.csv" "$data/isislab_real_load.csv"
    python3 "$root/tools/results/predictions.py" "$work/isislab-real/predictions.json" >"$data/isislab_real_predicted.csv"
    # the same bench in the simulator (adamant bench's driver over the bench just built: a second
    # --out would generate and build the model's 16 applications again)
    timed isislab-real-sim "$root/.adamant/venv/bin/python" "$root/tools/bench/adamant_bench.py" --mode sim --jobs 2 \
      --experiment "isislab_real=$work/isislab-real/build/native/isislab_real_bench" --model "$grid" \
      --out "$work/isislab-real-sim"
    keep "$work/isislab-real-sim" isislab_real isislab_real_sim
  fi
  if wanted isislab-peers; then
    # the peers alone at the grid's points (one at a time, as the grid ran), the wake-up probe beside them
    [[ -n "$grid_peers" ]] || { echo "make-results: isislab-peers needs --grid-peers" >&2; exit 2; }
    pw="$work/isislab-peers"
    python3 "$root/tools/results/wakeup.py" >"$pw.wakeup.csv" &
    probe=$!
    timed isislab-peers "$root/adamant" bench "$grid" --experiment isislab_real --mode real --loss-at host \
      --out "$pw" --peers "$grid_peers" --points "transport=${grid_peers//,/|}${grid_points:+,$grid_points}" \
      || echo "make-results: some peer points failed (their logs: $pw/logs); the others are kept" >&2
    kill "$probe" && wait "$probe" || true
    cat "$pw.wakeup.csv" >>"$data/isislab_real_wakeup.csv"
    merge_peers "$pw" isislab_real isislab_real
  fi
  if wanted testbed-peers; then
    # the peers alone at Table 2's testbed points (the first run, the study's 20,000 updates, all at once),
    # their rows and load lines put in place of theirs in the kept testbed CSVs
    [[ -n "$grid_peers" ]] || { echo "make-results: testbed-peers needs --grid-peers" >&2; exit 2; }
    tp="$work/testbed-peers"
    timed testbed-peers "$root/adamant" bench "$rtesp" --experiment emulab_table2 --mode real --loss-at host \
      --out "$tp" --peers "$grid_peers" --points "transport=${grid_peers//,/|},run=1" --jobs 8 \
      || echo "make-results: some peer points failed (their logs: $tp/logs); the others are kept" >&2
    merge_peers "$tp" emulab_table2 emulab_testbed
  fi
fi
if (( ! tables_only )); then
  python3 -c 'import json, sys; sys.path.insert(0, sys.argv[1] + "/tools/bench"); import record
json.dump(record.machine(sys.argv[1]), open(sys.argv[2], "w"), indent=2)' "$root" "$data/machine.json"
fi
python3 "$root/tools/results/make_tables.py" "$data" -o "$root/docs/results.md"
echo "make-results: wrote $root/docs/results.md from $data"
