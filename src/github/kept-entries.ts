/**
 * What a kept archive's artifact must hold, taken as it streams in: the manifest
 * (headless-deploy-manifest.json, at most 64 KiB, kept in memory) judged as soon as it is read,
 * then archive.zip, written to the directory given and stopped as soon as it would hold more
 * than the manifest allows (inflated bytes count: a small deflated entry can unpack to
 * gigabytes). The disk never holds more of it than that, and nothing else of the artifact.
 *
 * The toolkit's upload does not keep the order it was given (it stats files four at a time), so
 * archive.zip may come first: it is then only counted, never written (bounded by the artifact's
 * listed size, `skipBytes`), and the answer carries no zipPath but the manifest judged; the
 * caller fetches the artifact again with it (`judged`), and archive.zip is then written bounded
 * by the manifest's bytes from its first byte. Any other entry is refused on sight: keep-archive
 * writes exactly these two, so a third means the artifact is not one it made, and reading on
 * would only spend bytes on what is refused anyway.
 */
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { readZipEntries, type ByteReader, type EntrySink } from '../archive/index.js';
import { quoteUntrusted } from '../api/url.js';
import { formatBytesExact } from '../util/format.js';

/** Why an artifact is not taken: its words are the reason, for the person reading the log. */
export class KeptRefusal extends Error {
  override name = 'KeptRefusal';
}

const MANIFEST = 'headless-deploy-manifest.json';
const ARCHIVE = 'archive.zip';
/** A manifest keep-archive writes is a few hundred bytes. */
export const MANIFEST_MAX_BYTES = 64 * 1024;

export interface KeptEntriesOptions {
  /** The manifest's text judged: the most bytes archive.zip may have, or why it is refused. */
  readonly archiveBytes: (manifestText: string) => number | { readonly problem: string };
  /** The most bytes an archive.zip before the manifest may unpack to (the artifact's listed size). */
  readonly skipBytes: number;
  /** The manifest an earlier read of this artifact judged: archive.zip is written bounded from its start. */
  readonly judged?: JudgedManifest;
}

export interface JudgedManifest {
  readonly manifestText: string;
  /** The most bytes archive.zip may have. */
  readonly allowed: number;
}

export interface KeptEntries extends JudgedManifest {
  /** Null when archive.zip came before the manifest and was only counted: read again with `judged`. */
  readonly zipPath: string | null;
  readonly zipBytes: number;
}

/** Reads the artifact's entries up to its central directory; archive.zip lands in `dir` (or is only counted), or nothing does. */
export async function readKeptEntries(reader: ByteReader, dir: string, o: KeptEntriesOptions): Promise<KeptEntries> {
  const zipPath = join(dir, ARCHIVE);
  // Set by the sinks as the entries pass.
  const seen = {
    manifestText: null as string | null,
    /** The manifest's `bytes`, once judged. */
    allowed: o.judged?.allowed ?? null,
    archive: false,
    /** archive.zip while it is open for writing. */
    file: null as FileHandle | null,
    created: false,
    written: 0,
  };

  const manifestSink = (): EntrySink => {
    const parts: Buffer[] = [];
    let size = 0;
    return {
      write(piece) {
        size += piece.length;
        if (size > MANIFEST_MAX_BYTES) {
          throw new KeptRefusal(
            `its ${MANIFEST} is over ${formatBytesExact(MANIFEST_MAX_BYTES)}: not one keep-archive writes`,
          );
        }
        parts.push(piece);
      },
      end() {
        seen.manifestText = Buffer.concat(parts).toString('utf8');
        if (o.judged) {
          if (seen.manifestText !== o.judged.manifestText) {
            throw new KeptRefusal(`its ${MANIFEST} changed between two fetches of it`);
          }
          return;
        }
        const judged = o.archiveBytes(seen.manifestText);
        if (typeof judged !== 'number') throw new KeptRefusal(judged.problem);
        if (!Number.isSafeInteger(judged) || judged < 0) {
          throw new KeptRefusal(`its ${MANIFEST} records no size for ${ARCHIVE}`);
        }
        if (seen.archive && seen.written > judged) {
          throw new KeptRefusal(`its ${ARCHIVE} holds more than the ${formatBytesExact(judged)} its manifest records`);
        }
        seen.allowed = judged;
      },
    };
  };

  const archiveSink = async (limit: number, over: (limit: string) => string): Promise<EntrySink> => {
    const handle = await open(zipPath, 'wx', 0o600);
    seen.file = handle;
    seen.created = true;
    return {
      async write(piece) {
        // Checked before the write: the file never holds a byte past the limit.
        if (seen.written + piece.length > limit) {
          throw new KeptRefusal(over(formatBytesExact(limit)));
        }
        for (let done = 0; done < piece.length;) done += (await handle.write(piece, done)).bytesWritten;
        seen.written += piece.length;
      },
      async end() {
        seen.file = null;
        await handle.close();
      },
    };
  };

  // archive.zip before the manifest: passed over, only its size kept.
  const countingSink = (limit: number): EntrySink => ({
    write(piece) {
      seen.written += piece.length;
      if (seen.written > limit) {
        throw new KeptRefusal(
          `its ${ARCHIVE} comes before the manifest and unpacks to more than the artifact is listed at, ${formatBytesExact(limit)}`,
        );
      }
    },
    end() {},
  });

  try {
    await readZipEntries(reader, (head) => {
      const twice = () => new KeptRefusal(`it holds ${quoteUntrusted(head.name)} twice`);
      if (head.name === MANIFEST) {
        if (seen.manifestText !== null) throw twice();
        return manifestSink();
      }
      if (head.name === ARCHIVE) {
        if (seen.archive) throw twice();
        seen.archive = true;
        return seen.allowed === null
          ? countingSink(o.skipBytes)
          : archiveSink(
              seen.allowed,
              (n) => `its ${ARCHIVE} holds more than the ${n} its manifest records: stopped, and removed`,
            );
      }
      throw new KeptRefusal(
        `it holds ${quoteUntrusted(head.name)}, which keep-archive never writes (only ${MANIFEST} and ${ARCHIVE}): not an artifact it made`,
      );
    });
    if (seen.manifestText === null) throw new KeptRefusal(`it holds no ${MANIFEST}`);
    if (!seen.archive) throw new KeptRefusal(`it holds no ${ARCHIVE}`);
    const allowed = seen.allowed ?? 0;
    return { manifestText: seen.manifestText, allowed, zipPath: seen.created ? zipPath : null, zipBytes: seen.written };
  } catch (err) {
    await seen.file?.close().catch(() => undefined);
    if (seen.created) await rm(zipPath, { force: true });
    throw err;
  }
}
