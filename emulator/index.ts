/**
 * `startEmulator(options)`: a stateful, in-memory server of both APIs on one origin — hosting at
 * `url`, headless at `url + '/headless'`. Tests start one per file on port 0.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteName } from '../src/api/routes.js';
import { EmulatorClock } from './clock.js';
import type { Handler } from './context.js';
import { handlers, missingHandlers } from './handlers/index.js';
import { resolveOptions, type EmulatorOptions } from './options.js';
import { RateLimiter } from './rate-limit.js';
import { createRequestListener, type RequestLogEntry } from './server.js';
import { defaultSeed, loadSeedFile, stateFromSeed, type Seed } from './store/seed.js';
import type { State } from './store/state.js';

export type { EmulatorOptions } from './options.js';
export type { Seed } from './store/seed.js';
export type { State } from './store/state.js';
export type { RequestLogEntry } from './server.js';

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:41234 — the hosting API's base URL. */
  url: string;
  hostingUrl: string;
  /** url + '/headless' */
  headlessUrl: string;
  clock: EmulatorClock;
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
  const seed: Seed = typeof options.seed === 'string' ? loadSeedFile(options.seed) : (options.seed ?? defaultSeed);
  const clock = new EmulatorClock(options.clock);
  let state = stateFromSeed(seed, clock.now());
  const log: RequestLogEntry[] = [];
  // As the control route does: `requests()` promises the log since start or the last reset.
  const reset = () => {
    state = stateFromSeed(seed, clock.now());
    log.length = 0;
  };

  const server: Server = createServer(
    { keepAlive: true },
    createRequestListener({
      options: resolved,
      clock,
      getState: () => state,
      reset,
      handlers: handlers as Record<RouteName, Handler>,
      limiter: new RateLimiter(resolved.rateLimitPerSecond),
      log,
    }),
  );
  // Clients abort uploads and drop connections on purpose (faults, cancellation): never let that throw.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.requestTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  resolved.port = address.port;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    hostingUrl: url,
    headlessUrl: `${url}/headless`,
    clock,
    get state() {
      return state;
    },
    requests: () => log.slice(),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
