/**
 * The package as a user gets it: `npm pack`, installed from the tarball into a scratch folder
 * with the network off (everything is bundled, so nothing else is fetched), then a deploy with
 * `node_modules/.bin/headless-deploy` against the emulator.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { makeWorkspace } from '../action/helpers/workspace.js';
import { outputLines, plainEnv, ROOT, runCli } from './run-cli.js';

const run = promisify(execFile);
const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.2 });
const scratch = mkdtempSync(join(tmpdir(), 'hd-install-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const npm = (args: string[], cwd: string) =>
  run('npm', args, { cwd, shell: process.platform === 'win32', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });

describe('npm pack, then install offline', () => {
  it('packs only what a user needs, installs without the network and deploys', async () => {
    const { stdout } = await npm(['pack', '--json', '--pack-destination', scratch], ROOT);
    const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain('dist/cli/index.js');
    expect(paths).toContain('dist/index.js');
    expect(paths).toContain('emulator/dist/server/index.js');
    expect(paths).toContain('action.yml');
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/') || p.startsWith('node_modules/'))).toEqual(
      [],
    );

    writeFileSync(join(scratch, 'package.json'), '{"name":"scratch","private":true}\n');
    await npm(['install', '--offline', '--no-audit', '--no-fund', `./${packed.filename}`], scratch);
    expect(readdirSync(join(scratch, 'node_modules')).filter((n) => n !== '.bin' && !n.startsWith('.'))).toEqual([
      'headless-deploy',
    ]);

    const r = await runCli({
      entry: join(scratch, 'node_modules', '.bin', 'headless-deploy'),
      cwd: makeWorkspace(),
      env: plainEnv({
        HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
        HEADLESS_DEPLOY_API_PASSWORD: 'demo-password',
        HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
        HEADLESS_DEPLOY_ACCOUNT: 'demo',
      }),
      args: ['--app', EXISTING.app, '--environment', EXISTING.displayName],
    });
    expect(r.stderr).toContain('build done in');
    expect(r.code).toBe(0);
    expect(outputLines(r.stdout).status).toBe('success');
  }, 240_000);
});
