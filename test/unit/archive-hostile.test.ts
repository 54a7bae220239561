/**
 * A workspace is the repository's, and anyone who can push can shape it: links to the runner's
 * files as the exclude-from file, directories swapped for links between planning and writing,
 * names built to forge log lines or to unpack elsewhere on Windows. Each test reads the zip back
 * with yauzl, independently of the writer, and checks what the warnings print.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatManifest,
  describeArchive,
  nodeWalkFs,
  planArchive,
  writeArchive,
  type ArchivePlan,
  type PlanOptions,
} from '../../src/archive/index.js';
import { canMakeFifo, nonUtf8Names, posixNames, procEnviron, unixModes } from '../support/platform.js';
import { listed, planError, planned, readZip, tempDir, unzipTest, writeTree } from './helpers/archive-tree.js';

const SECRET = 'SECRET-TOKEN-9f2c';

let base: string;
let root: string;
let outside: string;
let out: string;
let cleanup: () => void;
beforeEach(() => {
  const t = tempDir('archive-hostile-');
  cleanup = t.cleanup;
  base = t.dir;
  root = path.join(base, 'workspace', 'web');
  outside = path.join(base, 'outside');
  out = path.join(base, 'out');
  for (const d of [root, outside, out]) mkdirSync(d, { recursive: true });
  writeTree(outside, { id_rsa: `-----BEGIN KEY-----\n${SECRET}\n`, 'a.txt': `outside ${SECRET}` });
});
afterEach(() => cleanup());

let zips = 0;
async function write(plan: ArchivePlan, warnings: string[] = []) {
  const file = path.join(out, `app-${++zips}.zip`);
  const written = await writeArchive(plan, { level: 6, outFile: file, warn: (m) => warnings.push(m) });
  await unzipTest(file);
  const entries = await readZip(file);
  return { written, entries, names: entries.map((e) => e.name), file };
}

/** No C0 or C1 control character, DEL included, and nothing of the secret. */
function printable(lines: string[]): void {
  for (const line of lines) {
    const controls = [...line].filter((ch) => ch.charCodeAt(0) < 0x20 || (ch >= '\u007f' && ch <= '\u009f'));
    expect(controls).toEqual([]);
    expect(line).not.toContain(SECRET);
  }
}

describe('exclude-from file from a hostile workspace', () => {
  const refused = async (rel: string, message: RegExp) => {
    const err = await planError({ root, excludeFromFile: rel });
    expect(err.message).toMatch(message);
    printable([err.message]);
  };

  it.each([
    [
      'a file outside the archived directory',
      () => symlinkSync(path.join(outside, 'id_rsa'), path.join(root, '.deployignore')),
    ],
    [
      'the parent repository',
      () => {
        writeTree(path.join(base, 'workspace'), { '.git/config': `[remote]\n\turl = https://x:${SECRET}@host/\n` });
        symlinkSync('../.git/config', path.join(root, '.deployignore'));
      },
    ],
  ])('refuses a link to %s', async (_, plant) => {
    plant();
    await refused(
      '.deployignore',
      /^exclude-from file "\.deployignore" leads out of the path input through a symbolic link/,
    );
  });

  it.skipIf(!procEnviron)('refuses a link to /proc', async () => {
    symlinkSync('/proc/self/environ', path.join(root, 'environ'));
    await refused('environ', /leads out of the path input through a symbolic link/);
  });

  it('refuses a link even to a file inside, a path outside, a directory and an oversized file', async () => {
    writeTree(root, { 'real-ignore': '*.log\n', 'big-ignore': Buffer.alloc(1024 * 1024 + 1, 0x61), 'dir/x': 'x' });
    symlinkSync('real-ignore', path.join(root, '.deployignore'));
    await refused('.deployignore', /is a symbolic link; name the file itself/);
    await refused('../../outside/id_rsa', /is outside the path input/);
    await refused('dir', /is not a regular file/);
    await refused('big-ignore', /is larger than 1 MiB/);
  });

  it.skipIf(!canMakeFifo)('refuses a FIFO, without blocking on it', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    await refused('pipe', /is not a regular file/);
  });

  it('never prints a line of the file: rules are named file:line in warnings and the manifest', async () => {
    writeTree(root, {
      '.deployignore': `# comment\n*.log\n\nno-such-${SECRET}\n`,
      'a.log': 'x',
      'index.js': 'x',
      'package.json': '{}',
    });
    const { plan, names, warnings } = await planned({
      root,
      excludeFromFile: '.deployignore',
      exclude: [`also-none-${SECRET}`],
    });
    expect(names).toEqual(['.deployignore', 'index.js', 'package.json']);
    expect(plan.unmatchedRules).toEqual(['exclude:1', '.deployignore:4']);
    expect(warnings).toEqual([
      '2 exclude rules matched nothing: exclude:1, .deployignore:4; patterns are matched against paths relative to the path input ("/x" anchors one there, "x/" matches directories only)',
    ]);
    const { written } = await write(plan);
    const manifest = formatManifest(describeArchive(plan, written));
    expect(manifest).toContain('  .deployignore:2: excluded 1 file (1 B)');
    printable([...warnings, ...manifest]);
  });
});

