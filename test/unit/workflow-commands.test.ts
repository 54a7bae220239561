import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOutputFile } from '../../scripts/runner.js';
import { commandLine, keyValueBlock, workflowCommands, type RunnerIo } from '../../src/util/workflow-commands.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function runnerWith(env: Record<string, string>) {
  const written: string[] = [];
  let exitCode: number | undefined;
  const io: RunnerIo = { write: (t) => written.push(t), env, setExitCode: (c) => (exitCode = c) };
  return { commands: workflowCommands(io), text: () => written.join(''), exitCode: () => exitCode };
}

function tempFile(content = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'hd-commands-'));
  dirs.push(dir);
  const file = join(dir, 'file');
  writeFileSync(file, content);
  return file;
}

describe('workflow command lines', () => {
  it('escape %, CR and LF in command data, so a message cannot start a command of its own', () => {
    expect(commandLine('warning', '100% done\r\n::add-mask::x\n::error::y')).toBe(
      '::warning::100%25 done%0D%0A::add-mask::x%0A::error::y',
    );
    // %25 first: an already escaped text stays what it was.
    expect(commandLine('error', '%0A')).toBe('::error::%250A');
  });

  it('write one line per call, annotations as commands and info as it is', async () => {
    const r = runnerWith({});
    r.commands.info('plain :: text');
    r.commands.notice('n');
    r.commands.warning('w\nx');
    r.commands.debug('d');
    await r.commands.group('deploy\nto prod', async () => r.commands.error('e'));
    r.commands.setSecret('p@ss\nword');
    expect(r.text().split(/\r?\n/)).toEqual([
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
    const r = runnerWith({});
    await expect(
      r.commands.group('g', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(r.text().trim().split(/\r?\n/)).toEqual(['::group::g', '::endgroup::']);
  });

  it('setFailed logs the error and sets exit code 1', () => {
    const r = runnerWith({});
    expect(r.exitCode()).toBeUndefined();
    r.commands.setFailed('it broke\nhere');
    expect(r.exitCode()).toBe(1);
    expect(r.text()).toMatch(/^::error::it broke%0Ahere\r?\n$/);
  });
});

describe('outputs', () => {
  it('are appended to GITHUB_OUTPUT as blocks the runner reads back whole, newlines included', () => {
    const file = tempFile('earlier<<EOF\nkept\nEOF\n');
    const r = runnerWith({ GITHUB_OUTPUT: file });
    r.commands.setOutput('status', 'success');
    r.commands.setOutput('log', 'line 1\nline 2\nEOF\nstatus=forged');
    expect(parseOutputFile(readFileSync(file, 'utf8'))).toEqual({
      earlier: 'kept',
      status: 'success',
      log: 'line 1\nline 2\nEOF\nstatus=forged',
    });
    expect(r.text()).toBe('');
  });

  it('use a fresh random delimiter per block, and refuse a value holding it', () => {
    const [a, b] = [keyValueBlock('x', '1'), keyValueBlock('x', '1')];
    expect(a).toMatch(/^x<<ghadelimiter_[0-9a-f-]{36}\r?\n1\r?\nghadelimiter_[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(() => keyValueBlock('x', 'a\nD\nb', 'D')).toThrow(/output "x": its name or value holds the delimiter/);
    expect(() => keyValueBlock('xD', 'a', 'D')).toThrow(/delimiter/);
  });

  it('fail when GITHUB_OUTPUT names a missing file, and are logged when it is unset', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'hd-commands-')), 'nope');
    dirs.push(join(missing, '..'));
    expect(() => runnerWith({ GITHUB_OUTPUT: missing }).commands.setOutput('a', 'b')).toThrow(
      `GITHUB_OUTPUT names a file that does not exist: ${missing}`,
    );
    const local = runnerWith({});
    local.commands.setOutput('log', 'a\n::error::b');
    expect(local.text()).toMatch(/^output log: a%0A::error::b\r?\n$/);
  });
});

describe('job summary', () => {
  it('is appended to GITHUB_STEP_SUMMARY', () => {
    const file = tempFile('# earlier step\n');
    runnerWith({ GITHUB_STEP_SUMMARY: file }).commands.appendSummary('## deploy\n\nok');
    expect(readFileSync(file, 'utf8')).toMatch(/^# earlier step\n## deploy\n\nok\r?\n$/);
  });

  it('says why it cannot be written: unset, or a missing file', () => {
    expect(() => runnerWith({}).commands.appendSummary('x')).toThrow('GITHUB_STEP_SUMMARY is not set');
    const file = tempFile();
    rmSync(file);
    expect(() => runnerWith({ GITHUB_STEP_SUMMARY: file }).commands.appendSummary('x')).toThrow(
      `the summary file ${file} cannot be written`,
    );
  });
});
