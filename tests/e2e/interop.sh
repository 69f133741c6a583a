#!/usr/bin/env bash
# End-to-end (label: interop): RTPS interoperability of the generated OpenDDS applications with
# Eclipse Cyclone DDS and eProsima Fast DDS (docs/opendds.md, "RTPS interoperability").
#   Generates the OpenDDS 3.13 target of tests/e2e/interop/interop.adamant (the SAR flow, QoS profile
#   InteropScanQos, both applications `interop cyclonedds, fastdds`), builds its writer (uav_gateway)
#   and reader (fusion_center) with find_package(OpenDDS), builds the foreign peers of
#   tests/e2e/interop/ from the generated IDL (idlc, fastddsgen) with the profile's QoS, and runs,
#   each pair alone in a private network namespace, the receiving side started first:
#     OpenDDS writer -> Cyclone DDS reader, OpenDDS writer -> Fast DDS reader,
#     Cyclone DDS writer -> OpenDDS reader, Fast DDS writer -> OpenDDS reader,
#   counting at the reader which of the 200 samples (sequence numbers in `cell`) arrived.
#   Also: the model (whole-second deadline) validates without a mixed-vendor-duration warning, and a
#   50 ms deadline in it draws one on both applications.
# SKIP when there is no OpenDDS at all (the launcher's adamant_opendds_env finds none).
# Prints PASS:/FAIL:/SKIP: lines and the time it took.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

started=$SECONDS
finish() { echo "   interop.sh took $((SECONDS - started)) s"; }
skip() { echo "SKIP: interop: $*"; finish; exit 0; }

model="$ADAMANT_ROOT/tests/e2e/interop/interop.adamant"
samples=200

env_script="$(adamant_opendds_env)" || skip "no OpenDDS (set ADAMANT_OPENDDS_ENV, or put the archive in shared/opendds/); nothing ran"
# shellcheck disable=SC1090
source "$env_script"
dds="${DDS_ROOT:-}"
[[ -n "$dds" && -f "$dds/cmake/OpenDDSConfig.cmake" ]] || { echo "FAIL: $env_script gives no OpenDDS CMake package"; finish; exit 1; }
version="$(sed -n 's/.*OpenDDS version \([0-9]*\.[0-9]*\).*/\1/p' "$dds/VERSION.txt" "$dds/VERSION" 2>/dev/null | head -1)"
[[ -n "$version" ]] || version=current
echo "   OpenDDS $version at $dds"

