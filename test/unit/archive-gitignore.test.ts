/**
 * respect-gitignore in the walk (each .gitignore for its own folder, deeper first, the folders
 * above the root too), what the defaults leave out of local env files, and a flood of rules:
 * 10,000 unmatched rules over 2,000 files finish with one warning.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planArchive } from '../../src/archive/index.js';
import { fitSummary } from '../../src/report/summary.js';
import { tempDir, writeTree } from './helpers/archive-tree.js';

let root: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir: root, cleanup } = tempDir());
});
afterEach(() => cleanup());

const names = async (opts: Parameters<typeof planArchive>[0]) => (await planArchive(opts)).entries.map((e) => e.name);

describe('respect-gitignore', () => {
  const tree = {
    '.gitignore': '*.log\ndist/\n/coverage\n',
    'package.json': '{}',
    'app.log': '',
    'dist/index.js': '',
    'coverage/lcov.info': '',
    'src/index.js': '',
    'src/debug.log': '',
    'src/coverage/keep.txt': 'anchored /coverage is the root one only',
    'web/.gitignore': 'generated/\n!important.log\n',
    'web/generated/a.js': '',
    'web/important.log': '',
    'web/other.log': '',
    'generated/root.js': 'web/.gitignore applies to web/ only',
  };

  it('is off by default: .gitignore changes nothing', async () => {
    writeTree(root, tree);
    expect(await names({ root })).toContain('dist/index.js');
  });

  it('applies each .gitignore to its own folder, a deeper one first, and warns for build output', async () => {
    writeTree(root, tree);
    const warnings: string[] = [];
    const plan = await planArchive({ root, respectGitignore: true, warn: (m) => warnings.push(m) });
    expect(plan.entries.map((e) => e.name)).toEqual([
      '.gitignore',
      'generated/root.js',
      'package.json',
      'src/coverage/keep.txt',
      'src/index.js',
      'web/.gitignore',
      'web/important.log',
    ]);
    expect(plan.gitignored).toEqual({ files: 3, dirs: 3, buildOutputDirs: ['dist'] });
    expect(warnings).toEqual([]);
  });

  it('lets a "!" exclude rule keep a folder .gitignore leaves out, with all in it', async () => {
    writeTree(root, tree);
    const kept = await names({ root, respectGitignore: true, exclude: ['!dist/'] });
    expect(kept).toContain('dist/index.js');
    expect(kept).not.toContain('app.log');
  });

  it('reads the .gitignore files of the folders between the workspace and the root', async () => {
    writeTree(root, {
      '.gitignore': '*.map\n/web/secret.txt\n',
      'web/index.js': '',
      'web/index.js.map': '',
      'web/secret.txt': '',
      'web/lib/x.js.map': '',
    });
    expect(await names({ root: path.join(root, 'web'), respectGitignore: true, gitignoreTop: root })).toEqual([
      'index.js',
    ]);
  });

  it('does not read a .gitignore that is a link, and says so', async () => {
    writeTree(root, { 'real-ignore': '*.js\n', 'a.js': '', 'package.json': '{}' });
    symlinkSync(path.join(root, 'real-ignore'), path.join(root, '.gitignore'));
    const warnings: string[] = [];
    const kept = await names({ root, respectGitignore: true, warn: (m) => warnings.push(m) });
    expect(kept).toContain('a.js');
    // The walk lists the link as a link, not a file: never read, nothing to say.
    expect(warnings.filter((w) => w.includes('.gitignore'))).toEqual([]);
  });

  it('refuses a .gitignore of more than 10,000 rules, naming it', async () => {
    mkdirSync(path.join(root, 'web'));
    writeFileSync(path.join(root, 'web/.gitignore'), Array.from({ length: 10_001 }, (_, i) => `f${i}`).join('\n'));
    writeFileSync(path.join(root, 'package.json'), '{}');
    await expect(planArchive({ root, respectGitignore: true })).rejects.toThrow(
      /^input "respect-gitignore": "web\/.gitignore" holds 10,001 rules/,
    );
  });
});

describe('local env files', () => {
  it('are left out by default at any depth, counted and named; .env and templates are not', async () => {
    writeTree(root, {
      '.env': 'DATABASE_URL=postgres://admin:pw@db/app\n',
      '.env.local': 'x',
      '.env.example': 'DATABASE_URL=\n',
      'apps/web/.env.production.local': 'x',
      'package.json': '{}',
    });
    const plan = await planArchive({ root });
    expect(plan.entries.map((e) => e.name)).toEqual(['.env', '.env.example', 'package.json']);
    expect(plan.localEnvLeftOut).toEqual({ count: 2, names: ['.env.local', 'apps/web/.env.production.local'] });
  });
});

describe('a flood of rules', () => {
  it('10,000 rules that match nothing over 2,000 files: the walk finishes with exactly one warning', async () => {
    for (let d = 0; d < 20; d++) {
      mkdirSync(path.join(root, `dir${d}`));
      for (let f = 0; f < 100; f++) writeFileSync(path.join(root, `dir${d}`, `file${f}.js`), '');
    }
    writeFileSync(path.join(root, 'package.json'), '{}');
    const rules = Array.from({ length: 10_000 }, (_, i) => `stale/generated-${i}.js`).join('\n');
    writeFileSync(path.join(root, '.deployignore'), rules);
    const warnings: string[] = [];
    const plan = await planArchive({ root, excludeFromFile: '.deployignore', warn: (m) => warnings.push(m) });
    expect(plan.entries).toHaveLength(2_002);
    expect(plan.unmatchedRules).toHaveLength(10_000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^10,000 exclude rules matched nothing: .deployignore:1, .deployignore:2, .deployignore:3, .deployignore:4, .deployignore:5 and 9,995 more; /,
    );
  });
});

describe('fitSummary', () => {
  it('keeps a summary that fits as it is, and cuts one that does not at a line, with a note', () => {
    expect(fitSummary('# short\n', 100)).toBe('# short\n');
    const big = Array.from({ length: 100_000 }, (_, i) => `| rule:${i} | nothing |`).join('\n');
    const cut = fitSummary(big);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(1_000_000);
    expect(cut).toMatch(
      /\| rule:\d+ \| nothing \|\n\n_The summary was cut here: [\d,]+ more lines \([\d,]+ bytes\) would pass GitHub's 1 MiB limit/,
    );
  });
});
