/**
 * The health gate with the action's own transport wired in (as the flow wires it): the check
 * goes through that transport, which stays open for the requests after it, and while it runs
 * the run says it is checking the site (the words a cancelled run ends with). Without one, the
 * gate makes its own and closes it: no connection to the site outlives the check.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Transport, TransportRequest } from '../../src/api/transport.js';
import { healthGate } from '../../src/release/health/gate.js';
import { parseStatusSet } from '../../src/release/health/expect.js';
import { parseHealthUrl } from '../../src/release/health/health-url.js';
import { VirtualClock } from '../../src/util/clock.js';
import { testContext } from '../helpers/step-context.js';

const inputs = (url: string) => ({
  url: parseHealthUrl(url),
  expect: parseStatusSet('200-399'),
  text: null,
  timeoutMs: 10_000,
});
const DEPLOYED = { app: 'shop', environmentId: 'e1', displayName: 'pr-7', url: null };

describe('healthGate with a wired transport', () => {
  it('checks through it, leaves it open, and says what it is doing meanwhile', async () => {
    const asked: { url: string; doing: string | null }[] = [];
    let closed = 0;
    const { ctx, outputs } = testContext({ clock: new VirtualClock() });
    const transport: Transport = {
      send: (req: TransportRequest) => {
        asked.push({ url: req.url.href, doing: ctx.record.doing });
        return Promise.resolve({ status: 200, headers: {}, body: 'ok' });
      },
      close: () => {
        closed++;
        return Promise.resolve();
      },
    };
    ctx.transport = transport;
    const result = await healthGate(ctx, inputs('https://{environment}.shop.example.com/up'), DEPLOYED);
    expect(result.healthy).toBe(true);
    expect(asked).toEqual([{ url: 'https://pr-7.shop.example.com/up', doing: 'checking the health of the site' }]);
    expect(closed).toBe(0);
    expect(outputs.values().health).toBe('healthy');
  });
});

describe('healthGate without a wired transport', () => {
  it('closes the connection it opened to the site once the check is done', async () => {
    // A site that would keep the connection open for a minute, were it left to it.
    const site: Server = createServer((_req, res) => res.end('ok'));
    site.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const opened: Socket[] = [];
    const onConnected = (message: unknown) => opened.push((message as { socket: Socket }).socket);
    subscribe('undici:client:connected', onConnected);
    try {
      const { port } = site.address() as { port: number };
      const { ctx } = testContext({ clock: new VirtualClock() });
      const result = await healthGate(ctx, inputs(`http://127.0.0.1:${port}/up`), DEPLOYED);
      expect(result.healthy).toBe(true);
      expect(opened).toHaveLength(1);
      expect(opened.map((socket) => socket.destroyed)).toEqual([true]);
    } finally {
      unsubscribe('undici:client:connected', onConnected);
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
