import { availableParallelism } from 'node:os';

/**
 * Deflate workers at most, whatever the cores. Each worker is a V8 isolate of its own: about
 * 8 MB (Node 20) and 10 MB (Node 24) of resident memory idle, more while it deflates, so one per
 * core put a deploy's peak at 292 to 340 MB on 16 cores. The bound and what it was measured
 * with: docs/archive.md, "Memory".
 */
export const MAX_DEFLATE_WORKERS = 4;

/** Throws unless `workers` is a count a pool can start (a whole number from 1). */
export function checkWorkerCount(workers: number): void {
  if (!Number.isInteger(workers) || workers < 1) {
    throw new Error(`the deflate workers must be a whole number from 1, got ${String(workers)}`);
  }
}

/** One deflate worker per core, up to MAX_DEFLATE_WORKERS. */
export function deflateWorkerCount(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(cores, MAX_DEFLATE_WORKERS));
}
