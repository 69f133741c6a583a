#!/usr/bin/env bash
# CTest real.pgm_peer_bench_long (run inside adamant-netns): an OpenPGM run longer than a fixed
# 4,096-packet window must run, size its windows to the run, and deliver every update to every
# receiver under loss (a run's early updates stay repairable).   pgm_window_test.sh ANT_PEER_BENCH
set -euo pipefail
peer="$1" updates=5000 receivers=3
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$peer" --library pgm --receivers "$receivers" --loss 1 --rate 2500 --updates "$updates" --linger-ms 2000 \
  --csv "$dir/pgm.csv" || { echo "FAIL: ant-peer-bench refused or failed a $updates-update OpenPGM run" >&2; exit 1; }
awk -F, -v updates="$updates" -v all="$((updates * receivers))" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    if ($(col["sent"]) != updates) { print "FAIL: sent " $(col["sent"]) ", expected " updates; bad = 1 }
    if ($(col["received"]) != all) { print "FAIL: received " $(col["received"]) " of " all " (updates lost)"; bad = 1 }
    if ($(col["transport_params"]) !~ "^txw=" updates ";rxw=" updates ";") {
      print "FAIL: windows not sized to the run: " $(col["transport_params"]); bad = 1 }
    rows++
  }
  END { if (rows != 1) { print "FAIL: " rows " rows"; bad = 1 }; exit bad }' "$dir/pgm.csv" || { cat "$dir/pgm.csv" >&2; exit 1; }
echo "PASS: OpenPGM ran $updates updates, windows sized to the run, all $((updates * receivers)) delivered"
