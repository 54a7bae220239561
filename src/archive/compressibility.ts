/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
const PRECOMPRESSED = new Set(
  'png jpg jpeg gif webp avif woff woff2 zip gz tgz br zst xz bz2 7z mp4 webm mp3 ogg pdf'.split(' '),
);

/** Bytes sampled by the probe; large enough to see past a file header. */
export const PROBE_BYTES = 64 * 1024;

/** A sample that deflates to more than this share of its size is treated as incompressible. */
const PROBE_RATIO = 0.95;

export function hasPrecompressedExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= name.lastIndexOf('/')) return false;
  return PRECOMPRESSED.has(name.slice(dot + 1).toLowerCase());
}

/**
 * The cheap test for files whose name says nothing: deflate the head at level 1 (a few times
 * faster than level 6) and see whether it shrinks enough to be worth deflating the whole file.
 */
export async function sampleShrinks(sample: Buffer, deflateFast: (head: Buffer) => Promise<Buffer>): Promise<boolean> {
  const head = sample.subarray(0, PROBE_BYTES);
  if (head.length === 0) return false;
  const packed = await deflateFast(head);
  return packed.length < head.length * PROBE_RATIO;
}
