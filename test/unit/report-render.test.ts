/**
 * What a reader of the pull request comment and of the job summary sees, as whole texts: every
 * line, blank line and table row in its place, each optional part present exactly when it has
 * something to say, and outside text escaped. Also the comment's publishing (which comment is
 * edited, with what) and the secret test of outputs at its edges.
 */
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/engine/inputs.js';
import { escapeMarkdown, markdownLink } from '../../src/util/markdown.js';
import { createOutputs, holdsSecret } from '../../src/report/outputs.js';
import { commentMarker, parseMarker, renderPrComment, type PreviewFacts } from '../../src/report/pr-comment.js';
import { previewFacts, publishPrComment } from '../../src/engine/publish-pr-comment.js';
import { renderSummary, type RunReport } from '../../src/report/summary.js';

const AT = '2026-11-22T10:00:00.000Z';
const MARKER = '<!-- headless-deploy:preview app=shop environment=pr-4 -->';
const base: PreviewFacts = { kind: 'deploy', status: 'success', app: 'shop', environment: 'pr-4', updatedAt: AT };

describe('the pull request comment', () => {
  it('shows every fact of a deploy, in order', () => {
    const text = renderPrComment({
      ...base,
      environmentId: 'ab12',
      url: 'https://pr-4.example.com/',
      commit: { sha: 'fedcba9876543210', url: 'https://github.com/o/r/commit/fedcba9876543210' },
      build: 'b-1',
      archiveBytes: 2048,
      durationMs: 65_000,
      logUrl: 'https://github.com/o/r/actions/runs/1',
    });
    expect(text.split('\n')).toEqual([
      MARKER,
      '### ✅ Preview **pr\\-4** deployed',
      '',
      '| | |',
      '| --- | --- |',
      '| App | shop |',
      '| Environment | pr\\-4 \\(id ab12\\) |',
      '| URL | [https\\://pr\\-4\\.example\\.com/](https://pr-4.example.com/) |',
      '| Commit | [fedcba9](https://github.com/o/r/commit/fedcba9876543210) |',
      '| Build | b\\-1 |',
      '| Archive | 2\\.0 KiB |',
      '| Duration | 1m5s |',
      '| Log | [workflow run](https://github.com/o/r/actions/runs/1) |',
      '',
      `<sub>Updated by headless-deploy at ${AT}.</sub>`,
    ]);
  });

  it('leaves out what it does not know; zero bytes and zero time are known', () => {
    expect(renderPrComment({ ...base, archiveBytes: 0, durationMs: 0, build: '', logUrl: '' }).split('\n')).toEqual([
      MARKER,
      '### ✅ Preview **pr\\-4** deployed',
      '',
      '| | |',
      '| --- | --- |',
      '| App | shop |',
      '| Environment | pr\\-4 |',
      '| Archive | 0 B |',
      '| Duration | 0s |',
      '',
      `<sub>Updated by headless-deploy at ${AT}.</sub>`,
    ]);
  });

  it('shows a failed removal with its error, a commit without a link, no URL, and a time that is not ISO escaped', () => {
    const text = renderPrComment({
      ...base,
      kind: 'delete',
      status: 'failure',
      error: 'boom',
      commit: { sha: 'fedcba9876543210', url: null },
      url: 'https://x.example.com/',
      updatedAt: 'not <a> time',
    });
    expect(text.split('\n')).toEqual([
      MARKER,
      '### ❌ Preview **pr\\-4**: removal failed',
      '',
      '> boom',
      '',
      '| | |',
      '| --- | --- |',
      '| App | shop |',
      '| Environment | pr\\-4 |',
      '| Commit | fedcba9 |',
      '',
      '<sub>Updated by headless-deploy at not &lt;a&gt; time.</sub>',
    ]);
  });

  it('says a preview was removed, or was already gone; a failed deploy says nothing of removal', () => {
    const removed = renderPrComment({ ...base, kind: 'delete', deleted: true }).split('\n');
    expect(removed.slice(1, 5)).toEqual([
      '### 🗑️ Preview **pr\\-4** removed',
      '',
      'The preview environment was deleted; its link no longer works.',
      '',
    ]);
    const gone = renderPrComment({ ...base, kind: 'delete', deleted: false }).split('\n');
    expect(gone.slice(1, 5)).toEqual([
      '### 🗑️ Preview **pr\\-4** removed',
      '',
      'The preview environment was already gone; nothing was left to delete.',
      '',
    ]);
    expect(renderPrComment({ ...base, kind: 'delete', status: 'timeout' }).split('\n')[1]).toBe(
      '### ⏱️ Preview **pr\\-4**: removal timed out',
    );
    const failedDeploy = renderPrComment({ ...base, status: 'failure' });
    expect(failedDeploy.split('\n')[1]).toBe('### ❌ Preview **pr\\-4**: deploy failed');
    expect(failedDeploy).not.toContain('preview environment was');
  });

  it('cuts an error longer than 500 characters to 497 and "..."', () => {
    const quote = (error: string) => renderPrComment({ ...base, status: 'failure', error }).split('\n')[3];
    expect(quote('a'.repeat(500))).toBe(`> ${'a'.repeat(500)}`);
    expect(quote('a'.repeat(501))).toBe(`> ${'a'.repeat(497)}\\.\\.\\.`);
  });

  it('keeps an ISO time with or without milliseconds, and escapes one with anything around it', () => {
    const time = (updatedAt: string) =>
      renderPrComment({ ...base, updatedAt })
        .split('\n')
        .at(-1);
    expect(time('2026-11-22T10:00:00Z')).toBe('<sub>Updated by headless-deploy at 2026-11-22T10:00:00Z.</sub>');
    expect(time('2026-11-22T10:00:00.5Z')).toBe('<sub>Updated by headless-deploy at 2026-11-22T10:00:00.5Z.</sub>');
    for (const odd of [
      'x2026-11-22T10:00:00Z',
      '2026-11-22T10:00:00Zx',
      '2026-11-22T10:00:00.Z',
      '26-11-22T10:00:00Z',
    ]) {
      expect(time(odd)).toBe(`<sub>Updated by headless-deploy at ${escapeMarkdown(odd)}.</sub>`);
    }
    for (const odd of [
      '2026-1x-22T10:00:00Z',
      '2026-11-2xT10:00:00Z',
      '2026-11-22T1x:00:00Z',
      '2026-11-22T10:0x:00Z',
    ]) {
      expect(time(odd)).toBe(`<sub>Updated by headless-deploy at ${escapeMarkdown(odd)}.</sub>`);
    }
    for (const odd of [
      'x026-11-22T10:00:00Z',
      '2026-x1-22T10:00:00Z',
      '2026-11-x2T10:00:00Z',
      '2026-11-22Tx0:00:00Z',
    ]) {
      expect(time(odd)).toBe(`<sub>Updated by headless-deploy at ${escapeMarkdown(odd)}.</sub>`);
    }
    for (const odd of [
      '2026-11-22T10:x0:00Z',
      '2026-11-22T10:00:x0Z',
      '2026-11-22T10:00:0xZ',
      '2026-11-22T10:00:00.xZ',
    ]) {
      expect(time(odd)).toBe(`<sub>Updated by headless-deploy at ${escapeMarkdown(odd)}.</sub>`);
    }
  });

  it('finds its marker on the first line only, spaces around it aside', () => {
    expect(parseMarker(`${MARKER}  \r\n### x`)).toEqual({ app: 'shop', environment: 'pr-4' });
    expect(parseMarker(`  ${MARKER}`)).toEqual({ app: 'shop', environment: 'pr-4' });
    expect(parseMarker(`x\n${MARKER}`)).toBeNull();
    expect(parseMarker('<!-- headless-deploy:preview app=%E0%A4%A environment=x -->')).toBeNull();
    expect(parseMarker('no marker')).toBeNull();
  });
});

