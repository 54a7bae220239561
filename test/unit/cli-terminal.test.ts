/** The program's terminal: the live line's text, when it is drawn, colours, and the exit codes. */
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/doors/cli/exit-code.js';
import { renderLiveLine } from '../../src/doors/cli/terminal/live-line.js';
import { terminalLog, wantsColor, wantsLiveLine } from '../../src/doors/cli/terminal/terminal-log.js';
import type { RunStatus } from '../../src/report/summary.js';

const MB = 1024 * 1024;

describe('renderLiveLine', () => {
  const upload = (bytesDone: number, bytesTotal: number, rate: number) =>
    ({ event: { activity: 'uploading', bytesDone, bytesTotal, rate, elapsedMs: 5000 }, at: 0 }) as const;
  const build = (state: string, timeoutMs = 600_000) =>
    ({ event: { activity: 'building', state, elapsedMs: 60_000, timeoutMs }, at: 1000 }) as const;

  it('a bar with bytes, rate and time left; without a total yet, the bytes so far', () => {
    expect(renderLiveLine(upload(25 * MB, 100 * MB, 5 * MB), 0, 200)).toMatch(
      /uploading █{6}░{18}\s+25% 25\.0 MiB of 100\.0 MiB, 5\.0 MiB\/s, 15s left$/,
    );
    expect(renderLiveLine(upload(2 * MB, Infinity, MB), 0, 200)).toContain('uploading: 2.0 MiB so far, 1.0 MiB/s');
  });

  it('the build: a spinner whose time runs on between polls', () => {
    const state = build('build 3f2a running');
    expect(renderLiveLine(state, 1000, 200)).toMatch(/build 3f2a running: 1m elapsed, 9m left$/);
    expect(renderLiveLine(state, 31_000, 200)).toMatch(/1m30s elapsed, 8m30s left$/);
    expect(renderLiveLine(state, 1000, 200)[0]).not.toBe(renderLiveLine(state, 1100, 200)[0]);
  });

  it('never wider than the terminal, so \\r redraws the whole line', () => {
    expect([...renderLiveLine(build('x'.repeat(300), 1000), 1000, 40)].length).toBeLessThan(40);
  });
});

describe('terminalLog', () => {
  type Options = Partial<Parameters<typeof terminalLog>[0]>;
  function terminal(isTTY: boolean, options: Options = {}) {
    let text = '';
    const stream = { isTTY, columns: 100, write: (t: string) => (text += t) };
    const log = terminalLog({ stream, live: false, color: false, verbose: false, now: () => 0, ...options });
    return { log, text: () => text };
  }

  it('live: progress redraws one line in place, and a log line clears it first', () => {
    const ticks: (() => void)[] = [];
    const { log, text } = terminal(true, {
      live: true,
      every: (fn) => (ticks.push(fn), { stop: () => ticks.splice(0) }),
    });
    log.progress!({ activity: 'zipping', bytesDone: 1, bytesTotal: 2, rate: 1, elapsedMs: 1 });
    log.progress!({ activity: 'zipping', bytesDone: 2, bytesTotal: 2, rate: 1, elapsedMs: 2 });
    expect(ticks).toHaveLength(1);
    ticks[0]!();
    log.info('zipped');
    expect(ticks).toHaveLength(0);
    expect(text().split('\r\x1b[2K').length - 1).toBe(4);
    expect(text()).not.toMatch(/zipping[^\r]*\n/);
    expect(text().endsWith('\r\x1b[2Kzipped\n')).toBe(true);
  });

  it('plain: no live line, so the engine logs progress as lines', () => {
    expect(terminal(false).log.progress).toBeUndefined();
  });

  it('warnings in colour when asked, plain words otherwise; debug only when verbose', () => {
    const coloured = terminal(true, { color: true });
    coloured.log.warning('w');
    expect(coloured.text()).toBe('\x1b[33mwarning:\x1b[0m w\n');
    const plain = terminal(false);
    plain.log.warning('w');
    plain.log.debug('d');
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
  it.each<[RunStatus | 'unhealthy' | 'rolled-back' | 'unchanged', boolean, number]>([
    ['success', false, 0],
    ['started', false, 0],
    ['skipped', false, 0],
    ['planned', false, 0],
    ['failure', false, 1],
    ['unhealthy', false, 1],
    ['rolled-back', false, 1],
    ['superseded', false, 1],
    ['busy', false, 1],
    ['unchanged', false, 0],
    ['failure', true, 2],
    ['timeout', false, 3],
    ['cancelled', false, 130],
  ])('%s (input error: %s) → %d', (status, inputError, code) => {
    expect(exitCodeOf({ status: status as RunStatus, inputError })).toBe(code);
  });
});
