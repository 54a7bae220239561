/** Progress lines for the zip and the upload; small, quick work finishes before it is worth a line. */
import type { ArchiveProgress } from '../archive/index.js';
import { formatBytes } from '../util/format.js';
import type { Logger } from '../util/log.js';

const WORTH_A_LINE_BYTES = 16 * 1024 * 1024;
const WORTH_A_LINE_MS = 5000;

/** A total of Infinity is one not known yet (an upload of a zip still being written). */
export function progressLine(log: Logger, verb: 'zipping' | 'uploading'): (p: ArchiveProgress) => void {
  return (p) => {
    if (log.progress) return log.progress({ activity: verb, ...p });
    if (p.bytesTotal < WORTH_A_LINE_BYTES && p.elapsedMs < WORTH_A_LINE_MS) return;
    if (!Number.isFinite(p.bytesTotal)) {
      log.info(`${verb}: ${formatBytes(p.bytesDone)} so far, while the zip is written (${formatBytes(p.rate)}/s)`);
      return;
    }
    const pct = p.bytesTotal > 0 ? ` ${Math.floor((p.bytesDone * 100) / p.bytesTotal)}%,` : '';
    log.info(`${verb}:${pct} ${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)} (${formatBytes(p.rate)}/s)`);
  };
}
