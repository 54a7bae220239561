/**
 * Rollback end to end: dist/index.js against the emulator, the fake GitHub (artifact listing and
 * a `/zip` that redirects to a blob on another origin), and, for the archive a deploy keeps,
 * the fake results service and Azurite that @actions/artifact uploads it to. The kept archive
 * GitHub lists in the first test is the one the keep step really uploaded (read back from
 * Azurite); the failure paths plant artifacts made here.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FakeArtifact } from '../../scripts/fake-github.js';
import { FAKE_GITHUB_TOKEN } from '../../scripts/runner.js';
import { listedAsGithubWould, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';
import { storedZip } from '../helpers/stored-zip.js';
import { EXISTING, seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { useFakeGithub } from './helpers/use-fake-github.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });
const gh = useFakeGithub();
const artifacts = useArtifactService();

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const site = (id: string) => `${emulator.url}/__sites/${id}/`;
const HEALTH = () => ({ 'health-url': `${emulator.url}/__sites/{environment-id}/`, 'health-timeout': '1s' });
const BROKEN = { ...APP_FILES, HEALTH_FAIL: '\n' };
const NAME = `headless-deploy-${EXISTING.app}-${EXISTING.environmentId}`;

/** The sha256 of the upload the emulator's site serves now (the emulator's own record). */
async function liveSha(environmentId: string): Promise<{ status: number; sha: string | null }> {
  const res = await fetch(site(environmentId));
  await res.arrayBuffer();
  return { status: res.status, sha: res.headers.get('x-emulator-deployed-sha256') };
}

interface Planted {
  id: number;
  runId: number;
  /** The app's zip inside (archive.zip). */
  zip?: Buffer;
  manifest?: Record<string, unknown>;
  createdAt?: string;
  expired?: boolean;
  name?: string;
  /** Default: the artifact's true digest. */
  digest?: string | null;
}

const GOOD_APP = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'index.html', data: '<h1>kept</h1>\n' },
]);

/** An artifact as keep-archive makes it: a zip of archive.zip and its manifest. */
function plant(p: Planted): FakeArtifact {
  const zip = p.zip ?? GOOD_APP;
  const manifest = {
    version: 1,
    app: EXISTING.app,
    environmentId: EXISTING.environmentId,
    sha256: sha256(zip),
    bytes: zip.length,
    runId: String(p.runId),
    ...p.manifest,
  };
  const bytes = storedZip([
    { name: 'archive.zip', data: zip },
    { name: 'headless-deploy-manifest.json', data: `${JSON.stringify(manifest, null, 2)}\n` },
  ]);
  const a: FakeArtifact = {
    id: p.id,
    name: p.name ?? NAME,
    runId: p.runId,
    createdAt: p.createdAt ?? new Date(Date.UTC(2026, 10, 1) + p.id * 60_000).toISOString(),
    expired: p.expired ?? false,
    digest: p.digest === undefined ? `sha256:${sha256(bytes)}` : p.digest,
    bytes,
  };
  gh.github.artifacts.push(a);
  return a;
}

