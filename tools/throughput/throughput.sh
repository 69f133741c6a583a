#!/usr/bin/env bash
# Throughput of the fastest stacks side by side, in one run and one private network namespace:
# NAKcast (ant-bench, batching on), NRL NORM (ant-peer-bench) and Aeron (tools/aeron-peer, Java
# media driver embedded in each process), 1 writer and --receivers reader processes each, UDP
# multicast on loopback, no loss, at each --sizes payload. Each stack is asked for its own rate
# (--nakcast-rates, --aeron-rates, --norm-rates: one per size) for --seconds; the table shows the
# rate the writer achieved against the one requested, whether it fell behind, the share
# delivered, p99 latency (publish to delivery, all readers), the load average when the run
# started, the datagrams the namespace's UDP sockets dropped for a full receive buffer during
# the row (RcvbufErrors of /proc/net/snmp), and NAKcast's ratio to each peer. A benchmark that prints figures, not a test.
#   tools/throughput/throughput.sh [--build DIR] [--receivers 3] [--sizes 64,1024] [--seconds 2]
#       [--nakcast-rates 1000000,250000] [--aeron-rates 1000000,250000] [--norm-rates 20000,12500]
#       [--batch-bytes 16384] [--skip norm,aeron]
# Needs: a runtime build with ant-bench and ant-peer-bench (--build, default .adamant/build/rel),
# and the Aeron peer built once: mvn -B -q -f tools/aeron-peer/pom.xml package
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$root/.adamant/build/rel" receivers=3 sizes=64,1024 seconds=2 batch=16384 skip=""
nakcast_rates=1000000,250000 aeron_rates=1000000,250000 norm_rates=20000,12500
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --receivers) receivers="$2"; shift 2 ;;
    --sizes) sizes="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --nakcast-rates) nakcast_rates="$2"; shift 2 ;;
    --aeron-rates) aeron_rates="$2"; shift 2 ;;
    --norm-rates) norm_rates="$2"; shift 2 ;;
    --batch-bytes) batch="$2"; shift 2 ;;
    --skip) skip="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "throughput.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [[ "${ADAMANT_THROUGHPUT_IN_NETNS:-}" != 1 ]]; then
  export ADAMANT_THROUGHPUT_IN_NETNS=1
  exec "$root/runtime/tools/adamant-netns" "$0" --build "$build" --receivers "$receivers" --sizes "$sizes" \
    --seconds "$seconds" --nakcast-rates "$nakcast_rates" --aeron-rates "$aeron_rates" --norm-rates "$norm_rates" \
    --batch-bytes "$batch" --skip "$skip"
fi

IFS=, read -ra size_list <<<"$sizes"
IFS=, read -ra nak_list <<<"$nakcast_rates"
IFS=, read -ra aeron_list <<<"$aeron_rates"
IFS=, read -ra norm_list <<<"$norm_rates"
aeron_cp="$root/tools/aeron-peer/target/classes:$root/tools/aeron-peer/target/lib/*"
skipped() { [[ ",$skip," == *",$1,"* ]]; }
work="$(mktemp -d)"
trap 'rm -rf "$work" /dev/shm/adamant-aeron-$$-*' EXIT
load() { cut -d' ' -f1 /proc/loadavg; }
# UDP datagrams dropped for a full receive buffer in this namespace so far
rcvbuf_errors() { awk '/^Udp:/ && ++n == 2 { print $6 }' /proc/net/snmp; }
field() { sed -n "s/.*$1 \([-0-9.e+]*\).*/\1/p" | head -1; }  # the number after a label
achieved() { sed -n 's/.*writer: .* s: \([0-9]*\) msg\/s achieved.*/\1/p' | head -1; }  # a writer's line
rows=()

# One row: stack size requested achieved behind delivery p99_ms load (then the buffer drops since row_start)
row_start() { drops0=$(rcvbuf_errors); }
row() { rows+=("$(printf '%-8s %6s %12s %12s %-7s %9s %9s %5s %7s' "$@" $(($(rcvbuf_errors) - drops0)))"); echo "${rows[-1]}"; }

run_nakcast() {  # size rate
  local size=$1 rate=$2 updates out l
  updates=$(awk -v r="$rate" -v s="$seconds" 'BEGIN { printf "%d", r * s }')
  l=$(load)
  row_start
  out="$work/nakcast-$size.log"
  if ! "$build/ant-bench" --mode real --transport nakcast --receivers "$receivers" --rate "$rate" --updates "$updates" \
      --payload "$size" --batch-bytes "$batch" --linger-ms 3000 --csv "$work/nakcast.csv" >"$out" 2>&1; then
    echo "NAKcast $size B failed:" >&2; tail -5 "$out" >&2; row nakcast "$size" "$rate" failed - - - "$l"; return
  fi
  local achieved behind delivery p99
  achieved=$(achieved <"$out")
  behind=$(grep -q 'FELL BEHIND' "$out" && echo behind || echo ok)
  delivery=$(grep 'delivery' "$out" | grep -v writer | field delivery)
  p99=$(grep 'delivery' "$out" | grep -v writer | field p99)
  row nakcast "$size" "$rate" "$achieved" "$behind" "$delivery" "$(awk -v u="$p99" 'BEGIN { printf "%.2f", u / 1000 }')" "$l"
}

