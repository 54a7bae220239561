/** The sticky comment's text: marker, parsing, escaping, and what each outcome says. */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, markdownLink } from '../../src/util/markdown.js';
import { commentMarker, parseMarker, renderPrComment, type PreviewFacts } from '../../src/report/pr-comment.js';

const BASE: PreviewFacts = {
  kind: 'deploy',
  status: 'success',
  app: 'shop',
  environment: 'pr-7',
  environmentId: 'ab12cd34',
  url: 'https://pr-7.example.com/',
  commit: { sha: 'fedcba9876543210fedcba9876543210fedcba98', url: 'https://github.com/o/r/commit/fedcba98' },
  build: 'accounts/demo/apps/shop/environments/ab12cd34/builds/0f3a',
  archiveBytes: 123_456,
  durationMs: 65_000,
  logUrl: 'https://github.com/o/r/actions/runs/42',
  updatedAt: '2026-11-22T14:00:00.000Z',
};

describe('marker', () => {
  it('round-trips app and environment, whatever they hold', () => {
    for (const [app, environment] of [
      ['shop', 'pr-7'],
      ['shop', 'pr 7 --> <b>'],
      ['a b', 'x=y environment=z'],
    ] as const) {
      const marker = commentMarker(app, environment);
      expect(marker.indexOf('-->')).toBe(marker.length - 3);
      expect(parseMarker(`${marker}\n### anything`)).toEqual({ app, environment });
    }
  });

  it('reads only a marker on the first line', () => {
    expect(parseMarker(`quoted:\n${commentMarker('shop', 'pr-7')}`)).toBeNull();
    expect(parseMarker('<!-- something else -->')).toBeNull();
    expect(parseMarker('<!-- headless-deploy:preview app=%E0 environment=x -->')).toBeNull();
  });
});

describe('escaping', () => {
  it('shows outside text as itself: no HTML, links, emphasis or table breaks', () => {
    const text = escapeMarkdown('<img src=x> [a](javascript:x) **b** | c\nd');
    expect(text).not.toMatch(/<|\]\(|(?<!\\)\*|(?<!\\)\||\n/);
  });

  it('keeps a link inside its parentheses, and only to http(s)', () => {
    expect(markdownLink('x', 'https://e.com/a)(b c')).toBe('[x](https://e.com/a%29%28b%20c)');
    expect(markdownLink('x', 'javascript:alert(1)')).toBe('x');
  });
});

describe('renderPrComment', () => {
  it('shows status, environment, commit, URL, build, archive size and duration', () => {
    const body = renderPrComment(BASE);
    expect(body.split('\n')[0]).toBe(commentMarker('shop', 'pr-7'));
    expect(body).toContain('### ✅ Preview **pr\\-7** deployed');
    expect(body).toContain('| Environment | pr\\-7 \\(id ab12cd34\\) |');
    expect(body).toContain('| URL | [https\\://pr\\-7\\.example\\.com/](https://pr-7.example.com/) |');
    expect(body).toContain('| Commit | [fedcba9](https://github.com/o/r/commit/fedcba98) |');
    expect(body).toContain('builds/0f3a');
    expect(body).toContain('| Archive | 120\\.6 KiB |');
    expect(body).toContain('| Duration | 1m5s |');
  });

  it('says a failed deploy failed, with the error escaped', () => {
    const body = renderPrComment({ ...BASE, status: 'failure', error: 'deploy failed: <script>' });
    expect(body).toContain('### ❌ Preview **pr\\-7**: deploy failed');
    expect(body).toContain('> deploy failed\\: &lt;script&gt;');
  });

  it('says the preview was removed after a delete, and drops the dead link', () => {
    const body = renderPrComment({ ...BASE, kind: 'delete', deleted: true, url: 'https://pr-7.example.com/' });
    expect(body).toContain('### 🗑️ Preview **pr\\-7** removed');
    expect(body).toContain('was deleted');
    expect(body).not.toContain('| URL |');
  });

  it('says when there was nothing left to delete', () => {
    expect(renderPrComment({ ...BASE, kind: 'delete', deleted: false })).toContain('already gone');
  });

  it('says the build was not awaited after wait: false', () => {
    expect(renderPrComment({ ...BASE, status: 'started' })).toContain('the build was not awaited');
  });
});
