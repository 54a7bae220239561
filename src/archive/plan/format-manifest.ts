import { formatBytes } from '../../util/format.js';
import type { ArchiveReport } from '../types.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The lines a dry run prints (and the job summary may reuse) for one archive. */
export function formatManifest(m: ArchiveReport): string[] {
  const lines: string[] = [];
  const zip = m.compressedBytes === undefined ? '' : `, zip ${formatBytes(m.compressedBytes)}`;
  const links = m.symlinks > 0 ? ` (${plural(m.symlinks, 'symlink')})` : '';
  lines.push(`archive: ${plural(m.files, 'entry', 'entries')}${links}, ${formatBytes(m.totalBytes)}${zip}`);
  if (m.sha256) lines.push(`sha256: ${m.sha256}`);
  if (m.largest.length > 0) {
    lines.push('largest files:');
    for (const f of m.largest) lines.push(`  ${formatBytes(f.size).padStart(10)}  ${f.name}`);
  }
  lines.push('excluded:');
  for (const r of m.rules) {
    const what = [
      r.files > 0 ? plural(r.files, 'file') : '',
      r.dirs > 0 ? plural(r.dirs, 'directory', 'directories') : '',
    ]
      .filter(Boolean)
      .join(', ');
    const size = r.bytes > 0 ? ` (${formatBytes(r.bytes)})` : '';
    lines.push(`  ${r.label}: ${what ? `${r.negated ? 'kept' : 'excluded'} ${what}${size}` : 'matched nothing'}`);
  }
  if (m.skipped.length > 0) {
    lines.push('left out:');
    for (const s of m.skipped) lines.push(`  ${s.path}: ${s.reason}`);
  }
  if (!m.hasRootPackageJson) lines.push('no package.json at the root');
  return lines;
}