describe('links swapped in between planning and writing', () => {
  it('leaves out the files of a directory swapped for a link to outside', async () => {
    writeTree(root, { 'sub/a.txt': 'inside', 'keep.txt': 'kept' });
    const plan = await planArchive({ root });
    // The hook between plan and write: the directory becomes a link to one holding the same names.
    renameSync(path.join(root, 'sub'), path.join(root, 'sub-old'));
    symlinkSync(outside, path.join(root, 'sub'));
    const warnings: string[] = [];
    const { names, entries, written } = await write(plan, warnings);
    expect(names).toEqual(['keep.txt']);
    expect(entries.some((e) => e.data.toString().includes(SECRET))).toBe(false);
    expect(written.skipped).toEqual([{ path: 'sub/a.txt', reason: 'replaced' }]);
    expect(warnings).toEqual([
      '"sub/a.txt" was replaced (by a link, or another file) after it was planned; left out of the archive',
    ]);
  });

  it('leaves out a file swapped for a link, or for another file of the same name', async () => {
    writeTree(root, { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    const plan = await planArchive({ root });
    renameSync(path.join(root, 'a.txt'), path.join(root, 'old-a'));
    symlinkSync(path.join(outside, 'a.txt'), path.join(root, 'a.txt'));
    renameSync(path.join(root, 'b.txt'), path.join(root, 'old-b'));
    writeFileSync(path.join(root, 'b.txt'), 'a new file, not the one planned');
    const { names, written } = await write(plan);
    expect(names).toEqual(['c.txt']);
    expect(written.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['a.txt', 'replaced'],
      ['b.txt', 'replaced'],
    ]);
  });

  it('reads nothing from a directory swapped for a link while the walk lists it', async () => {
    writeTree(root, { 'sub/a.txt': 'inside', 'keep.txt': 'kept' });
    const readdir = (dir: string) => {
      if (dir.endsWith(`${path.sep}sub`) && lstatSync(dir).isDirectory()) {
        renameSync(dir, `${dir}-old`);
        symlinkSync(outside, dir);
      }
      return nodeWalkFs.readdir(dir);
    };
    const got = await planned({ root, fs: { readdir } });
    expect([got.names, got.skipped]).toEqual([['keep.txt'], [{ path: 'sub', reason: 'replaced' }]]);
    expect(got.warnings).toEqual([
      '"sub" was replaced (by a link or another file) during the walk; left out of the archive',
    ]);
  });
});

describe('unsafe names', () => {
  /** Creates a file by its byte name, which may not be UTF-8. */
  const create = (name: string | Buffer, data = 'x') =>
    writeFileSync(Buffer.concat([Buffer.from(`${root}/`), Buffer.from(name)]), data);
  const why = (name: string, reason: string) =>
    `"${name}" has a name that cannot go in a zip safely (it ${reason}); left out of the archive`;
  /** The hostile names valid as UTF-8, each with its warning. */
  const HOSTILE: [string, string][] = [
    ['newline\n::error::forged.txt', why('newline\\n::error::forged.txt', 'holds a control character')],
    ['tab\there.txt', why('tab\\there.txt', 'holds a control character')],
    ['esc\u001b[31mred.txt', why('esc\\u001b[31mred.txt', 'holds a control character')],
    ['del\u007f.txt', why('del\\u007f.txt', 'holds a control character')],
    ['nel\u0085.txt', why('nel\\u0085.txt', 'holds a control character')],
    ['back\\slash.txt', why('back\\\\slash.txt', 'holds a backslash')],
    ['C:evil.txt', why('C:evil.txt', 'starts with a drive prefix')],
  ];
  const NOT_UTF8 = [
    { bytes: Buffer.from([0x66, 0xff, 0x2e, 0x74, 0x78, 0x74]), warning: why('f\\xff.txt', 'is not valid UTF-8') },
    // A directory ("d", a broken sequence, "("): not read at all.
    { bytes: Buffer.from([0x64, 0xc3, 0x28]), warning: why('d\\xc3(', 'is not valid UTF-8') },
  ];

  /** Plans the root, writes the zip: only `kept` go in, each refused name is warned of, escaped. */
  async function expectLeftOut(kept: string[], warned: string[], fs?: PlanOptions['fs']) {
    const { plan, warnings } = await planned({ root, fs });
    const { names } = await write(plan);
    expect(names).toEqual(kept);
    expect([...warnings].sort()).toEqual([...warned].sort());
    expect(plan.skipped.every((s) => s.reason === 'unsafe-name')).toBe(true);
    printable([...warnings, ...formatManifest(describeArchive(plan))]);
  }

  it.skipIf(!posixNames)(
    'leaves out names with controls, backslashes or drive prefixes, escaped in warnings',
    async () => {
      create('ok.txt');
      for (const [name] of HOSTILE) create(name);
      await expectLeftOut(
        ['ok.txt'],
        HOSTILE.map(([, warning]) => warning),
      );
    },
  );

  it.skipIf(!nonUtf8Names)(
    'leaves out files and directories whose names are not UTF-8, escaped in warnings',
    async () => {
      create('ok.txt');
      create(NOT_UTF8[0]!.bytes);
      // A valid name that a lenient decoder would give the invalid one too: both must not be entries.
      create('f\ufffd.txt');
      const badDir = Buffer.concat([Buffer.from(`${root}/`), NOT_UTF8[1]!.bytes]);
      mkdirSync(badDir);
      writeFileSync(Buffer.concat([badDir, Buffer.from('/inner.txt')]), 'x');
      await expectLeftOut(
        ['f\ufffd.txt', 'ok.txt'],
        NOT_UTF8.map((n) => n.warning),
      );
    },
  );

  // The same names as a listing gives them, on every OS: NTFS cannot hold most of them and APFS
  // refuses bytes that are not UTF-8, but a walk must still judge whatever a disk lists.
  it('leaves out every unsafe name a listing gives, whatever the OS can store, before touching it', async () => {
    create('ok.txt');
    const touched: string[] = [];
    const readdir = (dir: string) => [
      ...nodeWalkFs.readdir(dir),
      ...HOSTILE.map(([name]) => listed(name, 'file')),
      listed(NOT_UTF8[0]!.bytes, 'file'),
      listed(NOT_UTF8[1]!.bytes, 'dir'),
    ];
    const lstat = (p: string) => {
      touched.push(p);
      return lstatSync(p);
    };
    await expectLeftOut(['ok.txt'], [...HOSTILE.map(([, warning]) => warning), ...NOT_UTF8.map((n) => n.warning)], {
      readdir,
      lstat,
    });
    expect(touched.filter((p) => !['ok.txt', 'web'].includes(path.basename(p)))).toEqual([]);
  });

  it('refuses a plan with two entries of one name', async () => {
    writeTree(root, { 'a.txt': 'a' });
    const twice = {
      readdir: (dir: string) => {
        const names = nodeWalkFs.readdir(dir);
        return dir === root ? [...names, ...names] : names;
      },
    };
    await expect(planArchive({ root, fs: twice })).rejects.toThrow('two entries named "a.txt" were planned');
  });

  it.skipIf(!posixNames)('leaves out a link whose target name is unsafe', async () => {
    writeTree(root, { 'sub/bad\ttarget': 'x', link: { link: 'sub/bad\ttarget' }, 'ok.txt': 'x' });
    const got = await planned({ root });
    expect(got.names).toEqual(['ok.txt']);
    // Shown escaped, with its directory.
    expect(got.skipped).toEqual([
      { path: 'link', reason: 'unsafe-target' },
      { path: 'sub/bad\\ttarget', reason: 'unsafe-name' },
    ]);
  });
});

describe('the zip file itself', () => {
  it.skipIf(!unixModes)('is created with mode 0600', async () => {
    writeTree(root, { 'a.txt': 'a' });
    const { written } = await write(await planArchive({ root }));
    expect(statSync(written.file).mode & 0o777).toBe(0o600);
  });

  it('is created exclusively, never through something already at its path', async () => {
    writeTree(root, { 'a.txt': 'a' });
    const plan = await planArchive({ root });
    const file = path.join(out, 'app.zip');
    writeFileSync(file, 'already here');
    await expect(writeArchive(plan, { level: 6, outFile: file })).rejects.toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('already here');

    const planted = path.join(out, 'planted.zip');
    symlinkSync(path.join(outside, 'a.txt'), planted);
    await expect(writeArchive(plan, { level: 6, outFile: planted })).rejects.toThrow(/EEXIST/);
    expect(readFileSync(path.join(outside, 'a.txt'), 'utf8')).toBe(`outside ${SECRET}`);
    expect(existsSync(planted)).toBe(true);
  });
});
