#!/usr/bin/env bash
# Recovery benchmark: the catalog's `ricochet_reliable` (Ricochet r=4 c=3 with its NAK fallback on
# `nak_timeout auto`) beside NAKcast `nak_timeout auto` (the catalog's `nakcast`), one point the
# other after the other in one run: 25 readers, 3 % loss at each reader, 100 Hz, 12-byte updates,
# in the simulator and on real processes (each real point in its own private network namespace,
# runtime/tools/adamant-netns). The order alternates from seed to seed (odd seeds NAKcast first), so
# a load that rises or falls during the run favours neither. Prints, per mode, each seed's ratio of
# ricochet_reliable's mean latency to NAKcast's with the load average (1 min) before each point, one
# row per transport (means over the seeds), and whether ricochet_reliable delivered at least 99.99 %
# with a mean latency and ReLate2 below NAKcast's. A benchmark that prints figures, not a test: the
# exit status is 0 whatever they are. About 25 s per real point at 2,000 updates (2 min for 3 seeds).
#
# usage: tools/recovery-bench/recovery-bench.sh BUILD_DIR [OUT_DIR]
# environment: SEEDS (default "1 2 3"), UPDATES (default 2000), RECEIVERS (25), LOSS (3), RATE (100),
# MODES (default "sim real")
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$(cd "${1:?usage: recovery-bench.sh BUILD_DIR [OUT_DIR]}" && pwd)"
out="${2:-$(mktemp -d "${TMPDIR:-/tmp}/recovery-bench.XXXXXX")}"
mkdir -p "$out"
bench="$build/ant-bench"
[[ -x "$bench" ]] || { echo "recovery-bench: no ant-bench in $build" >&2; exit 2; }
netns="$root/runtime/tools/adamant-netns"
seeds="${SEEDS:-1 2 3}" updates="${UPDATES:-2000}" receivers="${RECEIVERS:-25}" loss="${LOSS:-3}" rate="${RATE:-100}"
point=(--receivers "$receivers" --loss "$loss" --rate "$rate" --payload 12 --updates "$updates")
declare -A transports=(
  [nakcast]="--transport nakcast --nak-timeout auto"
  [ricochet_reliable]="--transport ricochet --r 4 --c 3 --nak-fallback --nak-timeout auto"
)

echo "recovery-bench: $receivers readers, $loss % loss, $rate Hz, 12 B, $updates updates, seeds $seeds; CSVs in $out"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for mode in ${MODES:-sim real}; do
  for seed in $seeds; do
    order=(nakcast ricochet_reliable)
    (( seed % 2 )) || order=(ricochet_reliable nakcast)
    for name in "${order[@]}"; do
      read -r -a args <<<"${transports[$name]}"
      echo "$mode,$name,$seed,$(cut -d' ' -f1 /proc/loadavg)" >>"$out/load.csv"
      if [[ "$mode" == sim ]]; then
        "$bench" --mode sim "${args[@]}" "${point[@]}" --seed "$seed" --csv "$out/$mode-$name.csv" >"$out/$mode-$name-$seed.log"
      else
        "$netns" "$bench" --mode real "${args[@]}" "${point[@]}" --seed "$seed" --csv "$out/$mode-$name.csv" \
          >"$out/$mode-$name-$seed.log"
      fi
    done
  done
done

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" ${MODES:-sim real} <<'PY'
import csv, sys
out, modes = sys.argv[1], sys.argv[2:]
def rows(mode, name):
    return list(csv.DictReader(open(f"{out}/{mode}-{name}.csv")))
def mean(rs, key):
    return sum(float(r[key]) for r in rs) / len(rs)
def load(mode, name):
    return [float(l.split(",")[3]) for l in open(f"{out}/load.csv") if l.startswith(f"{mode},{name},")]
def wire(rs, keys):
    return mean([{"x": sum(float(r[k]) for k in keys) / float(r["sent"])} for r in rs], "x")
print(f"{'mode':5} {'transport':18} {'runs':>4} {'delivery':>9} {'mean us':>8} {'p50 us':>7} {'p99 us':>8} {'ReLate2 us':>10} {'repair B/upd':>12} {'wire B/upd':>10}")
for mode in modes:
    got = {}
    for name in ("nakcast", "ricochet_reliable"):
        rs = rows(mode, name)
        got[name] = {k: mean(rs, k) for k in ("delivery", "lat_mean_us", "lat_p50_us", "lat_p99_us", "relate2")}
        repair = wire(rs, ["bytes_nak", "bytes_repair", "bytes_retransmit"])
        total = wire(rs, ["bytes_data", "bytes_nak", "bytes_repair", "bytes_retransmit", "bytes_control"])
        g = got[name]
        print(f"{mode:5} {name:18} {len(rs):>4} {g['delivery']:>9.5f} {g['lat_mean_us']:>8.0f} {g['lat_p50_us']:>7.0f} {g['lat_p99_us']:>8.0f} "
              f"{g['relate2']:>10.0f} {repair:>12.0f} {total:>10.0f}")
    rr, nn = rows(mode, "ricochet_reliable"), rows(mode, "nakcast")
    rl, nl = load(mode, "ricochet_reliable"), load(mode, "nakcast")
    ratios = []
    for i, (a, b) in enumerate(zip(rr, nn)):
        ratios.append(float(a["lat_mean_us"]) / float(b["lat_mean_us"]))
        print(f"{mode:5} run {i + 1}: mean {float(a['lat_mean_us']):.0f} against {float(b['lat_mean_us']):.0f} us "
              f"({ratios[-1]:.2f} x), median {float(a['lat_p50_us']) / float(b['lat_p50_us']):.2f} x, delivery "
              f"{float(a['delivery']):.5f} / {float(b['delivery']):.5f}; load average {rl[i]:.1f} / {nl[i]:.1f}")
    # a stalled host inflates one run's mean by orders of magnitude: the per-run count is the robust figure
    below = sum(x < 1 for x in ratios)
    print(f"{mode:5} ricochet_reliable's mean below nakcast's in {below} of {len(ratios)} runs "
          f"(median ratio {sorted(ratios)[len(ratios) // 2]:.2f} x)")
    r, n = got["ricochet_reliable"], got["nakcast"]
    ok = r["delivery"] >= 0.9999 and r["lat_mean_us"] < n["lat_mean_us"] and r["relate2"] < n["relate2"]
    print(f"{mode:5} goal (delivery >= 0.9999, mean and ReLate2 below nakcast's): {'met' if ok else 'NOT met'} "
          f"(mean {r['lat_mean_us'] / n['lat_mean_us']:.2f} x, median {r['lat_p50_us'] / n['lat_p50_us']:.2f} x, "
          f"ReLate2 {r['relate2'] / n['relate2']:.2f} x nakcast's)")
PY
