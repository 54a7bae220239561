import type { ArchivePlan, ArchiveReport, WrittenArchive } from '../types.js';

/** How many of the largest files a report lists by default. */
export const LARGEST_FILES = 5;

/**
 * What an archive holds and leaves out: from the plan alone, or with the written zip's size and
 * hash. Entries left out while the zip was written are counted out.
 */
export function describeArchive(plan: ArchivePlan, written?: WrittenArchive, top = LARGEST_FILES): ArchiveReport {
  const late = new Set(written?.skipped.map((s) => s.path));
  const entries = late.size > 0 ? plan.entries.filter((e) => !late.has(e.name)) : plan.entries;
  const largest = entries
    .filter((e) => e.kind === 'file')
    .sort((a, b) => b.size - a.size || (a.name < b.name ? -1 : 1))
    .slice(0, top)
    .map((e) => ({ name: e.name, size: e.size }));
  const report: ArchiveReport = {
    files: entries.length,
    symlinks: entries.filter((e) => e.kind === 'symlink').length,
    totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
    largest,
    rules: plan.rules.map((r) => ({ ...r })),
    unmatchedRules: [...plan.unmatchedRules],
    skipped: [...plan.skipped, ...(written?.skipped ?? [])],
    hasRootPackageJson: entries.some((e) => e.name === 'package.json'),
  };
  if (written) {
    report.compressedBytes = written.bytes;
    report.sha256 = written.sha256;
  }
  return report;
}
