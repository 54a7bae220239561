/**
 * The install copy finds each install by its exact name or uuid, on whatever page of /installs it
 * is. The copy overwrites the destination's files and database, so a look-up that takes `shop`
 * for `shopstg` (a name that starts another), or stops before the page that holds the install,
 * copies over the wrong install or none. In-process against the emulator, which lists installs
 * 100 to a page in the order they were made.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/flow/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { clientFor, inputsOf, testContext } from '../helpers/step-context.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator | undefined;
let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  await emulator?.close();
  client = emulator = undefined;
});

const fillers = (n: number) => Array.from({ length: n }, (_, i) => `filler${String(i).padStart(3, '0')}`);

/** Runs the install copy over installs made in the order `names` gives. */
async function copy(names: string[], from: (id: (name: string) => string) => string, to: typeof from) {
  emulator = await startEmulator({
    port: 0,
    clock,
    seed: {
      accounts: [{ name: 'demo' }],
      credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
      sites: [{ name: 'shop', account: 'demo', installs: names.map((name) => ({ name })) }],
    },
  });
  client = clientFor(emulator.url, clock);
  const id = (name: string) => emulator!.state.installs.find((i) => i.name === name)!.id;
  const t = testContext({
    inputs: inputsOf(
      {
        'api-user-id': 'demo-user',
        'api-password': 'demo-password',
        'api-url': emulator.url,
        'copy-from': from(id),
        'copy-to': to(id),
      },
      '/',
    ),
    client,
    clock,
  });
  const report = await runFlow(t.ctx);
  const copies = emulator.state.installCopies.map((c) => ({
    from: emulator!.state.installs.find((i) => i.id === c.source_environment_id)?.name,
    to: emulator!.state.installs.find((i) => i.id === c.destination_environment_id)?.name,
  }));
  return { report, copies, log: t.log.lines.join('\n') };
}

const byName = (name: string) => () => name;
const byUuid = (name: string) => (id: (n: string) => string) => id(name).toUpperCase();

describe('install names that start other names', () => {
  it.each([
    ['the longer names listed first', ['shopstg', 'shop2', 'shopprod', 'shop']],
    ['the shorter name listed first', ['shop', 'shopstg', 'shop2', 'shopprod']],
  ])('copies shopstg over shop, nothing else (%s)', async (_, names) => {
    const { copies } = await copy(names, byName('shopstg'), byName('shop'));
    expect(copies).toEqual([{ from: 'shopstg', to: 'shop' }]);
  });

  it('one by uuid, one by name: still the exact two', async () => {
    const { copies } = await copy(['shop', 'shopstg', 'shopprod'], byUuid('shop'), byName('shopprod'));
    expect(copies).toEqual([{ from: 'shop', to: 'shopprod' }]);
  });

  it('a prefix of an install name is no install: nothing copied', async () => {
    const { copies, log } = await copy(['shopstg', 'shopprod'], byName('shopstg'), byName('shop'));
    expect(copies).toEqual([]);
    expect(log).toContain('install "shop" not found');
  });
});

describe('installs on any page', () => {
  // The destination after `before` others: last on the first page (99), first on the second (100), later.
  it.each([99, 100, 101, 250])('the destination after %i other installs', async (before) => {
    const { copies } = await copy(['shopstg', ...fillers(before - 1), 'shop'], byName('shopstg'), byName('shop'));
    expect(copies).toEqual([{ from: 'shopstg', to: 'shop' }]);
  });

  it('the source on a later page than the destination, by uuid', async () => {
    const { copies } = await copy(['shop', ...fillers(150), 'shopstg'], byUuid('shopstg'), byName('shop'));
    expect(copies).toEqual([{ from: 'shopstg', to: 'shop' }]);
  });
});
