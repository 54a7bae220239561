/**
 * The `upload-mode` input: how the zip goes to the service.
 *
 * - `auto`: the zip is sent while it is being written, without a Content-Length (chunked); a
 *   server that refuses a body of unknown length gets the finished file, with its length, on the
 *   next attempt.
 * - `stream`: the same, but a refusal fails the run, saying so: for finding out whether a server
 *   (or a proxy in front of it) takes streamed uploads.
 * - `file`: the finished file only, with its length, once the zip is written.
 *
 * In every mode a retry after a failed attempt sends the finished file.
 */
import { quote } from '../inputs/parsers.js';
import { editDistance } from '../util/did-you-mean.js';

export const UPLOAD_MODES = ['auto', 'stream', 'file'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

/** Words people reach for that mean one of the modes. */
const SYNONYMS: Readonly<Record<string, UploadMode>> = {
  chunked: 'stream',
  streaming: 'stream',
  streamed: 'stream',
  length: 'file',
  'content-length': 'file',
  whole: 'file',
  default: 'auto',
};

/** Any case of a mode; anything else is an error that suggests the mode it most likely meant. */
export function parseUploadMode(value: string): UploadMode {
  const v = value.trim().toLowerCase();
  const mode = UPLOAD_MODES.find((m) => m === v);
  if (mode) return mode;
  const near = nearestMode(v);
  throw new Error(
    `${quote(value)} is not an upload mode; ${near ? `did you mean ${near}? ` : ''}use auto, stream or file`,
  );
}

/** The mode a mistyped value most likely meant, or null when none is close. */
export function nearestMode(value: string): UploadMode | null {
  const v = value.toLowerCase();
  if (SYNONYMS[v]) return SYNONYMS[v];
  let best: { mode: UploadMode; distance: number } | null = null;
  for (const mode of UPLOAD_MODES) {
    const d = editDistance(v, mode);
    if (d <= 2 && (!best || d < best.distance)) best = { mode, distance: d };
  }
  if (best) return best.mode;
  // `files`, `stream-it`: a mode with something added.
  return UPLOAD_MODES.find((m) => v.startsWith(m)) ?? null;
}
