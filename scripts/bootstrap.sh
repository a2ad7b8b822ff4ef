#!/usr/bin/env bash
# Runs a command with Node 24 on PATH and the dependencies installed for it.
# Usage: scripts/bootstrap.sh <command...>   (npm start and npm test go through here)
set -euo pipefail
cd "$(dirname "$0")/.."

ensure=$(scripts/ensure-node.sh)
eval "$ensure"

# Reinstall when the lock file or the Node version changed since the last install
# (native addons such as better-sqlite3 are built for one Node version).
stamp_file=node_modules/.tagih-install-stamp
current_stamp() { echo "$(node --version) $(sha256sum package-lock.json | cut -c1-16)"; }
if [ ! -f "$stamp_file" ] || [ "$(cat "$stamp_file")" != "$(current_stamp)" ]; then
  echo "bootstrap: installing dependencies for node $(node --version)…" >&2
  # npm install, not npm ci: see .ci/run.
  npm install --loglevel=error --no-audit --no-fund >&2
  current_stamp > "$stamp_file"
fi

exec "$@"
