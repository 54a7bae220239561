/** The program's terminal: the live line's text, when it is drawn, colours, and the exit codes. */
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/doors/cli/exit-code.js';
import { renderLiveLine } from '../../src/doors/cli/terminal/live-line.js';
import { terminalLog, wantsColor, wantsLiveLine } from '../../src/doors/cli/terminal/terminal-log.js';
import type { RunStatus } from '../../src/report/summary.js';

const MB = 1024 * 1024;

describe('renderLiveLine', () => {
  it('a bar with bytes, rate and time left', () => {
    const line = renderLiveLine(
      {
        event: { activity: 'uploading', bytesDone: 25 * MB, bytesTotal: 100 * MB, rate: 5 * MB, elapsedMs: 5000 },
        at: 0,
      },
      0,
      200,
    );
    expect(line).toMatch(/uploading █{6}░{18}\s+25% 25\.0 MiB of 100\.0 MiB, 5\.0 MiB\/s, 15s left$/);
  });

  it('without a total yet: bytes so far', () => {
    const line = renderLiveLine(
      { event: { activity: 'uploading', bytesDone: 2 * MB, bytesTotal: Infinity, rate: MB, elapsedMs: 2000 }, at: 0 },
      0,
      200,
    );
    expect(line).toContain('uploading: 2.0 MiB so far, 1.0 MiB/s');
  });

  it('the build: a spinner whose time runs on between polls', () => {
    const state = {
      event: { activity: 'building', state: 'build 3f2a running', elapsedMs: 60_000, timeoutMs: 600_000 },
      at: 1000,
    } as const;
    expect(renderLiveLine(state, 1000, 200)).toMatch(/build 3f2a running: 1m elapsed, 9m left$/);
    expect(renderLiveLine(state, 31_000, 200)).toMatch(/1m30s elapsed, 8m30s left$/);
    expect(renderLiveLine(state, 1000, 200)[0]).not.toBe(renderLiveLine(state, 1100, 200)[0]);
  });

  it('never wider than the terminal, so \\r redraws the whole line', () => {
    const state = {
      event: { activity: 'building', state: 'x'.repeat(300), elapsedMs: 0, timeoutMs: 1000 },
      at: 0,
    } as const;
    expect([...renderLiveLine(state, 0, 40)].length).toBeLessThan(40);
  });
});

function recorder(isTTY: boolean) {
  let text = '';
  return { stream: { isTTY, columns: 100, write: (t: string) => (text += t) }, text: () => text };
}

describe('terminalLog', () => {
  it('live: progress redraws one line in place, and a log line clears it first', () => {
    const out = recorder(true);
    const ticks: (() => void)[] = [];
    const log = terminalLog({
      stream: out.stream,
      live: true,
      color: false,
      verbose: false,
      now: () => 0,
      every: (fn) => (ticks.push(fn), { stop: () => ticks.splice(0) }),
    });
    log.progress!({ activity: 'zipping', bytesDone: 1, bytesTotal: 2, rate: 1, elapsedMs: 1 });
    log.progress!({ activity: 'zipping', bytesDone: 2, bytesTotal: 2, rate: 1, elapsedMs: 2 });
    expect(ticks).toHaveLength(1);
    ticks[0]!();
    log.info('zipped');
    expect(ticks).toHaveLength(0);
    const text = out.text();
    expect(text.split('\r\x1b[2K').length - 1).toBe(4);
    expect(text).not.toMatch(/zipping[^\r]*\n/);
    expect(text.endsWith('\r\x1b[2Kzipped\n')).toBe(true);
  });

  it('plain: no live line, so the engine logs progress as lines', () => {
    const log = terminalLog({
      stream: recorder(false).stream,
      live: false,
      color: false,
      verbose: false,
      now: () => 0,
    });
    expect(log.progress).toBeUndefined();
  });

  it('warnings in colour when asked, plain words otherwise; debug only when verbose', () => {
    const coloured = recorder(true);
    terminalLog({ stream: coloured.stream, live: false, color: true, verbose: false, now: () => 0 }).warning('w');
    expect(coloured.text()).toBe('\x1b[33mwarning:\x1b[0m w\n');
    const plain = recorder(false);
    const log = terminalLog({ stream: plain.stream, live: false, color: false, verbose: false, now: () => 0 });
    log.warning('w');
    log.debug('d');
    expect(plain.text()).toBe('warning: w\n');
  });

  it.each<[string, boolean, Record<string, string>, boolean]>([
    ['a terminal', true, {}, true],
    ['redirected', false, {}, false],
    ['CI set', true, { CI: 'true' }, false],
    ['CI=false', true, { CI: 'false' }, true],
    ['a dumb terminal', true, { TERM: 'dumb' }, false],
  ])('live line on %s: %s', (_name, isTTY, env, live) => {
    expect(wantsLiveLine({ isTTY, write: () => true }, env)).toBe(live);
  });

  it('NO_COLOR turns colours off on a terminal that has them', () => {
    const stream = { isTTY: true, write: () => true, hasColors: () => true };
    expect(wantsColor(stream, {})).toBe(true);
    expect(wantsColor(stream, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor({ ...stream, isTTY: false }, {})).toBe(false);
  });
});

describe('exit codes', () => {
  it.each<[RunStatus | 'unhealthy' | 'rolled-back', boolean, number]>([
    ['success', false, 0],
    ['started', false, 0],
    ['skipped', false, 0],
    ['planned', false, 0],
    ['failure', false, 1],
    ['unhealthy', false, 1],
    ['rolled-back', false, 1],
    ['failure', true, 2],
    ['timeout', false, 3],
    ['cancelled', false, 130],
  ])('%s (input error: %s) → %d', (status, inputError, code) => {
    expect(exitCodeOf({ status: status as RunStatus, inputError })).toBe(code);
  });
});
