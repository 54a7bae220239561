/**
 * The sticky pull request comment's text (src/report/pr-comment.ts): its marker (the key a later
 * run finds it by), the whole comment of a deploy line by line, the heading and sentence of each
 * outcome, what is left out, and outside text escaped, down to the footer's time.
 */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/util/markdown.js';
import { commentMarker, parseMarker, renderPrComment, type PreviewFacts } from '../../src/report/pr-comment.js';

const AT = '2026-11-22T10:00:00.000Z';
const MARKER = '<!-- headless-deploy:preview app=shop environment=pr-4 -->';
const BASE: PreviewFacts = { kind: 'deploy', status: 'success', app: 'shop', environment: 'pr-4', updatedAt: AT };
const lines = (over: Partial<PreviewFacts>) => renderPrComment({ ...BASE, ...over }).split('\n');

describe('the marker', () => {
  it.each([
    ['shop', 'pr-4'],
    ['shop', 'pr 7 --> <b>'],
    ['a b', 'x=y environment=z'],
  ])('round-trips app %j and environment %j, ending only at its own -->', (app, environment) => {
    const marker = commentMarker(app, environment);
    expect(marker.indexOf('-->')).toBe(marker.length - 3);
    expect(parseMarker(`${marker}\n### anything`)).toEqual({ app, environment });
  });

  it.each([
    [`${MARKER}  \r\n### x`, { app: 'shop', environment: 'pr-4' }],
    [`  ${MARKER}`, { app: 'shop', environment: 'pr-4' }],
    [`quoted:\n${MARKER}`, null],
    ['<!-- headless-deploy:preview app=%E0%A4%A environment=x -->', null],
    ['<!-- something else -->', null],
    ['no marker', null],
  ])('finds it on the first line only, spaces around it aside: %j', (body, found) => {
    expect(parseMarker(body)).toEqual(found);
  });
});

describe('renderPrComment', () => {
  it('shows every fact of a deploy, in order', () => {
    expect(
      lines({
        environmentId: 'ab12',
        url: 'https://pr-4.example.com/',
        commit: { sha: 'fedcba9876543210', url: 'https://github.com/o/r/commit/fedcba9876543210' },
        build: 'b-1',
        archiveBytes: 2048,
        durationMs: 65_000,
        logUrl: 'https://github.com/o/r/actions/runs/1',
      }),
    ).toEqual([
      MARKER,
      '### ✅ Preview **pr-4** deployed',
      '',
      '| | |',
      '| --- | --- |',
      '| App | shop |',
      '| Environment | pr-4 (id ab12) |',
      '| URL | [https\\://pr-4.example.com/](https://pr-4.example.com/) |',
      '| Commit | [fedcba9](https://github.com/o/r/commit/fedcba9876543210) |',
      '| Build | b-1 |',
      '| Archive | 2.0 KiB |',
      '| Duration | 1m5s |',
      '| Log | [workflow run](https://github.com/o/r/actions/runs/1) |',
      '',
      `<sub>Updated by headless-deploy at ${AT}.</sub>`,
    ]);
  });

  // What it does not know is left out (zero bytes and zero time are known), and so is the dead link
  // of a removed preview, and the link of a commit without one.
  const NO_LINK = { sha: 'fedcba9876543210', url: null };
  it.each<[Partial<PreviewFacts>, string[]]>([
    [{ archiveBytes: 0, durationMs: 0, build: '', logUrl: '' }, ['| Archive | 0 B |', '| Duration | 0s |']],
    [{ kind: 'delete', deleted: true, url: 'https://x.example.com/', commit: NO_LINK }, ['| Commit | fedcba9 |']],
  ])('%j has only the rows %j after App and Environment', (over, rows) => {
    const shown = lines(over).filter((l) => /^\| [A-Z]/.test(l));
    expect(shown).toEqual(['| App | shop |', '| Environment | pr-4 |', ...rows]);
  });

  const REMOVED = '🗑️ Preview **pr-4** removed';
  it.each<[Partial<PreviewFacts>, string, string | null]>([
    [{ status: 'started' }, '🚀 Preview **pr-4** uploaded; the build was not awaited', null],
    [{ status: 'failure' }, '❌ Preview **pr-4**: deploy failed', null],
    [{ status: 'timeout' }, '⏱️ Preview **pr-4**: deploy timed out', null],
    [{ kind: 'delete', deleted: true }, REMOVED, 'The preview environment was deleted; its link no longer works.'],
    [
      { kind: 'delete', deleted: false },
      REMOVED,
      'The preview environment was already gone; nothing was left to delete.',
    ],
    [{ kind: 'delete', status: 'failure' }, '❌ Preview **pr-4**: removal failed', null],
    [{ kind: 'delete', status: 'timeout' }, '⏱️ Preview **pr-4**: removal timed out', null],
  ])('heads %j with %s', (over, heading, sentence) => {
    const text = lines(over);
    expect(text.slice(1, 3)).toEqual([`### ${heading}`, '']);
    if (sentence) expect(text.slice(3, 5)).toEqual([sentence, '']);
    else expect(text.join('\n')).not.toContain('preview environment was');
  });

  it('quotes the error escaped, cut to 497 characters and "..." past 500', () => {
    const quote = (error: string) => lines({ status: 'failure', error })[3];
    expect(quote('deploy failed: <script>')).toBe('> deploy failed: &lt;script&gt;');
    expect(quote('a'.repeat(500))).toBe(`> ${'a'.repeat(500)}`);
    expect(quote('a'.repeat(501))).toBe(`> ${'a'.repeat(497)}...`);
  });

  const ISO = '2026-11-22T10:00:00Z';
  const footer = (updatedAt: string) => lines({ updatedAt }).at(-1);
  it.each([ISO, '2026-11-22T10:00:00.5Z', AT])('keeps an ISO time as it is: %s', (time) => {
    expect(footer(time)).toBe(`<sub>Updated by headless-deploy at ${time}.</sub>`);
  });

  // Anything around an ISO time, or any one of its digits changed, and it is escaped as outside text.
  it.each([
    ...[`x${ISO}`, `${ISO}x`, '2026-11-22T10:00:00.Z', '2026-11-22T10:00:00.xZ', '26-11-22T10:00:00Z', 'not <a> time'],
    ...[...ISO].flatMap((c, i) => (/\d/.test(c) ? [`${ISO.slice(0, i)}x${ISO.slice(i + 1)}`] : [])),
  ])('escapes a time that is not ISO: %s', (time) => {
    expect(footer(time)).toBe(`<sub>Updated by headless-deploy at ${escapeMarkdown(time)}.</sub>`);
  });
});
