/**
 * The one line a terminal redraws in place: a bar for the zip and the upload (bytes, rate, time
 * left), a spinner with elapsed time for the build. Pure: the caller gives the time and width.
 */
import { formatBytes, formatDuration } from '../../../util/format.js';
import type { ProgressEvent } from '../../../util/log.js';
import { escapeControl } from '../../../util/log-guard.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const BAR_WIDTH = 24;
const SPIN_EVERY_MS = 100;

export interface LiveState {
  readonly event: ProgressEvent;
  /** When the event came: the line's clock runs on from it between events. */
  readonly at: number;
}

const seconds = (ms: number) => formatDuration(Math.max(0, Math.round(ms / 1000) * 1000));

export function renderLiveLine(state: LiveState, now: number, columns: number): string {
  const { event } = state;
  const elapsedMs = event.elapsedMs + Math.max(0, now - state.at);
  const spin = SPINNER[Math.floor(now / SPIN_EVERY_MS) % SPINNER.length]!;
  let line: string;
  if (event.activity === 'building') {
    // The state names the server's build: shown, not obeyed, and on this one line.
    const shown = escapeControl(event.state).replace(/[\t\n]/g, ' ');
    line = `${spin} ${shown}: ${seconds(elapsedMs)} elapsed, ${seconds(event.timeoutMs - elapsedMs)} left`;
  } else if (!Number.isFinite(event.bytesTotal) || event.bytesTotal <= 0) {
    line = `${spin} ${event.activity}: ${formatBytes(event.bytesDone)} so far, ${formatBytes(event.rate)}/s`;
  } else {
    const share = Math.min(1, event.bytesDone / event.bytesTotal);
    const filled = Math.round(share * BAR_WIDTH);
    const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
    const left =
      event.rate > 0 && share < 1
        ? `, ${seconds(((event.bytesTotal - event.bytesDone) * 1000) / event.rate)} left`
        : '';
    line =
      `${spin} ${event.activity} ${bar} ${String(Math.floor(share * 100)).padStart(3)}% ` +
      `${formatBytes(event.bytesDone)} of ${formatBytes(event.bytesTotal)}, ${formatBytes(event.rate)}/s${left}`;
  }
  // A line longer than the terminal would wrap, and `\r` would then redraw only its last part.
  const chars = [...line];
  return chars.length < columns ? line : `${chars.slice(0, Math.max(1, columns - 2)).join('')}…`;
}
