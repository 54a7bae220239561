/**
 * The commands of README.md and docs/ work when pasted: every `npm run` names a script that
 * exists, every file a command runs exists, the two commands at the top of the README are there,
 * and the `.env.example` recipe of docs/emulator.md (its own `touch` and `env … node
 * dist/index.js` lines, verbatim) deploys examples/demo-app to the emulator. Only the port is
 * changed: the test's emulator listens on a free one rather than 4010. Every other command is
 * checked without running it by test/unit/doc-blocks.test.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from './helpers/use-emulator.js';
import { osEssentials } from '../../scripts/runner.js';
import { hasSh } from '../support/platform.js';
import { DOC_FILES, fencedBlocks, readDoc } from '../support/doc-blocks.js';

const ROOT = join(import.meta.dirname, '..', '..');
const readme = readDoc('README.md');
/** The sh blocks of the README and docs/, as one text. */
const docs = DOC_FILES.filter((f) => f !== 'CONTRIBUTING.md')
  .flatMap((f) => fencedBlocks(f, readDoc(f)))
  .filter((b) => b.lang === 'sh')
  .map((b) => '```sh\n' + b.text + '```\n')
  .join('');
const recipeDoc = readDoc('docs/emulator.md');
const envExample = readFileSync(join(ROOT, '.env.example'), 'utf8');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

/** The lines of every ```sh block, comments dropped. */
function shellLines(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .flatMap((b) => b.replace(/\\\n/g, ' ').split('\n'))
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * A path as the recipe's shell and the env file take it: `/`-separated. On Windows (Git's sh) a
 * `\` in an unquoted word is an escape and would vanish; node takes `C:/…` as well as `C:\…`.
 */
const shPath = (p: string) => p.split(sep).join('/');

const emulator = useEmulator();
const temp = mkdtempSync(join(tmpdir(), 'hd-readme-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('README and docs commands', () => {
  const lines = shellLines(docs);

  it('starts the README with the demo and the test command', () => {
    expect(shellLines(readme).slice(0, 2)).toEqual(['npm ci && npm run demo', 'npm test']);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
  });

  it('has commands to check', () => {
    expect(lines.length).toBeGreaterThan(3);
  });

  it('names only npm scripts that exist', () => {
    const named = lines.flatMap((l) => [...l.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(scripts, `npm run ${name}`).toContain(name);
  });

  it('runs only files that exist', () => {
    const files = lines.flatMap((l) => [...l.matchAll(/\bnode (\S+\.js)\b/g)].map((m) => m[1]!));
    for (const f of files) expect(existsSync(join(ROOT, f)), f).toBe(true);
    expect(recipeDoc).toContain('src/doors/action/main.ts');
    expect(readFileSync(join(ROOT, 'src/doors/action/main.ts'), 'utf8')).toMatch(/export async function run\(/);
  });

  it('gives the .env.example recipe that the file itself gives', () => {
    for (const line of lines.filter((l) => l.includes('.env.example') || l.startsWith('touch '))) {
      expect(envExample, line).toContain(line);
    }
  });

  it.skipIf(!hasSh)('deploys examples/demo-app with the .env.example recipe, pasted', async () => {
    const envFile = shPath(join(temp, 'env'));
    const output = shPath(join(temp, 'output'));
    const summary = shPath(join(temp, 'summary.md'));
    writeFileSync(
      envFile,
      envExample
        .replaceAll('http://127.0.0.1:4010', emulator.url)
        .replaceAll('/tmp/headless-deploy-output', output)
        .replaceAll('/tmp/headless-deploy-summary.md', summary)
        .replace('RUNNER_TEMP=/tmp', `RUNNER_TEMP=${shPath(temp)}`),
    );
    const recipe = lines
      .filter((l) => l.startsWith('touch ') || l.startsWith('env $('))
      .map((l) =>
        l
          .replace('.env.example', envFile)
          .replaceAll('/tmp/headless-deploy-output', output)
          .replaceAll('/tmp/headless-deploy-summary.md', summary),
      );
    expect(recipe).toHaveLength(2);
    // Asynchronous: the emulator runs in this process and must keep answering.
    const { stdout } = await promisify(execFile)('sh', ['-c', recipe.join(' && ')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      // Only what a process needs on this OS (SystemRoot and the like on Windows).
      env: { HOME: temp, ...osEssentials(process.env, process.platform) },
    });
    expect(stdout).toContain('build done');
    expect(readFileSync(output, 'utf8')).toMatch(/status<<\S+\nsuccess\n/);
    expect(readFileSync(summary, 'utf8')).toContain('headless-deploy: succeeded');
    expect(emulator.state.uploads).toHaveLength(1);
    expect(emulator.state.environments[0]).toMatchObject({ displayName: 'staging', cmsEnvironment: 'demostg' });
  });
});
