#!/usr/bin/env bash
# Prints the NAKcast `nak_timeout auto` simulator points CalibrationTest.SIMULATED_AUTO holds, one
# "receivers,loss %,rate Hz,mean latency us,delivery" line per point. Every point: 12-byte updates,
# 10,000 updates, seed 1, 100 us one-way delay (the simulator's default), no bandwidth limit.
# Usage: nakcast-auto-sim.sh ANT_BENCH N:LOSS:RATE...   e.g. nakcast-auto-sim.sh ant-bench 25:1:10 3:3:100
# TRANSPORT_ARGS replaces the transport (ricochet-reliable-sim.sh sets it).
set -euo pipefail
read -r -a transport <<<"${TRANSPORT_ARGS:---transport nakcast --nak-timeout auto}"
bench="$1"
shift
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for point in "$@"; do
  IFS=: read -r n loss rate <<<"$point"
  rm -f "$tmp/p.csv"
  "$bench" --mode sim "${transport[@]}" --receivers "$n" --loss "$loss" --rate "$rate" \
    --updates 10000 --seed 1 --csv "$tmp/p.csv" >/dev/null
  python3 - "$tmp/p.csv" "$n" "$loss" "$rate" <<'PY'
import csv, sys
row = next(csv.DictReader(open(sys.argv[1])))
print(f"{sys.argv[2]},{sys.argv[3]},{sys.argv[4]},{float(row['lat_mean_us']):.3f},{float(row['delivery']):.6f}")
PY
done
