/**
 * The `rollback` step in-process through runFlow, against the emulator (both answer sets; under
 * `documented` the upload names no operation and the build is followed by `.../operations/no_build`)
 * and GitHub's kept archives in memory (test/helpers/kept-on-github.ts): which archive, its build,
 * health, every refusal before the upload that leaves the environment as it was, cancellation at
 * each stage, and a dry run. (`rollback-on-failure` after a deploy: deploy-rollback-on-failure.test.ts.)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANSWER_SETS } from '../../emulator/config/answers.js';
import type { GithubServices } from '../../src/github/services.js';
import { MemoryLogger } from '../../src/util/log.js';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { KEPT_ZIP, keptOnGithub, sha256, type KeptOptions } from '../helpers/kept-on-github.js';
import { cancelledInFlight } from '../helpers/steered-client.js';
import { storedZip } from '../helpers/stored-zip.js';
import { useFlow, type FlowRun } from './helpers/flow.js';

const ID = EXISTING.environmentId;
const NAME = `headless-deploy-${EXISTING.app}-${ID}`;
const ENV = `environment "${EXISTING.displayName}" (${ID})`;
const ENVS = `/headless/v1/accounts/demo/apps/${EXISTING.app}/environments`;
const SHA = sha256(KEPT_ZIP);
const UNBUILDABLE = storedZip([{ name: 'index.html', data: '<h1>no package.json</h1>\n' }]);
const UNHEALTHY = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'HEALTH_FAIL', data: '\n' },
]);
const ABORTED = () => Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
const RUNS_700 = `${ENV} runs the archive kept by run 700 (sha256 ${SHA})`;

describe.each(ANSWER_SETS)('the rollback step (answers: %s)', (answers) => {
  const f = useFlow(
    { answers, seed: seedWithApp, buildSeconds: 60 },
    {
      inputs: () => ({
        'github-token': 'ghs_test',
        app: EXISTING.app,
        environment: EXISTING.displayName,
        rollback: 'previous',
        timeout: '15m',
      }),
    },
  );
  let tempDir: string;
  beforeEach(() => void (tempDir = mkdtempSync(join(tmpdir(), 'rollback-step-test-'))));
  afterEach(() => {
    // Whatever happened, the fetched artifact's folder is gone.
    expect(readdirSync(tempDir)).toEqual([]);
    rmSync(tempDir, { recursive: true, force: true });
  });

  const uploads = () => f.emulator.state.uploads.map((u) => u.sha256);
  const rollback = (
    values: Record<string, string>,
    github: GithubServices | undefined,
    over: { signal?: AbortSignal; log?: MemoryLogger } = {},
  ) => f.run(values, { tempDir, github, ...over });
  const kept = (o: Partial<KeptOptions> = {}) => keptOnGithub({ app: EXISTING.app, environmentId: ID, ...o });
  const health = () => ({ 'health-url': `${f.emulator.url}/__sites/{environment-id}/`, 'health-timeout': '5s' });

  it('previous: uploads the archive kept before the newest, waits for its build, says what is live', async () => {
    const k = kept();
    const { report, out, lines, warnings, written } = await rollback({}, k.github);
    expect(report.status).toBe('success');
    expect(k.fetched).toEqual([9000]);
    // Set at the upload's answer, the spec's stand-in, then to the operation's own name once polled.
    expect(written.filter(([name]) => name === 'operation').map(([, v]) => v)).toEqual([
      `accounts/demo/apps/${EXISTING.app}/environments/${ID}/operations/no_build`,
      out.operation,
    ]);
    expect(uploads()).toEqual([SHA]);
    expect(out['environment-id']).toBe(ID);
    expect(out['rolled-back-to']).toBe(`700:${SHA}`);
    // The operation that built it, under both answer sets (never the upload's queued no_build).
    expect(out.operation).toMatch(
      new RegExp(`^accounts/demo/apps/${EXISTING.app}/environments/${ID}/operations/[0-9a-f]{12}$`),
    );
    expect(out.deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
    expect(warnings).toEqual([]);
    expect(lines).toContain(
      `rollback: fetching artifact "${NAME}" (id 9000) kept by run 700 on 2026-11-01T00:00:00.000Z`,
    );
    expect(lines).toContain(
      `rollback: artifact 9000 checked: signed for this environment, archive.zip has sha256 ${SHA} and ${KEPT_ZIP.length} bytes, as its manifest records`,
    );
    expect(lines).toContain(`notice: rolled back: ${RUNS_700}`);
    expect(report.steps[0]!.details).toEqual([
      ['rolled back to', `run 700, sha256 ${SHA} (artifact 9000)`],
      ['live now', RUNS_700],
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
    f.steered.steer(`GET ${ENVS}/${ID}`, async (real) => {
      const answer = await real();
      const { displayName: _, ...rest } = JSON.parse(answer.body) as Record<string, unknown>;
      return { ...answer, body: JSON.stringify(rest) };
    });
    const { report, lines } = await rollback({ environment: ID }, kept().github);
    expect(report.status).toBe('success');
    expect(f.steered.steered.length).toBeGreaterThan(0);
    expect(lines).toContainEqual(expect.stringMatching(`^notice: rolled back: environment "${ID}" \\(${ID}\\) runs `));
  });

  it('an artifact listed without its run or its date: named "unknown" and "?"', async () => {
    const k = kept({ runs: [null, 701], noCreatedAt: true });
    const { report, lines, out } = await rollback({}, k.github);
    expect(report.status).toBe('success');
    // Without dates the higher id is the newer, so "previous" is the one without a run.
    expect(k.fetched).toEqual([9000]);
    expect(lines).toContain(`rollback: fetching artifact "${NAME}" (id 9000) kept by run unknown on ?`);
    expect(out['rolled-back-to']).toBe(`unknown:${SHA}`);
  });

  it('with health-url: checks the site, and says it is healthy', async () => {
    const { report, out, lines } = await rollback(health(), kept().github);
    expect(report.status).toBe('success');
    expect(out.health).toBe('healthy');
    expect(lines).toContain(`notice: rolled back: ${RUNS_700}, and it is healthy`);
  });

  it.each([
    ['unhealthy once built', UNHEALTHY, 'failure', ['health'], []],
    [
      'failing to build',
      UNBUILDABLE,
      'failure',
      [],
      ['the build failed (operation ', 'no package.json', 'the kept archive built before; look at the platform'],
    ],
    ['outlasting timeout', KEPT_ZIP, 'timeout', ['timeout'], ['not done after 30s']],
  ])('the kept archive %s: says it was uploaded again, and what became of it', async (_, zip, status, given, words) => {
    const values = {
      ...(given.includes('health') ? health() : {}),
      ...(given.includes('timeout') ? { timeout: '30s' } : {}),
    };
    const { report, out, lines, firstLine } = await rollback(values, kept({ zip }).github);
    expect(report.status).toBe(status);
    expect(
      firstLine!.startsWith(
        `rollback ${status === 'timeout' ? 'timed out' : 'failed'}: the kept archive of run 700 (sha256 ${sha256(zip)}) was uploaded again, but `,
      ),
    ).toBe(true);
    for (const w of words) expect(firstLine).toContain(w);
    expect(uploads()).toEqual([sha256(zip)]);
    expect(out['rolled-back-to']).toBeUndefined();
    if (given.includes('health')) expect(out.health).toBe('unhealthy');
    expect(lines.some((l) => l.startsWith('notice: rolled back'))).toBe(false);
    // What had been done, in the run's recap: the kept archive, named by its run.
    expect(report.error).toMatch(/\ndone so far: kept archive of run 700 uploaded( \(operation [^)]+\))?$/m);
  });

  describe('refused before anything is uploaded', () => {
    const CANNOT = `artifact "${NAME}" (id 9000) cannot be uploaded again: `;
    const manifest = (change: object) => ({ manifest: (m: Record<string, unknown>) => ({ ...m, ...change }) });
    const listError = new Error('could not list the kept archives: github answered 403');
    const downloadError = new Error('could not fetch artifact 9000: github answered 503');
    const cases: [string, Record<string, string>, Partial<KeptOptions> | null, string[]][] = [
      ['an environment not found', { environment: 'nosuch' }, {}, ['environment "nosuch" of app "web" was not found']],
      ['no GitHub services', {}, null, ['input "rollback" needs input "github-token"', 'GITHUB_REPOSITORY']],
      [
        'previous with only one archive kept',
        {},
        { runs: [701] },
        ['only one unexpired archive', 'keep-archive: true'],
      ],
      [
        'a run that kept no archive',
        { rollback: '123' },
        {},
        ['run 123 kept no unexpired archive', 'keep-archive: true'],
      ],
      ['the listing failing', {}, { listError }, [`input "rollback": ${listError.message}`]],
      ['the fetch failing', {}, { downloadError }, [`input "rollback": ${downloadError.message}`]],
      ['a digest that does not match', {}, { digestMismatch: true }, ['does not match the digest GitHub lists']],
      ['no manifest', {}, { lacks: 'manifest' }, [CANNOT, 'it holds no headless-deploy-manifest.json']],
      ['no archive.zip', {}, { lacks: 'archive.zip' }, [CANNOT, 'it holds no archive.zip']],
      ['a manifest that is not JSON', {}, { manifestText: '{' }, [CANNOT, 'headless-deploy-manifest.json is not JSON']],
      [
        'an unsigned manifest (version 1)',
        {},
        { manifestText: JSON.stringify({ version: 1, app: EXISTING.app, environmentId: ID, sha256: SHA }) },
        [CANNOT, 'version 1, unsigned'],
      ],
      ['a forger’s signature', {}, { keyMaterial: 'forger' }, [CANNOT, 'signature (mac) does not verify']],
      ['a manifest changed after signing', {}, manifest({ runId: '1' }), [CANNOT, 'does not verify']],
      ['a manifest of another environment', {}, { signedFields: { environmentId: 'e0a1b2c3' } }, [CANNOT, 'e0a1b2c3']],
      [
        'a zip whose sha256 is not the manifest’s',
        {},
        { signedFields: { sha256: 'f'.repeat(64) } },
        [CANNOT, 'f'.repeat(64)],
      ],
      [
        'the one before the newest made by a fork’s run',
        {},
        { fromFork: [0] },
        ['only one unexpired archive', 'passed over artifact 9000', 'another repository'],
      ],
    ];

    it.each(cases)('%s: says why, and that nothing was uploaded', async (label, values, o, words) => {
      const k = o ? kept(o) : undefined;
      const { report, out, firstLine } = await rollback(values, k?.github);
      expect(report.status).toBe('failure');
      expect(firstLine).toMatch(/^rollback failed: /);
      for (const w of words) expect(firstLine).toContain(w);
      if (k && label !== 'an environment not found') expect(firstLine).toContain('; nothing was uploaded');
      expect(uploads()).toEqual([]);
      expect(out['rolled-back-to']).toBeUndefined();
      // Nothing is listed before the environment is found, nothing fetched for a run that kept none.
      if (label === 'an environment not found') expect(k!.listed).toBe(0);
      if (values.rollback === '123') expect(k!.fetched).toEqual([]);
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
      return rollback({}, github, { log, signal: controller.signal });
    }
    /** Cancels the run while any of `routes` is in flight, and checks the request was given the run's signal. */
    async function cancelIn(routes: string[], github: GithubServices) {
      const controller = new AbortController();
      const unheard: string[] = [];
      for (const route of routes) f.steered.steer(route, cancelledInFlight(controller, unheard));
      const r = await rollback({}, github, { signal: controller.signal });
      expect(unheard).toEqual([]);
      return r;
    }

    const UPLOAD = `POST /headless/fu/v1/accounts/demo/apps/${EXISTING.app}/environments/${ID}:upload`;
    it.each<[string, () => Promise<FlowRun>, string[]]>([
      [
        'looking for the environment',
        () => cancelIn([`GET ${ENVS}`, `GET ${ENVS}/${EXISTING.displayName}`], kept().github),
        [],
      ],
      [
        `listing the kept archives "${NAME}"`,
        () => {
          // Cancelled as the listing starts, which then ends as a cancelled fetch does.
          const controller = new AbortController();
          const k = kept({
            onList: () => controller.abort(new Error('the workflow was cancelled')),
            listError: ABORTED(),
          });
          return rollback({}, k.github, { signal: controller.signal });
        },
        [],
      ],
      [
        'fetching kept archive 9000',
        () => {
          const k = kept();
          k.github.kept!.download = () => Promise.reject(ABORTED());
          return cancelAt('rollback: fetching artifact', k.github);
        },
        [],
      ],
      ['uploading the kept archive again', () => cancelIn([UPLOAD], kept().github), []],
      ["waiting for the kept archive's build", () => cancelAt('waiting for the build', kept().github), [SHA]],
    ])('while %s: cancelled, saying so, not reported as a failed rollback', async (doing, run, uploaded) => {
      const { report, firstLine } = await run();
      expect(report.status).toBe('cancelled');
      expect(firstLine).toBe(`rollback cancelled: cancelled while ${doing}`);
      expect(report.error).not.toMatch(/was uploaded again, but|nothing was uploaded/);
      expect(uploads()).toEqual(uploaded);
    });
  });

  describe('in a dry run', () => {
    async function dry(values: Record<string, string>, github: GithubServices | undefined) {
      const r = await rollback({ 'dry-run': 'true', ...values }, github);
      expect(r.report.status).toBe('planned');
      expect(uploads()).toEqual([]);
      expect(f.writes()).toEqual([]);
      expect(r.out['environment-id']).toBe(ID);
      return r.lines.filter((l) => l.startsWith('would'));
    }
    const WOULD = `would upload again artifact "${NAME}"`;
    const NO_PREVIOUS = `is kept, so there is no previous one to roll back to`;

    it.each([
      ['the newest but one', {}, kept, `${WOULD} (id 9000) kept by run 700`],
      ['a run asked for', { rollback: '701' }, () => kept({ runs: [null, 701] }), `${WOULD} (id 9001) kept by run 701`],
      [
        'a run not known',
        {},
        () => kept({ runs: [null, 701], noCreatedAt: true }),
        `${WOULD} (id 9000) kept by run unknown`,
      ],
      [
        'none: only one kept',
        {},
        () => kept({ runs: [701] }),
        `would roll back, but only one unexpired archive named "${NAME}" ${NO_PREVIOUS}`,
      ],
      [
        'none: no GitHub to ask',
        {},
        () => undefined,
        `would roll back, but no unexpired archive named "${NAME}" ${NO_PREVIOUS}`,
      ],
    ])('says which archive it would upload (%s), fetching none', async (_, values, make, said) => {
      const k = make();
      expect(await dry(values, k?.github)).toEqual([said]);
      expect(k?.fetched ?? []).toEqual([]);
    });
  });
});
