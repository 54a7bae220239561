/**
 * The package as a user gets it: `npm pack` (only what a user needs), installed offline into an
 * empty folder (everything is bundled, so nothing else is fetched); then a deploy with
 * `node_modules/.bin/headless-deploy`, docs/cli.md's commands for where the registry is out of
 * reach (run as written, the registry unreachable), the README's client example (taken from the
 * README, not copied here) run with plain Node against the emulator on this Node and on Node 24, the same
 * text type-checked by tsc as a TypeScript user's file, and `headless-deploy/emulator` started
 * from the package.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { NODES } from '../action/helpers/nodes.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { writeTestZip } from '../integration/helpers/client-zip.js';
import { makeWorkspace } from '../action/helpers/workspace.js';
import { packAndInstall, VERSION } from './packed-package.js';
import { outputLines, plainEnv, ROOT, runCli } from './run-cli.js';

const run = promisify(execFile);
const PRODUCTION_ID = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const seed: Seed = {
  ...defaultSeed,
  headless: {
    accounts: ['demo'],
    apps: [{ account: 'demo', appId: 'shop', environments: [{ id: PRODUCTION_ID, displayName: 'production' }] }],
  },
};
const emulator = useEmulator({ seed, buildSeconds: 0.2 });
const scratch = mkdtempSync(join(tmpdir(), 'hd-client-package-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The ```ts block of the README's "The API client" section, as a user copies it. */
function clientExample(readme: string): string {
  const section = readme.slice(readme.indexOf('\n## The API client\n'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block || !readme.includes('\n## The API client\n'))
    throw new Error('README: no ```ts block under "## The API client"');
  return block[1]!;
}

const example = clientExample(readFileSync(join(ROOT, 'README.md'), 'utf8'));
let bin = '';
let tarball = '';

/** The sh block of docs/cli.md's "Where the registry is out of reach", as a user copies it. */
function offlineCommands(doc: string): string {
  const section = doc.slice(doc.indexOf('\n### Where the registry is out of reach\n'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block || section === doc)
    throw new Error('docs/cli.md: no ```sh block under "### Where the registry is out of reach"');
  return block[1]!;
}

beforeAll(async () => {
  const installed = await packAndInstall(scratch);
  ({ bin, tarball } = installed);
  expect(
    installed.files.filter((p) => p.startsWith('src/') || p.startsWith('test/') || p.startsWith('node_modules/')),
  ).toEqual([]);
  for (const built of [
    'dist/index.js',
    'dist/cli/index.js',
    'emulator/dist/server/index.js',
    'action.yml',
    'dist/client/index.js',
    'dist/types/src/api/index.d.ts',
    'emulator/dist/lib/index.js',
    'dist/types/emulator/index.d.ts',
  ]) {
    expect(installed.files, `${built} in the package (npm run package builds it)`).toContain(built);
  }
  expect(installed.modules).toEqual(['headless-deploy']);
}, 240_000);

describe('the package, installed from the packed tarball', () => {
  it('deploys with node_modules/.bin/headless-deploy', async () => {
    const r = await runCli({
      entry: bin,
      cwd: makeWorkspace(),
      env: plainEnv({
        HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
        HEADLESS_DEPLOY_API_PASSWORD: 'demo-password',
        HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
        HEADLESS_DEPLOY_ACCOUNT: 'demo',
      }),
      args: ['--app', 'shop', '--environment', 'production'],
    });
    expect(r.stderr).toContain('build done in');
    expect(r.code).toBe(0);
    expect(outputLines(r.stdout).status).toBe('success');
    expect(emulator.state.uploads).toMatchObject([{ app: 'shop', environment: PRODUCTION_ID }]);
  });

  it.runIf(process.platform !== 'win32')(
    'runs from the tarball where the registry is out of reach, as docs/cli.md says',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'hd-offline-'));
      copyFileSync(tarball, join(folder, basename(tarball)));
      const env = plainEnv({
        // A closed port on loopback: any request npm makes fails, at once (no retries).
        npm_config_registry: 'http://127.0.0.1:9/',
        npm_config_fetch_retries: '0',
        npm_config_cache: join(folder, '.npm'),
        npm_config_update_notifier: 'false',
      });
      env.PATH = `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}`;
      // The docs' commands, then the recipes' pinned npx, which must find the installed package.
      const script = `${offlineCommands(readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8'))}npx --yes headless-deploy@${VERSION} --version\n`;
      try {
        const { stdout } = await run('bash', ['-eo', 'pipefail', '-c', script], { cwd: folder, env, timeout: 120_000 });
        expect(stdout).toContain('Usage:');
        expect(stdout.trim().split('\n').at(-1)).toBe(VERSION);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    150_000,
  );

  it('has the example the README promises', () => {
    expect(example).toContain("from 'headless-deploy/client'");
  });

  for (const { node, label } of NODES) {
    it(`runs the README's client example as written (${label})`, async () => {
      writeFileSync(join(scratch, 'example.mjs'), example);
      await writeTestZip({
        'package.json': '{"name":"shop","private":true}\n',
        'index.js': "console.log('shop')\n",
      }).then((zip) => writeFileSync(join(scratch, 'app.zip'), readFileSync(zip)));
      const { stdout, stderr } = await run(node, ['example.mjs'], {
        cwd: scratch,
        timeout: 60_000,
        env: plainEnv({
          HOSTING_API_USER_ID: 'demo-user',
          HOSTING_API_PASSWORD: 'demo-password',
          HOSTING_ACCOUNT: 'demo',
          HOSTING_API_URL: emulator.hostingUrl,
          HEADLESS_API_URL: emulator.headlessUrl,
        }),
      });
      expect(stderr).toBe('');
      // The installs the user sees, then the deploy to the environment it found by display name.
      expect(stdout.split('\n')).toEqual(expect.arrayContaining(['demoprod', 'demostg', 'deployed to production']));
      expect(emulator.state.uploads).toHaveLength(1);
      expect(emulator.state.uploads[0]).toMatchObject({ app: 'shop', environment: PRODUCTION_ID });
      expect(emulator.state.uploads[0]!.entries).toContain('package.json');
    }, 90_000);
  }

  it('type-checks the example, and a use of the emulator, as a TypeScript user’s files (strict, no skipLibCheck)', async () => {
    writeFileSync(join(scratch, 'example.mts'), example);
    writeFileSync(
      join(scratch, 'emulator.mts'),
      [
        "import { startEmulator, type RunningEmulator } from 'headless-deploy/emulator';",
        "import { createClient, NotFound, type Environment } from 'headless-deploy/client';",
        'const emulator: RunningEmulator = await startEmulator({ port: 0, buildSeconds: 1 });',
        "const client = createClient({ headlessUrl: emulator.headlessUrl, credentials: { userId: 'demo-user', password: 'demo-password' } });",
        "const env: Environment | null = await client.findEnvironment({ account: 'demo', app: 'shop' }, 'production').catch((e: unknown) => {",
        '  if (e instanceof NotFound) return null;',
        '  throw e;',
        '});',
        "// @ts-expect-error: an environment's id is a string, the wrong type is caught",
        'const wrong: number = env?.name;',
        'console.log(wrong);',
        'await client.close();',
        'await emulator.close();',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['example.mts', 'emulator.mts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', scratch], { cwd: scratch, timeout: 120_000 }).catch(
      (e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }),
    );
    expect(result.stdout).toBe('');
  }, 150_000);

  it('starts the emulator from the package, as plain JavaScript', async () => {
    writeFileSync(
      join(scratch, 'start.mjs'),
      [
        "import { startEmulator } from 'headless-deploy/emulator';",
        "import { createClient } from 'headless-deploy/client';",
        'const emulator = await startEmulator({ port: 0 });',
        "const client = createClient({ hostingUrl: emulator.hostingUrl, credentials: { userId: 'demo-user', password: 'demo-password' } });",
        'for await (const install of client.iterateInstalls()) console.log(install.name);',
        'await client.close();',
        'await emulator.close();',
        '',
      ].join('\n'),
    );
    const { stdout } = await run(process.execPath, ['start.mjs'], { cwd: scratch, timeout: 60_000, env: plainEnv() });
    expect(stdout.trim().split('\n').sort()).toEqual(['demoprod', 'demostg']);
  }, 90_000);
});
