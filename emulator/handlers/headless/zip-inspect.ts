/** Lists the entries of a zip file (names only: nothing is extracted), or says why it is not a zip. */
import yauzl from 'yauzl';
import { badRequest } from '../../http/errors.js';

export async function listZipEntries(path: string): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: true });
  } catch (e) {
    throw notAZip(e);
  }
  return new Promise<string[]>((resolve, reject) => {
    const names: string[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.once('end', () => resolve(names));
    // autoClose closes the file on error as well as at the end.
    zip.once('error', (e: unknown) => reject(notAZip(e)));
    zip.readEntry();
  });
}

const notAZip = (e: unknown) =>
  badRequest(
    `the uploaded repository is not a valid zip archive (${(e as Error).message}); send a .zip of the application code`,
  );
