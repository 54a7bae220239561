/**
 * The health gate end to end: dist/index.js deploys to the emulator, whose environments serve a
 * site under /__sites/{environment-id}/; a zip holding HEALTH_FAIL deploys a site that answers
 * 500, so the whole loop runs without a control route.
 */
import { describe, expect, it } from 'vitest';
import { shown } from '../support/markdown-text.js';
import { seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, logText, runChecked } from './helpers/run.js';
import { errorsOf } from '../helpers/annotations.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });

const siteUrl = () => `${emulator.url}/__sites/{environment-id}/`;

describe.each(NODES)('health gate on $label', ({ node }) => {
  it('a deploy whose site answers 200 is healthy: health=healthy, status success', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'environment-url': siteUrl(),
        'health-url': 'url',
        'health-text': 'Welcome',
      }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs).toMatchObject({ health: 'healthy', status: 'success' });
    expect(r.stdout).toMatch(/health check attempt 1: answer: 200 \(/);
    expect(shown(r.summary)).toMatch(/\| deploy: health \| healthy: answer: 200 \|/);
    expect(shown(r.summary)).toMatch(/\| time: health check \| /);
  });

  it('a deploy whose site answers 500 ends unhealthy: status unhealthy, exit code 1, the reason in the summary', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace({ ...APP_FILES, HEALTH_FAIL: 'this build breaks its site\n' }),
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'health-url': `${emulator.url}/__sites/{environment-id}`,
        'health-timeout': '2s',
      }),
    });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
    // The build itself succeeded: its outputs are there.
    expect(r.outputs.deployment).toMatch(/\/deployments\/[0-9a-f]+$/);
    const error = errorsOf(r.stdout);
    for (const fact of [
      'the build succeeded, but the site is unhealthy',
      '(health-timeout 2s',
      'the last answer: 500',
    ]) {
      expect(error).toContain(fact);
    }
    expect(error).toMatch(
      /after 1 redirect, at http:\/\/127\.0\.0\.1:\d+\/__sites\/[0-9a-f-]+\/\), not in health-expect 200-399/,
    );
    expect(shown(r.summary)).toContain('headless-deploy: unhealthy');
    expect(shown(r.summary)).toMatch(/\| deploy \| 🩺 unhealthy \|/);
  });
});
