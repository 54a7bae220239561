/**
 * The deploy's zip (src/steps/deploy/build-archive.ts). Planned: the `path` input's directory
 * must be inside the workspace once links are followed (a committed link, a junction on Windows,
 * must not put the runner's files in the zip); what the plan says (local env files left out,
 * what .gitignore leaves out and folders of it that look like build output, files that look like
 * secrets, a size worth a word, `max-archive-size`, a missing package.json and where one is, an
 * empty zip). Written: the archive line, the outputs once it is sent, the manifest of a dry run,
 * the summary's rows, the size bound a streamed upload relies on, stop(), and reproducible bytes.
 * (The rules behind the words: archive-warnings.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepInputs } from '../../src/engine/run-inputs.js';
import { expectedZipBytes, planDeployArchive, startDeployArchive } from '../../src/steps/deploy/build-archive.js';
import { renderSummary } from '../../src/report/summary.js';
import { inputsOf, testContext } from '../helpers/step-context.js';
import { useTempDir, writeTree } from './helpers/archive-tree.js';

const tmp = useTempDir('hd-deploy-archive-');
const PKG = { 'package.json': '{"name":"shop"}\n' };

/** A workspace of `files` in the test's temp dir. */
function workspace(files: Record<string, string>): string {
  const ws = path.join(tmp.dir, 'ws');
  mkdirSync(ws, { recursive: true });
  writeTree(ws, files);
  return ws;
}

/** The deploy step's context and inputs for `ws`, with these inputs. */
function setUp(ws: string, values: Record<string, string> = {}) {
  const inputs = inputsOf(
    {
      'api-user-id': 'u',
      'api-password': 'p',
      'headless-api-url': 'http://127.0.0.1:9/headless',
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      ...values,
    },
    ws,
  );
  const t = testContext({ inputs, tempDir: ws });
  return { ...t, d: stepInputs(inputs, 'deploy')! };
}

async function plan(files: Record<string, string>, values: Record<string, string> = {}) {
  const t = setUp(workspace(files), values);
  const planned = await planDeployArchive(t.ctx, t.d);
  const details = Object.fromEntries(t.ctx.record.details.get('deploy') ?? []);
  const warnings = t.log.lines.filter((l) => l.startsWith('warning: ')).map((l) => l.slice('warning: '.length));
  return { ...t, planned, details, warnings };
}

describe('the deploy directory', () => {
  // Every case of the check (links at any depth, a linked workspace): workspace-file.test.ts.
  it('is refused, before anything is read, when it leads out of the workspace through a link', async () => {
    const ws = workspace({ 'web/index.html': '' });
    writeTree(path.join(tmp.dir, 'runner-files'), { 'package.json': '{}' });
    // A directory link: a junction on Windows (no privilege needed), a symbolic link elsewhere.
    symlinkSync(path.join(tmp.dir, 'runner-files'), path.join(ws, 'web', 'dist'), 'junction');
    await expect(plan({}, { path: './web/dist/' })).rejects.toThrow(
      /^input "path": "[^"]+" leads out of the workspace through a symbolic link; give a directory inside the workspace$/,
    );
  });
});

