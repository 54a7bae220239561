/**
 * The emulator under a few thousand random and malformed requests (seeded): it never crashes
 * or hangs, always answers a status from the spec or the contract, a run of only invalid
 * requests leaves its state exactly as it was, and a mixed run leaves it consistent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../emulator/store/seed.js';
import { startEmulator, type RunningEmulator, type State } from '../../emulator/index.js';
import { stateJson } from './support/control.js';
import type { Evidence } from './support/evidence.js';
import { invalidRequest, mixedRequest, type FuzzRequest, type FuzzWorld } from './support/fuzz-requests.js';
import { mapLimit } from './support/pool.js';
import { mulberry32, picker } from '../../scripts/prng.js';
import { sendRaw, type RawAnswer } from './support/raw-http.js';
import { BASIC_CREDENTIALS, reliabilitySeed } from './support/seed.js';

const SUITE = 'emulator fuzz';
const ALLOWED = new Set([200, 201, 202, 400, 401, 403, 404, 409, 413, 429, 500, 502, 503]);
const PER_PHASE = 2000;
const MAX_JSON_BYTES = 256 * 1024;

function worldOf(state: State): FuzzWorld {
  return {
    auth: `Basic ${BASIC_CREDENTIALS}`,
    ids: {
      account: ['demo', 'other'],
      app: [...state.apps.map((a) => a.appId), 'fuzz-1', 'fuzz-2'],
      environment: state.environments.map((e) => e.id),
      operation: [...state.operations.map((o) => o.id), 'no_build'],
      install_id: state.installs.map((i) => i.id),
      domain_id: state.domains.map((d) => d.id),
      site_id: state.sites.map((s) => s.id),
      transfer_id: state.siteTransfers.map((t) => t.id),
      account_id: [DEMO_ACCOUNT_ID],
      report_id: state.domainReports.map((r) => r.id),
    },
    maxJsonBytes: MAX_JSON_BYTES,
    maxUploadBytes: 256 * 1024,
  };
}

/** Broken links between records: what a consistent state never has. */
function inconsistencies(s: State): string[] {
  const out: string[] = [];
  const appKeys = s.apps.map((a) => `${a.account}/${a.appId}`);
  if (new Set(appKeys).size !== appKeys.length) out.push('an app id used twice');
  const envIds = s.environments.map((e) => e.id);
  if (new Set(envIds).size !== envIds.length) out.push('an environment id used twice');
  for (const e of s.environments) {
    if (!appKeys.includes(`${e.account}/${e.app}`)) out.push(`environment ${e.id} without its app`);
    if (
      s.environments.some(
        (o) => o !== e && o.app === e.app && o.account === e.account && o.displayName === e.displayName,
      )
    ) {
      out.push(`display name "${e.displayName}" twice in app ${e.app}`);
    }
  }
  for (const o of s.operations)
    if (!envIds.includes(o.environment)) out.push(`operation ${o.id} without its environment`);
  const installIds = s.installs.map((i) => i.id);
  for (const d of s.domains) if (!installIds.includes(d.install_id)) out.push(`domain ${d.id} without its install`);
  for (const c of s.installCopies) {
    if (!installIds.includes(c.source_environment_id) || !installIds.includes(c.destination_environment_id))
      out.push(`install copy ${c.id} names an unknown install`);
  }
  return out;
}

interface Tally {
  sent: number;
  statuses: Map<string, number>;
  outside: string[];
  hung: string[];
  kinds: Set<string>;
}

