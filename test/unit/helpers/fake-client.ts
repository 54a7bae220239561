/**
 * A client (src/api/client.ts) over a scripted transport (fake-transport.ts), on a virtual clock
 * with a fixed jitter (half of each backoff ceiling): the one setup of the client's unit tests.
 */
import { createClient, type ClientOptions } from '../../../src/api/client.js';
import type { ApiError } from '../../../src/api/errors.js';
import type { TransportRequest } from '../../../src/api/transport.js';
import { VirtualClock } from '../../../src/util/clock.js';
import { fakeTransport, sequence, type Answer } from './fake-transport.js';

export const USER = 'api-user-7';
export const PASSWORD = 'pa55-w0rd-secret';

/**
 * `answers` in order (the last one repeats), or a function of the request. Bases:
 * `https://hosting.example/` and `https://api.example/headless`; `over` replaces any option.
 */
export function fakeClient(
  answers: Answer | Answer[] | ((req: TransportRequest, n: number) => Answer | Promise<Answer>),
  over: Partial<ClientOptions> & { clock?: VirtualClock } = {},
) {
  const { transport, sent } = typeof answers === 'function' ? fakeTransport(answers) : sequence(...[answers].flat());
  const clock = over.clock ?? new VirtualClock(0);
  const c = createClient({
    hostingUrl: 'https://hosting.example/',
    headlessUrl: 'https://api.example/headless',
    credentials: { userId: USER, password: PASSWORD },
    transport,
    ...over,
    clock,
    retry: { random: () => 0.5, ...over.retry },
  });
  return { c, sent, clock };
}

/** The error a call fails with; fails the test when it succeeds. */
export async function failure<E = ApiError>(call: Promise<unknown>): Promise<E> {
  try {
    await call;
  } catch (err) {
    return err as E;
  }
  throw new Error('expected the call to fail');
}
