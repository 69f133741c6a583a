#!/usr/bin/env bash
# Records replace-sim.csv, the simulator points CalibrationTest checks the replace/fifo predictions
# (Predictions.paced) against. Every point: 1 receiver, 1024-byte updates, 1000 updates, seed 1,
# 500 us one-way delay.
#   replace over a 5120 B/s link: rate 2, 4, 10, 20, 40 Hz (offered / carried = 0.43, 0.86, 2.15, 4.3,
#     8.6 with the simulator's 1100-byte datagrams) x tags 1, 5, 20 (update i carries tag (i-1) mod
#     tags) x queue 1, 4, 16 packets (the link's egress queue) x loss 0, 3 % (at the receiver);
#   fifo over the same link at 2 and 4 Hz (it cannot keep up above), queue 4, loss 0, 3 %;
#   replace and fifo without a bandwidth limit: 10 and 100 Hz x tags 1, 5 x loss 1, 3 %.
# Besides the CSV row's figures: the link's tail drops, the datagrams the receiver dropped (loss
# injection) and the MSG datagrams sent to it, so that the realized loss is injected_drops / datagrams.
# Usage: replace-sim.sh ANT_BENCH > replace-sim.csv   (ANT_BENCH: a Release build of runtime/'s ant-bench)
set -euo pipefail
bench="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

point() {  # point TRANSPORT BANDWIDTH(B/s, 0 = none) RATE TAGS QUEUE LOSS
  local link=()
  [[ "$2" != 0 ]] && link=(--bandwidth "$2B/s" --queue "$5")
  "$bench" --mode sim --transport "$1" --receivers 1 --payload 1024 --updates 1000 --seed 1 \
    --rate "$3" --tags "$4" --loss "$6" --delay-us 500 "${link[@]}" --csv "$tmp/p.csv" >"$tmp/p.out" 2>&1
  local drops injected
  drops="$(sed -n 's/.*link drops \([0-9]*\).*/\1/p' "$tmp/p.out" | head -1)"
  injected="$(sed -n 's/.*injected drops \([0-9]*\).*/\1/p' "$tmp/p.out" | head -1)"
  python3 - "$tmp/p.csv" "$@" "${drops:-0}" "${injected:-0}" <<'PY'
import csv, sys
path, transport, bandwidth, rate, tags, queue, loss, drops, injected = sys.argv[1:]
r = list(csv.DictReader(open(path)))[-1]
# MSG datagrams the receiver was sent (first transmissions and retransmissions; 76 bytes + payload each)
datagrams = (int(r['bytes_data']) + int(r['bytes_retransmit'])) // (1024 + 76)
print(f"{transport},{bandwidth},{rate},{tags},{queue},{loss},{r['sent']},{r['received']},{r['replaced']},"
      f"{r['lat_mean_us']},{r['lat_p50_us']},{drops},{injected},{datagrams}")
PY
  rm -f "$tmp/p.csv"
}

echo "transport,bandwidth,rate_hz,tags,queue,loss_pct,sent,received,replaced,lat_mean_us,lat_p50_us,link_drops,injected_drops,datagrams"
for rate in 2 4 10 20 40; do
  for tags in 1 5 20; do
    for queue in 1 4 16; do
      for loss in 0 3; do point replace 5120 "$rate" "$tags" "$queue" "$loss"; done
    done
  done
done
for rate in 2 4; do
  for loss in 0 3; do point fifo 5120 "$rate" 1 4 "$loss"; done
done
for transport in replace fifo; do
  for rate in 10 100; do
    for tags in 1 5; do
      for loss in 1 3; do point "$transport" 0 "$rate" "$tags" 0 "$loss"; done
    done
  done
done
