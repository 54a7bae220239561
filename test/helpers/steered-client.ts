/**
 * A client of the emulator whose answers a test may replace, one route at a time: everything
 * goes to the emulator through the action's own transport, except a route the test steers
 * (`METHOD /path`, the path without its query), which gets the answer the test gives. For
 * refusals a look-up must not take for "not found" (401, 403, 429, 5xx), and for answers the
 * emulator never gives (an operation poll with no body, an id with odd characters).
 */
import { createClient, type Client } from '../../src/api/client.js';
import {
  createUndiciTransport,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '../../src/api/transport.js';
import { TransportFailure } from '../../src/api/transport-types.js';
import type { VirtualClock } from '../../src/util/clock.js';

/** Given the emulator's own answer (fetched only when asked) and the request, what to answer. */
export type Steer = (
  real: () => Promise<TransportResponse>,
  req: TransportRequest,
) => Promise<TransportResponse> | TransportResponse;

export interface SteeredClient {
  client: Client;
  /** Steers `route` (`GET /headless/v1/...`) from now on; replaces an earlier steer of it. */
  steer(route: string, answer: Steer): void;
  /** The steered routes as they were asked, in order. */
  readonly steered: string[];
  /** Forgets every steer and what was asked. */
  reset(): void;
  close(): Promise<void>;
}

/** An API error answer: `status` with the JSON error body the APIs use. */
export const refusal =
  (status: number): (() => TransportResponse) =>
  () => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: status, message: `refused by the test (${status})` }),
  });

/**
 * A call in flight until `signal` fires, then rejected with `giveUp()`, as a call given the run's
 * signal ends. A call that was not given it (or whose signal never fires) ends with `late()`
 * after two seconds: a test records it there and fails, even when the run, seeing its own
 * signal, still ends as cancelled.
 */
export function heldInFlight<T>(signal: AbortSignal | undefined, giveUp: () => unknown, late: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const given = () => reject(giveUp());
    if (signal?.aborted) return given();
    const timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (err) {
        reject(err);
      }
    }, 2_000);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      given();
    });
  });
}

/**
 * Cancels the run (`cancel`) while the request is in flight, then holds the answer: the request
 * ends as the real transport ends it when its signal fires. A request that was not given the
 * run's signal gets a 200 after two seconds, and its route is added to `unheard`.
 */
export const cancelledInFlight =
  (cancel: AbortController, unheard: string[] = []): Steer =>
  (_real, req) => {
    cancel.abort(new Error('the run was cancelled'));
    return heldInFlight(
      req.signal,
      () => new TransportFailure('cancelled', 'cancelled'),
      () => {
        unheard.push(`${req.method} ${req.url.pathname}`);
        return { status: 200, headers: {}, body: '' };
      },
    );
  };

export function steeredClient(url: string, clock: VirtualClock): SteeredClient {
  const real = createUndiciTransport({ env: {} });
  const steers = new Map<string, Steer>();
  const steered: string[] = [];
  const transport: Transport = {
    async send(req) {
      const route = `${req.method} ${req.url.pathname}`;
      const steer = steers.get(route);
      if (!steer) return real.send(req);
      steered.push(route);
      return steer(() => real.send(req), req);
    },
    close: () => real.close?.() ?? Promise.resolve(),
  };
  const client = createClient({
    hostingUrl: url,
    headlessUrl: `${url}/headless`,
    credentials: { userId: 'demo-user', password: 'demo-password' },
    clock,
    transport,
  });
  return {
    client,
    steer: (route, answer) => steers.set(route, answer),
    steered,
    reset() {
      steers.clear();
      steered.length = 0;
    },
    close: () => client.close(),
  };
}
