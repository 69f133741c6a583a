# `./adamant demo` (sourced by ./adamant): the thin end-to-end path on a model, its point over the
# catalog's transports with their catalog parameters and over the peer libraries, and the report.

demo_usage() {
  cat <<'EOF'
Usage: ./adamant demo [--model FILE] [--experiment NAME] [--out DIR] [--updates N]

Runs the thin end-to-end path on a model (default examples/sar/sar.adamant):
  1. validates it and generates its code into DIR/generated (default DIR: build/<model name>),
  2. builds the native target against the ADAMANT runtime with CMake,
  3. runs one experiment of the model, by default its first (for sar: nakcast_smoke, 1 writer
     and 3 reader processes on loopback multicast inside a private network namespace, 1 % loss
     injected at each reader, 2,000 updates of 12 bytes at 100 Hz over NAKcast),
  4. runs the same point over the catalog's native transports (baseline, nakcast, ricochet, fec),
     each with its parameters in profiles/transports.adamant (the experiment's own row, for sar
     nakcast with the study's fixed 50 ms NAK timeout, stays as a row of its own), and over the
     peer libraries NRL NORM and OpenPGM (ant-peer-bench, those the runtime has),
  5. writes DIR/<experiment>.csv and the report comparing them side by side, DIR/report.html
     (see ./adamant report --help), and prints where they are.

Options:
  --model FILE   the model to run (default: examples/sar/sar.adamant)
  --experiment NAME
                 the experiment to run (default: the first one in the model; sar's second,
                 rtesp_isislab_sweep, is the full RT-ESP sweep and takes days in real time:
                 ./adamant bench runs it in the simulator)
  --out DIR      where to generate, build and write results (default: build/<model name>)
  --updates N    override the experiment's number of updates (for a quicker look)
  -h, --help     this text
EOF
}

# The catalog's native transports the demo compares at its point (with the catalog's parameters:
# nakcast is nak_timeout auto), besides the experiment's own (sar: nakcast_50ms, the study's
# timeout), and the peer libraries (ant-peer-bench --library) it compares them with.
ADAMANT_DEMO_TRANSPORTS=(baseline nakcast ricochet fec)
ADAMANT_DEMO_PEERS=(norm pgm)

verb_demo() {
  local model="$ADAMANT_ROOT/examples/sar/sar.adamant" out="" updates="" experiment=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --model) model="${2:?--model needs a file}"; shift 2 ;;
      --experiment) experiment="${2:?--experiment needs a name}"; shift 2 ;;
      --out) out="${2:?--out needs a directory}"; shift 2 ;;
      --updates) updates="${2:?--updates needs a number}"; shift 2 ;;
      -h|--help) demo_usage; return 0 ;;
      -V|--version) print_version; return 0 ;;
      *) die "unknown demo option '$1' (see ./adamant demo --help)" ;;
    esac
  done
  [[ -f "$model" ]] || die "no such model file: $model"
  [[ -z "$updates" || "$updates" =~ ^[1-9][0-9]*$ ]] || die "--updates takes a positive whole number, not '$updates'"
  model="$(cd "$(dirname "$model")" && pwd)/$(basename "$model")"
  local name; name="$(basename "$model" .adamant)"
  if [[ -z "$experiment" ]]; then
    experiment="$(model_experiments "$model" | head -1)"
    [[ -n "$experiment" ]] || die "$model has no experiment to run"
  fi
  out="${out:-$ADAMANT_ROOT/build/$name}"

  say "1/4 validating $model, generating and building it"
  bench_prepare "$model" "$out"
  local bench="$out/build/native/${experiment}_bench"
  [[ -x "$bench" ]] || die "experiment '$experiment' has no native benchmark (see $out/generated/native/CMakeLists.txt for why)"
  # a fresh measurement each time: the demo does not resume
  rm -rf "$out/$experiment".*csv "$out/runs" "$out/results.csv" "$out/plots"
  local more=(); [[ -z "$updates" ]] || more=(--bench-arg=--updates "--bench-arg=$updates")
  say "2/4 running experiment $experiment (multicast inside a private network namespace)"
  bench_run "$model" "$out" real "$experiment" "${more[@]}"
  local t a cat
  say "3/4 the same point over the catalog's transports, each with its catalog parameters"
  for t in "${ADAMANT_DEMO_TRANSPORTS[@]}"; do
    # a point already measured (the experiment's own transport, same parameters) is skipped by resume
    cat=(); while read -r a; do cat+=("--bench-arg=$a"); done \
      < <(python3 "$ADAMANT_ROOT/tools/bench/catalog_args.py" "$ADAMANT_ROOT/profiles/transports.adamant" \
            "$ADAMANT_ROOT/runtime/contract/contract.json" "$t" || die "the catalog has no runtime transport '$t'")
    bench_run "$model" "$out" real "$experiment" "${more[@]}" "${cat[@]}"
  done
  demo_peers "$bench" "$out" "$experiment" "${more[@]}"
  say "4/4 the report"
  adamant_report "$out" -o "$out/report.html" --title "ADAMANT demo: $experiment, the catalog's transports side by side"
  echo
  echo "Results: $out/$experiment.csv"
  # the headline columns and transport_params (which tells the nakcast rows apart)
  cut -d, -f1-4,6-9,11,13,16,24 "$out/$experiment.csv" | column -s, -t 2>/dev/null || cat "$out/$experiment.csv"
  echo
  echo "Report: $out/report.html"
}

# demo_peers BENCH OUT EXPERIMENT [--bench-arg=...]: the experiment's first point over each peer
# library of ADAMANT_DEMO_PEERS that ant-peer-bench has (same readers, loss, rate and updates,
# 12-byte payloads), its rows added to the experiment's results; a missing one is skipped (said).
demo_peers() {
  local bench="$1" out="$2" experiment="$3"; shift 3
  local peer="$ADAMANT_RUNTIME_PREFIX/bin/ant-peer-bench" args=() a lib have
  [[ -x "$peer" ]] || { say "peers: ant-peer-bench not built (libnorm-dev, libpgm-dev missing): no peer comparison"; return 0; }
  for a in "$@"; do args+=("${a#--bench-arg=}"); done
  local point; point="$("$bench" --mode real "${args[@]}" --list-points | sed -n 2p)"
  local receivers loss rate updates
  IFS=, read -r _ _ _ receivers loss rate _ updates _ <<<"$point"
  have=" $("$peer" --list-libraries | tr '\n' ' ') "
  for lib in "${ADAMANT_DEMO_PEERS[@]}"; do
    [[ "$have" == *" $lib "* ]] || { say "$lib: not in ant-peer-bench (its library was not found at build time): skipped"; continue; }
    say "$lib (ant-peer-bench): $receivers readers, $loss % loss, $rate Hz, $updates updates of 12 bytes"
    rm -f "$out/$lib.tmp.csv"
    if adamant_in_netns "$peer" --library "$lib" --receivers "$receivers" --loss "$loss" --rate "$rate" \
         --updates "$updates" --csv "$out/$lib.tmp.csv" >"$out/logs/$lib.log" 2>&1 \
       && [[ "$(head -1 "$out/$lib.tmp.csv")" == "$(head -1 "$out/$experiment.csv")" ]]; then
      tail -n +2 "$out/$lib.tmp.csv" >>"$out/$experiment.csv"
    else
      say "$lib: ant-peer-bench failed (log: $out/logs/$lib.log): no $lib comparison"
    fi
    rm -f "$out/$lib.tmp.csv"
  done
}