async function blast(emulator: RunningEmulator, requests: FuzzRequest[]): Promise<Tally> {
  const port = Number(new URL(emulator.url).port);
  const tally: Tally = { sent: 0, statuses: new Map(), outside: [], hung: [], kinds: new Set() };
  await mapLimit(requests, 16, async (r) => {
    const answer: RawAnswer = await sendRaw(port, r);
    tally.sent++;
    tally.kinds.add(r.kind);
    const key = answer.status === null ? 'no answer' : String(answer.status);
    tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    const where = `${r.method} ${r.target.slice(0, 80)} (${r.kind})`;
    if (answer.hung) tally.hung.push(where);
    // Only a client that dropped its own connection may go without an answer.
    const mayGoUnanswered = r.truncate !== undefined;
    if (answer.status === null ? !mayGoUnanswered : !ALLOWED.has(answer.status)) tally.outside.push(`${key}: ${where}`);
  });
  return tally;
}

/** A plain GET after the blast: the rate limit may answer 429 first, then it must be 200. */
async function answersOnceRateAllows(url: string, auth: string): Promise<number> {
  for (let i = 0; ; i++) {
    const res = await fetch(`${url}/v1/installs`, { headers: { authorization: auth } });
    await res.arrayBuffer();
    if (res.status !== 429 || i === 3) return res.status;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

const histogram = (t: Tally) =>
  [...t.statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');

export function emulatorFuzzSuite(evidence: Evidence): void {
  describe('emulator under random and malformed requests', () => {
    let emulator: RunningEmulator;
    const unexpected: unknown[][] = [];
    const spy = vi.spyOn(console, 'error');

    beforeAll(async () => {
      spy.mockImplementation((...args: unknown[]) => void unexpected.push(args));
      emulator = await startEmulator({
        seed: reliabilitySeed([
          { appId: 'shop', environments: [{ displayName: 'staging' }, { displayName: 'production' }] },
          { appId: 'blog', environments: [{ displayName: 'main' }] },
        ]),
        maxUploadMb: 0.25,
        maxJsonBytes: MAX_JSON_BYTES,
        rateLimitPerSecond: 400,
      });
    });
    afterAll(async () => {
      spy.mockRestore();
      await emulator?.close();
    });

    it(`${PER_PHASE} invalid requests: allowed statuses only, no hang, state unchanged`, async () => {
      const p = picker(mulberry32(6));
      const world = worldOf(emulator.state);
      const before = await stateJson(emulator.url);
      const tally = await blast(
        emulator,
        Array.from({ length: PER_PHASE }, () => invalidRequest(p, world)),
      );
      const after = await stateJson(emulator.url);

      evidence.figure(SUITE, 'invalid requests sent', tally.sent);
      evidence.figure(SUITE, 'invalid: kinds of junk', tally.kinds.size);
      evidence.figure(SUITE, 'invalid: answers', histogram(tally));
      evidence.figure(SUITE, 'invalid: state unchanged', String(before === after));

      expect(tally.hung).toEqual([]);
      expect(tally.outside).toEqual([]);
      expect(after).toBe(before);
      expect(unexpected).toEqual([]);
    });

    it(`${PER_PHASE} mixed requests: allowed statuses only, no hang, state consistent`, async () => {
      const p = picker(mulberry32(7));
      const world = worldOf(emulator.state);
      const tally = await blast(
        emulator,
        Array.from({ length: PER_PHASE }, () => mixedRequest(p, world)),
      );
      const state = emulator.state;
      const broken = inconsistencies(state);
      const alive = await answersOnceRateAllows(emulator.url, world.auth);

      evidence.figure(SUITE, 'mixed requests sent', tally.sent);
      evidence.figure(SUITE, 'mixed: answers', histogram(tally));
      evidence.figure(
        SUITE,
        'mixed: state afterwards',
        `${state.apps.length} apps, ${state.environments.length} environments, ${state.sites.length} sites, ${state.domains.length} domains, ${state.installCopies.length} install copies; ${broken.length} broken links`,
      );
      evidence.figure(SUITE, 'unexpected errors logged by the emulator', unexpected.length);

      expect(tally.hung).toEqual([]);
      expect(tally.outside).toEqual([]);
      expect(broken).toEqual([]);
      expect(alive).toBe(200);
      expect(unexpected).toEqual([]);
    });
  });
}
