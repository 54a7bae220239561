import { deflateRawSync } from 'node:zlib';

/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
const PRECOMPRESSED = new Set(
  'png jpg jpeg gif webp avif woff woff2 zip gz tgz br zst xz bz2 7z mp4 webm mp3 ogg pdf'.split(' '),
);

/**
 * Bytes sampled by the probe, large enough to see past a file header, and the share of them a
 * level-1 deflate must stay under for the file to be worth deflating. The deflate worker
 * (deflate-worker-source.ts) applies the same two numbers to whole files.
 */
export const PROBE_BYTES = 64 * 1024;
export const PROBE_RATIO = 0.95;

export function hasPrecompressedExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= name.lastIndexOf('/')) return false;
  return PRECOMPRESSED.has(name.slice(dot + 1).toLowerCase());
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