run_norm() {  # size rate
  local size=$1 rate=$2 updates out l payload
  payload=$(( size < 12 ? 12 : size ))
  updates=$(awk -v r="$rate" -v s="$seconds" 'BEGIN { printf "%d", r * s }')
  l=$(load)
  row_start
  out="$work/norm-$size.log"
  # Segments hold a whole update (8 bytes of send time + payload); 1 Gbit/s so the rate cap is not the limit.
  if ! "$build/ant-peer-bench" --receivers "$receivers" --rate "$rate" --updates "$updates" --payload "$payload" \
      --segment $((payload + 8)) --tx-rate 1e9 --linger-ms 3000 --csv "$work/norm.csv" >"$out" 2>&1; then
    echo "NORM $size B failed:" >&2; tail -5 "$out" >&2; row norm "$size" "$rate" failed - - - "$l"; return
  fi
  local delivery p99 behind
  delivery=$(field delivery <"$out")
  p99=$(field p99 <"$out")
  behind=$(grep -q 'FELL BEHIND' "$out" && echo behind || echo ok)
  row norm "$size" "$rate" "$(achieved <"$out")" "$behind" "$delivery" \
    "$(awk -v u="$p99" 'BEGIN { printf "%.2f", u / 1000 }')" "$l"
}

run_aeron() {  # size rate
  local size=$1 rate=$2 count l pids=() i
  count=$(awk -v r="$rate" -v s="$seconds" 'BEGIN { printf "%d", r * s }')
  l=$(load)
  row_start
  local java=(java -Xmx512m --add-opens java.base/sun.nio.ch=ALL-UNNAMED -cp "$aeron_cp" org.adamant.aeronpeer.AeronPeer)
  local common=(--count "$count" --size "$size" --stream $((1000 + size)))
  for ((i = 0; i < receivers; i++)); do
    "${java[@]}" sub "${common[@]}" --dir "/dev/shm/adamant-aeron-$$-sub$i" --ready "$work/ready$i" \
      --done "$work/done$i" >"$work/aeron-$size-sub$i.log" 2>&1 &
    pids+=($!)
  done
  local ready
  for ((i = 0; i < 300; i++)); do
    ready=("$work"/ready*)
    [[ -e "${ready[0]}" && ${#ready[@]} -ge $receivers ]] && break
    sleep 0.1
  done
  local done_files; done_files=$(for ((i = 0; i < receivers; i++)); do printf '%s,' "$work/done$i"; done)
  "${java[@]}" pub "${common[@]}" --rate "$rate" --dir "/dev/shm/adamant-aeron-$$-pub" --wait "${done_files%,}" \
    >"$work/aeron-$size-pub.log" 2>&1 || true
  for p in "${pids[@]}"; do wait "$p" || true; done
  rm -f "$work"/ready* "$work"/done*
  local pub="$work/aeron-$size-pub.log" received=0 p99=0 r q
  if ! grep -q PUBLISHED "$pub"; then
    echo "Aeron $size B failed:" >&2; tail -5 "$pub" >&2; row aeron "$size" "$rate" failed - - - "$l"; return
  fi
  for ((i = 0; i < receivers; i++)); do
    r=$(field received <"$work/aeron-$size-sub$i.log"); q=$(field p99_us <"$work/aeron-$size-sub$i.log")
    received=$((received + ${r:-0}))
    p99=$(awk -v a="$p99" -v b="${q:-0}" 'BEGIN { print (b > a ? b : a) }')  # the worst reader's p99
  done
  local behind
  behind=$(awk -v b="$(field behind_ms <"$pub")" 'BEGIN { print (b > 1 ? "behind" : "ok") }')
  row aeron "$size" "$rate" "$(field achieved_hz <"$pub")" "$behind" \
    "$(awk -v r="$received" -v n="$((count * receivers))" 'BEGIN { printf "%.6f", r / n }')" \
    "$(awk -v u="$p99" 'BEGIN { printf "%.2f", u / 1000 }')" "$l"
}

echo "throughput: $receivers readers, ${seconds} s per run, NAKcast batches up to $batch bytes; $(nproc) cores, load $(load)"
printf '%-8s %6s %12s %12s %-7s %9s %9s %5s %7s\n' stack bytes requested/s achieved/s sched delivery p99_ms load rcvbuf
for i in "${!size_list[@]}"; do
  size=${size_list[$i]}
  run_nakcast "$size" "${nak_list[$i]}"
  skipped aeron || [[ ! -d "$root/tools/aeron-peer/target/lib" ]] || run_aeron "$size" "${aeron_list[$i]}"
  skipped norm || run_norm "$size" "${norm_list[$i]}"
done

echo
echo "NAKcast's achieved rate against each peer's (same size, same run); a goal is met only where both delivered 100 %:"
printf '%s\n' "${rows[@]}" | awk '
  { rate[$1 " " $2] = $4; del[$1 " " $2] = $6; p99[$1 " " $2] = $7; sizes[$2] = 1 }
  END {
    for (s in sizes) for (peer in del) {
      split(peer, k, " ");
      if (k[2] != s || k[1] == "nakcast" || rate["nakcast " s] == "" || rate[peer] + 0 == 0) continue;
      printf "  %6s B  nakcast/%-6s %.2f  (delivery %s vs %s, p99 %s vs %s ms)%s\n", s, k[1],
             rate["nakcast " s] / rate[peer], del["nakcast " s], del[peer], p99["nakcast " s], p99[peer],
             (del["nakcast " s] + 0 < 1 || del[peer] + 0 < 1) ? "  not comparable: loss" : "";
    }
  }'
