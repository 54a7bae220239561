/**
 * When a run writes the pull request comment (src/engine/publish-pr-comment.ts), with which facts,
 * and on which comment: only its own, found by the marker on its first line.
 */
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/engine/read-inputs.js';
import { createOutputs } from '../../src/report/outputs.js';
import { commentMarker } from '../../src/report/pr-comment.js';
import { previewFacts, publishPrComment } from '../../src/engine/publish-pr-comment.js';
import type { RunReport } from '../../src/report/summary.js';

const AT = '2026-11-22T10:00:00.000Z';
const SHA = 'fedcba9876543210fedcba9876543210fedcba98';
const VALUES: Record<string, string> = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://headless.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'pr-4',
  'pr-comment': 'true',
  'github-token': 'ghs_x',
};

interface Setup {
  inputs?: Record<string, string>;
  report?: Partial<RunReport>;
  outputs?: Record<string, string>;
  pullRequest?: boolean;
  logUrl?: string;
}

function setup({ inputs = {}, report = {}, outputs: set = {}, pullRequest = true, logUrl }: Setup = {}) {
  const calls: { issue: number; isOurs: (body: string) => boolean; body: string }[] = [];
  const info: string[] = [];
  const outputs = createOutputs(() => {}, []);
  for (const [k, v] of Object.entries(set)) outputs.set(k as never, v);
  const github = {
    pullRequest: pullRequest ? { number: 4, headSha: SHA } : null,
    commitUrl: (sha: string) => `https://github.com/o/r/commit/${sha}`,
    logUrl,
    upsertComment: (issue: number, isOurs: (body: string) => boolean, body: string) => {
      calls.push({ issue, isOurs, body });
      return Promise.resolve({ action: 'created' as const, id: 1 });
    },
  };
  const context = {
    inputs: readInputs((n) => ({ ...VALUES, ...inputs })[n] ?? '', '/'),
    report: { status: 'success' as const, steps: [], durationMs: 5000, ...report },
    outputs,
    github: github as never,
    log: { info: (m: string) => info.push(m) } as never,
    now: Date.parse(AT),
  };
  return { calls, info, context };
}

describe('previewFacts', () => {
  it('describes a deploy from its outputs, the run and the pull request head', () => {
    const set = { 'environment-id': 'ab12', url: 'https://x.example.com/', 'archive-bytes': '2048', build: 'b-9' };
    expect(previewFacts(setup({ outputs: set, logUrl: 'https://l' }).context)).toEqual({
      kind: 'deploy',
      status: 'success',
      app: 'shop',
      environment: 'pr-4',
      environmentId: 'ab12',
      deleted: null,
      url: 'https://x.example.com/',
      commit: { sha: SHA, url: `https://github.com/o/r/commit/${SHA}` },
      build: 'b-9',
      archiveBytes: 2048,
      durationMs: 5000,
      logUrl: 'https://l',
      error: null,
      updatedAt: AT,
    });
  });

  const DELETE = { 'delete-environment': 'true' };
  it.each<[Setup, object]>([
    // "started" only for a successful deploy that did not wait
    [{ inputs: { wait: 'false' } }, { status: 'started' }],
    [{ inputs: { wait: 'false' }, report: { status: 'failure' } }, { status: 'failure' }],
    [{ report: { status: 'failure', error: 'first line\nsecond' } }, { error: 'first line' }],
    [
      { inputs: DELETE, outputs: { 'environment-deleted': 'false' } },
      { kind: 'delete', deleted: false },
    ],
    [
      { inputs: DELETE, outputs: { 'environment-deleted': 'true' } },
      { kind: 'delete', deleted: true },
    ],
    [{ pullRequest: false }, { commit: null }],
  ])('for %j: %j', (given, facts) => expect(previewFacts(setup(given).context)).toMatchObject(facts));

  // A dry run and a skipped run changed nothing; without pr-comment, a deploy or a delete, there is nothing to say.
  it.each<Setup>([
    { inputs: { 'dry-run': 'true' }, report: { status: 'planned' } },
    {
      inputs: { 'api-user-id': '', 'api-password': '', 'skip-without-credentials': 'true' },
      report: { status: 'skipped' },
    },
    { report: { status: 'skipped' } },
    { inputs: { 'pr-comment': 'false' } },
    { inputs: { deploy: 'false', webhook: 'rebuild', 'webhook-token': 't' } },
  ])('for %j: none', (given) => expect(previewFacts(setup(given).context)).toBeNull());
});

describe('publishPrComment', () => {
  it.each([
    ['redacted', (t: string) => t.replace(/shop/g, '***'), '***'],
    ['as rendered when no redactor is given', undefined, 'shop'],
  ])('writes the comment on the pull request %s, recognising only its own', async (_how, redact, app) => {
    const { calls, info, context } = setup({ outputs: { build: 'b-9' } });
    await publishPrComment({ ...context, redact });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.issue).toBe(4);
    expect(call!.body.split('\n')[0]).toBe(commentMarker(app, 'pr-4'));
    expect(call!.body).toContain('| Build | b-9 |');
    expect(call!.isOurs(`${commentMarker('shop', 'pr-4')}\r\nold text`)).toBe(true);
    expect(call!.isOurs(`  ${commentMarker('shop', 'pr-4')}  \nold`)).toBe(true);
    expect(call!.isOurs(commentMarker('shop', 'pr-5'))).toBe(false);
    expect(call!.isOurs(`text\n${commentMarker('shop', 'pr-4')}`)).toBe(false);
    expect(info).toEqual(['pr-comment: created the comment on pull request #4']);
  });

  const NOT_A_PR = 'pr-comment: not a pull_request or pull_request_target event; no comment written';
  it.each<[string, Setup, boolean, string[]]>([
    ['outside a pull request, says so', { pullRequest: false }, true, [NOT_A_PR]],
    ['without GitHub, says so', {}, false, [NOT_A_PR]],
    ['for a run with nothing to report, says nothing', { report: { status: 'planned' } }, true, []],
  ])('writes nothing %s', async (_when, given, github, said) => {
    const { calls, info, context } = setup(given);
    await publishPrComment(github ? context : { ...context, github: undefined });
    expect(calls).toEqual([]);
    expect(info).toEqual(said);
  });
});
