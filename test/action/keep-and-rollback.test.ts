/**
 * keep-archive and rollback end to end: dist/index.js against the emulator, the fake GitHub
 * (artifact listing, and a `/zip` that redirects to a blob on another origin), and the fake
 * results service and Azurite that the bundled @actions/artifact keeps an archive in. The
 * archive GitHub lists in the first test is the one the keep step really uploaded (read back
 * from Azurite); the rollback step's tests plant artifacts made here, a forger's among them: each
 * attack must end with nothing uploaded. Every other way a kept archive can be missing or wrong
 * (expired, of another environment, GitHub refusing) is the integration tests'
 * (test/integration/rollback-step.test.ts, kept-archives.test.ts and friends).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_GITHUB_TOKEN } from '../../scripts/runner.js';
import { plainEnv, runCli } from '../cli/run-cli.js';
import { listedAsGithubWould, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';
import { keptArtifact, type KeptArtifact } from '../helpers/kept-artifact.js';
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
const plant = (id: number, runId: number, zip: Buffer, forged: Partial<KeptArtifact> = {}) =>
  gh.github.artifacts.push(
    keptArtifact({ id, runId, zip, app: EXISTING.app, environmentId: EXISTING.environmentId, ...forged }),
  );
const BIG = storedZip([
  { name: 'package.json', data: '{}\n' },
  { name: 'fill.bin', data: Buffer.alloc(4 * 1024 ** 2, 1) },
]);

/** A pull_request event of a public repository, as the runner writes it. */
function publicEvent(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'hd-event-')), 'event.json');
  writeFileSync(
    file,
    JSON.stringify({ repository: { full_name: 'octo-org/shop', private: false, visibility: 'public' } }),
  );
  return file;
}

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
    expect(second.summary).toContain(`| deploy: rolled back to | run 555, sha256 ${keptSha} `);
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

  // Each forged archive is what `rollback: 741` asks for; a true one (run 740) is kept beside it.
  it.each<[string, Partial<KeptArtifact>, string]>([
    [
      'unsigned (version 1, as older versions kept it)',
      { archiveFirst: true, manifest: { version: 1, mac: undefined } },
      'version 1, unsigned',
    ],
    ['signed with a forger’s key', { keyMaterial: 'attacker:guess' }, 'signature (mac) does not verify'],
    ['made by a fork’s pull request run', { fromFork: true }, 'another repository'],
    ['listed larger than max-archive-size', { listedBytes: 3 * 1024 ** 3 }, 'nothing was uploaded'],
    [
      'holding a zip larger than its signed manifest says',
      { zip: BIG, signed: { bytes: 1000 } },
      'nothing was uploaded',
    ],
  ])('a forged kept archive %s: refused, nothing uploaded, nothing left on disk', async (_title, forged, words) => {
    gh.github.reset();
    plant(9040, 740, OLDER);
    plant(9041, 741, NEWER, forged);
    const before = emulator.state.uploads.length;
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: env('901'),
      inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.displayName, rollback: '741' }),
    });
    expect(r.code, logText(r)).toBe(1);
    expect(r.outputs.status).toBe('failure');
    expect(logText(r)).toContain(words);
    expect(emulator.state.uploads.length).toBe(before);
    expect(r.outputs['rolled-back-to']).toBeUndefined();
    expect(r.tempLeft).toEqual([]);
    if (forged.listedBytes) expect(gh.github.requests.some((q) => q.path.endsWith('/zip'))).toBe(false);
  });

  it('keep-archive on a public repository is an input error, before any request, unless keep-archive-public', async () => {
    const event = { GITHUB_EVENT_PATH: publicEvent(), GITHUB_EVENT_NAME: 'push' };
    const requests = emulator.requests().length;
    const refused = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: { ...env('902'), ...event },
      inputs: deployInputs(emulator, 'shop', { 'keep-archive': 'true' }),
    });
    expect(refused.code).toBe(1);
    expect(logText(refused)).toMatch(/input "keep-archive" is true on a public repository \(octo-org\/shop\)/);
    expect(emulator.requests().length).toBe(requests);
    const allowed = await runChecked({
      node,
      workspace: makeWorkspace({ ...APP_FILES, '.env.production': 'API_SECRET=x\n' }),
      emulator,
      env: { ...env('903'), ...event },
      inputs: deployInputs(emulator, 'shop', {
        'keep-archive': 'true',
        'keep-archive-public': 'true',
        'allow-files': '.env.production',
      }),
    });
    // Deployed (allow-files lets it through to the platform), but never published as an artifact.
    expect(allowed.code, logText(allowed)).toBe(0);
    expect(allowed.outputs['archive-artifact-id']).toBeUndefined();
    expect(logText(allowed)).toMatch(/keep-archive: the zip was not kept .*"\.env\.production"/);
  });
});

describe('the program run inside GitHub Actions', () => {
  it('refuses a forged kept archive as the action does: exit 1, nothing uploaded, the check named', async () => {
    gh.github.reset();
    plant(9050, 750, OLDER);
    plant(9051, 751, NEWER, { keyMaterial: 'attacker:guess' });
    const before = emulator.state.uploads.length;
    const r = await runCli({
      cwd: makeWorkspace(),
      args: ['--app', EXISTING.app, '--environment', EXISTING.displayName, '--rollback', '751'],
      env: plainEnv({
        GITHUB_ACTIONS: 'true',
        GITHUB_REPOSITORY: 'octo-org/shop',
        GITHUB_API_URL: gh.github.url,
        GITHUB_RUN_ID: '904',
        HEADLESS_DEPLOY_GITHUB_TOKEN: FAKE_GITHUB_TOKEN,
        HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
        HEADLESS_DEPLOY_API_PASSWORD: 'demo-password',
        HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
        HEADLESS_DEPLOY_ACCOUNT: 'demo',
      }),
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('signature (mac) does not verify');
    expect(r.stderr).toContain('nothing was uploaded');
    expect(emulator.state.uploads.length).toBe(before);
  });
});
