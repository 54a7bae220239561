/**
 * What the deploy says about the zip it plans and writes (src/steps/deploy/build-archive.ts):
 * local env files left out by default, folders .gitignore leaves out that look like build
 * output, files that look like secrets (an .npmrc only when it holds a credential), a missing
 * package.json at the root and where one is, an empty zip, max-archive-size; and, once written,
 * the archive line, the manifest of a dry run, the summary's rows and reproducible bytes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stepInputs } from '../../src/engine/inputs.js';
import { expectedZipBytes, planDeployArchive, startDeployArchive } from '../../src/steps/deploy/build-archive.js';
import { inputsOf, testContext } from '../helpers/step-context.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'hd-review-'));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const PKG = { 'package.json': '{"name":"shop"}\n' };

function setUp(ws: string, values: Record<string, string> = {}, dryRun = false) {
  const inputs = inputsOf(
    {
      'api-user-id': 'u',
      'api-password': 'p',
      'headless-api-url': 'http://127.0.0.1:9/headless',
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      'dry-run': String(dryRun),
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
  const warnings = t.log.lines.filter((l) => l.startsWith('warning: '));
  return { ...t, planned, details, warnings };
}

describe('what the plan says', () => {
  it('local env files: left out by default, named, with how to upload one', async () => {
    const { log, details, planned } = await plan({ ...PKG, '.env.local': 'A=1\n', 'web/.env.production.local': '' });
    const names = '.env.local, web/.env.production.local';
    expect(log.lines).toContain(
      `left out by default (.env*.local: local env files hold secrets and are never committed): ${names}; to upload one, add "!<its name>" to exclude`,
    );
    expect(details['left out by default (.env*.local)']).toBe(names);
    expect(planned.plan.entries.map((e) => e.name)).not.toContain('.env.local');
  });

  it('a single local env file: said as well', async () => {
    const { log, details } = await plan({ ...PKG, '.env.development.local': '' });
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^left out by default \(\.env\*\.local: .*\): \.env\.development\.local; /),
    );
    expect(details['left out by default (.env*.local)']).toBe('.env.development.local');
  });

  it('no local env file: nothing said of them', async () => {
    const { log, details } = await plan(PKG);
    expect(log.lines.some((l) => l.startsWith('left out by default'))).toBe(false);
    expect(Object.keys(details)).toEqual([]);
  });

  it('.gitignore leaving out one build output folder: counted, and a warning that it "looks" like build output', async () => {
    const { warnings, details } = await plan(
      { ...PKG, '.gitignore': 'dist/\n*.log\n', 'dist/a.js': '', 'x.log': '', 'y.log': '' },
      { 'respect-gitignore': 'true' },
    );
    expect(details['left out by .gitignore']).toBe('1 folder, 2 files');
    expect(warnings).toEqual([
      'warning: respect-gitignore: .gitignore leaves out "dist/", which looks like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false',
    ]);
  });

  it('.gitignore leaving out six build output folders: five named, "and 1 more", they "look"', async () => {
    const dirs = ['.next', '.nuxt', '.output', 'build', 'dist', 'out'];
    const files = Object.fromEntries(dirs.map((d) => [`${d}/f.js`, '']));
    const { warnings, details } = await plan(
      { ...PKG, '.gitignore': dirs.map((d) => `${d}/`).join('\n'), ...files, 'z.txt': '' },
      { 'respect-gitignore': 'true' },
    );
    expect(details['left out by .gitignore']).toBe('6 folders, 0 files');
    expect(warnings).toEqual([
      'warning: respect-gitignore: .gitignore leaves out ".next/", ".nuxt/", ".output/", "build/", "dist/" and 1 more, which look like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false',
    ]);
  });

  it('.gitignore leaving out exactly five build output folders: all five named, none "more"', async () => {
    const dirs = ['.next', '.nuxt', '.output', 'build', 'dist'];
    const files = Object.fromEntries(dirs.map((d) => [`${d}/f.js`, '']));
    const { warnings } = await plan(
      { ...PKG, '.gitignore': dirs.map((d) => `${d}/`).join('\n'), ...files },
      { 'respect-gitignore': 'true' },
    );
    expect(warnings).toEqual([
      'warning: respect-gitignore: .gitignore leaves out ".next/", ".nuxt/", ".output/", "build/", "dist/", which look like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false',
    ]);
  });

  it('.gitignore leaving out no build output: counted, no warning', async () => {
    const { warnings, details } = await plan(
      { ...PKG, '.gitignore': '*.log\n', 'x.log': '' },
      { 'respect-gitignore': 'true' },
    );
    expect(details['left out by .gitignore']).toBe('0 folders, 1 file');
    expect(warnings).toEqual([]);
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
      expect.stringMatching(/^warning: "\.env" looks like it holds secrets and will be uploaded; /),
      expect.stringMatching(/^warning: "\.npmrc" looks like it holds secrets and will be uploaded; /),
    ]);
    expect(details['uploaded, looks like secrets']).toBe('.env, .npmrc');
  });

  it('more secret-looking files than a row names: counted beyond fifty', async () => {
    const keys = Object.fromEntries(
      Array.from({ length: 52 }, (_, i) => [`keys/k${String(i).padStart(2, '0')}.pem`, '']),
    );
    const { details, warnings } = await plan({ ...PKG, ...keys });
    expect(details['uploaded, looks like secrets']).toMatch(/^keys\/k00\.pem, .*keys\/k49\.pem and 2 more$/);
    expect(warnings).toEqual([expect.stringMatching(/^warning: 52 files that look like they hold secrets/)]);
  });

  it('no secret-looking file: no row', async () => {
    const { details } = await plan(PKG);
    expect(details['uploaded, looks like secrets']).toBeUndefined();
  });

  it('a file over the size that deserves a word: a warning (the file is sparse: nothing is written)', async () => {
    const ws = workspace(PKG);
    writeFileSync(join(ws, 'dump.sql'), '');
    truncateSync(join(ws, 'dump.sql'), 60 * 1024 * 1024);
    const t = setUp(ws);
    await planDeployArchive(t.ctx, t.d);
    expect(t.log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(/^warning: .*a file over 50\.0 MiB.*"dump\.sql" \(60\.0 MiB\)/),
    ]);
  });

  it('max-archive-size: over it fails before anything is sent; under it passes', async () => {
    const files = { ...PKG, 'big.bin': 'x'.repeat(4096) };
    await expect(plan(files, { 'max-archive-size': '2KB' })).rejects.toThrow(/max-archive-size/);
    await expect(plan(files, { 'max-archive-size': '1MB' })).resolves.toBeDefined();
  });

  it('no package.json at the root but one folder down: names the path to set', async () => {
    const { warnings, planned } = await plan({ 'web/package.json': '{}', 'web/index.js': '' });
    expect(planned.hasRootPackageJson).toBe(false);
    expect(warnings).toEqual([
      'warning: input "path": "." has no package.json at its root, so the build will most likely fail; set path to "web", the folder that holds "web/package.json"',
    ]);
  });

  it('the same under a path: the path to set is joined to it', async () => {
    const { warnings } = await plan({ 'apps/web/package.json': '{}' }, { path: 'apps' });
    expect(warnings).toEqual([
      'warning: input "path": "apps" has no package.json at its root, so the build will most likely fail; set path to "apps/web", the folder that holds "web/package.json"',
    ]);
  });

  it('no package.json anywhere near: says to set path to the folder that holds it', async () => {
    const { warnings, planned } = await plan({ 'index.html': '' });
    expect(planned.hasRootPackageJson).toBe(false);
    expect(warnings).toEqual([
      'warning: input "path": "." has no package.json at its root, so the build will most likely fail; set path to the folder that holds package.json',
    ]);
  });

  it.each([
    ['two folders down', 'apps/web/package.json'],
    ['a name that only starts as package.json', 'web/package.json.bak'],
    ['a name that only ends as package.json', 'web/old-package.json'],
  ])('no package.json one folder down (%s): no folder is named', async (_, name) => {
    const { warnings } = await plan({ [name]: '{}' });
    expect(warnings).toEqual([
      'warning: input "path": "." has no package.json at its root, so the build will most likely fail; set path to the folder that holds package.json',
    ]);
  });

  it('a package.json at the root: no warning', async () => {
    const { warnings, planned } = await plan(PKG);
    expect(planned.hasRootPackageJson).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('nothing to deploy: names each rule that excluded something, a folder as much as a file', async () => {
    const t = setUp(workspace({ 'dist/a.js': '', 'b.map': '' }), { exclude: 'dist/\n*.map\nnothing-here' });
    await expect(planDeployArchive(t.ctx, t.d)).rejects.toThrow(
      'input "path": nothing to deploy in "." after excludes (excluded by exclude:1, exclude:2); check path, exclude and exclude-from',
    );
  });

  it('nothing to deploy, and no rule excluded anything: says to see the warnings', async () => {
    const ws = workspace({});
    mkdirSync(join(ws, 'empty'));
    const t = setUp(ws, { path: 'empty' });
    await expect(planDeployArchive(t.ctx, t.d)).rejects.toThrow(
      'input "path": nothing to deploy in "empty" after excludes (no rule excluded anything; see the warnings); check path, exclude and exclude-from',
    );
  });
});

describe('the zip written', () => {
  async function write(ws: string, values: Record<string, string> = {}, dryRun = false, epoch?: number) {
    const t = setUp(ws, values, dryRun);
    if (epoch !== undefined) t.ctx.sourceDateEpoch = epoch;
    const planned = await planDeployArchive(t.ctx, t.d);
    const zipping = startDeployArchive(t.ctx, t.d, planned);
    const zip = await zipping.done;
    await zipping.stop();
    rmSync(zipping.file, { force: true });
    return { ...t, zip, planned };
  }

  it('one file: "1 file", the outputs and the summary facts', async () => {
    const { log, zip, written, ctx } = await write(workspace(PKG));
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
  });

  it('two files: "2 files"', async () => {
    const { log } = await write(workspace({ ...PKG, 'a.js': '' }));
    expect(log.lines).toContainEqual(expect.stringMatching(/^archive: 2 files, /));
  });

  it('a dry run logs the manifest instead of the archive line', async () => {
    const { log } = await write(workspace({ ...PKG, 'a.js': '' }), {}, true);
    expect(log.lines.some((l) => /→ zip .* ms \(sha256 /.test(l))).toBe(false);
    expect(log.lines.some((l) => /\ba\.js\b/.test(l))).toBe(true);
  });

  it('more than five rules that matched nothing: five rows, the rest counted in one', async () => {
    const rules = ['r1/', 'r2/', 'r3/', 'r4/', 'r5/', 'r6/', 'r7/'].join('\n');
    const { ctx } = await write(workspace(PKG), { exclude: rules });
    const rows = (ctx.record.archive!.excluded ?? []).map((r) => r.pattern);
    expect(rows.filter((p) => p.startsWith('exclude:'))).toEqual([
      'exclude:1',
      'exclude:2',
      'exclude:3',
      'exclude:4',
      'exclude:5',
    ]);
    expect(rows.at(-1)).toBe('2 more rules');
  });

  it('six rules that each matched a folder and a file: each its own row, however many', async () => {
    const names = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6'];
    const files = Object.fromEntries(
      names.flatMap((n) => [
        [n, ''],
        [`sub/${n}/f.js`, ''],
      ]),
    );
    const { ctx } = await write(workspace({ ...PKG, ...files }), { exclude: names.join('\n') });
    const rows = (ctx.record.archive!.excluded ?? []).filter((r) => r.pattern.startsWith('exclude:'));
    expect(rows).toEqual(names.map((_, i) => ({ pattern: `exclude:${i + 1}`, files: 1, dirs: 1 })));
    expect(ctx.record.archive!.excluded!.some((r) => r.pattern.endsWith('more rules'))).toBe(false);
  });

  it('five rules that matched nothing: each its own row', async () => {
    const { ctx } = await write(workspace(PKG), { exclude: 'r1/\nr2/\nr3/\nr4/\nr5/' });
    const rows = (ctx.record.archive!.excluded ?? []).map((r) => r.pattern);
    expect(rows.filter((p) => p.startsWith('exclude:'))).toHaveLength(5);
    expect(rows.some((p) => p.endsWith('more rules'))).toBe(false);
  });

  it('stop() while the zip is written: returns once the writer has stopped, no zip left', async () => {
    const t = setUp(workspace({ ...PKG, 'a.js': 'x'.repeat(100_000) }));
    const planned = await planDeployArchive(t.ctx, t.d);
    const zipping = startDeployArchive(t.ctx, t.d, planned);
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
    const first = await write(ws, {}, false, 1_700_000_000);
    utimesSync(join(ws, 'a.js'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const second = await write(ws, {}, false, 1_700_000_000);
    expect(second.zip.sha256).toBe(first.zip.sha256);
    const third = await write(ws, {}, false);
    expect(third.zip.sha256).not.toBe(first.zip.sha256);
  });
});
