#!/usr/bin/env bash
# End-to-end: the editor deliverables of the Maven build.
#   - the VS Code extension .vsix holds the extension, its grammar, its language client and the
#     language server jar;
#   - `./adamant lsp` answers an LSP initialize on stdio with the capabilities the editors use, and
#     exits cleanly on shutdown/exit.
# Prints PASS:/FAIL: lines (tests/run counts them); needs the reactor built (tests/run does).
set -uo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/adamant"
set +e

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
check() { local what="$1"; shift; if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fi; }

vsix="$ADAMANT_ROOT/dsl/org.adamant.vscode/target/adamant-vscode.vsix"
check "the build packaged the VS Code extension ($vsix)" test -s "$vsix"
python3 - "$vsix" "$ADAMANT_LS_JAR" >"$work/vsix.out" 2>&1 <<'PY'
import hashlib, json, sys, zipfile
vsix, jar = sys.argv[1], sys.argv[2]
z = zipfile.ZipFile(vsix)
names = set(z.namelist())
for entry in ["extension/package.json", "extension/src/extension.js", "extension/language-configuration.json",
              "extension/syntaxes/adamant.tmLanguage.json", "extension/server/adamant-ls.jar",
              "extension/node_modules/vscode-languageclient/package.json"]:
    print(("has " if entry in names else "MISSING ") + entry)
manifest = json.loads(z.read("extension/package.json"))
grammar = json.loads(z.read("extension/syntaxes/adamant.tmLanguage.json"))
print("grammar scope " + grammar["scopeName"])
print("language " + manifest["contributes"]["languages"][0]["id"] + " " + " ".join(manifest["contributes"]["languages"][0]["extensions"]))
same = hashlib.sha256(z.read("extension/server/adamant-ls.jar")).hexdigest() == hashlib.sha256(open(jar, "rb").read()).hexdigest()
print("server jar is the built one" if same else "server jar DIFFERS from " + jar)
PY
check "the .vsix holds extension, grammar, language client and server jar" \
  bash -c "! grep -q MISSING '$work/vsix.out' && grep -q '^has extension/server/adamant-ls.jar' '$work/vsix.out'"
check "the .vsix grammar is source.adamant for .adamant files" \
  bash -c "grep -q '^grammar scope source.adamant$' '$work/vsix.out' && grep -q '^language adamant .adamant$' '$work/vsix.out'"
check "the .vsix bundles the language server jar of this build" grep -q '^server jar is the built one$' "$work/vsix.out"

# --- ./adamant lsp: initialize, shutdown, exit over stdio (Content-Length framed JSON-RPC)
python3 - "$ADAMANT_ROOT/adamant" "$work" >"$work/lsp.out" 2>"$work/lsp.err" <<'PY'
import json, subprocess, sys
launcher, work = sys.argv[1], sys.argv[2]
p = subprocess.Popen([launcher, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(work + "/server.err", "w"))
def send(msg):
    body = json.dumps(msg).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    p.stdin.flush()
def receive(want_id):
    while True:
        headers = {}
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit("server closed stdout")
            line = line.decode().strip()
            if not line:
                break
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
        msg = json.loads(p.stdout.read(int(headers["content-length"])))
        if msg.get("id") == want_id:
            return msg
send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": "file://" + work, "capabilities": {}}})
caps = receive(1)["result"]["capabilities"]
for c in ["hoverProvider", "completionProvider", "codeActionProvider", "textDocumentSync"]:
    print(("has " if caps.get(c) else "MISSING ") + c)
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
receive(2)
send({"jsonrpc": "2.0", "method": "exit", "params": None})
print("exit code %d" % p.wait(timeout=60))
PY
check "./adamant lsp answers initialize with hover, completion, code actions and sync" \
  bash -c "grep -c '^has ' '$work/lsp.out' | grep -qx 4"
check "./adamant lsp exits 0 after shutdown and exit" grep -qx 'exit code 0' "$work/lsp.out"
check "./adamant lsp writes only LSP messages on stdout (the client parsed every one)" test ! -s "$work/lsp.err"
