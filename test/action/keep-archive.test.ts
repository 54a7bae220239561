/**
 * keep-archive end to end: dist/index.js deploys to the emulator and keeps its zip through the
 * bundled @actions/artifact, against a fake results service and Azurite on 127.0.0.1.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AZURITE_CONTAINER, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';
import { seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, logText, runChecked } from './helpers/run.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });
const artifacts = useArtifactService();

describe.each(NODES)('keep-archive on $label', ({ node }) => {
  it('keeps the zip of a healthy deploy: archive-artifact-id, and the blob holds the zip uploaded', async () => {
    const before = artifacts.results.calls.length;
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: { ...runtimeEnv(artifacts.results), GITHUB_RUN_ID: '555' },
      inputs: deployInputs(emulator, 'shop', {
        'health-url': `${emulator.url}/__sites/{environment-id}/`,
        'keep-archive': 'true',
        'keep-archive-days': '3',
      }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'success', health: 'healthy' });
    expect(r.outputs['archive-artifact-id']).toMatch(/^\d+$/);
    const envId = r.outputs['environment-id']!;
    const name = `headless-deploy-shop-${envId}`;
    expect(artifacts.results.calls.slice(before).map((c) => c.method)).toEqual(['CreateArtifact', 'FinalizeArtifact']);
    const blob = await artifacts.azurite.service
      .getContainerClient(AZURITE_CONTAINER)
      .getBlobClient(artifacts.results.blobOf(name))
      .downloadToBuffer();
    // The artifact is a zip of our zip: its sha256 is in the manifest inside.
    const text = blob.toString('latin1');
    expect(text).toContain(`"sha256": "${r.outputs['archive-sha256']}"`);
    expect(text).toContain('archive.zip');
    const upload = emulator.state.uploads.at(-1)!;
    expect(upload.sha256).toBe(r.outputs['archive-sha256']);
    expect(createHash('sha256').update(blob).digest('hex')).not.toBe(upload.sha256);
  });

  it('keeps nothing when the site is unhealthy', async () => {
    const before = artifacts.results.calls.length;
    const r = await runChecked({
      node,
      workspace: makeWorkspace({ ...APP_FILES, HEALTH_FAIL: '\n' }),
      emulator,
      env: runtimeEnv(artifacts.results),
      inputs: deployInputs(emulator, 'shop', {
        'health-url': `${emulator.url}/__sites/{environment-id}/`,
        'health-timeout': '1s',
        'keep-archive': 'true',
      }),
    });
    expect(r.code).toBe(1);
    expect(r.outputs.status).toBe('unhealthy');
    expect(r.outputs['archive-artifact-id']).toBeUndefined();
    expect(artifacts.results.calls.length).toBe(before);
  });
});
