/**
 * The health gate with the action's own transport wired in (as the flow wires it): the check
 * goes through that transport, which stays open for the requests after it, and while it runs
 * the run says it is checking the site (the words a cancelled run ends with).
 */
import { describe, expect, it } from 'vitest';
import type { Transport, TransportRequest } from '../../src/api/transport.js';
import { healthGate } from '../../src/steps/deploy/health/gate.js';
import { parseStatusSet } from '../../src/steps/deploy/health/expect.js';
import { parseHealthUrl } from '../../src/steps/deploy/health/health-url.js';
import { VirtualClock } from '../../src/util/clock.js';
import { testContext } from '../helpers/step-context.js';

describe('healthGate with a wired transport', () => {
  it('checks through it, leaves it open, and says what it is doing meanwhile', async () => {
    const asked: { url: string; doing: string | null }[] = [];
    let closed = 0;
    const { ctx, outputs } = testContext({ clock: new VirtualClock() });
    const transport: Transport = {
      send: (req: TransportRequest) => {
        asked.push({ url: req.url.href, doing: ctx.journal.doing });
        return Promise.resolve({ status: 200, headers: {}, body: 'ok' });
      },
      close: () => {
        closed++;
        return Promise.resolve();
      },
    };
    ctx.transport = transport;
    const result = await healthGate(
      ctx,
      {
        url: parseHealthUrl('https://{environment}.shop.example.com/up'),
        expect: parseStatusSet('200-399'),
        text: null,
        timeoutMs: 10_000,
      },
      { app: 'shop', environmentId: 'e1', displayName: 'pr-7', url: null },
    );
    expect(result.healthy).toBe(true);
    expect(asked).toEqual([{ url: 'https://pr-7.shop.example.com/up', doing: 'checking the health of the site' }]);
    expect(closed).toBe(0);
    expect(outputs.values().health).toBe('healthy');
  });
});
