#!/usr/bin/env bash
# Benchmark (not a test; needs root and the runtime's ant-delay-node): what a delay node adds to a
# link. Two hosts (a writer and a reader) on the namespaces testbed, a UDP echo between them
# (tools/testbed/udp_echo.py), side by side in each round: links without delay nodes ("none"),
# with delay nodes of 0 us (the node's own cost) and of DELAY each way (the model's round trip is
# 4 x DELAY). Prints one CSV line per case and round: the round trip's p50/min/p90, the delay
# nodes' worst p50 and p99 lateness (send time - due time) and the 1-minute load average.
#
#   tools/testbed/delay-node-bench.sh [ROUNDS (3)] [PINGS (200)] [DELAY (50us)]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rounds="${1:-3}" pings="${2:-200}" delay="${3:-50us}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "case,round,rtt_p50_us,rtt_min_us,rtt_p90_us,answered,lateness_p50_us,lateness_p99_us,load1"
for round in $(seq "$rounds"); do
  for case in none 0us "$delay"; do
    {
      [[ "$case" == none ]] || printf '[link]\ndelay = "%s"\n' "$case"
      printf '[[host]]\nname = "w"\nrole = "writer"\naddress = "198.18.0.1"\n'
      printf '[[host]]\nname = "r0"\nrole = "reader"\naddress = "198.18.0.2"\n'
    } >"$work/tb.toml"
    /usr/bin/python3 "$root/tools/testbed/adamant_testbed.py" exec --testbed "$work/tb.toml" --on w \
      --on-each "python3 $root/tools/testbed/udp_echo.py server" -- \
      sh -c "sleep 0.5; python3 $root/tools/testbed/udp_echo.py client 198.18.0.2 $pings 5" >"$work/out" 2>&1
    load="$(cut -d' ' -f1 /proc/loadavg)"
    read -r p50 min p90 n < <(sed -nE 's/^rtt_us p50 ([0-9]+) min ([0-9]+) p90 ([0-9]+) n ([0-9]+)/\1 \2 \3 \4/p' "$work/out")
    late="$(sed -nE 's/.*lateness .*: p50 ([0-9]+) us, p99 ([0-9]+) us.*/\1 \2/p' "$work/out" | sort -n -k2 | tail -1)"
    late50="$(sed -nE 's/.*lateness .*: p50 ([0-9]+) us.*/\1/p' "$work/out" | sort -n | tail -1)"
    echo "$case,$round,${p50:-},${min:-},${p90:-},${n:-0},${late50:-},${late#* },$load"
  done
done
