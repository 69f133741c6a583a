#!/usr/bin/env bash
# End-to-end (label: opendds): `adamant export-qos` files load in OpenDDS's own DDS-XML QoS loader,
# QOS_XML_Loader of OpenDDS 3.13.3's OpenDDS_QOS_XML_XSC_Handler. The prebuilt OpenDDS the tests use
# was built without Xerces and lacks that library, so tests/e2e/ddsxml/opendds builds it (with ACE
# 6.2.2's XML_Utils and the checker opendds-qos-dump) from the upstream sources listed in its
# sources.sha256, against Xerces-C and the prebuilt OpenDDS, once per sources/OpenDDS into
# ~/.cache/adamant. Those sources are not downloadable by apt, pip, Maven or npm: they are looked for
# in ADAMANT_OPENDDS_QOSXML_SOURCES, else ~/.cache/adamant/opendds-qosxml-src (docs/dds-xml.md says
# how to fill it); without them, or without OpenDDS or Xerces-C, one SKIP line says which is missing.
# For every profile and entity QoS of the exported files, the QoS OpenDDS reads must equal the
# policies the file states, unstated ones keep OpenDDS's defaults, and for every-policy and rtesp the
# policies equal what the model says (tests/e2e/ddsxml/opendds_qos_check.py, *.expected.json). The
# --library shape is refused by OpenDDS (checked), and a changed file is caught (checked).
# Prints PASS:/FAIL:/SKIP: lines. About 10 s of CPU with the build cached (3 CLI runs); the first
# build about 35 s of CPU.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"
skip() { echo "SKIP: ddsxml-opendds: $*"; }

if ! e2e_find_opendds; then
  skip "no OpenDDS (no ADAMANT_OPENDDS_ENV, no archive in shared/opendds/, no DDS_ROOT); OpenDDS's QoS loader did not run"
  exit 0
fi
if [[ ! -e /usr/include/xercesc/util/XercesVersion.hpp ]]; then
  skip "no Xerces-C headers (Debian: libxerces-c-dev, installed by ./adamant); OpenDDS's QoS loader did not run"
  exit 0
fi
here="$ADAMANT_ROOT/tests/e2e/ddsxml"  # after OpenDDS's env.sh, which unsets its own "here"
src="${ADAMANT_OPENDDS_QOSXML_SOURCES:-$ADAMANT_CACHE/opendds-qosxml-src}"
if ! (cd "$src" 2>/dev/null && sha256sum --quiet --strict -c "$here/opendds/sources.sha256") >"$work/sources.log" 2>&1; then
  skip "no upstream sources of OpenDDS 3.13.3's QOS_XML_Handler and ACE 6.2.2's XML_Utils in $src (the files of tests/e2e/ddsxml/opendds/sources.sha256; no package registry has them, see docs/dds-xml.md); OpenDDS's QoS loader did not run"
  exit 0
fi

# --- build once per sources, build description and OpenDDS install
key="$(cat "$here/opendds/sources.sha256" "$here/opendds/CMakeLists.txt" "$here/opendds/opendds_qos_dump.cpp" \
  <(echo "$dds") | sha256sum | cut -c1-12)"
build="$ADAMANT_CACHE/opendds-qosxml-$key"
mkdir -p "$build"
t0=$SECONDS
(
  flock 9
  [[ -f "$build/built" ]] && exit 0
  cmake -S "$here/opendds" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DQOSXML_SOURCES="$src" \
    && nice -n 10 cmake --build "$build" && test -x "$build/opendds-qos-dump" && touch "$build/built"
) 9>"$build.lock" >"$work/build.log" 2>&1
[[ -f "$build/built" ]] || tail -30 "$work/build.log"
check "OpenDDS's QOS_XML_Handler, ACE's XML_Utils and opendds-qos-dump build against Xerces-C ($((SECONDS - t0)) s, cache $build)" \
  test -f "$build/built"
[[ -f "$build/built" ]] || exit 0
dump="$build/opendds-qos-dump"
# The loader validates every file against dds_qos.xsd found beside it (its xsi:schemaLocation).
cp "$src/OpenDDS/docs/schema/dds_qos.xsd" "$work/"

source "$here/cases.bash"
ddsxml_check_cases "OpenDDS's QOS_XML_Loader" "" python3 "$here/opendds_qos_check.py" "$dump"

# A changed value is caught: every-policy's datawriter history depth 4 -> 7 differs from the model.
python3 - "$work/every-policy-qos.xml" "$work/changed.xml" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
at = text.index("<datawriter_qos>")
at = text.index("<depth>4</depth>", at)
open(sys.argv[2], "w", encoding="utf-8").write(text[:at] + "<depth>7</depth>" + text[at + 16:])
PY
python3 "$here/opendds_qos_check.py" "$dump" "$work/changed.xml" "$here/every-policy.expected.json" >"$work/changed.check" 2>&1
rc=$?
check "a datawriter history depth changed in the file is reported against the model" \
  bash -c "[[ $rc -ne 0 ]] && grep -q '^DIFFER Base datawriter_qos: History: model' '$work/changed.check'"

# Profiles inside <qos_library> (--library, OMG DDS-XML 1.0's shape) are not OpenDDS 3.13.3's.
adamant_cli export-qos "$ddsxml_every" --library ADAMANT -o "$work/library.xml" >/dev/null 2>&1
(cd "$work" && "$dump" library Base) >"$work/library.out" 2>&1
rc=$?
check "OpenDDS refuses the --library shape, as docs/dds-xml.md says" \
  bash -c "[[ $rc -ne 0 ]] && grep -q \"no declaration found for element 'qos_library'\" '$work/library.out'"
