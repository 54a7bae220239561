/** The archive engine: plan what goes in, write it as a reproducible zip, describe it. */
export { planArchive, type PlanOptions } from './select.js';
export { writeArchive, type WriteArchiveOptions } from './write-archive.js';
export { describePlan, type Manifest } from './manifest.js';
export { formatManifest, formatBytes } from './format-manifest.js';
export { DEFAULT_EXCLUDES } from './exclude-rules.js';
export type {
  ArchivePlan,
  ArchiveProgress,
  PlanEntry,
  RuleCount,
  RuleSource,
  SkipReason,
  SkippedPath,
  WrittenArchive,
} from './types.js';