describe.each(NODES)('rollback on $label', ({ node }) => {
  const env = (runId: string) => ({
    ...runtimeEnv(artifacts.results),
    GITHUB_API_URL: gh.github.url,
    GITHUB_RUN_ID: runId,
  });

  it('a healthy deploy is kept; the next, unhealthy, is rolled back to it: byte-identical, healthy again, run fails', async () => {
    const first = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: env('555'),
      inputs: deployInputs(emulator, 'shop', { ...HEALTH(), 'keep-archive': 'true' }),
    });
    expect(first.code, logText(first)).toBe(0);
    expect(first.outputs).toMatchObject({ status: 'success', health: 'healthy' });
    const envId = first.outputs['environment-id']!;
    const keptSha = first.outputs['archive-sha256']!;
    const name = `headless-deploy-shop-${envId}`;
    // What GitHub lists is what the keep step uploaded through the artifacts.results service to Azurite.
    gh.github.artifacts.push(
      await listedAsGithubWould(artifacts.azurite, artifacts.results, name, {
        id: Number(first.outputs['archive-artifact-id']),
        runId: 555,
      }),
    );

    const uploadsBefore = emulator.state.uploads.length;
    const second = await runChecked({
      node,
      workspace: makeWorkspace(BROKEN),
      emulator,
      env: env('556'),
      inputs: deployInputs(emulator, 'shop', { ...HEALTH(), 'keep-archive': 'true', 'rollback-on-failure': 'true' }),
    });
    const log = logText(second);
    expect(second.code, log).toBe(1);
    expect(second.outputs).toMatchObject({ status: 'rolled-back', health: 'unhealthy' });
    expect(second.outputs['rolled-back-to']).toBe(`555:${keptSha}`);
    expect(second.outputs['archive-artifact-id']).toBeUndefined();
    // The broken zip, then the kept one again, byte for byte, on the emulator's side.
    const uploads = emulator.state.uploads.slice(uploadsBefore);
    expect(uploads.map((u) => u.sha256)).toEqual([second.outputs['archive-sha256'], keptSha]);
    expect(await liveSha(envId)).toEqual({ status: 200, sha: keptSha });
    expect(log).toMatch(/rolled back: environment "staging" \(.+\) runs again the archive kept by run 555/);
    expect(second.summary).toMatch(/rolled back/);
    expect(second.summary).toMatch(/⏪ headless-deploy: rolled back/);
    expect(second.summary).toMatch(
      /\| deploy\\: live now \| environment "staging" .* runs again the archive kept by run 555 /,
    );
    expect(second.summary).toContain(`| deploy\\: rolled back to | run 555, sha256 ${keptSha} `);
    // GitHub got its token; the blob on the other origin did not.
    const zipAsk = gh.github.requests.find((r) => r.path.endsWith('/zip'))!;
    expect(zipAsk.authorization).toMatch(/^(token|bearer) /i);
    expect(gh.github.blobRequests.length).toBeGreaterThan(0);
    expect(gh.github.blobRequests.every((r) => r.authorization === undefined)).toBe(true);
    // Registered as a mask, and nowhere else (runChecked scans outputs and summary too).
    const lines = log.split('\n').filter((l) => l.includes(FAKE_GITHUB_TOKEN));
    expect(lines.every((l) => l.startsWith('::add-mask::'))).toBe(true);
  });

  it('a failed build is rolled back too', async () => {
    plant({ id: 9001, runId: 700 });
    const files = Object.fromEntries(Object.entries(APP_FILES).filter(([k]) => k !== 'package.json'));
    const r = await runChecked({
      node,
      workspace: makeWorkspace(files),
      emulator,
      env: env('701'),
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        'rollback-on-failure': 'true',
      }),
    });
    expect(r.code, logText(r)).toBe(1);
    expect(r.outputs.status).toBe('rolled-back');
    expect(r.outputs['rolled-back-to']).toBe(`700:${sha256(GOOD_APP)}`);
    expect(emulator.state.uploads.at(-1)!.sha256).toBe(sha256(GOOD_APP));
  });

  describe('nothing is uploaded again, and the deploy’s own outcome stands', () => {
    const failing = async (runId = '800') => {
      const before = emulator.state.uploads.length;
      const r = await runChecked({
        node,
        workspace: makeWorkspace(BROKEN),
        emulator,
        env: env(runId),
        inputs: deployInputs(emulator, EXISTING.app, {
          environment: EXISTING.displayName,
          ...HEALTH(),
          'rollback-on-failure': 'true',
        }),
      });
      expect(r.code, logText(r)).toBe(1);
      expect(r.outputs.status).toBe('unhealthy');
      expect(r.outputs['rolled-back-to']).toBeUndefined();
      expect(emulator.state.uploads.length - before, 'only the deploy’s own upload').toBe(1);
      expect((await liveSha(EXISTING.environmentId)).status).toBe(500);
      return { r, log: logText(r) };
    };
    const zipAsked = () => gh.github.requests.some((q) => q.path.endsWith('/zip'));

    it('when nothing is kept', async () => {
      const { log, r } = await failing();
      expect(log).toContain(`nothing to roll back to: no earlier run kept an unexpired archive named "${NAME}"`);
      expect(r.summary).toContain('holds this run');
      expect(gh.github.requests.filter((q) => q.path.endsWith('/actions/artifacts'))[0]?.query.name).toBe(NAME);
    });

    it('when the only kept archive has expired', async () => {
      plant({ id: 9002, runId: 701, expired: true });
      const { log } = await failing();
      expect(log).toContain('nothing to roll back to');
      expect(zipAsked()).toBe(false);
    });

    it('when only other apps and environments kept archives', async () => {
      plant({ id: 9003, runId: 702, name: `headless-deploy-${EXISTING.app}-0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f016` });
      plant({ id: 9004, runId: 703, name: `headless-deploy-${EXISTING.app}x-${EXISTING.environmentId}` });
      const { log } = await failing();
      expect(log).toContain('nothing to roll back to');
      expect(zipAsked()).toBe(false);
    });

    it('when the manifest names another environment', async () => {
      plant({ id: 9005, runId: 704, manifest: { environmentId: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f016' } });
      const { log } = await failing();
      expect(log).toMatch(
        /cannot be uploaded again: its manifest is for app "web" environment "0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f016"/,
      );
      expect(log).toContain('nothing was uploaded');
    });

    it('when the zip’s sha256 is not the manifest’s', async () => {
      plant({ id: 9006, runId: 705, manifest: { sha256: 'a'.repeat(64) } });
      const { log } = await failing();
      expect(log).toContain(
        `the zip fetched has sha256 ${sha256(GOOD_APP)}, but its manifest records ${'a'.repeat(64)}`,
      );
    });

    it('when the artifact fetched does not match the digest GitHub lists', async () => {
      plant({ id: 9007, runId: 706, digest: `sha256:${'b'.repeat(64)}` });
      const { log } = await failing();
      expect(log).toContain(`does not match the digest GitHub lists for it (sha256:${'b'.repeat(64)})`);
    });

    it('when the token may not read artifacts (403): it says which permission to add', async () => {
      plant({ id: 9008, runId: 707 });
      gh.github.refuseArtifacts = 403;
      const { log } = await failing();
      expect(log).toMatch(
        /actions\/artifacts\?name=.*: github answered 403: give the workflow "permissions: actions: read"/,
      );
    });
  });

  it('when the kept archive’s own build fails, it says neither version is live', async () => {
    plant({ id: 9010, runId: 710, zip: storedZip([{ name: 'index.html', data: '<h1>no package</h1>\n' }]) });
    const r = await runChecked({
      node,
      workspace: makeWorkspace(BROKEN),
      emulator,
      env: env('711'),
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        ...HEALTH(),
        'rollback-on-failure': 'true',
      }),
    });
    const log = logText(r);
    expect(r.code, log).toBe(1);
    expect(r.outputs.status).toBe('failure');
    expect(r.outputs['rolled-back-to']).toBeUndefined();
    expect(log).toContain('neither version is live and healthy');
    expect(log).toContain('no package.json at the root');
  });

  it('when the kept archive’s site is unhealthy too, it says neither version is live', async () => {
    const sick = storedZip([
      { name: 'package.json', data: '{"name":"web"}\n' },
      { name: 'HEALTH_FAIL', data: '\n' },
    ]);
    plant({ id: 9011, runId: 712, zip: sick });
    const r = await runChecked({
      node,
      workspace: makeWorkspace(BROKEN),
      emulator,
      env: env('713'),
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        ...HEALTH(),
        'rollback-on-failure': 'true',
      }),
    });
    const log = logText(r);
    expect(r.code, log).toBe(1);
    expect(r.outputs.status).toBe('failure');
    expect(r.outputs.health).toBe('unhealthy');
    expect(r.outputs['rolled-back-to']).toBeUndefined();
    expect(log).toContain('the kept archive of run 712');
    expect(log).toContain('neither version is live and healthy');
    expect(await liveSha(EXISTING.environmentId)).toEqual({ status: 500, sha: sha256(sick) });
  });

  describe('the rollback step', () => {
    const rollback = (value: string) =>
      runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        env: env('900'),
        inputs: deployInputs(emulator, EXISTING.app, {
          environment: EXISTING.displayName,
          rollback: value,
          ...HEALTH(),
        }),
      });
    const older = storedZip([
      { name: 'package.json', data: '{"name":"web","version":"1.0.0"}\n' },
      { name: 'index.html', data: '<h1>v1</h1>\n' },
    ]);

    it('previous uploads the archive kept before the newest, and checks health', async () => {
      plant({ id: 9020, runId: 720, zip: older });
      plant({ id: 9021, runId: 721 });
      const r = await rollback('previous');
      expect(r.code, logText(r)).toBe(0);
      expect(r.outputs).toMatchObject({ status: 'success', health: 'healthy' });
      expect(r.outputs['rolled-back-to']).toBe(`720:${sha256(older)}`);
      expect(await liveSha(EXISTING.environmentId)).toEqual({ status: 200, sha: sha256(older) });
    });

    it('a run id uploads the archive that run kept', async () => {
      plant({ id: 9020, runId: 720, zip: older });
      plant({ id: 9021, runId: 721 });
      const r = await rollback('721');
      expect(r.code, logText(r)).toBe(0);
      expect(r.outputs['rolled-back-to']).toBe(`721:${sha256(GOOD_APP)}`);
      expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([sha256(GOOD_APP)]);
    });

    it('a dry run says which archive it would upload, and uploads nothing', async () => {
      plant({ id: 9020, runId: 720, zip: older });
      plant({ id: 9021, runId: 721 });
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        env: env('900'),
        inputs: deployInputs(emulator, EXISTING.app, {
          environment: EXISTING.displayName,
          rollback: 'previous',
          'dry-run': 'true',
        }),
      });
      expect(r.code, logText(r)).toBe(0);
      expect(logText(r)).toContain(`would upload again artifact "${NAME}" (id 9020) kept by run 720`);
      expect(r.outputs['rolled-back-to']).toBeUndefined();
      expect(emulator.state.uploads).toEqual([]);
      expect(gh.github.requests.some((q) => q.path.endsWith('/zip'))).toBe(false);
    });

    it('previous with one kept archive fails, uploading nothing', async () => {
      plant({ id: 9021, runId: 721 });
      const r = await rollback('previous');
      expect(r.code).toBe(1);
      expect(logText(r)).toContain('only one unexpired archive');
      expect(emulator.state.uploads).toEqual([]);
    });

    it.each(['last', '-3', '0', '1.5'])('%s fails before any request, naming the input', async (value) => {
      const r = await rollback(value);
      expect(r.code).toBe(1);
      expect(logText(r)).toContain('input "rollback"');
      expect(gh.github.requests).toEqual([]);
      expect(emulator.state.uploads).toEqual([]);
    });
  });
});
