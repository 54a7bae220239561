/**
 * `startEmulator(options)`: a stateful, in-memory server of both APIs on one origin — hosting at
 * `url`, headless at `url + '/headless'`. Tests start one per file on port 0.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteName } from '../src/api/routes.js';
import { EmulatorClock } from './config/clock.js';
import { resolveOptions, type EmulatorOptions } from './config/options.js';
import type { Handler } from './handlers/context.js';
import { handlers, missingHandlers } from './handlers/index.js';
import { createRequestListener } from './http/pipeline.js';
import { RateLimiter } from './http/rate-limit.js';
import { RequestLog, type RequestLogEntry } from './http/request-log.js';
import { createEmulatorServer } from './http/server.js';
import { defaultSeed, loadSeedFile, stateFromSeed, type Seed } from './store/seed.js';
import { checkSeed } from './store/seed-check.js';
import type { State } from './store/state.js';
import { setupTls } from './tls/tls-setup.js';

export type { EmulatorOptions } from './config/options.js';
export type { Seed } from './store/seed.js';
export type { State } from './store/state.js';
export type { RequestLogEntry } from './http/request-log.js';
export type { TlsOption, TlsPem } from './tls/tls-setup.js';
export { makeTlsMaterial, type TlsMaterial } from './tls/make-certificates.js';

export interface EmulatorTls {
  /** The CA that signed the server certificate (PEM), when known. */
  caPem: string | null;
  /** A temp file holding caPem when the emulator made the CA; removed by close(). */
  caPath: string | null;
}

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:41234 (https:// with `tls`) — the hosting API's base URL. */
  url: string;
  hostingUrl: string;
  /** url + '/headless' */
  headlessUrl: string;
  clock: EmulatorClock;
  /** Set when serving HTTPS: what a client must trust. */
  tls: EmulatorTls | null;
  /** The live state (mutable: tests may inspect it or arrange records directly). */
  readonly state: State;
  /** Requests seen since start or the last reset, control routes excluded. */
  requests(): RequestLogEntry[];
  reset(): void;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const missing = missingHandlers();
  if (missing.length > 0) throw new Error(`emulator: no handler for ${missing.join(', ')}`);
  const resolved = resolveOptions(options);
  // Read strictly, a file or an object alike: a typo stops the start instead of a quiet "not found" later.
  const seed: Seed =
    typeof options.seed === 'string' ? loadSeedFile(options.seed) : checkSeed(options.seed ?? defaultSeed, 'seed');
  const clock = new EmulatorClock(options.clock);
  let state = stateFromSeed(seed, clock.now(), resolved.buildSeconds);
  const log = new RequestLog(resolved.maxLoggedRequests);
  // As the control route does: `requests()` promises the log since start or the last reset.
  const reset = () => {
    state = stateFromSeed(seed, clock.now(), resolved.buildSeconds);
    log.clear();
  };
  const tls = setupTls(options.tls ?? false, resolved.host);

  const server: Server = createEmulatorServer(
    createRequestListener({
      options: resolved,
      clock,
      getState: () => state,
      reset,
      handlers: handlers as Record<RouteName, Handler>,
      limiter: new RateLimiter(resolved.rateLimitPerSecond),
      log,
    }),
    resolved,
    tls,
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => {
      tls?.dispose();
      reject(e);
    });
    server.listen(resolved.port, resolved.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  resolved.port = address.port;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${resolved.protocol}://${host}:${address.port}`;

  return {
    url,
    hostingUrl: url,
    headlessUrl: `${url}/headless`,
    clock,
    tls: tls && { caPem: tls.caPem, caPath: tls.caPath },
    get state() {
      return state;
    },
    requests: () => log.entries(),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          tls?.dispose();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
