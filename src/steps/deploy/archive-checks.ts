/**
 * What in a planned zip is worth a word before it is sent: files that look like they hold
 * secrets, and sizes that are almost always a mistake for a web app. Pure: the plan in, messages
 * out; reading an `.npmrc` or the `.gitignore` files is passed in. Files are named, never their
 * contents.
 */
import ignore from 'ignore';
import { describeArchive, secretKindOf, type ArchivePlan, type PlanEntry } from '../../archive/index.js';
import { formatBytes, formatBytesExact, groupDigits } from '../../util/format.js';

const MiB = 1024 * 1024;

export interface SizeThresholds {
  readonly fileBytes: number;
  readonly archiveBytes: number;
  readonly files: number;
}

/** Above these a deploy gets a warning: a web app's upload rarely comes near them. */
export const WARN_AT: SizeThresholds = { fileBytes: 50 * MiB, archiveBytes: 500 * MiB, files: 20_000 };

/** Up to this many secret-looking files get an annotation each; more get one with a count. */
export const SECRETS_ONE_EACH = 5;

/**
 * Names of the files to be uploaded that look like they hold secrets, unless `allowFiles` lists
 * them. `npmrcHasCredential` reads the start of an `.npmrc`, which is a secret only with a token.
 */
export function secretLookingFiles(
  entries: readonly PlanEntry[],
  allowFiles: readonly string[],
  npmrcHasCredential: (entry: PlanEntry) => boolean,
): string[] {
  const allowed = ignore({ ignorecase: false, allowRelativePaths: true }).add([...allowFiles]);
  const found: string[] = [];
  for (const e of entries) {
    if (e.kind !== 'file') continue;
    const kind = secretKindOf(e.name.slice(e.name.lastIndexOf('/') + 1));
    if (!kind || allowed.ignores(e.name)) continue;
    if (kind === 'npmrc' && !npmrcHasCredential(e)) continue;
    found.push(e.name);
  }
  return found;
}

const HOW_TO = (it: 'it' | 'them', is: 'is' | 'are') =>
  `leave ${it} out with the exclude input (or exclude-from), or, if ${it === 'it' ? 'it' : 'they'} ${is} meant to be uploaded, list ${it} in allow-files`;

/** One warning per file up to SECRETS_ONE_EACH; beyond, one with a count and the first names. */
export function secretWarnings(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  if (names.length <= SECRETS_ONE_EACH) {
    return names.map((n) => `"${n}" looks like it holds secrets and will be uploaded; ${HOW_TO('it', 'is')}`);
  }
  const first = names
    .slice(0, SECRETS_ONE_EACH)
    .map((n) => `"${n}"`)
    .join(', ');
  return [
    `${groupDigits(names.length)} files that look like they hold secrets will be uploaded: ${first} and ${groupDigits(names.length - SECRETS_ONE_EACH)} more (all in the job summary); ${HOW_TO('them', 'are')}`,
  ];
}

/** `"a.sql" (300.0 MiB), "b.bin" (60.0 MiB)`: the largest files, which are what to look at first. */
function largestOf(plan: ArchivePlan): string {
  return describeArchive(plan)
    .largest.map((f) => `"${f.name}" (${formatBytes(f.size)})`)
    .join(', ');
}

/**
 * Which of these names the workspace's `.gitignore` files list (without respect-gitignore, the
 * zip holds them all the same). Asked of the few files a warning names, never of the whole plan.
 */
export type GitignoreListed = (names: readonly string[]) => readonly string[];

/**
 * The size warning's word for large files a `.gitignore` already lists: the user meant them to
 * stay out, and one input does that.
 */
function gitignoreHint(plan: ArchivePlan, listed: GitignoreListed): string {
  const names = listed(describeArchive(plan).largest.map((f) => f.name));
  if (names.length === 0) return '';
  const which = names.length === 1 ? `"${names[0]}" is` : `${names.map((n) => `"${n}"`).join(', ')} are`;
  return `; ${which} listed in .gitignore: set respect-gitignore: true to leave out what .gitignore lists`;
}

/**
 * One warning for every size above WARN_AT, or null. `listedInGitignore`, given when
 * respect-gitignore is off, lets it say which of the largest files a `.gitignore` lists.
 */
export function sizeWarning(
  plan: ArchivePlan,
  at: SizeThresholds = WARN_AT,
  listedInGitignore?: GitignoreListed,
): string | null {
  const over: string[] = [];
  const big = plan.entries.filter((e) => e.kind === 'file' && e.size > at.fileBytes).length;
  if (big > 0) over.push(`${big === 1 ? 'a file' : `${groupDigits(big)} files`} over ${formatBytes(at.fileBytes)}`);
  if (plan.totalBytes > at.archiveBytes)
    over.push(`${formatBytes(plan.totalBytes)} in all, over ${formatBytes(at.archiveBytes)}`);
  if (plan.entries.length > at.files)
    over.push(`${groupDigits(plan.entries.length)} files, over ${groupDigits(at.files)}`);
  if (over.length === 0) return null;
  const hint = listedInGitignore ? gitignoreHint(plan, listedInGitignore) : '';
  return `the archive is larger than a web app usually is (${over.join('; ')}); largest: ${largestOf(plan)}${hint}; leave out what the app does not need with the exclude input (or exclude-from), or set max-archive-size to make a size an error`;
}

/**
 * The error when the files to be zipped add up to more than `max-archive-size`, or null. Exactly
 * the limit is allowed.
 */
export function overLimitError(plan: ArchivePlan, limit: number): string | null {
  if (plan.totalBytes <= limit) return null;
  return `input "max-archive-size": the files to upload add up to ${formatBytesExact(plan.totalBytes)}, over the limit of ${formatBytesExact(limit)}; nothing was uploaded; largest: ${largestOf(plan)}; leave out what the app does not need with the exclude input (or exclude-from), or raise max-archive-size`;
}
