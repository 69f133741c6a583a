#!/usr/bin/env bash
# Scale benchmark: synthetic models of N topics (synth_model.py), each run as a user runs it, JVM start
# included, under /usr/bin/time -v:
#   generate  `adamant generate MODEL -o DIR`: loads, validates (an error stops it) and generates,
#             so this one run is "validate + generate" (the targets in docs/scale.md);
#   validate  `adamant validate MODEL` alone.
# Through the launcher (./adamant) when its CLI build is current, so its checks are timed too;
# otherwise with the launcher's own Java command (adamant_cli: ADAMANT_JAVA_OPTS and the class
# archive, built before the timed runs). Prints the machine, then per N and verb the median of RUNS
# runs: wall and CPU seconds (user + system), the largest max RSS, the files written, and the load
# average (1 minute) before the first and after the last run; then each target, met or not, in wall
# and in CPU time. The machine's load decides the wall times: read them beside their load.
#
# usage: tools/scale/scale-bench.sh [N...]          (default: 1000 5000)
# environment: RUNS (default 3); ADAMANT_BENCH_JAVA_OPTS replaces the launcher's JVM options and
# ADAMANT_BENCH_JAR the CLI jar (both run java directly; to compare flags or an older build);
# ADAMANT_BENCH_CDS=0 runs without the class archive; ADAMANT_BENCH_KEEP=1 keeps the work dir.
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

# The command timed: the launcher when nothing is overridden and its build is current (it would
# start no Maven build), else java with the launcher's options.
launcher=0
if [[ -z "${ADAMANT_BENCH_JAR:-}${ADAMANT_BENCH_JAVA_OPTS+set}" && "${ADAMANT_BENCH_CDS:-1}" == 1 \
      && -f "$ADAMANT_LS_JAR" ]] \
   && ! adamant_stale "$ADAMANT_STATE/cli.stamp" "$(adamant_inputs_hash "${ADAMANT_CLI_INPUTS[@]}")"; then
  launcher=1
fi
cds_start=$SECONDS
adamant_cds_opts   # builds the jar's class archive now, outside the timed runs
[[ "${ADAMANT_BENCH_CDS:-1}" == 1 ]] || ADAMANT_CDS_OPTS=()
cds_seconds=$((SECONDS - cds_start))

work="$(mktemp -d "${TMPDIR:-/tmp}/adamant-scale.XXXXXX")"
[[ "${ADAMANT_BENCH_KEEP:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT

load1() { cut -d' ' -f1 /proc/loadavg; }

# run LABEL VERB ARGS...: one timed run of the CLI; appends "wall cpu rss_kb status" to $work/LABEL.runs
run() {
  local label="$1" status=0
  shift
  local cmd=(java "${ADAMANT_JAVA_OPTS[@]}" "${ADAMANT_CDS_OPTS[@]}" -jar "$ADAMANT_CLI_JAR")
  [[ $launcher == 1 ]] && cmd=("$ADAMANT_ROOT/adamant")
  /usr/bin/time -v -o "$work/time.txt" "${cmd[@]}" "$@" >"$work/out.txt" 2>&1 || status=$?
  awk -v s="$status" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
    /User time/ { u = $2 } /System time/ { y = $2 } /Maximum resident/ { m = $2 }
    END { printf "%.2f %.2f %d %d\n", w, u + y, m, s }' "$work/time.txt" >>"$work/$label.runs"
}

# median LABEL COLUMN: the median of one column of LABEL's runs; largest LABEL COLUMN: its maximum
median() {
  cut -d' ' -f"$2" "$work/$1.runs" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
largest() { cut -d' ' -f"$2" "$work/$1.runs" | sort -g | tail -n 1; }
# met VALUE LIMIT: whether VALUE is under LIMIT
met() { awk -v v="$1" -v l="$2" 'BEGIN { print (v < l ? "met" : "NOT met") }'; }

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
  "$(awk '/^MemTotal/ { printf "%.0f", $2 / 1024 / 1024 }' /proc/meminfo) GB"
echo "java: $(java -version 2>&1 | head -1); options: ${ADAMANT_JAVA_OPTS[*]:-(none)}"
if [[ ${#ADAMANT_CDS_OPTS[@]} -gt 0 ]]; then
  echo "class archive: ${ADAMANT_CDS_OPTS[1]#*=} (ready in ${cds_seconds} s)"
else
  echo "class archive: none"
fi
if [[ $launcher == 1 ]]; then
  echo "command: ./adamant VERB ..."
else
  echo "command: java ... -jar $ADAMANT_CLI_JAR VERB ... (the launcher's build is not current: run ./adamant once)"
  # what ./adamant adds before java when its build is current: package checks, the inputs' hash, the archive's name
  /usr/bin/time -f '%e %U %S' -o "$work/time.txt" bash -c 'source "$1"; ADAMANT_CLI_JAR="$2"; adamant_ensure_packages
    adamant_stale "$ADAMANT_STATE/cli.stamp" "$(adamant_inputs_hash "${ADAMANT_CLI_INPUTS[@]}")"; adamant_cds_opts' \
    _ "$ADAMANT_ROOT/adamant" "$ADAMANT_CLI_JAR" >/dev/null 2>&1 || true
  awk '{ printf "launcher checks (not in the rows below): %.2f s wall, %.2f s CPU\n", $1, $2 + $3 }' "$work/time.txt"
fi
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); median of $runs runs"
printf '%7s  %-8s  %7s  %7s  %8s  %6s  %11s  %s\n' N verb "wall s" "cpu s" "RSS MB" files "load 1-min" result
verdicts=()
for n in "${sizes[@]}"; do
  model="$work/n$n/scale$n.adamant"
  mkdir -p "$work/n$n"
  python3 "$here/synth_model.py" "$n" "$model" "$ADAMANT_ROOT/profiles/transports.adamant"
  for verb in validate generate; do
    label="$n-$verb"
    before="$(load1)"
    for ((i = 0; i < runs; i++)); do
      rm -rf "$work/n$n/out"
      if [[ "$verb" == validate ]]; then
        run "$label" validate "$model"
      else
        run "$label" generate "$model" -o "$work/n$n/out"
      fi
    done
    files=-
    [[ "$verb" == generate && -d "$work/n$n/out" ]] && files="$(find "$work/n$n/out" -type f | wc -l)"
    result="$(tail -n 1 "$work/out.txt")"; result="${result//$work\//}"
    [[ "$(median "$label" 4)" == 0 ]] || result="FAILED (exit $(median "$label" 4)): $result"
    wall="$(median "$label" 1)" cpu="$(median "$label" 2)" rss=$(( $(largest "$label" 3) / 1024 ))
    printf '%7s  %-8s  %7s  %7s  %8s  %6s  %5s %5s  %s\n' "$n" "$verb" "$wall" "$cpu" "$rss" "$files" \
      "$before" "$(load1)" "$result"
    if [[ "$verb" == generate ]]; then
      # the issue's targets: 1,000 topics in 5 s; 5,000 topics in 15 s and 512 MB (others: none)
      case "$n" in 1000) limit=5 mem=0 ;; 5000) limit=15 mem=512 ;; *) continue ;; esac
      verdict="$n topics, validate + generate (one generate run) under $limit s: wall $wall s $(met "$wall" "$limit")"
      verdict+=" at load $before-$(load1); CPU $cpu s $(met "$cpu" "$limit")"
      [[ $mem == 0 ]] || verdict+="; max RSS $rss MB under $mem MB: $(met "$rss" "$mem")"
      verdicts+=("$verdict")
    fi
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
for v in "${verdicts[@]}"; do echo "target: $v"; done
