/**
 * respect-gitignore in the walk (each .gitignore for its own folder, deeper first, the folders
 * above the root too) and without one (which of a few names it would leave out), and a flood of
 * rules: 10,000 unmatched rules over 2,000 files finish with one warning, and a summary of
 * 100,000 rows is cut to GitHub's limit.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planArchive } from '../../src/archive/index.js';
import { gitignoreListed } from '../../src/archive/plan/gitignore-files.js';
import { fitSummary } from '../../src/report/summary.js';
import { planned, useTempDir, writeTree } from './helpers/archive-tree.js';

const tmp = useTempDir();
const names = async (opts: Omit<Parameters<typeof planArchive>[0], 'root'>, root = tmp.dir) =>
  (await planArchive({ root, ...opts })).entries.map((e) => e.name);

describe('respect-gitignore', () => {
  const tree = {
    '.gitignore': '*.log\ndist/\n/coverage\n',
    'package.json': '{}',
    'app.log': '',
    'dist/index.js': '',
    // Never read: its folder is left out whole, as git leaves it.
    'dist/.gitignore': '!index.js\n',
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

  it('is off by default; on, applies each .gitignore to its own folder, a deeper one first', async () => {
    writeTree(tmp.dir, tree);
    expect(await names({})).toContain('dist/index.js');
    const { plan, names: kept, warnings } = await planned({ root: tmp.dir, respectGitignore: true });
    expect(kept).toEqual([
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

  it('gitignoreListed, without a walk: of the names asked, exactly those the walk would leave out', async () => {
    writeTree(tmp.dir, tree);
    const all = await names({});
    const kept = await names({ respectGitignore: true });
    expect(gitignoreListed({ root: tmp.dir }, all)).toEqual(all.filter((n) => !kept.includes(n)));
  });

  it('lets a "!" exclude rule keep a folder .gitignore leaves out, with all in it', async () => {
    writeTree(tmp.dir, tree);
    const kept = await names({ respectGitignore: true, exclude: ['!dist/'] });
    expect(kept).toContain('dist/index.js');
    expect(kept).not.toContain('app.log');
  });

  it('reads the .gitignore files of the folders between the workspace and the root', async () => {
    writeTree(tmp.dir, {
      '.gitignore': '*.map\n/web/secret.txt\n',
      'web/index.js': '',
      'web/index.js.map': '',
      'web/secret.txt': '',
      'web/lib/x.js.map': '',
    });
    expect(await names({ respectGitignore: true, gitignoreTop: tmp.dir }, path.join(tmp.dir, 'web'))).toEqual([
      'index.js',
    ]);
    const asked = ['index.js', 'index.js.map', 'lib/x.js.map', 'secret.txt'];
    expect(gitignoreListed({ root: path.join(tmp.dir, 'web'), gitignoreTop: tmp.dir }, asked)).toEqual(asked.slice(1));
  });

  it('does not read a .gitignore that is a link, and says so', async () => {
    writeTree(tmp.dir, { 'real-ignore': '*.js\n', 'a.js': '', 'package.json': '{}' });
    symlinkSync(path.join(tmp.dir, 'real-ignore'), path.join(tmp.dir, '.gitignore'));
    const { names: kept, warnings } = await planned({ root: tmp.dir, respectGitignore: true });
    expect(kept).toContain('a.js');
    // The walk lists the link as a link, not a file: never read, nothing to say.
    expect(warnings.filter((w) => w.includes('.gitignore'))).toEqual([]);
  });

  it('refuses a .gitignore of more than 10,000 rules, naming it', async () => {
    mkdirSync(path.join(tmp.dir, 'web'));
    writeFileSync(path.join(tmp.dir, 'web/.gitignore'), Array.from({ length: 10_001 }, (_, i) => `f${i}`).join('\n'));
    writeFileSync(path.join(tmp.dir, 'package.json'), '{}');
    await expect(planArchive({ root: tmp.dir, respectGitignore: true })).rejects.toThrow(
      /^input "respect-gitignore": "web\/.gitignore" holds 10,001 rules/,
    );
  });
});

describe('a flood of rules', () => {
  it('10,000 rules that match nothing over 2,000 files: the walk finishes with exactly one warning', async () => {
    for (let d = 0; d < 20; d++) {
      mkdirSync(path.join(tmp.dir, `dir${d}`));
      for (let f = 0; f < 100; f++) writeFileSync(path.join(tmp.dir, `dir${d}`, `file${f}.js`), '');
    }
    writeFileSync(path.join(tmp.dir, 'package.json'), '{}');
    const rules = Array.from({ length: 10_000 }, (_, i) => `stale/generated-${i}.js`).join('\n');
    writeFileSync(path.join(tmp.dir, '.deployignore'), rules);
    const { plan, warnings } = await planned({ root: tmp.dir, excludeFromFile: '.deployignore' });
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