describe('what the plan says', () => {
  it.each([
    [{ '.env.local': 'A=1\n', 'web/.env.production.local': '' }, '.env.local, web/.env.production.local'],
    [{ '.env.development.local': '' }, '.env.development.local'],
  ])('local env files: left out by default, named, with how to upload one (%j)', async (files, names) => {
    const { log, details, planned } = await plan({ ...PKG, ...files });
    expect(log.lines).toContain(
      `left out by default (.env*.local: local env files hold secrets and are never committed): ${names}; to upload one, add "!<its name>" to exclude`,
    );
    expect(details).toEqual({ 'left out by default (.env*.local)': names });
    expect(planned.plan.entries.map((e) => e.name)).toEqual(['package.json']);
  });

  it('a workspace with nothing to say: no line, no summary row, no warning', async () => {
    const { log, details, warnings, planned } = await plan(PKG);
    expect([log.lines.filter((l) => l.startsWith('left out')), details, warnings]).toEqual([[], {}, []]);
    expect(planned.hasRootPackageJson).toBe(true);
  });

  const BUILD_DIRS = ['.next', '.nuxt', '.output', 'build', 'dist', 'out'];
  const lines = (dirs: string[]) => dirs.map((d) => `${d}/\n`).join('');
  it.each([
    ['dist/\n*.log\n', ['dist'], '1 folder, 2 files: dist/, x.log, y.log', '"dist/", which looks'],
    [
      lines(BUILD_DIRS.slice(0, 5)),
      BUILD_DIRS.slice(0, 5),
      '5 folders, 0 files: .next/, .nuxt/, .output/, build/, dist/',
      '".next/", ".nuxt/", ".output/", "build/", "dist/", which look',
    ],
    [
      `${lines(BUILD_DIRS)}*.log\n`,
      BUILD_DIRS,
      '6 folders, 2 files: .next/, .nuxt/, .output/, build/, dist/, out/, x.log, y.log',
      '".next/", ".nuxt/", ".output/", "build/", "dist/" and 1 more, which look',
    ],
    ['*.log\n', [], '0 folders, 2 files: x.log, y.log', null],
  ])(
    'respect-gitignore, .gitignore %j: counted and named, and what looks like build output warned of',
    async (gitignore, dirs, count, named) => {
      const files = Object.fromEntries(dirs.map((d) => [`${d}/f.js`, '']));
      const { warnings, details } = await plan(
        { ...PKG, '.gitignore': gitignore, 'x.log': '', 'y.log': '', ...files },
        { 'respect-gitignore': 'true' },
      );
      expect(details['left out by .gitignore']).toBe(count);
      expect(warnings).toEqual(
        named === null
          ? []
          : [
              `respect-gitignore: .gitignore leaves out ${named} like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false`,
            ],
      );
    },
  );

  it('respect-gitignore: the summary names the first ten left out, escaped as every name is', async () => {
    // More than the list holds on the way; the walk reaches b/ before a/.
    const logs = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`b/z${String(i).padStart(2, '0')}.log`, '']));
    const files = { ...PKG, '.gitignore': '*.log\n', '_draft_ [1].log': '', 'a/y.log': '', ...logs };
    const { details } = await plan(files, { 'respect-gitignore': 'true' });
    const deploy = { name: 'deploy', outcome: 'success' as const, details: Object.entries(details) };
    const first = ['\\_draft\\_ \\[1\\].log', 'a/y.log', ...Array.from({ length: 8 }, (_, i) => `b/z0${i}.log`)];
    expect(renderSummary({ status: 'success', steps: [deploy] })).toContain(
      `| deploy: left out by .gitignore | 0 folders, 47 files: ${first.join(', ')} and 37 more |`,
    );
  });

  it('without respect-gitignore: .gitignore is not read', async () => {
    const { details, planned } = await plan({ ...PKG, '.gitignore': 'dist/\n', 'dist/a.js': '' });
    expect(details['left out by .gitignore']).toBeUndefined();
    expect(planned.plan.entries.map((e) => e.name)).toContain('dist/a.js');
  });

  it('secret-looking files: a warning each and a summary row; an .npmrc only when it holds a credential', async () => {
    const { warnings, details } = await plan({
      ...PKG,
      '.env': 'A=1\n',
      '.npmrc': '//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789\n',
      'web/.npmrc': 'registry=https://registry.npmjs.org/\n',
    });
    expect(warnings).toEqual([
      expect.stringMatching(/^"\.env" looks like it holds secrets and will be uploaded; /),
      expect.stringMatching(/^"\.npmrc" looks like it holds secrets and will be uploaded; /),
    ]);
    expect(details['uploaded, looks like secrets']).toBe('.env, .npmrc');
  });

  it('more secret-looking files than a row names: counted beyond fifty', async () => {
    const keys = Object.fromEntries(
      Array.from({ length: 52 }, (_, i) => [`keys/k${String(i).padStart(2, '0')}.pem`, '']),
    );
    const { details, warnings } = await plan({ ...PKG, ...keys });
    expect(details['uploaded, looks like secrets']).toMatch(/^keys\/k00\.pem, .*keys\/k49\.pem and 2 more$/);
    expect(warnings).toEqual([expect.stringMatching(/^52 files that look like they hold secrets/)]);
  });

  it.each([
    ['*.log\n', /^warning: .*a file over 50\.0 MiB.*"dump\.sql" \(60\.0 MiB\)(?!.*listed in)/],
    ['*.sql\n', /\(6 B\); "dump\.sql" is listed in \.gitignore: set respect-gitignore: true/],
  ])(
    'a file over the size that deserves a word: a warning, saying so when .gitignore %j lists it',
    async (ignored, words) => {
      // Sparse: nothing is written.
      const ws = workspace({ ...PKG, '.gitignore': ignored });
      writeFileSync(path.join(ws, 'dump.sql'), '');
      truncateSync(path.join(ws, 'dump.sql'), 60 * 1024 * 1024);
      const t = setUp(ws);
      await planDeployArchive(t.ctx, t.d);
      expect(t.log.lines.filter((l) => l.startsWith('warning: '))).toEqual([expect.stringMatching(words)]);
    },
  );

  it('max-archive-size: over it fails before anything is sent; under it passes', async () => {
    const files = { ...PKG, 'big.bin': 'x'.repeat(4096) };
    await expect(plan(files, { 'max-archive-size': '2KB' })).rejects.toThrow(/^input "max-archive-size": /);
    await expect(plan(files, { 'max-archive-size': '1MB' })).resolves.toBeDefined();
  });

  it.each([
    [{ 'web/package.json': '{}', 'web/index.js': '' }, '.', '"web", the folder that holds "web/package.json"'],
    [{ 'apps/web/package.json': '{}' }, 'apps', '"apps/web", the folder that holds "web/package.json"'],
    [{ 'index.html': '' }, '.', 'the folder that holds package.json'],
    [{ 'apps/web/package.json': '{}' }, '.', 'the folder that holds package.json'], // two folders down
    [{ 'web/package.json.bak': '{}' }, '.', 'the folder that holds package.json'],
    [{ 'web/old-package.json': '{}' }, '.', 'the folder that holds package.json'],
  ])('no package.json at the root of %j (path %j): says to set path to %s', async (files, pathInput, where) => {
    const { warnings, planned } = await plan(files, { path: pathInput });
    expect(planned.hasRootPackageJson).toBe(false);
    expect(warnings).toEqual([
      `input "path": "${pathInput}" has no package.json at its root, so the build will most likely fail; set path to ${where}`,
    ]);
  });

  it('nothing to deploy: names each rule that excluded something, a folder as much as a file', async () => {
    await expect(plan({ 'dist/a.js': '', 'b.map': '' }, { exclude: 'dist/\n*.map\nnothing-here' })).rejects.toThrow(
      'input "path": nothing to deploy in "." after excludes (excluded by exclude:1, exclude:2); check path, exclude and exclude-from',
    );
  });

  it('nothing to deploy, and no rule excluded anything: says to see the warnings', async () => {
    mkdirSync(path.join(tmp.dir, 'ws', 'void'), { recursive: true });
    await expect(plan({}, { path: 'void' })).rejects.toThrow(
      'input "path": nothing to deploy in "void" after excludes (no rule excluded anything; see the warnings); check path, exclude and exclude-from',
    );
  });
});

