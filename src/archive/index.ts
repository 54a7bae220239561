/**
 * The archive engine: plan what goes in (plan/), write it as a reproducible zip (zip/), describe
 * it. See README.md beside this file.
 */
export { planArchive, SKIP_WORDS, type PlanOptions } from './plan/plan-archive.js';
export { nodeWalkFs, type WalkFs, type DirEntry, type EntryStat, type PathApi } from './plan/walk-fs.js';
export { describeArchive, LARGEST_FILES } from './plan/describe-archive.js';
export { formatManifest } from './plan/format-manifest.js';
export { DEFAULT_EXCLUDES, LOCAL_ENV_RULE, MAX_RULES_PER_SOURCE, normalisePattern } from './plan/exclude-rules.js';
export { NPMRC_READ_BYTES, npmrcHasCredential, secretKindOf } from './plan/secret-names.js';
export { unmatchedWarning } from './plan/plan-archive.js';
export { gitignoreListed } from './plan/gitignore-files.js';
export { escapeName } from './plan/entry-name.js';
export { RULE_FILE_MAX_BYTES } from './plan/rule-file.js';
export { startDeflateThreads, writeArchive, type WriteArchiveOptions } from './zip/write-archive.js';
export type { DeflateThreads } from './zip/deflate-pool.js';
export { deflateWorkerCount, MAX_DEFLATE_WORKERS } from './zip/worker-count.js';
export { CONTENT_DIGEST_PREFIX, ContentDigest, digestLine, isContentDigest } from './digest/content-digest.js';
export type { DigestedEntry } from './digest/content-digest.js';
export { HASH_LANES, hashPlan, type HashedPlan } from './digest/hash-plan.js';
export { ProgressMeter } from './progress-meter.js';
export { ByteReader } from './read/byte-reader.js';
export { readZipEntries, ZipFormatError, type EntrySink, type ZipEntryHead } from './read/zip-entries.js';
export type {
  ArchivePlan,
  ArchiveProgress,
  ArchiveReport,
  PlanEntry,
  RuleReport,
  RuleSource,
  SkipReason,
  SkippedPath,
  WrittenArchive,
} from './types.js';
