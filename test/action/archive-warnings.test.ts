/**
 * What goes into the zip and what is worth a word, end to end on dist/index.js against the
 * emulator: local env files left out by default, a file that looks like secrets warned about and
 * never shown, max-archive-size failing before anything is created, and a summary that stays
 * small under 10,000 rules. Each rule's variants (allow-files, respect-gitignore, large files)
 * are the unit tests' (test/unit/archive-warnings.test.ts, deploy-archive.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { annotations } from '../helpers/annotations.js';
import { shown } from '../support/markdown-text.js';
import { seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.2 });

const warnings = (stdout: string) => annotations(stdout, 'warning');

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
    expect(secretWarnings).toHaveLength(1);
    for (const words of ['".env" looks like it holds secrets and will be uploaded', 'exclude input', 'allow-files']) {
      expect(secretWarnings[0]).toContain(words);
    }
    // Named, never shown.
    expect(r.stdout).not.toContain('hunter2-db-password');
    expect(r.summary).not.toContain('hunter2-db-password');
    expect(r.stdout).toMatch(
      /left out by default \(\.env\*\.local: [^)]*\): \.env\.local, apps\/admin\/\.env\.production\.local/,
    );
    expect(shown(r.summary)).toMatch(/\| deploy: uploaded, looks like secrets \| \.env \|/);
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
    const error = annotations(r.stdout, 'error').join('\n');
    for (const fact of [
      'input "max-archive-size"',
      '(3,015 bytes)',
      '(2,048 bytes)',
      'nothing was uploaded',
      '"big.bin"',
    ]) {
      expect(error).toContain(fact);
    }
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
