#!/usr/bin/env node
/**
 * `npm run emulator -- [--port N] [--host H] [--seed FILE] [--faults SPEC] [--latency MS]
 * [--build-seconds S] [--max-upload-mb N] [--rate-limit N]`. First line on stdout:
 * `emulator listening on http://HOST:PORT`. Stops on SIGINT/SIGTERM/SIGHUP, and when the npm
 * process that launched it exits (see launcher-watch.ts).
 */
import { parseArgs } from 'node:util';
import { startEmulator } from './index.js';
import { stopWithLauncher } from './launcher-watch.js';

function num(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`emulator: --${name} must be a number ≥ 0, got "${value}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        faults: { type: 'string' },
        latency: { type: 'string' },
        'build-seconds': { type: 'string' },
        'max-upload-mb': { type: 'string' },
        'rate-limit': { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`emulator: ${(e as Error).message}`);
    process.exit(2);
  }
  const emulator = await startEmulator({
    port: num('port', values.port) ?? 4010,
    host: values.host ?? '127.0.0.1',
    seed: values.seed,
    faults: values.faults,
    latencyMs: num('latency', values.latency),
    buildSeconds: num('build-seconds', values['build-seconds']),
    maxUploadMb: num('max-upload-mb', values['max-upload-mb']),
    rateLimitPerSecond: num('rate-limit', values['rate-limit']),
  });
  // Handlers first: whoever reads the listening line may signal us at once.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A client that never lets go of its connection must not keep the port open.
    setTimeout(() => process.exit(0), 3_000).unref();
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  stopWithLauncher(stop);
  console.log(`emulator listening on ${emulator.url}`);
  console.log(`hosting API: ${emulator.hostingUrl}   headless API: ${emulator.headlessUrl}`);
  // A seed file brings its own credentials, which are not ours to print.
  if (values.seed === undefined) {
    console.log('credentials of the default seed: demo-user / demo-password (account "demo")');
  }
}

main().catch((e: unknown) => {
  console.error(`emulator: ${(e as Error).message}`);
  process.exit(1);
});
