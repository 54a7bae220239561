/** Writes a small zip of the given files to a temp directory, for upload tests. */
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipArchive } from 'archiver';

export async function writeTestZip(files: Record<string, string>): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'client-zip-')), 'app.zip');
  const out = createWriteStream(path);
  const zip = new ZipArchive();
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    zip.on('error', reject);
  });
  zip.pipe(out);
  for (const [name, text] of Object.entries(files)) zip.append(text, { name });
  await zip.finalize();
  await closed;
  return path;
}
