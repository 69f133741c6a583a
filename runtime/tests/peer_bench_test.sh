#!/usr/bin/env bash
# CTest real.norm_peer_bench / real.pgm_peer_bench (run inside adamant-netns): ant-peer-bench
# runs a small point on LIBRARY and must write exactly ant-bench's CSV header and one
# well-formed row that delivered something.   peer_bench_test.sh ANT_PEER_BENCH ANT_BENCH LIBRARY
set -euo pipefail
peer="$1" ant="$2" lib="$3"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# ant-bench's header, from ant-bench itself (a tiny simulated point)
"$ant" --mode sim --transport nakcast --receivers 1 --updates 5 --csv "$dir/ref.csv" >/dev/null
"$peer" --library "$lib" --receivers 3 --loss 1 --rate 200 --updates 300 --linger-ms 1500 --csv "$dir/peer.csv"

[[ "$(head -1 "$dir/peer.csv")" == "$(head -1 "$dir/ref.csv")" ]] ||
  fail "header differs from ant-bench's: $(head -1 "$dir/peer.csv")"
[[ "$(wc -l <"$dir/peer.csv")" -eq 2 ]] || fail "expected the header and 1 row, got $(wc -l <"$dir/peer.csv") lines"
awk -F, -v lib="$lib" -v cols="$(head -1 "$dir/ref.csv" | awk -F, '{print NF}')" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  function num(name) {
    v = $(col[name]);
    if (v !~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/) { print "FAIL: " name " is not a number: " v; bad = 1 }
    return v + 0
  }
  {
    if (NF != cols) { print "FAIL: row has " NF " fields, header " cols; exit 1 }
    if ($(col["transport"]) != lib) { print "FAIL: transport " $(col["transport"]); bad = 1 }
    if (num("receivers") != 3 || num("loss_pct") != 1 || num("rate_hz") != 200 || num("sent") != 300) {
      print "FAIL: point columns do not match the command line"; bad = 1 }
    received = num("received"); delivery = num("delivery")
    if (received <= 0 || received > 900) { print "FAIL: received " received " (expected 1..900)"; bad = 1 }
    if (delivery <= 0 || delivery > 1 || (delivery - received / 900) ^ 2 > 1e-10) {
      print "FAIL: delivery " delivery " is not received / (sent x receivers)"; bad = 1 }
    if (num("lat_mean_us") <= 0 || num("lat_p99_us") < num("lat_p50_us") || num("lat_max_us") < num("lat_p99_us")) {
      print "FAIL: latency columns inconsistent"; bad = 1 }
    expect = num("lat_mean_us") * ((1 - delivery) * 100 + 1)
    if ((num("relate2") - expect) ^ 2 > 0.01 * (1 + expect)) { print "FAIL: relate2 " num("relate2") " != " expect; bad = 1 }
    if (num("bytes_data") < 300 * 20) { print "FAIL: bytes_data " num("bytes_data") " below 300 updates of 20 bytes"; bad = 1 }
    num("bytes_nak"); num("bytes_repair"); num("bytes_retransmit"); num("bytes_control")
    params = lib == "norm" ? "^segment=[0-9]+;block=[0-9]+;parity=[0-9]+;" : "^txw=[0-9]+;rxw=[0-9]+;nak_bo="
    if ($(col["transport_params"]) !~ params) {
      print "FAIL: transport_params " $(col["transport_params"]); bad = 1 }
    exit bad
  }' "$dir/peer.csv" || { cat "$dir/peer.csv" >&2; exit 1; }
echo "PASS: ant-peer-bench wrote a well-formed $lib row: $(tail -1 "$dir/peer.csv")"