describe('markdown', () => {
  it('turns line breaks into spaces and & into &amp;', () => {
    expect(escapeMarkdown('a\r\nb\nc\rd')).toBe('a b c d');
    expect(escapeMarkdown('a & b')).toBe('a &amp; b');
  });

  it('links only http and https, and percent-encodes what could end the link, in upper-case hex', () => {
    expect(markdownLink('x', 'http://e.com/')).toBe('[x](http://e.com/)');
    expect(markdownLink('x', 'ftp://e.com/')).toBe('x');
    expect(markdownLink('a.b', 'not a url')).toBe('a\\.b');
    expect(markdownLink('x', 'https://e.com/?q=\\"\'')).toBe('[x](https://e.com/?q=%5C%22%27)');
  });
});

describe('outputs and secrets', () => {
  it('a secret joined to letters or digits on either side is not a match; free on both sides it is', () => {
    expect(holdsSecret('x123456', '123456')).toBe(false);
    expect(holdsSecret('123456x', '123456')).toBe(false);
    expect(holdsSecret('x123456 ', '123456')).toBe(false);
    expect(holdsSecret(' 123456x', '123456')).toBe(false);
    expect(holdsSecret('id: 123456.', '123456')).toBe(true);
  });

  it("judges each end by the secret's own end character", () => {
    // The secret ends in "-": a letter after it does not join it to a longer word.
    expect(holdsSecret('token abcde-x', 'abcde-')).toBe(true);
    expect(holdsSecret('x-abcde token', '-abcde')).toBe(true);
  });
});

