/** When a run writes the pull request comment, and with which facts; the summary's link and skip. */
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/engine/inputs.js';
import { createOutputs } from '../../src/report/outputs.js';
import { previewFacts } from '../../src/engine/publish-pr-comment.js';
import { renderSummary, type RunReport } from '../../src/report/summary.js';

const BASE = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://headless.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'pr-4',
  'pr-comment': 'true',
  'github-token': 'ghs_x',
};
const SHA = 'fedcba9876543210fedcba9876543210fedcba98';
const github = {
  pullRequest: { number: 4, headSha: SHA },
  commitUrl: (sha: string) => `https://github.com/o/r/commit/${sha}`,
  logUrl: 'https://github.com/o/r/actions/runs/1',
};

function facts(
  values: Record<string, string>,
  status: RunReport['status'] = 'success',
  set: Record<string, string> = {},
) {
  const inputs = readInputs((n) => ({ ...BASE, ...values })[n as keyof typeof BASE] ?? '', '/');
  const outputs = createOutputs(() => {}, []);
  for (const [k, v] of Object.entries(set)) outputs.set(k as never, v);
  return previewFacts({ inputs, report: { status, steps: [], durationMs: 5000 }, outputs, now: 0, github });
}

describe('previewFacts', () => {
  it('describes a deploy from its outputs and the pull request head', () => {
    expect(
      facts({}, 'success', { 'environment-id': 'ab12', url: 'https://x.example.com/', 'archive-bytes': '2048' }),
    ).toMatchObject({
      kind: 'deploy',
      status: 'success',
      environment: 'pr-4',
      environmentId: 'ab12',
      url: 'https://x.example.com/',
      archiveBytes: 2048,
      durationMs: 5000,
      commit: { sha: SHA, url: `https://github.com/o/r/commit/${SHA}` },
    });
  });

  it('says "started" for a deploy that did not wait', () => {
    expect(facts({ wait: 'false' })!.status).toBe('started');
  });

  it('describes a delete, and whether it found anything', () => {
    expect(facts({ 'delete-environment': 'true' }, 'success', { 'environment-deleted': 'false' })).toMatchObject({
      kind: 'delete',
      deleted: false,
    });
  });

  it('writes nothing for a dry run, a skipped run, or pr-comment off', () => {
    expect(facts({ 'dry-run': 'true' }, 'planned')).toBeNull();
    expect(facts({ 'api-user-id': '', 'api-password': '', 'skip-without-credentials': 'true' }, 'skipped')).toBeNull();
    expect(facts({ 'pr-comment': 'false' })).toBeNull();
  });

  it('writes nothing for a run without a deploy or delete', () => {
    expect(facts({ deploy: 'false', webhook: 'rebuild', 'webhook-token': 't' })).toBeNull();
  });
});

describe('summary: url and skip', () => {
  it('links the environment URL, escaped', () => {
    const text = renderSummary({ status: 'success', steps: [], url: 'https://pr-4.example.com/a(b)' });
    expect(text).toContain('🔗 [https\\://pr\\-4\\.example\\.com/a\\(b\\)](https://pr-4.example.com/a%28b%29)');
  });

  it('says a skipped run was skipped, and why', () => {
    const text = renderSummary({ status: 'skipped', steps: [], skipped: 'skipped: "api-password" is <empty>' });
    expect(text).toContain('headless-deploy: skipped');
    expect(text).toContain('skipped\\: "api\\-password" is &lt;empty&gt;');
  });
});
