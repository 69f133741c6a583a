# Sourced by run_probe.sh and run_priority.sh: runs the probe's readers and writer in a fresh
# temporary directory (removed on exit), which becomes the current directory.
#   reader_args=(...) writer_args=(...)   # the role-specific options
#   probe_run PROBE INI READERS           # readers 0..READERS-1, then the writer; waits for all
# On success prints writer.out and every reader's line; on failure says which process failed.
probe_dir=$(mktemp -d)
trap 'rm -rf "$probe_dir"' EXIT
cd "$probe_dir"

probe_run() {
  local probe=$1 ini=$2 readers=$3 i status=0
  local pids=()
  for ((i = 0; i < readers; i++)); do
    "$probe" -DCPSConfigFile "$ini" --role reader "${reader_args[@]}" --index "$i" --timeout 60 \
      > "reader$i.out" 2> "reader$i.err" &
    pids+=($!)
  done
  "$probe" -DCPSConfigFile "$ini" --role writer "${writer_args[@]}" --readers "$readers" --timeout 60 \
    > writer.out 2> writer.err || {
    echo "FAIL: writer exited with $?"; cat writer.err; kill "${pids[@]}" 2>/dev/null || true; return 1; }
  for ((i = 0; i < readers; i++)); do
    wait "${pids[$i]}" || { echo "FAIL: reader $i exited with an error"; cat "reader$i.err"; status=1; }
  done
  [ $status -eq 0 ] || return 1
  cat writer.out reader*.out
}
