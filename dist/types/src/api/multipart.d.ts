import type { GrowingFile } from './growing-file.js';
import type { StreamBody } from './request.js';
export interface UploadFile {
    /** Path of the zip on disk. */
    path: string;
    /** File name sent in the part's Content-Disposition; default `app.zip`. */
    filename?: string;
}
/** The size of the file, with an error that names it when it cannot be read. */
export declare function fileSize(path: string): Promise<number>;
/** Returns an opener of the multipart body for `file` of `size` bytes. */
export declare function multipartOpener(file: UploadFile, size: number): () => Promise<StreamBody>;
/**
 * The multipart body of a file still being written, for one attempt: no length is promised, so
 * it goes chunked; its length is known once the writer is done (for progress).
 */
export declare function growingMultipart(file: GrowingFile, filename?: string): StreamBody;
