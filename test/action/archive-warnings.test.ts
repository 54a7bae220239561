/**
 * What goes into the zip and what is worth a word, end to end on dist/index.js against the
 * emulator: local env files left out by default, files that look like secrets warned about
 * (allow-files silences), a file over 50 MiB, max-archive-size failing before anything is created,
 * and respect-gitignore.
 */
import { closeSync, openSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shown } from '../support/markdown-text.js';
import { seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.2 });

const warnings = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('::warning::'))
    .map((l) => l.slice('::warning::'.length).replace(/%0A/g, '\n').replace(/%25/g, '%'));

/** A Next.js-like tree, as a CI job leaves it after writing its secrets for the build. */
const NEXT_APP = {
  'package.json': '{"name":"web","scripts":{"build":"next build"}}\n',
  'next.config.js': 'module.exports = {};\n',
  'app/page.tsx': 'export default function Page() { return null; }\n',
  '.env': 'DATABASE_URL=postgres://admin:hunter2-db-password@db.internal/app\n',
  '.env.local': 'STRIPE_SECRET_KEY=sk_live_local_only_value\n',
  '.env.example': 'DATABASE_URL=\n',
  'apps/admin/.env.production.local': 'ADMIN_TOKEN=local-admin-token\n',
};

const [{ node, label }] = NODES as [(typeof NODES)[number]];

describe(`what goes into the zip, on ${label}`, () => {
  it('leaves .env.local out by default, uploads .env with a warning naming it, exclude and allow-files', async () => {
    const workspace = makeWorkspace(NEXT_APP);
    const r = await runChecked({ node, workspace, emulator, inputs: deployInputs(emulator, 'web') });

    expect(r.code).toBe(0);
    const upload = emulator.state.uploads.at(-1)!;
    expect([...upload.entries].sort()).toEqual([
      '.env',
      '.env.example',
      'app/page.tsx',
      'next.config.js',
      'package.json',
    ]);
    const secretWarnings = warnings(r.stdout).filter((w) => w.includes('looks like it holds secrets'));
    expect(secretWarnings).toEqual([
      '".env" looks like it holds secrets and will be uploaded; leave it out with the exclude input (or exclude-from), or, if it is meant to be uploaded, list it in allow-files',
    ]);
    // Named, never shown.
    expect(r.stdout).not.toContain('hunter2-db-password');
    expect(r.summary).not.toContain('hunter2-db-password');
    expect(r.stdout).toMatch(
      /left out by default \(\.env\*\.local: [^)]*\): \.env\.local, apps\/admin\/\.env\.production\.local/,
    );
    // (Markdown escaping may add a backslash or an entity; the words are what counts.)
    expect(shown(r.summary)).toMatch(
      /\| deploy: left out by default \(\.env\*\.local\) \| \.env\.local, apps\/admin\/\.env\.production\.local \|/,
    );
    expect(shown(r.summary)).toMatch(/\| deploy: uploaded, looks like secrets \| \.env \|/);
    expect(shown(r.summary)).toMatch(/⚠️ "\.env" looks like it holds secrets/);
  });

  it('allow-files: .env silences its warning', async () => {
    const workspace = makeWorkspace(NEXT_APP);
    const r = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'web', { 'allow-files': '.env' }),
    });
    expect(r.code).toBe(0);
    expect(emulator.state.uploads.at(-1)!.entries).toContain('.env');
    expect(warnings(r.stdout).filter((w) => w.includes('secrets'))).toEqual([]);
  });

  it('warns once about a file over 50 MiB, naming it with its size and the exclude input', async () => {
    const workspace = makeWorkspace({ 'package.json': '{"name":"web"}\n', 'index.js': 'x\n' });
    // Sparse: 51 MiB of zeros that cost no disk, and deflate to almost nothing.
    const fd = openSync(join(workspace, 'dump.sql'), 'w');
    ftruncateSync(fd, 51 * 1024 * 1024);
    closeSync(fd);
    const r = await runChecked({ node, workspace, emulator, inputs: deployInputs(emulator, 'web') });

    expect(r.code).toBe(0);
    const size = warnings(r.stdout).filter((w) => w.startsWith('the archive is larger'));
    expect(size).toHaveLength(1);
    expect(size[0]).toMatch(/\(a file over 50\.0 MiB\); largest: "dump\.sql" \(51\.0 MiB\), .*exclude input/);
    expect(shown(r.summary)).toContain('the archive is larger than a web app usually is');
  });

  it('max-archive-size: a larger archive fails the run before anything is created or uploaded', async () => {
    const workspace = makeWorkspace({ 'package.json': '{"name":"web"}\n', 'big.bin': 'x'.repeat(3000) });
    const before = emulator.requests().length;
    const r = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'new-app', { 'max-archive-size': '2KB' }),
    });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    expect(r.stdout).toMatch(
      /input "max-archive-size": the files to upload add up to 2\.9 KiB \(3,015 bytes\), over the limit of 2\.0 KiB \(2,048 bytes\); nothing was uploaded; largest: "big\.bin" \(2\.9 KiB\)/,
    );
    const sent = emulator.requests().slice(before);
    expect(sent.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(emulator.state.apps.find((a) => a.appId === 'new-app')).toBeUndefined();

    // The same tree under a limit of exactly its size deploys.
    const ok = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'web', { 'max-archive-size': '3015' }),
    });
    expect(ok.code).toBe(0);
  });

  it('respect-gitignore leaves out what .gitignore ignores, and warns when that is a dist/ folder', async () => {
    const workspace = makeWorkspace({
      '.gitignore': 'dist/\n*.log\n',
      'package.json': '{"name":"web"}\n',
      'src/index.js': 'x\n',
      'dist/index.js': 'built\n',
      'npm-debug.log': 'noise\n',
    });
    const r = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'web', { 'respect-gitignore': 'true' }),
    });

    expect(r.code).toBe(0);
    expect([...emulator.state.uploads.at(-1)!.entries].sort()).toEqual(['.gitignore', 'package.json', 'src/index.js']);
    expect(warnings(r.stdout)).toEqual([
      'respect-gitignore: .gitignore leaves out "dist/", which looks like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false',
    ]);
    expect(shown(r.summary)).toContain('| deploy: left out by .gitignore | 1 folder, 1 file |');
  });

  it('a .deployignore of 10,000 stale rules: one warning, and a summary that names five and counts the rest', async () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => `old-build/chunk-${i}.js`).join('\n');
    const workspace = makeWorkspace({ 'package.json': '{"name":"web"}\n', 'index.js': 'x\n', '.deployignore': rules });
    const r = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'web', { 'exclude-from': '.deployignore' }),
    });

    expect(r.code).toBe(0);
    expect(warnings(r.stdout)).toEqual([
      expect.stringMatching(
        /^10,000 exclude rules matched nothing: \.deployignore:1, .*\.deployignore:5 and 9,995 more; /,
      ),
    ]);
    expect(shown(r.summary)).toContain('| 9,995 more rules | nothing |');
    expect(shown(r.summary).match(/\| \.deployignore:\d+ \| nothing \|/g)).toHaveLength(5);
    expect(Buffer.byteLength(r.summary)).toBeLessThan(20_000);
  });
});
