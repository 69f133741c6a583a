#!/usr/bin/env bash
# End-to-end: `adamant export-qos --library` files load in another vendor's DDS-XML QoS loader, the
# QoS provider of Eclipse Cyclone DDS 11 (dds_create_qos_provider / dds_qos_provider_get_qos in the
# libddsc that the cyclonedds wheel bundles; pinned in tests/e2e/ddsxml/requirements.txt, installed
# once per requirements into a virtual environment in the cache outside the tree, ~/.cache/adamant).
# For every profile and entity QoS of the exported files, the QoS Cyclone DDS reads must equal the
# policies the file states (tests/e2e/ddsxml/cyclone_qos_check.py); for the model that states every
# policy and for profiles/rtesp.adamant, it must also equal what the model says (*.expected.json, written
# from the models by hand). Without a <qos_library> (OpenDDS's shape, the default) Cyclone DDS
# refuses the file: checked too, so what docs/dds-xml.md says about --library stays true.
# Prints PASS:/FAIL: lines (tests/run counts them). About 9 s of CPU (4 CLI runs), plus
# about 5 s of CPU for the first install.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

here="$ADAMANT_ROOT/tests/e2e/ddsxml"
venv="$ADAMANT_CACHE/venv-cyclonedds-$(sha256sum "$here/requirements.txt" | cut -c1-12)"
if [[ ! -f "$venv/installed" ]]; then
  t0=$SECONDS
  python3 -c 'import ensurepip, venv' 2>/dev/null || adamant_install_packages python3-venv
  rm -rf "$venv"
  # With a pip that installs into another environment (--python, pip 22.3+), the venv needs no pip
  # of its own: seconds saved on every fresh machine.
  pip=("$venv/bin/python" -m pip) venv_opts=()
  if python3 -m pip --help 2>/dev/null | grep -q -- '--python <python>'; then
    pip=(python3 -m pip --python "$venv/bin/python") venv_opts=(--without-pip)
  fi
  if python3 -m venv "${venv_opts[@]}" "$venv" \
     && "${pip[@]}" install --disable-pip-version-check -q -r "$here/requirements.txt" >"$work/pip.log" 2>&1; then
    touch "$venv/installed"
    echo "   installed the cyclonedds wheel into $venv ($((SECONDS - t0)) s)"
  else
    tail -20 "$work/pip.log"
  fi
fi
check "Cyclone DDS's Python binding (with the QoS provider) is installed" \
  "$venv/bin/python" -c 'from cyclonedds.qos_provider import QosProvider'

source "$here/cases.bash"
library="ADAMANT"
ddsxml_check_cases "Cyclone DDS" "--library $library" "$venv/bin/python" "$here/cyclone_qos_check.py" "$library"

# OpenDDS's shape (profiles directly in <dds>) is not OMG DDS-XML 1.0's: Cyclone DDS refuses it.
adamant_cli export-qos "$ADAMANT_ROOT/examples/sar/sar.adamant" -o "$work/sar-opendds.xml" >/dev/null 2>&1
"$venv/bin/python" -c 'import sys; from cyclonedds.qos_provider import QosProvider; QosProvider(sys.argv[1])' \
  "$work/sar-opendds.xml" >"$work/opendds-shape.out" 2>&1
rc=$?
check "without --library (OpenDDS's shape) Cyclone DDS refuses the file, as docs/dds-xml.md says" \
  bash -c "[[ $rc -ne 0 ]] && grep -q \"Invalid parent kind .* for element 'qos_profile'\" '$work/opendds-shape.out'"
