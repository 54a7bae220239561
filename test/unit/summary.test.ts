/**
 * The job summary (src/report/summary.ts) as a reader sees it: whole texts with every line, blank
 * line and table in its place, each optional part present exactly when it has something to say,
 * the heading of each status, rows that stay rows whatever they hold, and the sizes and durations
 * as shown. The escaping itself is markdown-escape.test.ts's.
 */
import { describe, it, expect } from 'vitest';
import { renderSummary } from '../../src/report/summary.js';
import { formatBytesExact, formatDuration } from '../../src/util/format.js';
import { shown } from '../support/markdown-text.js';

describe('renderSummary', () => {
  it('shows each part in order, escaped: skip, link, error, warnings, steps, details, rules and largest files', () => {
    const text = renderSummary({
      status: 'failure',
      skipped: 'skipped: a <b>',
      url: 'https://e.example.com/a(b)',
      error: 'deploy failed: upload to "staging": unavailable (503)\nafter <5> attempts',
      warnings: ['w1\nw2', 'w & 3'],
      steps: [
        {
          name: 'deploy',
          outcome: 'failure',
          description: 'deploy "./" to app "shop" (region US-C)',
          durationMs: 72_500,
          details: [['environment', 'env1 (created)']],
          error: 'upload | rejected\n<b>413</b>',
        },
        { name: 'install copy', outcome: 'skipped' },
        { name: 'webhook', outcome: 'cancelled', durationMs: null },
        { name: 'wait', outcome: 'success', durationMs: 1_000 },
      ],
      archive: {
        bytes: 1_468_006,
        files: 42,
        sha256: 'ab',
        excluded: [
          { pattern: 'x/', files: 2, dirs: 1 },
          { pattern: 'node_modules/', files: 0, dirs: 2 },
          { pattern: '*.log', files: 1, dirs: 0 },
          { pattern: 'docs|x/', files: 0, dirs: 0 },
        ],
        largest: [{ name: 'a|b', size: 10 }],
      },
      operation: 'accounts/demo/apps/shop/environments/env1/operations/op1',
      build: 'accounts/demo/apps/shop/environments/env1/builds/b1',
      deployment: 'd1',
      created: ['app "shop" (region US-C)'],
      timings: [
        { label: 'zip', ms: 850 },
        { label: 'build', ms: 61_000 },
      ],
      durationMs: 73_000,
    });
    expect(text.split('\n')).toEqual([
      '## ❌ headless-deploy: failed',
      '',
      'skipped: a &lt;b&gt;',
      '',
      '🔗 [https\\://e.example.com/a(b)](https://e.example.com/a%28b%29)',
      '',
      '> deploy failed: upload to "staging": unavailable (503)',
      '> after &lt;5&gt; attempts',
      '',
      '**Warnings**',
      '',
      '- ⚠️ w1 w2',
      '- ⚠️ w &amp; 3',
      '',
      '| Step | Outcome | Duration | What |',
      '| --- | --- | --- | --- |',
      '| deploy | ❌ failure | 1m13s | deploy "./" to app "shop" (region US-C) |',
      '| install copy | ⏭️ skipped |  |  |',
      '| webhook | 🚫 cancelled |  |  |',
      '| wait | ✅ success | 1s |  |',
      '',
      '| Detail | Value |',
      '| --- | --- |',
      '| created | app "shop" (region US-C) |',
      '| archive | 1.4 MiB (1,468,006 bytes), 42 files |',
      '| archive sha256 | ab |',
      '| operation | accounts/demo/apps/shop/environments/env1/operations/op1 |',
      '| build | accounts/demo/apps/shop/environments/env1/builds/b1 |',
      '| deployment | d1 |',
      '| deploy: environment | env1 (created) |',
      '| deploy: error | upload \\| rejected<br>&lt;b&gt;413&lt;/b&gt; |',
      '| time: zip | 0.9s |',
      '| time: build | 1m1s |',
      '| time: total | 1m13s |',
      '',
      '| Exclude rule | Left out |',
      '| --- | --- |',
      '| x/ | 1 folder, 2 files |',
      '| node\\_modules/ | 2 folders |',
      '| \\*.log | 1 file |',
      '| docs\\|x/ | nothing |',
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

  it.each([
    ['success', '## ✅ headless-deploy: succeeded'],
    ['started', '## 🚀 headless-deploy: started (uploaded; the build was not awaited)'],
    ['failure', '## ❌ headless-deploy: failed'],
    ['timeout', '## ⏱️ headless-deploy: timed out'],
    ['cancelled', '## 🚫 headless-deploy: cancelled'],
    ['planned', '## 📝 headless-deploy: planned (dry run, nothing changed)'],
    ['skipped', '## ⏭️ headless-deploy: skipped (no credentials, nothing done)'],
  ] as const)('heads a %s run', (status, heading) => {
    expect(renderSummary({ status, steps: [] }).split('\n')[0]).toBe(heading);
  });

  it('renders planned steps of a dry run without a details table when there are no details', () => {
    const markdown = renderSummary({
      status: 'planned',
      steps: [{ name: 'webhook', outcome: 'planned', description: 'webhook purge-cache on app "shop"' }],
    });
    expect(shown(markdown)).toContain('| webhook | 📝 planned |  | webhook purge-cache on app "shop" |');
    expect(markdown).not.toContain('| Detail | Value |');
  });

  it('keeps every table row on one line whatever the values hold, and a warning too', () => {
    const markdown = renderSummary({
      status: 'timeout',
      steps: [{ name: 'a|b', outcome: 'timeout', description: 'x\r\ny\rz', details: [['k|\n', 'v\n|']] }],
      operation: 'op|\nx',
      warnings: ['a\r\nb'],
    });
    const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
    // 4 columns (5 bars) in the steps table, 2 (3 bars) in the details table, no extra rows.
    const bars = rows.map((line) => line.replace(/\\\|/g, '').split('|').length - 1);
    expect(bars).toEqual([5, 5, 5, 3, 3, 3, 3]);
    expect(markdown).toContain('- ⚠️ a b');
  });
});

describe('formatBytesExact and formatDuration, as the summary shows them', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB (1,024 bytes)'],
    [5 * 1024 ** 3, '5.0 GiB (5,368,709,120 bytes)'],
  ])('formatBytesExact(%d) = %s', (bytes, text) => expect(formatBytesExact(bytes)).toBe(text));

  it.each([
    [0, '0s'],
    [850, '0.9s'],
    [1_000, '1s'],
    [4_500, '4.5s'],
    [12_345, '12s'],
    [59_600, '1m'],
    [90_000, '1m30s'],
    [1_800_000, '30m'],
    [3_661_000, '1h1m1s'],
  ])('formatDuration(%d) = %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
