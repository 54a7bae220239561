/**
 * Chaos: many runs of the bundled action against an emulator that answers a quarter of all
 * requests with 429 (Retry-After), 500, 502, 503 or a dropped connection, with some latency.
 * Every run must succeed, and afterwards the state must hold exactly what the runs meant to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { webhooksOf, type Webhooks } from '../action/helpers/emulator.js';
import { setFaults } from './support/control.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';
import { mulberry32 } from '../../scripts/prng.js';
import { baseInputs, reliabilitySeed, type SeedApp } from './support/seed.js';
import { appWorkspace } from './support/workspace.js';

const SUITE = 'chaos';
export const CHAOS_RUNS = 52;
export const CHAOS_FAULTS = '429:0.08,503:0.07,500:0.05,502:0.04,reset:0.04';
const CHAOS_LATENCY_MS = 10;
const CONCURRENCY = 4;
/** A run still going after this is killed and counts as failed: the guard against a hung run. */
const RUN_LIMIT_MS = 150_000;
/**
 * The test's own limit follows from the runs' guard: every batch of CONCURRENCY runs may take
 * up to RUN_LIMIT_MS. A fixed limit below that (it was 240 s) measured the machine, not the
 * action: the set took 45 s on a quiet machine and 186 s at a load average of 14 on two cores.
 */
const CHAOS_LIMIT_MS = Math.ceil(CHAOS_RUNS / CONCURRENCY) * RUN_LIMIT_MS;

type Kind = 'fresh app' | 'new environment' | 'existing environment' | 'environment by id';
const KINDS: readonly Kind[] = ['fresh app', 'new environment', 'existing environment', 'environment by id'];

interface Plan {
  index: number;
  kind: Kind;
  app: string;
  /** What the run names the environment by (display name or id). */
  environment: string;
  displayName: string;
  copy: boolean;
  webhook: 'rebuild' | 'purgeCache' | null;
  email: string | null;
}

function plan(index: number): Plan {
  const kind = KINDS[index % KINDS.length]!;
  const app = `${['fresh', 'newenv', 'exist', 'byid'][index % KINDS.length]}-${index}`;
  const displayName = {
    'fresh app': 'staging',
    'new environment': 'preview',
    'existing environment': 'production',
    'environment by id': 'qa',
  }[kind];
  const copy = kind === 'fresh app' || kind === 'environment by id';
  const webhook = kind === 'existing environment' ? 'rebuild' : kind === 'environment by id' ? 'purgeCache' : null;
  return {
    index,
    kind,
    app,
    environment: displayName,
    displayName,
    copy,
    webhook,
    email: copy ? `run-${index}@example.com` : null,
  };
}

function seededApps(plans: readonly Plan[]): SeedApp[] {
  return plans
    .filter((p) => p.kind !== 'fresh app')
    .map((p) => ({
      appId: p.app,
      environments:
        p.kind === 'new environment'
          ? []
          : [{ displayName: p.displayName, shellVariables: [{ key: 'A', value: '1' }] }],
    }));
}

