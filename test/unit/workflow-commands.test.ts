/**
 * The runner's commands as @actions/core writes them (util/workflow-commands.ts): what reaches
 * stdout, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, read back the way the runner reads them.
 */
import * as core from '@actions/core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseOutputFile } from '../../scripts/runner.js';
import { escapeData } from '../../src/util/log-guard.js';
import { workflowCommands } from '../../src/doors/action/workflow-commands.js';

const dirs: string[] = [];
let written: string[] = [];

beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  // Nothing of the machine running the tests: each test sets what it needs.
  vi.stubEnv('GITHUB_OUTPUT', undefined);
  vi.stubEnv('GITHUB_STEP_SUMMARY', undefined);
  // core keeps the first summary file it wrote to (one per process on a runner); each test has its own.
  Reflect.set(core.summary, '_filePath', undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const text = () => written.join('');

function tempFile(content = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'hd-commands-'));
  dirs.push(dir);
  const file = join(dir, 'file');
  writeFileSync(file, content);
  return file;
}

describe('workflow command lines', () => {
  it('escape %, CR and LF in command data, so a message cannot start a command of its own', () => {
    const commands = workflowCommands();
    commands.warning('100% done\r\n::add-mask::x\n::error::y');
    // %25 first: an already escaped text stays what it was.
    commands.error('%0A');
    expect(text().split(/\r?\n/)).toEqual([
      '::warning::100%25 done%0D%0A::add-mask::x%0A::error::y',
      '::error::%250A',
      '',
    ]);
    expect(escapeData('100% done\r\n::x')).toBe('100%25 done%0D%0A::x');
  });

  it('write one line per call, annotations as commands and info as it is', async () => {
    const commands = workflowCommands();
    commands.info('plain :: text');
    commands.notice('n');
    commands.warning('w\nx');
    commands.debug('d');
    await commands.group('deploy\nto prod', async () => commands.error('e'));
    commands.setSecret('p@ss\nword');
    expect(text().split(/\r?\n/)).toEqual([
      'plain :: text',
      '::notice::n',
      '::warning::w%0Ax',
      '::debug::d',
      '::group::deploy%0Ato prod',
      '::error::e',
      '::endgroup::',
      '::add-mask::p@ss%0Aword',
      '',
    ]);
  });

  it('close a group when its work fails, and pass the failure on', async () => {
    await expect(
      workflowCommands().group('g', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(text().trim().split(/\r?\n/)).toEqual(['::group::g', '::endgroup::']);
  });

  it('setFailed logs the error and sets exit code 1', () => {
    const before = process.exitCode;
    try {
      process.exitCode = undefined;
      workflowCommands().setFailed('it broke\nhere');
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = before;
    }
    expect(text()).toMatch(/^::error::it broke%0Ahere\r?\n$/);
  });
});

describe('outputs', () => {
  it('are appended to GITHUB_OUTPUT as blocks the runner reads back whole, newlines included', () => {
    const file = tempFile('earlier<<EOF\nkept\nEOF\n');
    vi.stubEnv('GITHUB_OUTPUT', file);
    const commands = workflowCommands();
    commands.setOutput('status', 'success');
    commands.setOutput('log', 'line 1\nline 2\nEOF\nstatus=forged');
    expect(parseOutputFile(readFileSync(file, 'utf8'))).toEqual({
      earlier: 'kept',
      status: 'success',
      log: 'line 1\nline 2\nEOF\nstatus=forged',
    });
    expect(readFileSync(file, 'utf8')).toMatch(
      /^earlier<<EOF\nkept\nEOF\nstatus<<(ghadelimiter_[0-9a-f-]{36})\r?\nsuccess\r?\n\1\r?\n/,
    );
    expect(text()).toBe('');
  });

  it('refuse a value holding the delimiter, naming the output, and write nothing of it', () => {
    const file = tempFile();
    vi.stubEnv('GITHUB_OUTPUT', file);
    // The delimiter is random; fixing it lets a value hold it, as a forged value would try to.
    const crypto = createRequire(import.meta.url)('node:crypto') as { randomUUID: () => string };
    const randomUUID = crypto.randomUUID;
    crypto.randomUUID = () => '00000000-0000-4000-8000-000000000000';
    syncBuiltinESMExports();
    try {
      expect(() =>
        workflowCommands().setOutput('log', 'a\nghadelimiter_00000000-0000-4000-8000-000000000000\nstatus=forged'),
      ).toThrow(/output "log" not written to GITHUB_OUTPUT: .*delimiter/);
    } finally {
      crypto.randomUUID = randomUUID;
      syncBuiltinESMExports();
    }
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('fail, naming the output and the file, when GITHUB_OUTPUT names a missing file', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'hd-commands-')), 'nope');
    dirs.push(join(missing, '..'));
    vi.stubEnv('GITHUB_OUTPUT', missing);
    expect(() => workflowCommands().setOutput('a', 'b')).toThrow(`output "a" not written to GITHUB_OUTPUT`);
    expect(() => workflowCommands().setOutput('a', 'b')).toThrow(missing);
  });

  it('are printed as an escaped set-output line when GITHUB_OUTPUT is unset (a run outside a runner)', () => {
    workflowCommands().setOutput('log', 'a\n::error::b');
    expect(text()).toMatch(/^\r?\n::set-output name=log::a%0A::error::b\r?\n$/);
  });
});

describe('job summary', () => {
  it('is appended to GITHUB_STEP_SUMMARY', async () => {
    const file = tempFile('# earlier step\n');
    vi.stubEnv('GITHUB_STEP_SUMMARY', file);
    await workflowCommands().appendSummary('## deploy\n\nok');
    expect(readFileSync(file, 'utf8')).toMatch(/^# earlier step\n## deploy\n\nok\r?\n$/);
  });

  it('says why it cannot be written: unset, or a missing file; and a failed text is not written later', async () => {
    const commands = workflowCommands();
    await expect(commands.appendSummary('lost 1')).rejects.toThrow(/GITHUB_STEP_SUMMARY/);
    const file = tempFile();
    rmSync(file);
    vi.stubEnv('GITHUB_STEP_SUMMARY', file);
    await expect(commands.appendSummary('lost 2')).rejects.toThrow(`Unable to access summary file: '${file}'`);
    writeFileSync(file, '');
    await commands.appendSummary('kept');
    expect(readFileSync(file, 'utf8')).toMatch(/^kept\r?\n$/);
  });
});
