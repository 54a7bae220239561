#!/usr/bin/env bash
# Runs StrykerJS (stryker.config.mjs) with any extra arguments, e.g.
#   npm run mutation -- --mutate src/api/url.ts --concurrency 1
# StrykerJS 9 runs on the Node the project needs for development (devEngines in package.json),
# so it uses the Node on the PATH, as the tests do.
set -euo pipefail
cd "$(dirname "$0")/.."

# The zone vitest.config.ts runs the tests in (zip timestamps must not follow local time). Set
# here, for every process StrykerJS starts: its runners are worker threads, which do not take a
# zone from vitest's env option.
export TZ=Pacific/Kiritimati

exec node node_modules/@stryker-mutator/core/bin/stryker.js run "$@"
