#!/usr/bin/env bash
# Scale benchmark: `validate` and `generate` of synthetic models of N topics (synth_model.py), run
# with the launcher's own Java command (ADAMANT_JAVA_OPTS in ./adamant, JVM start included) under
# /usr/bin/time -v. Prints the machine, then per N and verb the median of RUNS runs: wall seconds,
# CPU seconds (user + system), max RSS and the files in the output directory (with adamant's marker).
#
# usage: tools/scale/scale-bench.sh [N...]          (default: 1000 5000)
# environment: RUNS (default 3); ADAMANT_BENCH_JAVA_OPTS replaces the launcher's JVM options (to
# compare flags, e.g. ADAMANT_BENCH_JAVA_OPTS="-Xshare:auto"); ADAMANT_BENCH_JAR replaces the CLI jar (an
# older build, to compare); ADAMANT_BENCH_KEEP=1 keeps the work dir.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../adamant
source "$here/../../adamant"

sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(1000 5000)
runs="${RUNS:-3}"
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (Debian package: time)"
ADAMANT_CLI_JAR="${ADAMANT_BENCH_JAR:-$ADAMANT_CLI_JAR}"
[[ -f "$ADAMANT_CLI_JAR" ]] || die "no CLI jar at $ADAMANT_CLI_JAR: build it first (./adamant validate builds it)"
if [[ -n "${ADAMANT_BENCH_JAVA_OPTS+set}" ]]; then
  read -r -a ADAMANT_JAVA_OPTS <<<"$ADAMANT_BENCH_JAVA_OPTS"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/adamant-scale.XXXXXX")"
[[ "${ADAMANT_BENCH_KEEP:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT

# run LABEL CMD...: one timed run; appends "wall cpu rss_kb status" to $work/LABEL.runs
run() {
  local label="$1"; shift
  local status=0
  /usr/bin/time -v -o "$work/time.txt" "$@" >"$work/out.txt" 2>&1 || status=$?
  awk -v s="$status" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
    /User time/ { u = $2 } /System time/ { y = $2 } /Maximum resident/ { m = $2 }
    END { printf "%.2f %.2f %d %d\n", w, u + y, m, s }' "$work/time.txt" >>"$work/$label.runs"
}

# median LABEL COLUMN: the median of one column of LABEL's runs
median() {
  cut -d' ' -f"$2" "$work/$1.runs" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
  "$(awk '/^MemTotal/ { printf "%.0f", $2 / 1024 / 1024 }' /proc/meminfo) GB"
echo "java: $(java -version 2>&1 | head -1); options: ${ADAMANT_JAVA_OPTS[*]:-(none)}"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); median of $runs runs"
printf '%7s  %-8s  %7s  %7s  %8s  %6s  %s\n' N verb "wall s" "cpu s" "RSS MB" files result
for n in "${sizes[@]}"; do
  model="$work/n$n/scale$n.adamant"
  mkdir -p "$work/n$n"
  python3 "$here/synth_model.py" "$n" "$model" "$ADAMANT_ROOT/profiles/transports.adamant"
  for verb in validate generate; do
    label="$n-$verb"
    for ((i = 0; i < runs; i++)); do
      rm -rf "$work/n$n/out"
      if [[ "$verb" == validate ]]; then
        run "$label" java "${ADAMANT_JAVA_OPTS[@]}" -jar "$ADAMANT_CLI_JAR" validate "$model"
      else
        run "$label" java "${ADAMANT_JAVA_OPTS[@]}" -jar "$ADAMANT_CLI_JAR" generate "$model" -o "$work/n$n/out"
      fi
    done
    files=-
    [[ "$verb" == generate && -d "$work/n$n/out" ]] && files="$(find "$work/n$n/out" -type f | wc -l)"
    result="$(tail -n 1 "$work/out.txt")"; result="${result//$work\//}"
    [[ "$(median "$label" 4)" == 0 ]] || result="FAILED (exit $(median "$label" 4)): $result"
    printf '%7s  %-8s  %7s  %7s  %8s  %6s  %s\n' "$n" "$verb" "$(median "$label" 1)" "$(median "$label" 2)" \
      "$(( $(median "$label" 3) / 1024 ))" "$files" "$result"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
