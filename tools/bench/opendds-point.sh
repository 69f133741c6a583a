#!/usr/bin/env bash
# opendds-point.sh DIR INI BENCH ARGS...: runs one point of a generated OpenDDS bench in DIR (its build
# directory), with a DCPSInfoRepo started first when INI discovers through one (DEFAULT_REPO: the
# multicast transport does not work with RTPS discovery) and stopped after. Run inside the private
# network namespace, or on a testbed's writer host (tools/testbed: ARGS then hold `--iface ADDR`, the
# address the InfoRepo listens on, so that the reader hosts reach it); `--list-points` only lists.
set -u
dir="$1" ini="$2"; shift 2
cd "$dir" || exit 1
listen=127.0.0.1 list=0 prev=""
for a in "$@"; do
  [[ "$prev" == --iface ]] && listen="$a"
  [[ "$a" == --list-points ]] && list=1
  prev="$a"
done
repo_pid=""
if (( ! list )) && grep -q '^DCPSDefaultDiscovery=DEFAULT_REPO' "$ini"; then
  rm -f repo.ior
  DCPSInfoRepo -o repo.ior -ORBListenEndpoints "iiop://$listen:0" >inforepo.out 2>&1 &
  repo_pid=$!
  for _ in $(seq 100); do [[ -s repo.ior ]] && break; sleep 0.1; done
fi
"$@"; rc=$?
if [[ -n "$repo_pid" ]]; then kill "$repo_pid" 2>/dev/null; wait "$repo_pid" 2>/dev/null; fi
exit $rc
