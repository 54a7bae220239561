/**
 * The install copy finds each install by its exact name or uuid, on whatever page of /installs it
 * is. The copy overwrites the destination's files and database, so a look-up that takes `shop`
 * for `shopstg` (a name that starts another), or stops before the page that holds the install,
 * copies over the wrong install or none. In-process against the emulator, which lists installs
 * 100 to a page in the order they were made.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { ANSWER_SETS } from '../../emulator/answers.js';
import { clientFor, inputsOf, testContext } from '../helpers/step-context.js';
import { cancelledInFlight, refusal, steeredClient, type SteeredClient } from '../helpers/steered-client.js';

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

  it('both on the first page of many: the listing stops there', async () => {
    const { copies } = await copy(['shopstg', 'shop', ...fillers(250)], byName('shopstg'), byName('shop'));
    expect(copies).toEqual([{ from: 'shopstg', to: 'shop' }]);
    expect(emulator!.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/installs',
      'POST /v1/install_copy',
    ]);
  });
});

/**
 * What the step asks for and says, under both answer sets (under `documented` the copy is
 * answered 202 with no body, so no id comes back).
 */
describe.each(ANSWER_SETS)('the install copy (answers: %s)', (answers) => {
  const clock2 = new VirtualClock(Date.UTC(2026, 10, 1));
  let emu: RunningEmulator;
  let steered: SteeredClient;

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      clock: clock2,
      answers,
      seed: {
        accounts: [{ name: 'demo' }],
        credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
        sites: [
          {
            name: 'shop',
            account: 'demo',
            installs: [
              { name: 'shopstg', environment: 'staging' },
              { name: 'shop', environment: 'production' },
              { name: 'shopdev' },
            ],
          },
        ],
      },
    });
    steered = steeredClient(emu.url, clock2);
  });
  afterAll(async () => {
    await steered.close();
    await emu.close();
  });
  beforeEach(() => {
    emu.reset();
    steered.reset();
    sent = [];
    recordCopies();
  });

  const idOf = (name: string) => emu.state.installs.find((i) => i.name === name)!.id;
  /** The body of each copy asked for, as sent. */
  let sent: Record<string, unknown>[];
  const recordCopies = () =>
    steered.steer('POST /v1/install_copy', (real, req) => {
      sent.push(JSON.parse(req.body as string) as Record<string, unknown>);
      return real();
    });

  async function run(extra: Record<string, string>, signal?: AbortSignal) {
    const t = testContext({
      inputs: inputsOf(
        {
          'api-user-id': 'demo-user',
          'api-password': 'demo-password',
          'api-url': emu.url,
          'copy-from': 'shopstg',
          'copy-to': 'shop',
          ...extra,
        },
        '/',
      ),
      client: steered.client,
      clock: clock2,
      ...(signal ? { signal } : {}),
    });
    const report = await runFlow(t.ctx);
    return { ...t, report, out: t.outputs.values() };
  }

  it('asks for the copy with what the inputs chose, and says it is accepted, not finished', async () => {
    const { report, out, log, ctx } = await run({
      'copy-db-tables': 'wp_posts\nwp_options',
      'notification-emails': 'ops@example.com',
    });
    expect(report.status).toBe('success');
    expect(sent).toEqual([
      {
        source_environment_id: idOf('shopstg'),
        destination_environment_id: idOf('shop'),
        notification_emails: ['ops@example.com'],
        custom_options: { include_files: true, include_db: true, db_tables: ['wp_posts', 'wp_options'] },
      },
    ]);
    expect(emu.state.installCopies).toEqual([
      expect.objectContaining({
        source_environment_id: idOf('shopstg'),
        destination_environment_id: idOf('shop'),
        db_tables: ['wp_posts', 'wp_options'],
      }),
    ]);
    const id = answers === 'contract' ? emu.state.installCopies[0]!.id : '';
    expect(out['install-copy']).toBe('accepted');
    expect(out['install-copy-id']).toBe(id);
    const under = id ? ` (id ${id})` : '';
    expect(log.lines).toContain(
      `install copy accepted${under}: the copy runs on the platform; files and database tables wp_posts, wp_options of shopstg (staging, ${idOf('shopstg')}) over shop (production, ${idOf('shop')}). It is not finished yet: a later step that needs the copied data must wait for it`,
    );
    expect(ctx.record.recap()).toBe('done so far: install copy shopstg → shop accepted (it runs on the platform)');
    expect(report.steps[0]!.details).toEqual([['copy', `accepted: the copy runs on the platform${under}`]]);
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([]);
  });

  it('files only, nothing optional sent; an install without an environment says so', async () => {
    const { report, log } = await run({ 'copy-to': 'shopdev', 'copy-database': 'false' });
    expect(report.status).toBe('success');
    expect(sent).toEqual([
      {
        source_environment_id: idOf('shopstg'),
        destination_environment_id: idOf('shopdev'),
        custom_options: { include_files: true, include_db: false },
      },
    ]);
    expect(
      log.lines.some((l) =>
        l.includes(`files of shopstg (staging, ${idOf('shopstg')}) over shopdev (no environment, ${idOf('shopdev')})`),
      ),
    ).toBe(true);
  });

  it('the database only, every table', async () => {
    const { log } = await run({ 'copy-files': 'false' });
    expect(sent.map((b) => b.custom_options)).toEqual([{ include_files: false, include_db: true }]);
    expect(log.lines.some((l) => l.includes('; database of shopstg'))).toBe(true);
  });

  it.each([
    ['a shell line', 'x"; rm -rf /'],
    ['safe at both ends, not between', 'ok; rm -rf tmp'],
    ['one letter too many', 'a'.repeat(201)],
  ])('an id that is %s: left out of the output, with a warning', async (_, id) => {
    steered.steer('POST /v1/install_copy', async (real) => {
      const answer = await real();
      return { ...answer, status: 202, body: JSON.stringify({ id, status: 'pending' }) };
    });
    const { report, out, log } = await run({});
    expect(report.status).toBe('success');
    expect(emu.state.installCopies).toHaveLength(1);
    expect(out['install-copy']).toBe('accepted');
    expect(out['install-copy-id']).toBe('');
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      'warning: output "install-copy-id" left empty: the service answered an id with characters other than letters, digits and ._~-, so it is not passed on to the workflow',
    ]);
    expect(log.lines.join('\n')).not.toContain('rm -rf');
  });

  it('the same install given twice, by name and by uuid: refused, nothing copied', async () => {
    const { report, out } = await run({ 'copy-to': idOf('shopstg').toUpperCase() });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      new RegExp(
        `^install copy failed: copy-from and copy-to both name install shopstg \\(staging, ${idOf('shopstg')}\\); give two different installs\\n`,
      ),
    );
    expect(emu.state.installCopies).toEqual([]);
    expect(out['install-copy']).toBeUndefined();
  });

  it('both installs missing: names both, and what to check', async () => {
    const { report } = await run({ 'copy-from': 'nosuch', 'copy-to': 'nosuch2' });
    expect(report.error).toMatch(
      /^install copy failed: install "nosuch" and "nosuch2" not found among the installs this API user can see; check copy-from\/copy-to \(install name or uuid\) and the API user's access\n/,
    );
    expect(emu.state.installCopies).toEqual([]);
  });

  it.each([401, 403, 500, 503])('the copy refused with %i: a failure naming it, no outputs', async (status) => {
    steered.steer('POST /v1/install_copy', refusal(status));
    const { report, out } = await run({});
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(/^install copy failed: /);
    expect(report.error).toContain(String(status));
    expect(out['install-copy']).toBeUndefined();
    expect(out['install-copy-id']).toBeUndefined();
  });

  it('asks for installs 100 at a time, the most a page holds, whatever a server takes as its default', async () => {
    const queries: string[] = [];
    steered.steer('GET /v1/installs', (real, req) => {
      queries.push(req.url.search);
      return real();
    });
    expect((await run({})).report.status).toBe('success');
    expect(queries).toEqual(['?limit=100']);
  });

  it('a lost answer (502) to the copy: asked again once, with a warning naming both installs', async () => {
    steered.steer('POST /v1/install_copy', () => {
      recordCopies();
      return refusal(502)();
    });
    const { report, log, out } = await run({});
    expect(report.status).toBe('success');
    expect(emu.state.installCopies).toHaveLength(1);
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(
        /^warning: install copy shopstg → shop: the answer was lost \(status 502\), so it may or may not have taken effect; repeating it in \d+ ms/,
      ),
    ]);
    expect(out['install-copy']).toBe('accepted');
  });

  it.each([
    ['the listing of installs', 'GET /v1/installs'],
    ['the copy', 'POST /v1/install_copy'],
  ])('a run cancelled while %s is in flight: given up, the run ends cancelled, nothing copied', async (_, route) => {
    const cancel = new AbortController();
    const unheard: string[] = [];
    steered.steer(route, cancelledInFlight(cancel, unheard));
    const { report, out } = await run({}, cancel.signal);
    expect(steered.steered).toEqual([route]);
    expect(report.status).toBe('cancelled');
    expect(unheard).toEqual([]);
    expect(emu.state.installCopies).toEqual([]);
    expect(out['install-copy']).toBeUndefined();
  });

  it('in a dry run: says what it would copy, and copies nothing', async () => {
    const { report, log, out } = await run({ 'dry-run': 'true', 'copy-db-tables': 'wp_posts' });
    expect(report.status).toBe('planned');
    expect(log.lines).toContain(
      `would copy files and database tables wp_posts of shopstg (staging, ${idOf('shopstg')}) over shop (production, ${idOf('shop')})`,
    );
    expect(emu.state.installCopies).toEqual([]);
    expect(emu.requests().every((q) => q.method === 'GET')).toBe(true);
    expect(out['install-copy']).toBeUndefined();
  });
});
