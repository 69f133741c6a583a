# The models whose export-qos files the DDS-XML loader tests load (ddsxml-cyclone.sh,
# ddsxml-opendds.sh), and the loop that checks them. Sourced after tests/lib/e2e.bash.
ddsxml_every="$ADAMANT_ROOT/generator/org.adamant.generator.tests/src/test/resources/dds-xml/every-policy.adamant"
# name|model|expectations of the model (empty: the file's own values only)
ddsxml_cases=("every-policy|$ddsxml_every|$ADAMANT_ROOT/tests/e2e/ddsxml/every-policy.expected.json"
              "rtesp|$ADAMANT_ROOT/profiles/rtesp.adamant|$ADAMANT_ROOT/tests/e2e/ddsxml/rtesp.expected.json"
              "blueforce|$ADAMANT_ROOT/examples/blueforce/blueforce.adamant|")

# ddsxml_check_cases LOADER 'EXPORT OPTIONS' CHECKER...: exports each model to $work/<name>-qos.xml
# and runs CHECKER... <name>-qos.xml [EXPECTED.json], which prints "same ..." per entity QoS that
# agrees and exits 0 when all do; one PASS:/FAIL: line per model. The checker's stderr (loaders log
# there) is shown only when it fails.
ddsxml_check_cases() {
  local loader="$1" options="$2" c name model expected xml rc
  shift 2
  for c in "${ddsxml_cases[@]}"; do
    IFS='|' read -r name model expected <<<"$c"
    xml="$work/$name-qos.xml"
    # shellcheck disable=SC2086  # the options are words
    if ! adamant_cli export-qos "$model" $options -o "$xml" >"$work/$name.export" 2>&1; then
      cat "$work/$name.export"; echo "FAIL: export-qos${options:+ $options} $name"; continue
    fi
    "$@" "$xml" ${expected:+"$expected"} >"$work/$name.check" 2>"$work/$name.err"
    rc=$?
    sed 's/^/     /' "$work/$name.check"
    [[ $rc -eq 0 ]] || sed 's/^/     /' "$work/$name.err"
    check "$loader loads $name's export-qos${options:+ $options} file with the QoS it states ($(grep -c '^same ' \
      "$work/$name.check") entity QoS compared, $(grep -c '^same .*as the model says' "$work/$name.check") with the model)" \
      bash -c "[[ $rc -eq 0 ]] && grep -q '^same ' '$work/$name.check'"
  done
}
