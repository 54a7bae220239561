/**
 * The install copy finds each install by its exact name or uuid, on whatever page of /installs it
 * is. The copy overwrites the destination's files and database, so a look-up that takes `shop`
 * for `shopstg` (a name that starts another), or stops before the page that holds the install,
 * copies over the wrong install or none. In-process against the emulator, which lists installs
 * 100 to a page in the order they were made. Then what the step asks for and says.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { ANSWER_SETS } from '../../emulator/config/answers.js';
import type { Seed } from '../../emulator/index.js';
import type { SeedInstall } from '../../emulator/store/seed.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { clientFor, inputsOf, testContext } from '../helpers/step-context.js';
import { cancelledInFlight, refusal } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const seedOf = (installs: SeedInstall[]): Seed => ({
  accounts: [{ name: 'demo' }],
  credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
  sites: [{ name: 'shop', account: 'demo', installs }],
});
const fillers = (n: number) => Array.from({ length: n }, (_, i) => `filler${String(i).padStart(3, '0')}`);

describe('install names that start other names, on any page', () => {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  let emulator: RunningEmulator | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    await emulator?.close();
    client = emulator = undefined;
  });

  /** Runs the install copy over installs made in the order `names` gives; each install named by name, or `uuid:` and its name. */
  async function copy(names: string[], from: string, to: string) {
    emulator = await startEmulator({ port: 0, clock, seed: seedOf(names.map((name) => ({ name }))) });
    client = clientFor(emulator.url, clock);
    const installs = emulator.state.installs;
    const given = (v: string) =>
      v.startsWith('uuid:') ? installs.find((i) => `uuid:${i.name}` === v)!.id.toUpperCase() : v;
    const values = { 'api-user-id': 'demo-user', 'api-password': 'demo-password', 'api-url': emulator.url };
    const inputs = inputsOf({ ...values, 'copy-from': given(from), 'copy-to': given(to) }, '/');
    const t = testContext({ inputs, client, clock });
    await runFlow(t.ctx);
    const name = (id: string) => installs.find((i) => i.id === id)?.name;
    const copies = emulator.state.installCopies.map(
      (c) => `${name(c.source_environment_id)} → ${name(c.destination_environment_id)}`,
    );
    return { copies, log: t.log.lines.join('\n') };
  }

  it.each([
    ['the longer names listed first', ['shopstg', 'shop2', 'shopprod', 'shop'], 'shopstg', 'shop'],
    ['the shorter name listed first', ['shop', 'shopstg', 'shop2', 'shopprod'], 'shopstg', 'shop'],
    ['one by uuid, one by name', ['shop', 'shopstg', 'shopprod'], 'uuid:shop', 'shopprod'],
    ['the destination last on the first page', ['shopstg', ...fillers(98), 'shop'], 'shopstg', 'shop'],
    ['the destination first on the second page', ['shopstg', ...fillers(99), 'shop'], 'shopstg', 'shop'],
    ['the destination second on the second page', ['shopstg', ...fillers(100), 'shop'], 'shopstg', 'shop'],
    ['the destination on the third page', ['shopstg', ...fillers(249), 'shop'], 'shopstg', 'shop'],
    [
      'the source on a later page than the destination, by uuid',
      ['shop', ...fillers(150), 'shopstg'],
      'uuid:shopstg',
      'shop',
    ],
  ])('copies exactly the two installs named (%s)', async (_, names, from, to) => {
    const { copies } = await copy(names, from, to);
    expect(copies).toEqual([`${from.replace('uuid:', '')} → ${to}`]);
  });

  it('a prefix of an install name is no install: nothing copied', async () => {
    const { copies, log } = await copy(['shopstg', 'shopprod'], 'shopstg', 'shop');
    expect(copies).toEqual([]);
    expect(log).toContain('install "shop" not found');
  });

  it('both on the first page of many: the listing stops there', async () => {
    const { copies } = await copy(['shopstg', 'shop', ...fillers(250)], 'shopstg', 'shop');
    expect(copies).toEqual(['shopstg → shop']);
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
  const installs: SeedInstall[] = [
    { name: 'shopstg', environment: 'staging' },
    { name: 'shop', environment: 'production' },
    { name: 'shopdev' },
  ];
  const f = useFlow(
    { answers, seed: seedOf(installs) },
    { inputs: (e) => ({ 'api-url': e.url, 'copy-from': 'shopstg', 'copy-to': 'shop' }) },
  );
  const idOf = (name: string) => f.emulator.state.installs.find((i) => i.name === name)!.id;
  const described = (name: string) =>
    `${name} (${installs.find((i) => i.name === name)!.environment ?? 'no environment'}, ${idOf(name)})`;
  /** The body of each copy asked for, as sent. */
  let sent: Record<string, unknown>[];
  const recordCopies = () =>
    f.steered.steer('POST /v1/install_copy', (real, req) => {
      sent.push(JSON.parse(req.body as string) as Record<string, unknown>);
      return real();
    });
  beforeEach(() => {
    sent = [];
    recordCopies();
  });
  const copies = () => f.emulator.state.installCopies;

  it('asks for the copy with what the inputs chose, and says it is accepted, not finished', async () => {
    const { report, out, lines, warnings, ctx } = await f.run({
      'copy-db-tables': 'wp_posts\nwp_options',
      'notification-emails': 'ops@example.com',
    });
    expect(report.status).toBe('success');
    const ids = { source_environment_id: idOf('shopstg'), destination_environment_id: idOf('shop') };
    const custom_options = { include_files: true, include_db: true, db_tables: ['wp_posts', 'wp_options'] };
    expect(sent).toEqual([{ ...ids, notification_emails: ['ops@example.com'], custom_options }]);
    expect(copies()).toEqual([expect.objectContaining({ ...ids, db_tables: ['wp_posts', 'wp_options'] })]);
    const id = answers === 'contract' ? copies()[0]!.id : '';
    expect(out).toMatchObject({ 'install-copy': 'accepted', 'install-copy-id': id });
    const under = id ? ` (id ${id})` : '';
    expect(lines).toContain(
      `install copy accepted${under}: the copy runs on the platform; files and database tables wp_posts, wp_options of ${described('shopstg')} over ${described('shop')}. It is not finished yet: a later step that needs the copied data must wait for it`,
    );
    expect(ctx.record.recap()).toBe('done so far: install copy shopstg → shop accepted (it runs on the platform)');
    expect(report.steps[0]!.details).toEqual([['copy', `accepted: the copy runs on the platform${under}`]]);
    expect(warnings).toEqual([]);
  });

  it('files only, nothing optional sent; the database only, every table; an install without an environment says so', async () => {
    const files = await f.run({ 'copy-to': 'shopdev', 'copy-database': 'false' });
    expect(files.report.status).toBe('success');
    expect(sent[0]).toEqual({
      source_environment_id: idOf('shopstg'),
      destination_environment_id: idOf('shopdev'),
      custom_options: { include_files: true, include_db: false },
    });
    expect(files.lines.join('\n')).toContain(`; files of ${described('shopstg')} over ${described('shopdev')}`);
    const database = await f.run({ 'copy-files': 'false' });
    expect(sent[1]!.custom_options).toEqual({ include_files: false, include_db: true });
    expect(database.lines.join('\n')).toContain('; database of shopstg');
  });

  it.each([
    ['a shell line', 'x"; rm -rf /'],
    ['safe at both ends, not between', 'ok; rm -rf tmp'],
    ['one letter too many', 'a'.repeat(201)],
  ])('an id that is %s: left out of the output, with a warning', async (_, id) => {
    f.steered.steer('POST /v1/install_copy', async (real) => ({
      ...(await real()),
      status: 202,
      body: JSON.stringify({ id, status: 'pending' }),
    }));
    const { report, out, lines, warnings } = await f.run();
    expect(report.status).toBe('success');
    expect(copies()).toHaveLength(1);
    expect(out).toMatchObject({ 'install-copy': 'accepted', 'install-copy-id': '' });
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: output "install-copy-id" left empty: the service answered an id with characters other than/,
      ),
    ]);
    expect(lines.join('\n')).not.toContain('rm -rf');
  });

  it.each([
    [
      'the same install given twice, by name and by uuid',
      () => ({ 'copy-to': idOf('shopstg').toUpperCase() }),
      () => `copy-from and copy-to both name install ${described('shopstg')}; give two different installs`,
    ],
    [
      'both installs missing',
      () => ({ 'copy-from': 'nosuch', 'copy-to': 'nosuch2' }),
      () =>
        'install "nosuch" and "nosuch2" not found among the installs this API user can see; check copy-from/copy-to',
    ],
  ])('%s: refused, naming them, nothing copied', async (_, values, words) => {
    const { report, out, firstLine } = await f.run(values());
    expect(report.status).toBe('failure');
    expect(firstLine).toMatch(/^install copy failed: /);
    expect(firstLine).toContain(words());
    expect(copies()).toEqual([]);
    expect(out['install-copy']).toBeUndefined();
  });

  it.each([401, 403, 500, 503])('the copy refused with %i: a failure naming it, no outputs', async (status) => {
    f.steered.steer('POST /v1/install_copy', refusal(status));
    const { report, out } = await f.run();
    expect(report.error).toMatch(new RegExp(`^install copy failed: .*${status}`));
    expect(out['install-copy']).toBeUndefined();
    expect(out['install-copy-id']).toBeUndefined();
  });

  it('asks for installs 100 at a time, the most a page holds, whatever a server takes as its default', async () => {
    const queries: string[] = [];
    f.steered.steer('GET /v1/installs', (real, req) => (queries.push(req.url.search), real()));
    expect((await f.run()).report.status).toBe('success');
    expect(queries).toEqual(['?limit=100']);
  });

  it('a lost answer (502) to the copy: asked again once, with a warning naming both installs', async () => {
    f.steered.steer('POST /v1/install_copy', () => (recordCopies(), refusal(502)()));
    const { report, warnings, out } = await f.run();
    expect(report.status).toBe('success');
    expect(copies()).toHaveLength(1);
    expect(warnings).toEqual([
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
    f.steered.steer(route, cancelledInFlight(cancel, unheard));
    const { report, out } = await f.run({}, { signal: cancel.signal });
    expect(f.steered.steered).toEqual([route]);
    expect(report.status).toBe('cancelled');
    expect(unheard).toEqual([]);
    expect(copies()).toEqual([]);
    expect(out['install-copy']).toBeUndefined();
  });

  it('in a dry run: says what it would copy, and copies nothing', async () => {
    const { report, lines, out } = await f.run({ 'dry-run': 'true', 'copy-db-tables': 'wp_posts' });
    expect(report.status).toBe('planned');
    expect(lines).toContain(
      `would copy files and database tables wp_posts of ${described('shopstg')} over ${described('shop')}`,
    );
    expect(copies()).toEqual([]);
    expect(f.writes()).toEqual([]);
    expect(out['install-copy']).toBeUndefined();
  });
});