# The vendors' packages are entries of the launcher's ADAMANT_PACKAGES: installed here when missing
# (as root), or named with the apt-get line to run.
vendor_packages=" cyclonedds-dev cyclonedds-tools libfastrtps-dev fastddsgen "
missing=()
for entry in "${ADAMANT_PACKAGES[@]}"; do
  probe="${entry%%:*}"; pkg="${entry#*:}"
  [[ "$vendor_packages" == *" $pkg "* ]] || continue
  if [[ "$probe" == /* ]]; then [[ -e "$probe" ]] || missing+=("$pkg")
  else command -v "$probe" >/dev/null 2>&1 || missing+=("$pkg"); fi
done
if ! ( adamant_install_packages "${missing[@]}" ); then
  echo "FAIL: the Cyclone DDS / Fast DDS packages are missing: ${missing[*]}"; finish; exit 1
fi

# --- the model: whole-second durations validate clean; a sub-second one on its mixed-vendor link warns
adamant_cli validate "$model" >"$work/validate.out" 2>&1
check "interop.adamant validates without errors or mixed-vendor-duration warnings" \
  bash -c "! grep -q 'error:\|mixed-vendor-duration' '$work/validate.out'"
sed 's/deadline 1 s/deadline 50 ms/' "$model" >"$work/interop50.adamant"
sed -i "s|\"../../../profiles/|\"$ADAMANT_ROOT/profiles/|" "$work/interop50.adamant"
adamant_cli validate "$work/interop50.adamant" >"$work/validate50.out" 2>&1
grep -m1 'mixed-vendor-duration' "$work/validate50.out" | sed 's/^/   /' | cut -c1-240
check "with deadline 50 ms both applications get the mixed-vendor-duration warning" \
  test "$(grep -c 'warning: \[adamant.mixed-vendor-duration\]' "$work/validate50.out")" -eq 2

# --- build: the generated OpenDDS applications, then the foreign peers from the generated IDL
# The generated applications run on the runtime's OpenDDS part (Adamant::opendds_app).
e2e_opendds_runtime || { finish; exit 1; }
adamant_cli generate "$model" -o "$work/gen" --target opendds --opendds-version "$version" >/dev/null 2>&1
check "generate the OpenDDS $version project of interop.adamant" test -f "$work/gen/opendds/interop.idl"
if ! { cmake -S "$work/gen/opendds" -B "$work/odds" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
         -DCMAKE_PREFIX_PATH="$dds;$e2e_runtime_prefix" >"$work/odds.log" 2>&1 \
       && nice -n 10 cmake --build "$work/odds" -j2 --target uav_gateway fusion_center >>"$work/odds.log" 2>&1; }; then
  tail -30 "$work/odds.log"
  echo "FAIL: the generated OpenDDS applications build"; finish; exit 1
fi
echo "PASS: the generated OpenDDS applications build (uav_gateway, fusion_center; $((SECONDS - started)) s so far)"
if ! { cmake -S "$ADAMANT_ROOT/tests/e2e/interop" -B "$work/peers" -G Ninja \
         -DADAMANT_INTEROP_IDL="$work/gen/opendds/interop.idl" >"$work/peers.log" 2>&1 \
       && nice -n 10 cmake --build "$work/peers" -j2 >>"$work/peers.log" 2>&1; }; then
  tail -30 "$work/peers.log"
  echo "FAIL: the Cyclone DDS and Fast DDS peers build from the generated IDL"; finish; exit 1
fi
for peer in cyclone_writer cyclone_reader fastdds_writer fastdds_reader; do
  [[ -x "$work/peers/$peer" ]] || { grep -i 'not found' "$work/peers.log"; echo "FAIL: peer $peer was not built"; finish; exit 1; }
done
echo "PASS: the Cyclone DDS and Fast DDS peers build from the generated IDL (idlc, fastddsgen; $((SECONDS - started)) s so far)"

# --- the peers' QoS: what the generated code applies to a DataWriter of profile InteropScanQos
# (interopQos.h), as peer options
qos_args="$(python3 - "$work/gen/opendds/interopQos.h" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
body = re.search(r"apply_InteropScanQos\(DDS::DataWriterQos& qos\) \{(.*?)\n\}", text, re.S).group(1)
def value(field):
    m = re.search(r"qos\." + re.escape(field) + r" = ([^;]+);", body)
    return m.group(1) if m else None
def seconds(field):
    sec, nsec = value(field + ".sec"), value(field + ".nanosec")
    return None if sec is None else int(sec) + int(nsec or 0) / 1e9
args = ["--reliability", "reliable" if value("reliability.kind") == "DDS::RELIABLE_RELIABILITY_QOS" else "best_effort",
        "--durability", "transient_local" if value("durability.kind") == "DDS::TRANSIENT_LOCAL_DURABILITY_QOS" else "volatile"]
if seconds("reliability.max_blocking_time") is not None:
    args += ["--max-blocking", "%g" % seconds("reliability.max_blocking_time")]
if value("history.kind") == "DDS::KEEP_ALL_HISTORY_QOS":
    args += ["--history", "keep_all"]
elif value("history.depth"):
    args += ["--history", "keep_last", "--depth", value("history.depth")]
if seconds("deadline.period") is not None:
    args += ["--deadline", "%g" % seconds("deadline.period")]
print(" ".join(args))
PY
)"
echo "   peer QoS (InteropScanQos from interopQos.h): $qos_args"
check "the peers' QoS is derived from the generated profile" grep -q -- '--deadline 1' <<<"$qos_args"

# Runs one pair in its own network namespace: the receiving side first, the sending side 0.5 s
# later. $1 = reader command, $2 = writer command (strings); output in $work/pair.{reader,writer}.
run_pair() {
  cat >"$work/pair.sh" <<PAIR
ip link set lo multicast on   # Cyclone DDS uses multicast only on interfaces that say they have it
cd "$work/odds"
timeout 90 $1 >"$work/pair.reader" 2>&1 &
reader=\$!
sleep 0.5
timeout 90 $2 >"$work/pair.writer" 2>&1
wait "\$reader"
PAIR
  adamant_in_netns bash "$work/pair.sh"
}

# Prints "distinct missing-at-start duplicates" for the OpenDDS reader's output (--print shows every
# sample; cells 0..N-1 expected; missing-at-start counts the cells missing before the first received).
opendds_received() {
  python3 - "$work/pair.reader" "$samples" <<'PY'
import re, sys
cells = [int(c) for c in re.findall(r"cell=(\d+)", open(sys.argv[1]).read())]
n = int(sys.argv[2])
first = next((i for i in range(n) if i in set(cells)), n)
print(len(set(c for c in cells if c < n)), first, len(cells) - len(set(cells)))
PY
}

odds_writer="./uav_gateway -DCPSConfigFile interop.ini --count $samples --seconds 60 --readers 1"
odds_reader="./fusion_center -DCPSConfigFile interop.ini --count $samples --seconds 60 --print $samples"
peer_opts="--topic InfraredScan $qos_args"

for vendor in cyclone fastdds; do
  name="$([[ $vendor == cyclone ]] && echo "Cyclone DDS" || echo "Fast DDS")"

  run_pair "$work/peers/${vendor}_reader $peer_opts --count $samples --seconds 60" "$odds_writer"
  sed 's/^/   /' "$work/pair.reader"
  got="$(grep -o 'received [0-9]* of' "$work/pair.reader" | awk '{print $2}')"
  check "interop rtps_udp OpenDDS writer -> $name reader: ${got:-0} of $samples samples" \
    grep -q "received $samples of $samples samples (.* 0 duplicates, first 0 missing" "$work/pair.reader"

  run_pair "$odds_reader" "$work/peers/${vendor}_writer $peer_opts --count $samples --rate 100 --readers 1"
  grep -h 'handshake\|wrote' "$work/pair.writer" | sed 's/^/   /'
  read -r got first dup <<<"$(opendds_received)"
  echo "   fusion_center (OpenDDS): $got of $samples distinct samples, first $first missing, $dup duplicates"
  check "interop rtps_udp $name writer -> OpenDDS reader: $got of $samples samples" \
    test "${got:-0}" -eq "$samples" -a "${dup:-1}" -eq 0
done

finish
