#!/usr/bin/env node
/**
 * `npm run emulator -- [--port N] [--host H] [--allow-host NAME]... [--seed FILE] [--answers contract|documented]
 * [--faults SPEC] [--latency MS] [--build-seconds S] [--max-upload-mb N] [--rate-limit N]
 * [--require-content-length] [--tls | --tls-cert FILE --tls-key FILE] [--help]`. First line on stdout:
 * `emulator listening on http://HOST:PORT` (https:// with TLS; a generated CA's file is named on a
 * later line). Stops on SIGINT/SIGTERM/SIGHUP, and when the npm process that launched it exits (see
 * cli/launcher-watch.ts). The work is in cli/run.ts; this file is the bundle's entry.
 */
import { runCli } from './cli/run.js';

runCli().catch((e: unknown) => {
  console.error(`emulator: ${(e as Error).message}`);
  process.exit(1);
});
