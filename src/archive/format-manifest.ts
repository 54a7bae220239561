import { formatBytes } from '../util/format.js';
import type { Manifest } from './manifest.js';

export { formatBytes };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The lines a dry run prints (and the job summary may reuse) for one archive. */
export function formatManifest(m: Manifest): string[] {
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
  for (const r of m.excluded) {
    const what = [
      r.files > 0 ? plural(r.files, 'file') : '',
      r.dirs > 0 ? plural(r.dirs, 'directory', 'directories') : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(`  ${r.pattern} (${r.source}): ${what || 'nothing'}`);
  }
  if (m.skipped.length > 0) {
    lines.push('left out:');
    for (const s of m.skipped) lines.push(`  ${s.path}: ${s.reason}`);
  }
  return lines;
}
