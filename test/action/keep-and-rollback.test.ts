/**
 * keep-archive and rollback end to end: dist/index.js against the emulator, the fake GitHub
 * (artifact listing, and a `/zip` that redirects to a blob on another origin), and the fake
 * results service and Azurite that the bundled @actions/artifact keeps an archive in. The
 * archive GitHub lists in the first test is the one the keep step really uploaded (read back
 * from Azurite); the rollback step's test plants artifacts made here. Every way a kept archive
 * can be missing or wrong (expired, of another environment, not matching its digest or its
 * manifest, GitHub refusing) is the integration tests' (test/integration/rollback-step.test.ts,
 * kept-archive-download.test.ts and friends).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FAKE_GITHUB_TOKEN } from '../../scripts/runner.js';
import { listedAsGithubWould, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';
import { keptArtifact } from '../helpers/kept-artifact.js';
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
const HEALTH = () => ({ 'health-url': `${emulator.url}/__sites/{environment-id}/`, 'health-timeout': '1s' });
const BROKEN = { ...APP_FILES, HEALTH_FAIL: '\n' };
const OLDER = storedZip([
  { name: 'package.json', data: '{"name":"web","version":"1.0.0"}\n' },
  { name: 'index.html', data: '<h1>v1</h1>\n' },
]);
const NEWER = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'index.html', data: '<h1>kept</h1>\n' },
]);

/** The sha256 of the upload the emulator's site serves now (the emulator's own record). */
async function liveSha(environmentId: string): Promise<{ status: number; sha: string | null }> {
  const res = await fetch(`${emulator.url}/__sites/${environmentId}/`);
  await res.arrayBuffer();
  return { status: res.status, sha: res.headers.get('x-emulator-deployed-sha256') };
}

/** Lists an archive of app `web` environment `production` as kept by run `runId`. */
const plant = (id: number, runId: number, zip: Buffer) =>
  gh.github.artifacts.push(keptArtifact({ id, runId, zip, app: EXISTING.app, environmentId: EXISTING.environmentId }));

describe.each(NODES)('keep-archive and rollback on $label', ({ node }) => {
  const env = (runId: string) => ({
    ...runtimeEnv(artifacts.results),
    GITHUB_API_URL: gh.github.url,
    GITHUB_RUN_ID: runId,
  });

  it('a healthy deploy is kept; the next, unhealthy, is rolled back to it: byte-identical, healthy again, run fails', async () => {
    const calls = artifacts.results.calls.length;
    const first = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: env('555'),
      inputs: deployInputs(emulator, 'shop', { ...HEALTH(), 'keep-archive': 'true', 'keep-archive-days': '3' }),
    });
    expect(first.code, logText(first)).toBe(0);
    expect(first.outputs).toMatchObject({ status: 'success', health: 'healthy' });
    expect(first.outputs['archive-artifact-id']).toMatch(/^\d+$/);
    expect(artifacts.results.calls.slice(calls).map((c) => c.method)).toEqual(['CreateArtifact', 'FinalizeArtifact']);
    const envId = first.outputs['environment-id']!;
    const keptSha = first.outputs['archive-sha256']!;
    // What GitHub lists is what the keep step uploaded through the artifacts.results service to Azurite.
    gh.github.artifacts.push(
      await listedAsGithubWould(artifacts.azurite, artifacts.results, `headless-deploy-shop-${envId}`, {
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
    expect(second.outputs).toMatchObject({
      status: 'rolled-back',
      health: 'unhealthy',
      'rolled-back-to': `555:${keptSha}`,
    });
    // An unhealthy deploy is not kept.
    expect(second.outputs['archive-artifact-id']).toBeUndefined();
    // The broken zip, then the kept one again, byte for byte, on the emulator's side.
    expect(emulator.state.uploads.slice(uploadsBefore).map((u) => u.sha256)).toEqual([
      second.outputs['archive-sha256'],
      keptSha,
    ]);
    expect(await liveSha(envId)).toEqual({ status: 200, sha: keptSha });
    expect(log).toMatch(/rolled back: environment "staging" \(.+\) runs again the archive kept by run 555/);
    expect(second.summary).toMatch(/⏪ headless-deploy: rolled back/);
    expect(second.summary).toContain(`| deploy\\: rolled back to | run 555, sha256 ${keptSha} `);
    // GitHub got its token; the blob on the other origin did not.
    const zipAsk = gh.github.requests.find((r) => r.path.endsWith('/zip'))!;
    expect(zipAsk.authorization).toMatch(/^(token|bearer) /i);
    expect(gh.github.blobRequests.length).toBeGreaterThan(0);
    expect(gh.github.blobRequests.every((r) => r.authorization === undefined)).toBe(true);
    // Registered as a mask, and nowhere else (runChecked scans outputs and summary too).
    expect(log.split('\n').filter((l) => l.includes(FAKE_GITHUB_TOKEN) && !l.startsWith('::add-mask::'))).toEqual([]);
  });

  it('the rollback step: previous uploads the archive kept before the newest, and checks health', async () => {
    plant(9020, 720, OLDER);
    plant(9021, 721, NEWER);
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: env('900'),
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        rollback: 'previous',
        ...HEALTH(),
      }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'success', health: 'healthy', 'rolled-back-to': `720:${sha256(OLDER)}` });
    expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([sha256(OLDER)]);
    expect(await liveSha(EXISTING.environmentId)).toEqual({ status: 200, sha: sha256(OLDER) });
  });
});