describe('the zip written', () => {
  async function write(ws: string, values: Record<string, string> = {}, epoch?: number) {
    const t = setUp(ws, values);
    if (epoch !== undefined) t.ctx.sourceDateEpoch = epoch;
    const planned = await planDeployArchive(t.ctx, t.d);
    const zipping = startDeployArchive(t.ctx, t.d, planned);
    const zip = await zipping.done;
    // Written, not yet sent: a run that fails here reports no zip.
    const unsent = { outputs: t.written.length, archive: t.ctx.record.archive };
    zipping.sending();
    await zipping.stop();
    rmSync(zipping.file, { force: true });
    return { ...t, zip, planned, unsent };
  }

  it('logs the archive line; sets the outputs and the summary facts once the zip is sent', async () => {
    const { log, zip, written, ctx, unsent } = await write(workspace(PKG));
    expect(unsent).toEqual({ outputs: 0, archive: null });
    expect(zip.files).toBe(1);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^archive: 1 file, 16 B → zip \d+ B in \d+ ms \(sha256 [0-9a-f]{64}\)$/),
    );
    expect(Object.fromEntries(written)).toMatchObject({
      'archive-files': '1',
      'archive-bytes': String(zip.bytes),
      'archive-sha256': zip.sha256,
    });
    expect(ctx.record.archive).toMatchObject({ files: 1, bytes: zip.bytes, sha256: zip.sha256 });
    writeTree(path.join(tmp.dir, 'ws'), { 'a.js': '' });
    expect((await write(path.join(tmp.dir, 'ws'))).log.lines).toContainEqual(
      expect.stringMatching(/^archive: 2 files, /),
    );
  });

  it('a dry run logs the manifest instead of the archive line', async () => {
    const { log } = await write(workspace({ ...PKG, 'a.js': '' }), { 'dry-run': 'true' });
    expect(log.lines.some((l) => /→ zip .* ms \(sha256 /.test(l))).toBe(false);
    expect(log.lines.some((l) => /\ba\.js\b/.test(l))).toBe(true);
  });

  it.each([
    ['seven rules that matched nothing: five rows, the rest counted in one', 7, false, [1, 2, 3, 4, 5], '2 more rules'],
    ['five rules that matched nothing: each its own row', 5, false, [1, 2, 3, 4, 5], null],
    ['six rules that each matched a folder and a file: each its own row', 6, true, [1, 2, 3, 4, 5, 6], null],
  ])('%s', async (_, rules, matching, rows, more) => {
    const names = Array.from({ length: rules }, (_x, i) => `x${i + 1}`);
    const files = matching
      ? Object.fromEntries(
          names.flatMap((n) => [
            [n, ''],
            [`sub/${n}/f.js`, ''],
          ]),
        )
      : {};
    const { ctx } = await write(workspace({ ...PKG, ...files }), { exclude: names.join('\n') });
    const excluded = ctx.record.archive!.excluded ?? [];
    expect(excluded.filter((r) => r.pattern.startsWith('exclude:'))).toEqual(
      rows.map((i) => ({ pattern: `exclude:${i}`, files: matching ? 1 : 0, dirs: matching ? 1 : 0 })),
    );
    expect(excluded.filter((r) => r.pattern.endsWith('more rules')).map((r) => r.pattern)).toEqual(more ? [more] : []);
  });

  it('stop() while the zip is written: returns once the writer has stopped, no zip left', async () => {
    const t = setUp(workspace({ ...PKG, 'a.js': 'x'.repeat(100_000) }));
    const zipping = startDeployArchive(t.ctx, t.d, await planDeployArchive(t.ctx, t.d));
    const settled: string[] = [];
    zipping.done.then(
      () => settled.push('written'),
      (err: Error) => settled.push(err.message),
    );
    await zipping.stop();
    expect(settled).toEqual(['the zip is no longer needed']);
    expect(existsSync(zipping.file)).toBe(false);
  });

  it('the size expected before writing bounds the zip written: long names, incompressible bytes', async () => {
    // What a streamed upload may take is bounded by this estimate: below the real size, a slow
    // but healthy upload would be cut short.
    const long = 'n'.repeat(200);
    const files = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`${long}/${long}-${i}.bin`, randomBytes(64).toString('latin1')]),
    );
    const { zip, planned } = await write(workspace({ ...PKG, ...files }), { 'compression-level': '0' });
    expect(zip.bytes).toBeLessThanOrEqual(expectedZipBytes(planned.plan));
  });

  it('SOURCE_DATE_EPOCH: the same bytes whatever the files’ times', async () => {
    const ws = workspace({ ...PKG, 'a.js': 'x' });
    const first = await write(ws, {}, 1_700_000_000);
    utimesSync(path.join(ws, 'a.js'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect((await write(ws, {}, 1_700_000_000)).zip.sha256).toBe(first.zip.sha256);
    expect((await write(ws)).zip.sha256).not.toBe(first.zip.sha256);
  });
});
