# `adamant bench --target opendds` (sourced by ./adamant): the model's OpenDDS benches, generated,
# built against the OpenDDS that adamant_opendds_env finds (and the runtime with its ant_* plugin),
# and run point by point as real processes inside a private network namespace into the same rows,
# summaries and records as the native benches (tools/bench/opendds_points.py).

# The runtime with its OpenDDS part: ADAMANT_OPENDDS_RUNTIME (an installed prefix) when set, as for
# tests/e2e/opendds.sh; else built and installed into .adamant/runtime-opendds when its sources changed.
opendds_runtime_prefix() { printf '%s\n' "${ADAMANT_OPENDDS_RUNTIME:-$ADAMANT_STATE/runtime-opendds}"; }

opendds_ensure_runtime() {
  [[ -z "${ADAMANT_OPENDDS_RUNTIME:-}" ]] || return 0
  local stamp="$ADAMANT_STATE/runtime-opendds.stamp" inputs build="$ADAMANT_STATE/build/runtime-opendds"
  inputs="$(adamant_inputs_hash "${ADAMANT_RUNTIME_INPUTS[@]}")"
  if [[ -f "$ADAMANT_STATE/runtime-opendds/lib/cmake/Adamant/AdamantConfig.cmake" ]] && ! adamant_stale "$stamp" "$inputs"; then
    return 0
  fi
  mkdir -p "$ADAMANT_LOGS"
  say "building the C++ runtime with its OpenDDS plugin (log: $ADAMANT_LOGS/runtime-opendds.log)"
  if ! { cmake -S "$ADAMANT_ROOT/runtime" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
           -DADAMANT_OPENDDS=ON -DADAMANT_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$ADAMANT_STATE/runtime-opendds" \
         && cmake --build "$build" && cmake --install "$build"; } >"$ADAMANT_LOGS/runtime-opendds.log" 2>&1; then
    tail -30 "$ADAMANT_LOGS/runtime-opendds.log" >&2
    die "the runtime's OpenDDS build failed (log: $ADAMANT_LOGS/runtime-opendds.log)"
  fi
  adamant_mark_built "$stamp" "$inputs"
}

# opendds_bench_prepare MODEL OUT "EXPERIMENT...": refuses clearly without OpenDDS; generates MODEL's
# OpenDDS target into OUT/generated-opendds and builds the experiments' benches into OUT/build/opendds
# (only those: each of the model's applications is a TAO compile of its own).
opendds_bench_prepare() {
  local model="$1" out="$2" experiments="$3" env dds version e targets=()
  env="$(adamant_opendds_env)" || die "--target opendds: OpenDDS was not found. Set ADAMANT_OPENDDS_ENV to an OpenDDS env script (one that exports DDS_ROOT), or put a prebuilt OpenDDS archive (opendds-*.tar.xz) in ../shared/opendds/ beside the checkout (docs/opendds.md)"
  # shellcheck disable=SC1090
  source "$env"
  dds="${DDS_ROOT:-${OpenDDS_ROOT:-}}"
  [[ -n "$dds" && -f "$dds/cmake/OpenDDSConfig.cmake" ]] \
    || die "--target opendds: $env sets no DDS_ROOT with a CMake package (cmake/OpenDDSConfig.cmake)"
  # the release names the file VERSION.txt or VERSION: sed fails on the one that is absent
  version="$(sed -n 's/.*OpenDDS version \([0-9]*\.[0-9]*\).*/\1/p' "$dds/VERSION.txt" "$dds/VERSION" 2>/dev/null | head -1 || true)"
  adamant_ensure_packages
  adamant_ensure_cli
  adamant_ensure_plot
  opendds_ensure_runtime
  mkdir -p "$out/build"
  say "generating $model (OpenDDS ${version:-current}) into $out/generated-opendds"
  rm -rf "$out/generated-opendds.next"
  adamant_cli generate "$model" -o "$out/generated-opendds.next" --target opendds ${version:+--opendds-version "$version"} | tail -n 1
  if diff -rq "$out/generated-opendds.next" "$out/generated-opendds" >/dev/null 2>&1; then
    rm -rf "$out/generated-opendds.next"
  else
    rm -rf "$out/generated-opendds" && mv "$out/generated-opendds.next" "$out/generated-opendds"
  fi
  say "building $out/generated-opendds/opendds ($experiments)"
  for e in $experiments; do  # an experiment without a bench is refused by opendds_bench_run, saying why
    grep -q "^add_executable(${e}_bench " "$out/generated-opendds/opendds/CMakeLists.txt" && targets+=(--target "${e}_bench")
  done
  local build="$out/build/opendds"
  cmake -S "$out/generated-opendds/opendds" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_PREFIX_PATH="$dds;$(opendds_runtime_prefix)" >"$build.log" 2>&1 \
    && cmake --build "$build" "${targets[@]}" >>"$build.log" 2>&1 \
    || { tail -40 "$build.log" >&2; die "building the generated OpenDDS project failed (log: $build.log)"; }
  adamant_cli validate --explain --format json "$model" >"$out/predictions.json.tmp" \
    && mv -f "$out/predictions.json.tmp" "$out/predictions.json"
}

# opendds_bench_run MODEL OUT "EXPERIMENT..." [tools/bench/adamant_bench.py options...]: each point
# in a private network namespace, or on a testbed when the options give its --wrap (the last wins).
opendds_bench_run() {
  local model="$1" out="$2" experiments="$3"; shift 3
  local args=() e bench
  for e in $experiments; do
    bench="$out/build/opendds/${e}_bench"
    [[ -x "$bench" ]] || die "experiment '$e' has no OpenDDS benchmark (see $out/generated-opendds/opendds/CMakeLists.txt for why)"
    args+=(--experiment "$e=$bench")
  done
  ADAMANT_VERSION_LINE="$(adamant_cli --version 2>/dev/null | head -1)" \
  "$ADAMANT_VENV/bin/python" "$ADAMANT_ROOT/tools/bench/adamant_bench.py" "${args[@]}" --mode real --target opendds \
    --out "$out" --model "$model" --wrap "$ADAMANT_ROOT/runtime/tools/adamant-netns" \
    --step "adamant generate $model -o $out/generated-opendds --target opendds" \
    --step "cmake -S $out/generated-opendds/opendds -B $out/build/opendds -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo" \
    "$@"
}
