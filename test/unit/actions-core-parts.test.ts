/**
 * The bundle talks to the runner through src/util/actions-core-parts.ts (core's own writers,
 * without core.js and its HTTP client); node, tsx and vitest use @actions/core itself. Each
 * function must write what core.js writes for the same call: stdout, GITHUB_OUTPUT, the exit code.
 */
import * as core from '@actions/core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import * as parts from '../../src/util/actions-core-parts.js';

type Api = typeof parts;
const dirs: string[] = [];
let written: string[] = [];
const crypto = createRequire(import.meta.url)('node:crypto') as { randomUUID: () => string };
const randomUUID = crypto.randomUUID;

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  // A fixed delimiter, so two writes of the same output compare equal.
  crypto.randomUUID = () => '00000000-0000-4000-8000-000000000000';
  syncBuiltinESMExports();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  crypto.randomUUID = randomUUID;
  syncBuiltinESMExports();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** What `use` writes through one API: stdout, the output file, the exit code, a throw. */
async function effects(api: Api, use: (api: Api) => unknown, env: Record<string, string | undefined> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hd-core-parts-'));
  dirs.push(dir);
  const output = join(dir, 'output');
  writeFileSync(output, '');
  vi.stubEnv('GITHUB_OUTPUT', 'GITHUB_OUTPUT' in env ? env.GITHUB_OUTPUT : output);
  written = [];
  const before = process.exitCode;
  process.exitCode = undefined;
  let thrown: string | undefined;
  try {
    await use(api);
  } catch (err) {
    thrown = (err as Error).message;
  }
  const exitCode = process.exitCode;
  process.exitCode = before;
  return { stdout: written.join(''), output: readFileSync(output, 'utf8'), exitCode, thrown };
}

const calls: [string, (api: Api) => unknown, Record<string, string | undefined>?][] = [
  ['info', (a) => a.info('plain ::error:: text\nnext')],
  ['debug', (a) => a.debug('d%\r\n::x')],
  ['notice', (a) => a.notice('n\n::x')],
  ['warning', (a) => a.warning('w%\r')],
  ['error', (a) => a.error(new Error('e\nx'))],
  ['group', (a) => a.group('g\nh', async () => a.info('in'))],
  ['a failing group', (a) => a.group('g', () => Promise.reject(new Error('boom')))],
  ['setSecret', (a) => a.setSecret('p@ss\nword%')],
  ['setOutput', (a) => a.setOutput('log', 'line 1\nEOF\nstatus=forged')],
  ['setOutput, delimiter in the value', (a) => a.setOutput('x', 'ghadelimiter_00000000-0000-4000-8000-000000000000')],
  ['setOutput, missing file', (a) => a.setOutput('x', 'y'), { GITHUB_OUTPUT: '/nonexistent/hd-output' }],
  ['setOutput, outside a runner', (a) => a.setOutput('x', 'a\nb'), { GITHUB_OUTPUT: undefined }],
  ['setFailed', (a) => a.setFailed('it broke\nhere')],
];

it.each(calls)('%s writes what @actions/core writes', async (_name, use, env) => {
  const ours = await effects(parts, use, env);
  const toolkit = await effects(core as unknown as Api, use, env);
  expect(ours).toEqual(toolkit);
  expect(ours.stdout + ours.output + (ours.thrown ?? '')).not.toBe('');
});

it('shares the summary with @actions/core', () => {
  expect(parts.summary).toBe(core.summary);
});
