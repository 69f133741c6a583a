#!/usr/bin/env bash
# TRANSPORT_PRIORITY on an overloaded ant_replace link: one writer process with two
# DataWriters of AntTest::Probe (TRANSPORT_PRIORITY 10 and 0, 20 instances each, both at
# RATE_HZ) sharing the ant_replace sender paced at BANDWIDTH (below what both offer), and
# READERS reader processes; run inside runtime/tools/adamant-netns (CTest does).
# Both writers' samples wait in one engine queue, higher priority first; a queued sample is
# superseded by the next one of its instance. So the priority-10 writer's samples go out
# first and are delivered, and the priority-0 writer gets what bandwidth is left (its
# queued samples are replaced). Fails unless, at every reader, the high-priority writer
# delivers >= 95 % and the low-priority one at least 20 points less (each writer offers
# about 8.5 kB/s in ~170-byte datagrams). The priority-0 writer writes first in every
# round, so without the priority the queue's FIFO order favours it instead.
# usage: run_priority.sh PROBE INI COUNT RATE_HZ BANDWIDTH [READERS]
set -euo pipefail
probe=$1 ini=$2 count=$3 rate=$4 bandwidth=$5 readers=${6:-1}
. "$(dirname "${BASH_SOURCE[0]}")/probe_common.sh"
reader_args=(--transport ant_replace --count "$count" --writers 2)
writer_args=(--transport ant_replace --count "$count" --rate "$rate" --priorities 10,0 --bandwidth "$bandwidth")
probe_run "$probe" "$ini" "$readers" || exit 1
awk -v readers="$readers" -v count="$count" -v bandwidth="$bandwidth" '
  /^reader/ {
    for (f = 2; f <= NF; f++) { split($f, kv, "="); v[kv[1]] = kv[2] }
    n++
    hi = v["w0_unique"] / count; lo = v["w1_unique"] / count
    printf "summary reader=%s bandwidth=%s count=%d priority10_delivery=%.4f priority10_lat_mean_us=%.1f priority0_delivery=%.4f priority0_lat_mean_us=%.1f\n",
           v["index"], bandwidth, count, hi, v["w0_lat_mean_us"], lo, v["w1_lat_mean_us"]
    if (hi < 0.95 || lo > hi - 0.20) { bad = 1; print "FAIL: reader " v["index"] ": priority 10 delivered " hi ", priority 0 " lo }
  }
  END {
    if (n != readers) { print "FAIL: " n " reader lines, expected " readers; exit 1 }
    if (bad) exit 1
    print "PASS"
  }' reader*.out
