import { describe, it, expect } from 'vitest';
import { escapeCell } from '../../src/util/markdown.js';
import { renderSummary } from '../../src/report/summary.js';
import { formatBytesExact, formatDuration } from '../../src/util/format.js';
import { shown } from '../support/markdown-text.js';
import type { RunReport } from '../../src/report/summary.js';

describe('renderSummary', () => {
  it('renders a successful deploy', () => {
    const report: RunReport = {
      status: 'success',
      steps: [
        {
          name: 'deploy',
          outcome: 'success',
          description: 'deploy "./" to app "shop" environment "staging" (create when missing, region US-C)',
          durationMs: 72_500,
          details: [['environment', 'env1 (created)']],
        },
      ],
      archive: { bytes: 1_468_006, files: 42, sha256: 'ab'.repeat(32) },
      operation: 'accounts/demo/apps/shop/environments/env1/operations/op1',
      build: 'accounts/demo/apps/shop/environments/env1/builds/b1',
      deployment: 'd1',
      timings: [
        { label: 'zip', ms: 850 },
        { label: 'build', ms: 61_000 },
      ],
      durationMs: 73_000,
    };
    expect(shown(renderSummary(report))).toBe(
      [
        '## ✅ headless-deploy: succeeded',
        '',
        '| Step | Outcome | Duration | What |',
        '| --- | --- | --- | --- |',
        '| deploy | ✅ success | 1m13s | deploy "./" to app "shop" environment "staging" (create when missing, region US-C) |',
        '',
        '| Detail | Value |',
        '| --- | --- |',
        '| archive | 1.4 MiB (1,468,006 bytes), 42 files |',
        `| archive sha256 | ${'ab'.repeat(32)} |`,
        '| operation | accounts/demo/apps/shop/environments/env1/operations/op1 |',
        '| build | accounts/demo/apps/shop/environments/env1/builds/b1 |',
        '| deployment | d1 |',
        '| deploy: environment | env1 (created) |',
        '| time: zip | 0.9s |',
        '| time: build | 1m1s |',
        '| time: total | 1m13s |',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['success', '## ✅ headless-deploy: succeeded'],
    ['failure', '## ❌ headless-deploy: failed'],
    ['timeout', '## ⏱️ headless-deploy: timed out'],
    ['cancelled', '## 🚫 headless-deploy: cancelled'],
    ['planned', '## 📝 headless-deploy: planned (dry run, nothing changed)'],
  ] as const)('heads a %s run', (status, heading) => {
    expect(renderSummary({ status, steps: [] }).split('\n')[0]).toBe(heading);
  });

  it('shows each step outcome, a failed step error and the run error', () => {
    const markdown = renderSummary({
      status: 'failure',
      error: 'deploy failed: upload to environment "staging": service unavailable (503)\nafter 5 attempts',
      steps: [
        { name: 'deploy', outcome: 'failure', durationMs: 900, error: 'upload | rejected\n<b>413</b>' },
        { name: 'install copy', outcome: 'skipped' },
        { name: 'webhook', outcome: 'cancelled', durationMs: null },
      ],
    });
    const lines = shown(markdown).split('\n');
    expect(lines).toContain('> deploy failed: upload to environment "staging": service unavailable (503)');
    expect(lines).toContain('> after 5 attempts');
    expect(lines).toContain('| deploy | ❌ failure | 0.9s |  |');
    expect(lines).toContain('| install copy | ⏭️ skipped |  |  |');
    expect(lines).toContain('| webhook | 🚫 cancelled |  |  |');
    expect(markdown.split('\n')).toContain('| deploy\\: error | upload \\| rejected<br>&lt;b&gt;413&lt;/b&gt; |');
  });

  it('renders planned steps of a dry run without a details table when there are no details', () => {
    const markdown = renderSummary({
      status: 'planned',
      steps: [{ name: 'webhook', outcome: 'planned', description: 'webhook purge-cache on app "shop"' }],
    });
    expect(shown(markdown)).toContain('| webhook | 📝 planned |  | webhook purge-cache on app "shop" |');
    expect(markdown).not.toContain('| Detail | Value |');
  });

  it('keeps every table row on one line whatever the values hold', () => {
    const markdown = renderSummary({
      status: 'timeout',
      steps: [{ name: 'a|b', outcome: 'timeout', description: 'x\r\ny\rz', details: [['k|\n', 'v\n|']] }],
      operation: 'op|\nx',
    });
    const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
    // 4 columns (5 bars) in the steps table, 2 (3 bars) in the details table, no extra rows.
    const bars = rows.map((line) => line.replace(/\\\|/g, '').split('|').length - 1);
    expect(bars).toEqual([5, 5, 5, 3, 3, 3, 3]);
  });
});

describe('escapeCell', () => {
  it.each([
    ['a|b', 'a\\|b'],
    ['a\nb', 'a<br>b'],
    ['a\r\nb', 'a<br>b'],
    ['<script>&', '&lt;script&gt;&amp;'],
    ['plain', 'plain'],
    ['[a](http:evil.example)', '\\[a\\]\\(http\\:evil\\.example\\)'],
    ['`x`', '\\`x\\`'],
    ['@org/team', '@\u200Dorg/team'],
  ])('%j → %j', (text, escaped) => expect(escapeCell(text)).toBe(escaped));
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
    [12_345, '12s'],
    [125_000, '2m5s'],
    [3_720_000, '1h2m'],
  ])('formatDuration(%d) = %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('renderSummary: what a person needs after a mistake', () => {
  it('shows an input error on its own, with no steps', () => {
    const md = renderSummary({
      status: 'failure',
      steps: [],
      error: 'input "app" is required by deploy\nno request was made',
    });
    expect(md).toContain('## ❌ headless-deploy: failed');
    expect(md).toContain('> input "app" is required by deploy');
    expect(md).toContain('> no request was made');
  });

  it('lists the warnings, escaped', () => {
    const md = renderSummary({
      status: 'success',
      steps: [],
      warnings: ['input "region" is EU-W, but app "shop" already exists in US-C', 'a <b> c'],
    });
    expect(md).toContain('**Warnings**');
    expect(shown(md)).toContain('- ⚠️ input "region" is EU-W, but app "shop" already exists in US-C');
    expect(md).toContain('- ⚠️ a &lt;b&gt; c');
  });

  it('says what was created, and heads a run that did not wait as started', () => {
    const md = shown(renderSummary({ status: 'started', steps: [], created: ['app "shop" (region US-C)'] }));
    expect(md).toContain('## 🚀 headless-deploy: started (uploaded; the build was not awaited)');
    expect(md).toContain('| created | app "shop" (region US-C) |');
  });

  it('shows what each exclude rule left out and the largest files sent', () => {
    const md = renderSummary({
      status: 'success',
      steps: [],
      archive: {
        bytes: 2048,
        files: 3,
        sha256: 'ab'.repeat(32),
        excluded: [
          { pattern: 'node_modules/', files: 0, dirs: 2 },
          { pattern: '*.log', files: 1, dirs: 0 },
          { pattern: 'docs|x/', files: 0, dirs: 0 },
        ],
        largest: [{ name: 'dist/app.js', size: 4096 }],
      },
    });
    expect(md).toContain('| Exclude rule | Left out |');
    expect(shown(md)).toContain('| node_modules/ | 2 folders |');
    expect(md).toContain('| \\*\\.log | 1 file |');
    expect(md).toContain('| docs\\|x/ | nothing |');
    expect(shown(md)).toContain(`| dist/app.js | ${formatBytesExact(4096)} |`);
  });
});
