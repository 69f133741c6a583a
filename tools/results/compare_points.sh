#!/usr/bin/env bash
# Compares two builds of ant-bench in the simulator at points given by their options: the CPU seconds
# (user + system, the least of 3 runs alternating the builds: the machine may be shared), whether both
# write the same results row and latency CDF, and the 1-minute load after. Prints CSV
# (docs/results/sim_speedup.csv). Each line of POINTS: INDEX|TRANSPORT|PARAMS|READERS|LOSS|RATE|OPTIONS
# (INDEX: the equivalent point of the ISISlab grid, OPTIONS: ant-bench's for it).
#
#   compare_points.sh BEFORE_ANT_BENCH AFTER_ANT_BENCH POINTS
set -euo pipefail
before="$1" after="$2" points="$3"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "index,transport,transport_params,receivers,loss_pct,rate_hz,updates,cpu_s_before,cpu_s_after,same_row,load"
while IFS='|' read -r idx transport params n loss rate opts; do
  [[ -n "$idx" && "$idx" != \#* ]] || continue
  declare -A least=([before]=inf [after]=inf)
  for k in 1 2 3; do
    for w in before after; do
      bench="$before"; [[ $w == after ]] && bench="$after"
      # shellcheck disable=SC2086  # OPTIONS are words
      /usr/bin/time -f "%U %S" -o "$tmp/time" "$bench" --mode sim $opts --csv "$tmp/$w.$k.csv" --cdf "$tmp/$w.$k.cdf" >/dev/null 2>&1
      least[$w]=$(awk -v m="${least[$w]}" '{c = $1 + $2; print (m == "inf" || c < m) ? c : m}' "$tmp/time")
    done
  done
  same=no
  cmp -s "$tmp/before.1.csv" "$tmp/after.1.csv" && cmp -s "$tmp/before.1.cdf" "$tmp/after.1.cdf" && same=yes
  updates="$(sed -nE 's/.*--updates ([0-9]+).*/\1/p' <<<"$opts")"
  printf '%s,%s,%s,%s,%s,%s,%s,%.2f,%.2f,%s,%s\n' "$idx" "$transport" "$params" "$n" "$loss" "$rate" "${updates:-1000}" \
    "${least[before]}" "${least[after]}" "$same" "$(cut -d' ' -f1 /proc/loadavg)"
  rm -f "$tmp"/*
done <"$points"
