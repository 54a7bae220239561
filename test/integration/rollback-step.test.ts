/**
 * Rolling back in-process, against the emulator (both answer sets; under `documented` the upload
 * names no operation and the build is followed by `.../operations/no_build`) and GitHub's kept
 * archives in memory (test/helpers/kept-on-github.ts): the `rollback` step through runFlow (which
 * archive, its build, health, every refusal before the upload that leaves the environment as it
 * was, a dry run), and `rollback-on-failure` after a deploy whose build failed, which ends the run
 * `rolled-back`, or says that neither version is live.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { ANSWER_SETS } from '../../emulator/answers.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import type { GithubServices } from '../../src/github/services.js';
import { VirtualClock } from '../../src/util/clock.js';
import { MemoryLogger } from '../../src/util/log.js';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { KEPT_ZIP, keptOnGithub, sha256, type KeptOptions } from '../helpers/kept-on-github.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { cancelledInFlight, steeredClient, type SteeredClient } from '../helpers/steered-client.js';
import { storedZip } from '../helpers/stored-zip.js';

const BUILD_MS = 60_000;
const ID = EXISTING.environmentId;
const NAME = `headless-deploy-${EXISTING.app}-${ID}`;
const ENV = `environment "${EXISTING.displayName}" (${ID})`;
const SHA = sha256(KEPT_ZIP);
const UNBUILDABLE = storedZip([{ name: 'index.html', data: '<h1>no package.json</h1>\n' }]);
const UNHEALTHY = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'HEALTH_FAIL', data: '\n' },
]);

describe.each(ANSWER_SETS)('rolling back (answers: %s)', (answers) => {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  let emulator: RunningEmulator;
  let steered: SteeredClient;
  let client: Client;
  let tempDir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock, answers, seed: seedWithApp, buildSeconds: BUILD_MS / 1000 });
    steered = steeredClient(emulator.url, clock);
    client = steered.client;
  });
  afterAll(async () => {
    await steered.close();
    await emulator.close();
    removeWorkspaces();
  });
  beforeEach(() => {
    emulator.reset();
    steered.reset();
    tempDir = mkdtempSync(join(tmpdir(), 'rollback-step-test-'));
  });
  afterEach(() => {
    // Whatever happened, the fetched artifact's folder is gone.
    expect(readdirSync(tempDir)).toEqual([]);
    rmSync(tempDir, { recursive: true, force: true });
  });

  const uploads = () => emulator.state.uploads.map((u) => u.sha256);

  async function rollback(
    values: Record<string, string>,
    github: GithubServices | undefined,
    over: { signal?: AbortSignal; log?: MemoryLogger } = {},
  ) {
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        'github-token': 'ghs_test',
        account: 'demo',
        app: EXISTING.app,
        environment: EXISTING.displayName,
        rollback: 'previous',
        timeout: '15m',
        ...values,
      },
      '/',
    );
    const t = testContext({ inputs, client, clock, tempDir, ...(github ? { github } : {}), ...over });
    const report = await runFlow(t.ctx);
    return { ...t, report, out: t.outputs.values() };
  }
  const kept = (o: Partial<KeptOptions> = {}) => keptOnGithub({ app: EXISTING.app, environmentId: ID, ...o });

  describe('the rollback step', () => {
    it('previous: uploads the archive kept before the newest, waits for its build, says what is live', async () => {
      const k = kept();
      const { report, out, log, written } = await rollback({}, k.github);
      expect(report.status).toBe('success');
      expect(k.fetched).toEqual([9000]);
      expect(written.filter(([name]) => name === 'operation')).toHaveLength(1);
      expect(uploads()).toEqual([SHA]);
      expect(out['environment-id']).toBe(ID);
      expect(out['rolled-back-to']).toBe(`700:${SHA}`);
      // The operation that built it, under both answer sets (never the upload's queued no_build).
      expect(out.operation).toMatch(
        new RegExp(`^accounts/demo/apps/${EXISTING.app}/environments/${ID}/operations/[0-9a-f]{12}$`),
      );
      expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([]);
      expect(out.deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
      expect(log.lines).toContain(
        `rollback: fetching artifact "${NAME}" (id 9000) kept by run 700 on 2026-11-01T00:00:00.000Z`,
      );
      expect(log.lines).toContain(
        `rollback: artifact 9000 checked: archive.zip has sha256 ${SHA}, as its manifest records`,
      );
      expect(log.lines).toContain(`notice: rolled back: ${ENV} runs the archive kept by run 700 (sha256 ${SHA})`);
      expect(report.steps[0]!.details).toEqual([
        ['rolled back to', `run 700, sha256 ${SHA} (artifact 9000)`],
        ['live now', `${ENV} runs the archive kept by run 700 (sha256 ${SHA})`],
      ]);
    });

    it('a run id: uploads the archive that run kept, found by id as well as by display name', async () => {
      const k = kept();
      const { report, out } = await rollback({ rollback: '701', environment: ID }, k.github);
      expect(report.status).toBe('success');
      expect(k.fetched).toEqual([9001]);
      expect(out['rolled-back-to']).toBe(`701:${SHA}`);
    });

    it('an environment answered without a display name: named by the input', async () => {
      steered.steer(`GET /headless/v1/accounts/demo/apps/${EXISTING.app}/environments/${ID}`, async (real) => {
        const answer = await real();
        const { displayName: _, ...rest } = JSON.parse(answer.body) as Record<string, unknown>;
        return { ...answer, body: JSON.stringify(rest) };
      });
      const { report, log } = await rollback({ environment: ID }, kept().github);
      expect(report.status).toBe('success');
      expect(steered.steered.length).toBeGreaterThan(0);
      expect(log.lines).toContain(
        `notice: rolled back: environment "${ID}" (${ID}) runs the archive kept by run 700 (sha256 ${SHA})`,
      );
    });

    it('an artifact listed without its run or its date: named "unknown" and "?"', async () => {
      const k = kept({ runs: [null, 701], noCreatedAt: true });
      const { report, log, out } = await rollback({}, k.github);
      expect(report.status).toBe('success');
      // Without dates the higher id is the newer, so "previous" is the one without a run.
      expect(k.fetched).toEqual([9000]);
      expect(log.lines).toContain(`rollback: fetching artifact "${NAME}" (id 9000) kept by run unknown on ?`);
      expect(out['rolled-back-to']).toBe(`unknown:${SHA}`);
    });

    it('with health-url: checks the site, and says it is healthy', async () => {
      const { report, out, log } = await rollback(
        { 'health-url': `${emulator.url}/__sites/{environment-id}/`, 'health-timeout': '5s' },
        kept().github,
      );
      expect(report.status).toBe('success');
      expect(out.health).toBe('healthy');
      expect(log.lines).toContain(
        `notice: rolled back: ${ENV} runs the archive kept by run 700 (sha256 ${SHA}), and it is healthy`,
      );
    });

    it('the kept archive unhealthy once built: a failure saying it was uploaded again', async () => {
      const { report, out } = await rollback(
        { 'health-url': `${emulator.url}/__sites/{environment-id}/`, 'health-timeout': '5s' },
        kept({ zip: UNHEALTHY }).github,
      );
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(
        new RegExp(
          `^rollback failed: the kept archive of run 700 \\(sha256 ${sha256(UNHEALTHY)}\\) was uploaded again, but `,
        ),
      );
      expect(uploads()).toEqual([sha256(UNHEALTHY)]);
      expect(out.health).toBe('unhealthy');
      expect(out['rolled-back-to']).toBeUndefined();
    });

    it("the kept archive's build failing: a failure naming the build and where to look", async () => {
      const { report, out, log } = await rollback({}, kept({ zip: UNBUILDABLE }).github);
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(
        new RegExp(
          `^rollback failed: the kept archive of run 700 \\(sha256 ${sha256(UNBUILDABLE)}\\) was uploaded again, but the build failed \\(operation [^)]+\\): "build failed: no package\\.json[^"]*"; the kept archive built before; look at the platform \\(its build log, its variables\\)\\n`,
        ),
      );
      expect(out['rolled-back-to']).toBeUndefined();
      expect(log.lines.some((l) => l.startsWith('notice: rolled back'))).toBe(false);
      // What had been done, in the run's recap: the kept archive, named by its run.
      expect(report.error).toMatch(/\ndone so far: kept archive of run 700 uploaded( \(operation [^)]+\))?$/m);
    });

    it('a build that outlasts timeout: timed out, the archive uploaded', async () => {
      const { report } = await rollback({ timeout: '30s' }, kept().github);
      expect(report.status).toBe('timeout');
      expect(report.error).toMatch(
        new RegExp(
          `^rollback timed out: the kept archive of run 700 \\(sha256 ${SHA}\\) was uploaded again, but operation .* not done after 30s`,
        ),
      );
      expect(uploads()).toEqual([SHA]);
    });

    describe('refused before anything is uploaded', () => {
      async function refused(values: Record<string, string>, github: GithubServices | undefined) {
        const r = await rollback(values, github);
        expect(r.report.status).toBe('failure');
        expect(uploads()).toEqual([]);
        expect(r.out['rolled-back-to']).toBeUndefined();
        return r.report.error!.split('\n')[0];
      }

      it('an environment not found: names it and the input, lists nothing', async () => {
        const k = kept();
        expect(await refused({ environment: 'nosuch' }, k.github)).toBe(
          `rollback failed: environment "nosuch" of app "web" was not found, so there is nothing to roll back: check the "environment" input`,
        );
        expect(k.listed).toBe(0);
      });

      it('no GitHub services: says what it needs', async () => {
        expect(await refused({}, undefined)).toBe(
          'rollback failed: input "rollback" needs input "github-token" (with "permissions: actions: read") and GITHUB_REPOSITORY to find the kept archives',
        );
      });

      it('previous with only one archive kept', async () => {
        expect(await refused({}, kept({ runs: [701] }).github)).toBe(
          `rollback failed: input "rollback" is "previous", but only one unexpired archive named "${NAME}" is kept, so there is no previous one to roll back to; nothing was uploaded: deploy with keep-archive: true to keep archives to roll back to`,
        );
      });

      it('a run that kept no archive', async () => {
        const k = kept();
        expect(await refused({ rollback: '123' }, k.github)).toBe(
          `rollback failed: input "rollback" is "123", but run 123 kept no unexpired archive named "${NAME}"; nothing was uploaded: deploy with keep-archive: true to keep archives to roll back to`,
        );
        expect(k.fetched).toEqual([]);
      });

      it('the listing failing: its words, and that nothing was uploaded', async () => {
        const listError = new Error(
          'could not list the kept archives: github answered 403: give the workflow "permissions: actions: read"',
        );
        expect(await refused({}, kept({ listError }).github)).toBe(
          `rollback failed: input "rollback": ${listError.message}; nothing was uploaded`,
        );
      });

      it('the fetch failing', async () => {
        const downloadError = new Error('could not fetch artifact 9000: github answered 503');
        expect(await refused({}, kept({ downloadError }).github)).toBe(
          `rollback failed: input "rollback": ${downloadError.message}; nothing was uploaded`,
        );
      });

      it('a fetched artifact that does not match its listed digest', async () => {
        expect(await refused({}, kept({ digestMismatch: true }).github)).toBe(
          `rollback failed: input "rollback": artifact "${NAME}" (id 9000) fetched does not match the digest GitHub lists for it (sha256:${'0'.repeat(64)}); nothing was uploaded: run again, and if it persists, pick another run's archive`,
        );
      });

      it.each([
        ['no manifest', { lacks: 'manifest' }, 'it holds no headless-deploy-manifest.json'],
        ['no archive.zip', { lacks: 'archive.zip' }, 'it holds no archive.zip'],
        ['archive.zip a folder', { lacks: 'archive.zip as a folder' }, 'it holds no archive.zip'],
        ['a manifest that is not JSON', { manifestText: '{' }, 'headless-deploy-manifest.json is not JSON'],
        [
          'a manifest of another environment',
          { manifest: (m: Record<string, unknown>) => ({ ...m, environmentId: 'e0a1b2c3' }) },
          'e0a1b2c3',
        ],
        [
          'a zip whose sha256 is not the manifest’s',
          { manifest: (m: Record<string, unknown>) => ({ ...m, sha256: 'f'.repeat(64) }) },
          'f'.repeat(64),
        ],
      ] as [string, Partial<KeptOptions>, string][])('%s', async (_, o, why) => {
        const line = await refused({}, kept(o).github);
        expect(line).toMatch(
          new RegExp(
            `^rollback failed: input "rollback": artifact "${NAME}" \\(id 9000\\) cannot be uploaded again: .*; nothing was uploaded$`,
          ),
        );
        expect(line).toContain(why);
      });
    });

    describe('cancelled', () => {
      /** Cancels the run when a log line starting with `at` is written. */
      async function cancelAt(at: string, github: GithubServices) {
        const controller = new AbortController();
        const log = new MemoryLogger();
        const info = log.info.bind(log);
        log.info = (m) => {
          info(m);
          if (m.startsWith(at)) controller.abort(new Error('the workflow was cancelled'));
        };
        return (await rollback({}, github, { log, signal: controller.signal })).report;
      }

      it('while looking for the environment: cancelled, naming the look-up', async () => {
        const controller = new AbortController();
        const unheard: string[] = [];
        steered.steer(
          `GET /headless/v1/accounts/demo/apps/${EXISTING.app}/environments`,
          cancelledInFlight(controller, unheard),
        );
        steered.steer(
          `GET /headless/v1/accounts/demo/apps/${EXISTING.app}/environments/${EXISTING.displayName}`,
          cancelledInFlight(controller, unheard),
        );
        const k = kept();
        const { report } = await rollback({}, k.github, { signal: controller.signal });
        expect(unheard).toEqual([]);
        expect(report.status).toBe('cancelled');
        expect(report.error!.split('\n')[0]).toBe('rollback cancelled: cancelled while looking for the environment');
        expect(k.listed).toBe(0);
      });

      it('while listing the kept archives: cancelled, naming the listing', async () => {
        const controller = new AbortController();
        // Cancelled as the listing starts, which then ends as a cancelled fetch does.
        const k = kept({
          onList: () => controller.abort(new Error('the workflow was cancelled')),
          listError: Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }),
        });
        const { report } = await rollback({}, k.github, { signal: controller.signal });
        expect(report.status).toBe('cancelled');
        expect(report.error!.split('\n')[0]).toBe(
          `rollback cancelled: cancelled while listing the kept archives "${NAME}"`,
        );
        expect(k.fetched).toEqual([]);
      });

      it('while fetching: cancelled, not "nothing was uploaded" as a failure', async () => {
        const k = kept();
        k.github.kept!.download = async () => {
          throw Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
        };
        const report = await cancelAt('rollback: fetching artifact', k.github);
        expect(report.status).toBe('cancelled');
        expect(report.error!.split('\n')[0]).toBe('rollback cancelled: cancelled while fetching kept archive 9000');
        expect(uploads()).toEqual([]);
      });

      it('while uploading the kept archive: cancelled, naming the upload', async () => {
        const controller = new AbortController();
        const unheard: string[] = [];
        steered.steer(
          `POST /headless/fu/v1/accounts/demo/apps/${EXISTING.app}/environments/${ID}:upload`,
          cancelledInFlight(controller, unheard),
        );
        const { report } = await rollback({}, kept().github, { signal: controller.signal });
        expect(steered.steered).toHaveLength(1);
        expect(unheard).toEqual([]);
        expect(report.status).toBe('cancelled');
        expect(report.error!.split('\n')[0]).toBe(
          'rollback cancelled: cancelled while uploading the kept archive again',
        );
        expect(uploads()).toEqual([]);
      });

      it("while waiting for the kept archive's build: cancelled, not a failed rollback", async () => {
        const report = await cancelAt('waiting for the build', kept().github);
        expect(report.status).toBe('cancelled');
        expect(report.error!.split('\n')[0]).toBe(
          "rollback cancelled: cancelled while waiting for the kept archive's build",
        );
        expect(report.error).not.toMatch(/was uploaded again, but/);
        expect(uploads()).toEqual([SHA]);
      });
    });

    describe('in a dry run', () => {
      async function dry(values: Record<string, string>, github: GithubServices | undefined) {
        const r = await rollback({ 'dry-run': 'true', ...values }, github);
        expect(r.report.status).toBe('planned');
        expect(uploads()).toEqual([]);
        expect(emulator.requests().every((q) => q.method === 'GET')).toBe(true);
        expect(r.out['environment-id']).toBe(ID);
        return r.log.lines.filter((l) => l.startsWith('would'));
      }

      it('says which archive it would upload, fetching none', async () => {
        const k = kept();
        expect(await dry({}, k.github)).toEqual([`would upload again artifact "${NAME}" (id 9000) kept by run 700`]);
        expect(k.fetched).toEqual([]);
      });

      it('names a run it does not know "unknown"', async () => {
        expect(await dry({ rollback: '701' }, kept({ runs: [null, 701] }).github)).toEqual([
          `would upload again artifact "${NAME}" (id 9001) kept by run 701`,
        ]);
        expect(await dry({}, kept({ runs: [null, 701], noCreatedAt: true }).github)).toEqual([
          `would upload again artifact "${NAME}" (id 9000) kept by run unknown`,
        ]);
      });

      it('says why it would not roll back', async () => {
        expect(await dry({}, kept({ runs: [701] }).github)).toEqual([
          `would roll back, but only one unexpired archive named "${NAME}" is kept, so there is no previous one to roll back to`,
        ]);
        expect(await dry({}, undefined)).toEqual([
          `would roll back, but no unexpired archive named "${NAME}" is kept, so there is no previous one to roll back to`,
        ]);
      });
    });
  });

  describe('rollback-on-failure, after a deploy whose build failed', () => {
    async function deployBroken(k: ReturnType<typeof kept>) {
      const inputs = inputsOf(
        {
          ...emulatorAccess(emulator.url),
          'github-token': 'ghs_test',
          account: 'demo',
          app: EXISTING.app,
          environment: EXISTING.displayName,
          'rollback-on-failure': 'true',
          timeout: '15m',
        },
        makeWorkspace({ 'index.html': '<h1>no package.json</h1>\n' }),
      );
      const t = testContext({ inputs, client, clock, tempDir, github: k.github });
      const report = await runFlow(t.ctx);
      return { ...t, report };
    }

    it('puts back the newest archive an earlier run kept: the run ends "rolled-back", in those words', async () => {
      const k = kept();
      const { report, outputs, log } = await deployBroken(k);
      expect(report.status).toBe('rolled-back');
      expect(outputs.values().status).toBe('rolled-back');
      expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([['deploy', 'rolled-back']]);
      expect(report.error).toMatch(
        /^deploy failed and was rolled back: the build failed \(operation [^)]+\): "build failed: no package\.json/,
      );
      expect(report.error).toContain(`; rolled back: ${ENV} runs again the archive kept by run 701 (sha256 ${SHA})`);
      expect(report.steps[0]!.error).toBe(report.error!.split('\n')[0]);
      expect(k.fetched).toEqual([9001]);
      expect(uploads().at(-1)).toBe(SHA);
      expect(log.lines.filter((l) => l.startsWith('error: '))).toEqual([]);
    });

    it("the kept archive failing to build too: an error line through the flow's logger, neither version live", async () => {
      const { report, log, ctx } = await deployBroken(kept({ zip: UNBUILDABLE }));
      expect(report.status).toBe('failure');
      expect(log.lines.filter((l) => l.startsWith('error: '))).toEqual([
        "error: rollback-on-failure: neither version is live and healthy: this run's deploy failed (the build failed), and so did the rollback",
      ]);
      expect(report.error).toMatch(
        /^deploy failed: .*; rolled back, but the kept archive of run 701 .* was uploaded again, but the build failed/,
      );
      // Errors are not warnings: the record's warnings (the summary's) stay empty.
      expect(ctx.record.warnings.filter((w) => w.includes('neither version'))).toEqual([]);
    });
  });
});
