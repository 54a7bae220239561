#!/usr/bin/env bash
# Runs StrykerJS (stryker.config.mjs) with any extra arguments, e.g.
#   npm run mutation -- --mutate src/api/url.ts --concurrency 1
# StrykerJS needs Node 22 or later while the project itself supports Node 20: on an older Node
# this uses Node 24 from the npm registry, in the same place CI keeps it (.ci/.node24).
set -euo pipefail
cd "$(dirname "$0")/.."

node_for_stryker="node"
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 22 ]; then
  node_for_stryker="${HEADLESS_DEPLOY_NODE24:-$PWD/.ci/.node24/node_modules/node/bin/node}"
  if [ ! -x "$node_for_stryker" ]; then
    echo "StrykerJS needs Node 22+ (this is $(node --version)); installing Node 24 from the npm registry into .ci/.node24" >&2
    npm install --no-save --no-audit --no-fund --prefix .ci/.node24 node@24 >/dev/null
    node_for_stryker="$PWD/.ci/.node24/node_modules/node/bin/node"
  fi
  # Processes StrykerJS starts by name find the same Node.
  PATH="$(dirname "$node_for_stryker"):$PATH"
  export PATH
fi

# The zone vitest.config.ts runs the tests in (zip timestamps must not follow local time). Set
# here, for every process StrykerJS starts: its runners are worker threads, which do not take a
# zone from vitest's env option.
export TZ=Pacific/Kiritimati

exec "$node_for_stryker" node_modules/@stryker-mutator/core/bin/stryker.js run "$@"