export function chaosSuite(evidence: Evidence): void {
  describe('chaos: runs under mixed faults', () => {
    evidence.plan(SUITE, CHAOS_RUNS);
    const plans = Array.from({ length: CHAOS_RUNS }, (_, i) => plan(i));
    let emulator: RunningEmulator;
    let workspace: string;
    const hooks = new Map<string, Webhooks>();

    beforeAll(async () => {
      emulator = await startEmulator({
        seed: reliabilitySeed(seededApps(plans)),
        buildSeconds: 0.2,
        random: mulberry32(20_240_601),
      });
      workspace = appWorkspace('chaos');
      for (const p of plans) {
        if (p.kind !== 'existing environment' && p.kind !== 'environment by id') continue;
        const env = emulator.state.environments.find((e) => e.app === p.app)!;
        if (p.kind === 'environment by id') p.environment = env.id;
        const h = await webhooksOf(emulator, env.id);
        hooks.set(p.app, h);
        evidence.secret(h.token, 'a webhook token');
        evidence.secret(h.urls.rebuild, 'a webhook URL');
        evidence.secret(h.urls.purgeCache, 'a webhook URL');
      }
      // The world is arranged fault-free (from the seed); only the runs meet the faults.
      await setFaults(emulator.url, CHAOS_FAULTS, CHAOS_LATENCY_MS);
    });
    afterAll(async () => {
      await emulator?.close();
    });

    function inputsOf(p: Plan): Record<string, string> {
      const inputs: Record<string, string> = {
        ...baseInputs(emulator),
        app: p.app,
        environment: p.environment,
        timeout: '2m',
      };
      if (p.kind === 'fresh app') {
        Object.assign(inputs, {
          'cms-environment': 'demostg',
          'env-vars': 'API_URL=https://api.example\nFEATURE_X=on',
          region: 'EU-W',
        });
      }
      if (p.kind === 'existing environment') {
        Object.assign(inputs, { 'env-vars': 'A=2\nB=3', 'compression-level': '9' });
      }
      if (p.copy) {
        const [from, to] = p.kind === 'fresh app' ? ['demostg', 'demoprod'] : installIds(['demoprod', 'demostg']);
        Object.assign(inputs, { 'copy-from': from, 'copy-to': to, 'notification-emails': p.email! });
      }
      if (p.webhook === 'rebuild') {
        Object.assign(inputs, { deploy: 'true', webhook: 'rebuild', 'webhook-token': hooks.get(p.app)!.token });
      }
      if (p.webhook === 'purgeCache') {
        Object.assign(inputs, { deploy: 'true', 'webhook-url': hooks.get(p.app)!.urls.purgeCache });
      }
      return inputs;
    }

    function installIds(names: string[]): string[] {
      return names.map((n) => emulator.state.installs.find((i) => i.name === n)!.id);
    }

    it(
      `${CHAOS_RUNS} runs all succeed, and the state holds exactly their effects`,
      async () => {
        const started = Date.now();
        const results: RunResult[] = await mapLimit(plans, CONCURRENCY, async (p) =>
          evidence.record(
            SUITE,
            `chaos #${p.index} (${p.kind})`,
            await runAction({ inputs: inputsOf(p), workspace, timeoutMs: RUN_LIMIT_MS }),
          ),
        );
        const elapsed = Date.now() - started;
        const state = emulator.state;
        const log = emulator.requests();
        for (const e of state.environments) evidence.secret(e.webhookToken, 'a webhook token');
        const faults = log.filter((r) => r.fault);
        const byKind = Object.fromEntries(
          ['429', '500', '502', '503', 'reset'].map((k) => [k, faults.filter((r) => r.fault === k).length]),
        );

        const failures = results
          .map((r, i) => ({ r, p: plans[i]! }))
          .filter(({ r }) => r.code !== 0 || r.outputs.status !== 'success')
          .map(
            ({ r, p }) =>
              `#${p.index} (${p.kind}): exit ${r.code}: ${r.stdout
                .split('\n')
                .filter((l) => l.startsWith('::error::'))
                .join(' | ')}`,
          );

        let duplicateUploads = 0;
        let duplicateCopies = 0;
        let duplicateWebhooks = 0;
        const problems: string[] = [];
        for (const [i, p] of plans.entries()) {
          const r = results[i]!;
          const envs = state.environments.filter((e) => e.app === p.app);
          if (state.apps.filter((a) => a.appId === p.app).length !== 1) problems.push(`#${i}: app count`);
          if (envs.length !== 1 || envs[0]!.displayName !== p.displayName)
            problems.push(`#${i}: ${envs.length} environments`);
          const env = envs[0];
          if (!env) continue;
          if (r.outputs['environment-id'] !== env.id)
            problems.push(`#${i}: environment-id output ${r.outputs['environment-id']}`);
          const uploads = state.uploads.filter((u) => u.environment === env.id);
          if (uploads.length === 0) problems.push(`#${i}: no upload stored`);
          duplicateUploads += Math.max(0, uploads.length - 1);
          if (uploads[0] && uploads[0].sha256 !== r.outputs['archive-sha256'])
            problems.push(`#${i}: uploaded sha256 differs`);
          const calls = state.webhookCalls.filter((c) => c.environment === env.id);
          const wantCalls = p.webhook ? 1 : 0;
          if (calls.length < wantCalls || (p.webhook && calls.some((c) => c.action !== p.webhook)))
            problems.push(`#${i}: webhook calls ${calls.length}`);
          duplicateWebhooks += Math.max(0, calls.length - wantCalls);
          if (p.webhook && r.outputs['webhook-status'] !== '200')
            problems.push(`#${i}: webhook-status ${r.outputs['webhook-status']}`);
          const copies = p.email
            ? state.installCopies.filter((c) => c.notification_emails.includes(p.email!)).length
            : 0;
          if (p.copy && copies < 1) problems.push(`#${i}: no install copy`);
          duplicateCopies += Math.max(0, copies - (p.copy ? 1 : 0));
          if (p.copy && r.outputs['install-copy'] !== 'accepted') problems.push(`#${i}: install-copy output`);
          const created = p.kind === 'fresh app';
          if (r.outputs['app-created'] !== String(created))
            problems.push(`#${i}: app-created ${r.outputs['app-created']}`);
          const envCreated = created || p.kind === 'new environment';
          if (r.outputs['environment-created'] !== String(envCreated))
            problems.push(`#${i}: environment-created ${r.outputs['environment-created']}`);
          if (
            p.kind === 'existing environment' &&
            JSON.stringify(env.shellVariables) !==
              JSON.stringify([
                { key: 'A', value: '2' },
                { key: 'B', value: '3' },
              ])
          ) {
            problems.push(`#${i}: shell variables not updated`);
          }
          if (p.kind === 'fresh app' && (env.cmsEnvironment !== 'demostg' || env.shellVariables.length !== 2))
            problems.push(`#${i}: created environment fields`);
        }
        const seededOrCreated = new Set(plans.map((p) => p.app));
        const strayApps = state.apps.filter((a) => !seededOrCreated.has(a.appId)).length;
        const copiesTotal = state.installCopies.length;
        const copiesWanted = plans.filter((p) => p.copy).length;
        const retries = results.reduce((n, r) => n + (r.stdout.match(/retrying in \d+ ms/g)?.length ?? 0), 0);
        const repeats = results.reduce((n, r) => n + (r.stdout.match(/; repeating it/g)?.length ?? 0), 0);
        const durations = results.map((r) => r.durationMs).sort((a, b) => a - b);

        const percent = (n: number, of: number) => ((n * 100) / of).toFixed(1);
        const hooksWanted = plans.filter((p) => p.webhook).length;
        const kinds = Object.entries(byKind).map(([k, n]) => `${k}: ${n}`);
        const figures: [string, string | number][] = [
          ['runs', CHAOS_RUNS],
          ['successful runs', results.filter((r) => r.code === 0 && r.outputs.status === 'success').length],
          ['faults asked for', `${CHAOS_FAULTS} (28% of requests), latency ${CHAOS_LATENCY_MS} ms, build 0.2 s`],
          ['requests the emulator saw', log.length],
          ['faults injected', `${faults.length} (${percent(faults.length, log.length)}% of requests)`],
          ['faults by kind', kinds.join(', ')],
          ['retries logged by the runs', retries],
          ['ambiguous creates/triggers repeated by a step', repeats],
          ['apps / environments in the state', `${state.apps.length} / ${state.environments.length} (one each)`],
          [
            'install copies / webhook calls',
            `${copiesTotal} of ${copiesWanted} wanted / ${state.webhookCalls.length} of ${hooksWanted} wanted`,
          ],
          [
            'uploads stored twice',
            `${duplicateUploads} of ${CHAOS_RUNS} runs (${percent(duplicateUploads, CHAOS_RUNS)}%)`,
          ],
          ['duplicate install copies / webhook calls', `${duplicateCopies} / ${duplicateWebhooks}`],
          ['run time: median / longest', `${durations[Math.floor(durations.length / 2)]} ms / ${durations.at(-1)} ms`],
          ['wall time (4 at a time)', `${(elapsed / 1000).toFixed(1)} s`],
        ];
        for (const [name, value] of figures) evidence.figure(SUITE, name, value);

        expect(failures).toEqual([]);
        expect(problems).toEqual([]);
        expect(strayApps).toBe(0);
        expect(state.apps).toHaveLength(CHAOS_RUNS);
        expect(state.environments).toHaveLength(CHAOS_RUNS);
        expect(copiesTotal).toBe(copiesWanted);
        expect(duplicateCopies + duplicateWebhooks).toBe(0);
        expect(duplicateUploads / CHAOS_RUNS).toBeLessThan(0.05);
        // The faults really were there, in the share the issue asks for.
        // 28% asked for; a few hundred requests land within about 3 points of it.
        expect(faults.length / log.length).toBeGreaterThan(0.22);
        expect(faults.length / log.length).toBeLessThan(0.34);
        for (const k of Object.keys(byKind)) expect(byKind[k]).toBeGreaterThan(0);
      },
      CHAOS_LIMIT_MS,
    );
  });
}
