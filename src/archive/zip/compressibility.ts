import { deflateRawSync } from 'node:zlib';

/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
const PRECOMPRESSED = new Set(
  'png jpg jpeg gif webp avif woff woff2 zip gz tgz br zst xz bz2 7z mp4 webm mp3 ogg pdf'.split(' '),
);

/**
 * Text formats of web apps, which always shrink: deflated without a probe. Anything named
 * otherwise may be an unknown binary, and deflating random bytes at level 6 costs as much as
 * deflating text, for nothing.
 */
const TEXTUAL = new Set(
  'js mjs cjs jsx ts mts cts tsx css scss sass less html htm json map md txt svg xml yml yaml csv vue lock'.split(' '),
);

/**
 * Bytes sampled by the probe of a large file, large enough to see past a file header, and the
 * share of them a level-1 deflate must stay under for the file to be worth deflating. The
 * deflate worker (deflate-worker-source.ts) applies the same ratio to whole files, on a sample
 * of `probeSampleBytes`.
 */
export const PROBE_BYTES = 64 * 1024;
export const PROBE_RATIO = 0.95;

/** Files of no telling name from this size on are probed; smaller ones are just tried. */
export const PROBE_FROM = 8 * 1024;

/**
 * The smallest sample, and the share of a file sampled up to PROBE_BYTES: a level-1 pass over
 * an eighth of a file costs a few percent of deflating it.
 */
const SAMPLE_MIN = 4 * 1024;
const SAMPLE_SHIFT = 3;

function extension(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  return dot <= name.lastIndexOf('/') ? undefined : name.slice(dot + 1).toLowerCase();
}

export function hasPrecompressedExtension(name: string): boolean {
  const ext = extension(name);
  return ext !== undefined && PRECOMPRESSED.has(ext);
}

export function hasTextualExtension(name: string): boolean {
  const ext = extension(name);
  return ext !== undefined && TEXTUAL.has(ext);
}

/** How much of a file of `size` bytes the probe deflates: an eighth, from 4 KiB up to PROBE_BYTES. */
export function probeSampleBytes(size: number): number {
  return Math.min(size, PROBE_BYTES, Math.max(SAMPLE_MIN, size >> SAMPLE_SHIFT));
}

/**
 * The cheap test for a file whose name says nothing: deflate its head at level 1 (several
 * times faster than level 6) and see whether it shrinks enough to be worth deflating whole.
 */
export function sampleShrinks(sample: Buffer): boolean {
  const head = sample.subarray(0, PROBE_BYTES);
  if (head.length === 0) return false;
  return deflateRawSync(head, { level: 1 }).length < head.length * PROBE_RATIO;
}
