#!/usr/bin/env bash
# One writer and 3 readers of AntTest::Probe over one ant_* transport, with injected
# receive-side loss at every reader; run inside runtime/tools/adamant-netns (CTest does).
# Prints each reader's line and a summary, and fails when delivery is below what the
# transport promises:
#   ant_nakcast: every sample at every reader (reliable, in order)
#   ant_replace: >= 99 % (reliable, but a sample superseded by a newer one of its instance
#                while unacknowledged is replaced, not lost: 20 instances keep that rare)
#   ant_ricochet (r=4, c=3, no NAK fallback): >= 97 % (lateral repair recovers most losses)
#   ant_baseline: loss is visible (< 100 %) and no worse than 3 x the injected rate
#   ant_adaptive (TABLE's candidates all NAKcast): every sample at every reader
# usage: run_probe.sh PROBE INI TRANSPORT LOSS_PCT COUNT RATE_HZ [READERS [TABLE]]
set -euo pipefail
probe=$1 ini=$2 transport=$3 loss=$4 count=$5 rate=$6 readers=${7:-3} table=${8:-}
. "$(dirname "${BASH_SOURCE[0]}")/probe_common.sh"
reader_args=(--transport "$transport" --count "$count" --loss "$loss")
writer_args=(--transport "$transport" --count "$count" --rate "$rate")
if [[ -n "$table" ]]; then reader_args+=(--table "$table"); writer_args+=(--table "$table"); fi
probe_run "$probe" "$ini" "$readers" || exit 1
awk -v transport="$transport" -v loss="$loss" -v readers="$readers" -v count="$count" '
  /^reader/ {
    for (f = 2; f <= NF; f++) { split($f, kv, "="); v[kv[1]] = kv[2] }
    n++; unique += v["unique"]; sum += v["lat_mean_us"] * v["unique"]
    if (v["lat_p99_us"] > p99) p99 = v["lat_p99_us"]
  }
  END {
    if (n != readers) { print "FAIL: " n " reader lines, expected " readers; exit 1 }
    delivery = unique / (count * readers); mean = unique ? sum / unique : 0
    relate2 = mean * ((1 - delivery) * 100 + 1)
    printf "summary transport=%s readers=%d loss_pct=%s count=%d delivery=%.4f lat_mean_us=%.1f worst_p99_us=%.1f relate2=%.1f\n",
           transport, readers, loss, count, delivery, mean, p99, relate2
    ok = 1
    if (transport == "ant_nakcast" || transport == "ant_adaptive") ok = (delivery == 1)
    else if (transport == "ant_replace") ok = (delivery >= 0.99)
    else if (transport == "ant_ricochet") ok = (delivery >= 0.97)
    else if (transport == "ant_baseline") ok = (delivery < 1 && delivery >= 1 - 3 * loss / 100)
    if (!ok) { print "FAIL: delivery " delivery " below what " transport " promises"; exit 1 }
    print "PASS"
  }' reader*.out
