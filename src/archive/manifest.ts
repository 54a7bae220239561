import type { ArchivePlan, RuleCount, SkippedPath, WrittenArchive } from './types.js';

export interface Manifest {
  /** Entries in the zip: files plus symlinks. */
  files: number;
  symlinks: number;
  /** Bytes of the files as they are on disk. */
  totalBytes: number;
  /** Size of the zip, once written. */
  compressedBytes?: number;
  sha256?: string;
  largest: { name: string; size: number }[];
  excluded: RuleCount[];
  skipped: SkippedPath[];
}

/**
 * What a dry run shows about an archive: from the plan alone, or with the written zip's size
 * and hash. Entries that vanished while the zip was written are counted out.
 */
export function describePlan(plan: ArchivePlan, written?: WrittenArchive, top = 10): Manifest {
  const late = new Set(written?.skipped.map((s) => s.path));
  const entries = late.size > 0 ? plan.entries.filter((e) => !late.has(e.name)) : plan.entries;
  const largest = entries
    .filter((e) => e.kind === 'file')
    .sort((a, b) => b.size - a.size || (a.name < b.name ? -1 : 1))
    .slice(0, top)
    .map((e) => ({ name: e.name, size: e.size }));
  const manifest: Manifest = {
    files: entries.length,
    symlinks: entries.filter((e) => e.kind === 'symlink').length,
    totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
    largest,
    excluded: plan.excluded.map((r) => ({ ...r })),
    skipped: [...plan.skipped, ...(written?.skipped ?? [])],
  };
  if (written) {
    manifest.compressedBytes = written.bytes;
    manifest.sha256 = written.sha256;
  }
  return manifest;
}
