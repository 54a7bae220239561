/**
 * The program's log, on stderr. On a terminal: colours where it has them and one live line for
 * progress, redrawn in place. Otherwise (output redirected, or CI set): plain lines, one at a
 * time, progress as the action logs it.
 */
import type { Logger, ProgressEvent } from '../../../util/log.js';
import { escapeControl } from '../../../util/log-guard.js';
import { renderLiveLine, type LiveState } from './live-line.js';

export interface TerminalStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
  hasColors?(): boolean;
}

type Env = Readonly<Record<string, string | undefined>>;
const isSet = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/** A line that updates in place only on a terminal, and not under CI (whose log keeps every redraw). */
export function wantsLiveLine(stream: TerminalStream, env: Env): boolean {
  return stream.isTTY === true && !isSet(env.CI) && env.TERM !== 'dumb';
}

/** Colours where the terminal has them; NO_COLOR (any value) turns them off. */
export function wantsColor(stream: TerminalStream, env: Env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && (stream.hasColors?.() ?? false);
}

export interface TerminalLogOptions {
  stream: TerminalStream;
  live: boolean;
  color: boolean;
  verbose: boolean;
  now: () => number;
  /** Redraws between events, so the spinner turns and the time runs; the default is setInterval. */
  every?: (fn: () => void, ms: number) => { stop(): void };
}

const REDRAW_MS = 100;
const CLEAR = '\r\x1b[2K';

export interface TerminalLog extends Logger {
  /** Clears the live line and stops redrawing; call before the program ends. */
  close(): void;
}

const realEvery = (fn: () => void, ms: number) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};

export function terminalLog(o: TerminalLogOptions): TerminalLog {
  const paint = (code: string, text: string) => (o.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  let live: LiveState | null = null;
  let drawn = false;
  let ticker: { stop(): void } | null = null;

  const draw = () => {
    if (!live) return;
    o.stream.write(CLEAR + renderLiveLine(live, o.now(), o.stream.columns || 80));
    drawn = true;
  };
  const clear = () => {
    if (drawn) o.stream.write(CLEAR);
    drawn = false;
  };
  const stopLive = () => {
    clear();
    live = null;
    ticker?.stop();
    ticker = null;
  };
  // A log line ends the live line: what it reported is over, or the next event brings it back.
  const line = (text: string) => {
    stopLive();
    o.stream.write(`${text}\n`);
  };
  // Every message is escaped before our own codes (colours) go round it: a server's name or
  // message shows its escape sequences and carriage returns instead of running them.
  const say = escapeControl;

  const log: TerminalLog = {
    info: (m) => line(say(m)),
    notice: (m) => line(`${paint('36', 'notice:')} ${say(m)}`),
    warning: (m) => line(`${paint('33', 'warning:')} ${say(m)}`),
    error: (m) => line(`${paint('31', 'error:')} ${say(m)}`),
    debug: (m) => {
      if (o.verbose) line(paint('2', `debug: ${say(m)}`));
    },
    async group(name, fn) {
      line(paint('1', say(name)));
      return fn();
    },
    close: stopLive,
  };
  if (o.live) {
    log.progress = (event: ProgressEvent) => {
      live = { event, at: o.now() };
      ticker ??= (o.every ?? realEvery)(draw, REDRAW_MS);
      draw();
    };
  }
  return log;
}