describe('the summary', () => {
  it('shows each part in order: skip, link, error, warnings, details, rules and largest files', () => {
    const text = renderSummary({
      status: 'skipped',
      steps: [],
      skipped: 'skipped: a <b>',
      url: 'https://e.example.com/',
      error: 'line 1\nline <2>',
      warnings: ['w1\nw2', 'w & 3'],
      archive: {
        bytes: 10,
        files: 1,
        sha256: 'ab',
        excluded: [{ pattern: 'x/', files: 2, dirs: 1 }],
        largest: [{ name: 'a|b', size: 10 }],
      },
    });
    expect(text.split('\n')).toEqual([
      '## ⏭️ headless-deploy: skipped (no credentials, nothing done)',
      '',
      'skipped\\: a &lt;b&gt;',
      '',
      '🔗 [https\\://e\\.example\\.com/](https://e.example.com/)',
      '',
      '> line 1',
      '> line &lt;2&gt;',
      '',
      '**Warnings**',
      '',
      '- ⚠️ w1 w2',
      '- ⚠️ w &amp; 3',
      '',
      '| Detail | Value |',
      '| --- | --- |',
      '| archive | 10 B, 1 file |',
      '| archive sha256 | ab |',
      '',
      '| Exclude rule | Left out |',
      '| --- | --- |',
      '| x/ | 1 folder, 2 files |',
      '',
      '| Largest files sent | Size |',
      '| --- | --- |',
      '| a\\|b | 10 B |',
      '',
    ]);
  });

  it('has no warnings, steps, rules or largest-files table when their lists are empty', () => {
    const text = renderSummary({
      status: 'success',
      steps: [],
      warnings: [],
      archive: { bytes: 10, files: 2, sha256: 'ab', excluded: [], largest: [] },
    });
    expect(text.split('\n')).toEqual([
      '## ✅ headless-deploy: succeeded',
      '',
      '| Detail | Value |',
      '| --- | --- |',
      '| archive | 10 B, 2 files |',
      '| archive sha256 | ab |',
      '',
    ]);
  });

  it('ends a warning at a Windows line end too', () => {
    expect(renderSummary({ status: 'success', steps: [], warnings: ['a\r\nb'] })).toContain('- ⚠️ a b');
  });
});

