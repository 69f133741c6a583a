#!/usr/bin/env bash
# Decoder fuzz campaign (a benchmark, not a CI test): builds the clang + libFuzzer targets of
# every wire decoder (runtime/fuzz/fuzz_*.cpp), runs each for --runs executions on one core,
# one after the other, and prints decoder, executions, exec/s, seconds, libFuzzer's cov/ft and
# the crashes found; with --coverage, also llvm-cov line coverage of the decoder sources over
# the corpus the campaign grew. The corpus, logs and crash files stay under .adamant/fuzz-campaign.
#   runtime/fuzz/campaign.sh [--runs N] [--targets a,b,...] [--coverage]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
state="$root/.adamant/fuzz-campaign"
runs=10000000
targets="header nak heartbeat repair membership replace_ack codec auth batch"
coverage=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --targets) targets="${2//,/ }"; shift 2 ;;
    --coverage) coverage=1; shift ;;
    -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "campaign.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

build="$state/build"
mkdir -p "$state/logs"
echo "== building the fuzz targets ($build)"
cmake -S "$root/runtime" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DADAMANT_FUZZ=ON -DADAMANT_BUILD_TESTS=OFF >"$state/logs/build.log" 2>&1
cmake --build "$build" -j2 --target adamant_fuzz_seeds $(for t in $targets; do echo "fuzz_$t"; done) \
  >>"$state/logs/build.log" 2>&1 || { tail -30 "$state/logs/build.log"; exit 1; }
"$build/adamant_fuzz_seeds" "$state/corpus"

table="$state/campaign.txt"
printf '%-12s %12s %9s %8s %6s %7s %8s\n' decoder executions exec/s seconds cov ft crashes | tee "$table"
for t in $targets; do
  log="$state/logs/$t.log"
  crashes="$state/crashes/$t"
  mkdir -p "$crashes"
  regress=()
  [[ -d "$root/runtime/fuzz/regressions/$t" ]] && regress=("$root/runtime/fuzz/regressions/$t")
  start=$(date +%s.%N)
  # -jobs/-workers stay at 1: the machine's other work keeps the second core.
  "$build/fuzz_$t" -runs="$runs" -seed=1 -max_len=4096 -print_final_stats=1 -artifact_prefix="$crashes/" \
    "$state/corpus/$t" "${regress[@]}" >"$log" 2>&1 || true
  end=$(date +%s.%N)
  done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)"
  [[ -n "$done_line" ]] || done_line="$(grep -E '^#[0-9]+' "$log" | tail -1)"
  execs="$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | awk '{print $2}' | tail -1)"
  cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")"
  ft="$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$done_line")"
  found="$(find "$crashes" -type f | wc -l)"
  secs="$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.0f", b-a}')"
  rate="$(awk -v n="${execs:-0}" -v s="$secs" 'BEGIN{printf "%.0f", (s > 0 ? n / s : 0)}')"
  printf '%-12s %12s %9s %8s %6s %7s %8s\n' "$t" "${execs:-?}" "$rate" "$secs" "${cov:-?}" "${ft:-?}" "$found" \
    | tee -a "$table"
done

if [[ $coverage == 1 ]]; then
  # Line coverage: the same targets built with clang's source-based coverage, replaying the corpus once.
  cbuild="$state/build-cov"
  flags="-fprofile-instr-generate -fcoverage-mapping"
  cmake -S "$root/runtime" -B "$cbuild" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
    -DADAMANT_FUZZ=ON -DADAMANT_BUILD_TESTS=OFF -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    >"$state/logs/build-cov.log" 2>&1
  cmake --build "$cbuild" -j2 $(for t in $targets; do echo "--target fuzz_$t"; done) >>"$state/logs/build-cov.log" 2>&1 \
    || { tail -30 "$state/logs/build-cov.log"; exit 1; }
  rm -rf "$state/profiles" && mkdir -p "$state/profiles"
  objects=()
  for t in $targets; do
    LLVM_PROFILE_FILE="$state/profiles/$t.profraw" "$cbuild/fuzz_$t" -runs=0 "$state/corpus/$t" \
      >"$state/logs/cov-$t.log" 2>&1
    objects+=(-object "$cbuild/fuzz_$t")
  done
  llvm-profdata merge -sparse "$state"/profiles/*.profraw -o "$state/profiles/all.profdata"
  echo "== line coverage of the decoders over the campaign's corpus (llvm-cov)"
  llvm-cov report "${objects[@]:1}" -instr-profile "$state/profiles/all.profdata" \
    "$root/runtime/src/wire.cpp" "$root/runtime/src/auth.cpp" "$root/runtime/include/adamant/codec.hpp" \
    | tee -a "$table"
fi
echo "table: $table"