describe('publishing the comment', () => {
  const SHA = 'fedcba9876543210fedcba9876543210fedcba98';
  const values: Record<string, string> = {
    'api-user-id': 'u',
    'api-password': 'p',
    'headless-api-url': 'https://headless.example.com',
    account: 'demo',
    app: 'shop',
    environment: 'pr-4',
    'pr-comment': 'true',
    'github-token': 'ghs_x',
  };
  const inputsOf = (extra: Record<string, string> = {}) => readInputs((n) => ({ ...values, ...extra })[n] ?? '', '/');

  function setup(opts: { pullRequest?: boolean; report?: Partial<RunReport>; outputs?: Record<string, string> } = {}) {
    const calls: { issue: number; isOurs: (body: string) => boolean; body: string }[] = [];
    const info: string[] = [];
    const outputs = createOutputs(() => {}, []);
    for (const [k, v] of Object.entries(opts.outputs ?? {})) outputs.set(k as never, v);
    const github = {
      pullRequest: opts.pullRequest === false ? null : { number: 4, headSha: SHA },
      commitUrl: (sha: string) => `https://github.com/o/r/commit/${sha}`,
      logUrl: undefined,
      upsertComment: (issue: number, isOurs: (body: string) => boolean, body: string) => {
        calls.push({ issue, isOurs, body });
        return Promise.resolve({ action: 'created' as const, id: 1 });
      },
    };
    const context = {
      inputs: inputsOf(),
      report: { status: 'success' as const, steps: [], ...opts.report },
      outputs,
      github: github as never,
      log: { info: (m: string) => info.push(m) } as never,
      now: Date.parse(AT),
    };
    return { calls, info, context };
  }

  it('writes the comment on the pull request, recognising only its own', async () => {
    const { calls, info, context } = setup({ outputs: { build: 'b-9' } });
    await publishPrComment({ ...context, redact: (t) => t.replace(/shop/g, '***') });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.issue).toBe(4);
    expect(call!.body.split('\n')[0]).toBe(commentMarker('***', 'pr-4'));
    expect(call!.body).toContain('| Build | b\\-9 |');
    expect(call!.isOurs(`${commentMarker('shop', 'pr-4')}\r\nold text`)).toBe(true);
    expect(call!.isOurs(`  ${commentMarker('shop', 'pr-4')}  \nold`)).toBe(true);
    expect(call!.isOurs(commentMarker('shop', 'pr-5'))).toBe(false);
    expect(call!.isOurs(`text\n${commentMarker('shop', 'pr-4')}`)).toBe(false);
    expect(info).toEqual(['pr-comment: created the comment on pull request #4']);
  });

  it('writes the text as rendered when no redactor is given', async () => {
    const { calls, context } = setup();
    await publishPrComment(context);
    expect(calls[0]!.body.split('\n')[0]).toBe(MARKER);
  });

  it('says so, and writes nothing, outside a pull request', async () => {
    const { calls, info, context } = setup({ pullRequest: false });
    await publishPrComment(context);
    expect(calls).toEqual([]);
    expect(info).toEqual(['pr-comment: not a pull_request or pull_request_target event; no comment written']);
    const noGithub = setup();
    await publishPrComment({ ...noGithub.context, github: undefined });
    expect(noGithub.info).toEqual(['pr-comment: not a pull_request or pull_request_target event; no comment written']);
  });

  it('writes nothing, and says nothing, when the run has nothing to report', async () => {
    const { calls, info, context } = setup({ report: { status: 'planned' } });
    await publishPrComment(context);
    expect([calls, info]).toEqual([[], []]);
  });

  it('facts: a skipped status writes nothing; "started" only for a successful deploy that did not wait', () => {
    const { context } = setup();
    expect(previewFacts({ ...context, report: { status: 'skipped', steps: [] } })).toBeNull();
    const noWait = { ...context, inputs: inputsOf({ wait: 'false' }) };
    expect(previewFacts({ ...noWait, report: { status: 'failure', steps: [] } })!.status).toBe('failure');
    expect(previewFacts(context)!.status).toBe('success');
  });

  it('facts: deleted is known only from the output; build, log, commit and error only when there are any', () => {
    const { context } = setup();
    const plain = previewFacts({ ...context, github: undefined })!;
    expect(plain).toMatchObject({ deleted: null, build: null, logUrl: null, commit: null, error: null });
    const deleted = setup({ outputs: { 'environment-deleted': 'true' } });
    expect(previewFacts(deleted.context)!.deleted).toBe(true);
    const kept = setup({ outputs: { 'environment-deleted': 'false' } });
    expect(previewFacts(kept.context)!.deleted).toBe(false);
    const noPr = setup({ pullRequest: false });
    expect(previewFacts(noPr.context)!.commit).toBeNull();
    const failed = setup({ report: { status: 'failure', error: 'first line\nsecond' } });
    expect(previewFacts(failed.context)!.error).toBe('first line');
    expect(
      previewFacts({ ...context, github: { ...(context.github as object), logUrl: 'https://l' } as never })!.logUrl,
    ).toBe('https://l');
  });
});
