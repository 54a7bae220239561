/**
 * A file another part of the process is still writing, as its readers see it: how far it is
 * on disk, and whether it is finished (with its final size) or failed (with the writer's
 * error). The writer reports; an upload sent while the zip is written reads up to `written`
 * and waits for more. Nothing of the file is held in memory: readers read it back from disk.
 */
export declare class GrowingFile {
    readonly path: string;
    /** Bytes on disk so far: a reader may read [0, written). */
    written: number;
    /** The final size, once the writer is done. */
    size: number | undefined;
    /** The writer's error, once it has failed. */
    error: Error | undefined;
    private waiters;
    /** Settles with the final size, or the writer's error. */
    readonly done: Promise<number>;
    private settle;
    constructor(path: string);
    /** The writer has put this many bytes on disk. */
    grow(bytesOnDisk: number): void;
    /** The writer is done: the file has its final size. */
    finish(size: number): void;
    /** The writer failed: readers stop with its error. */
    fail(error: Error): void;
    /** Resolves once more than `offset` bytes are on disk, or the file is finished or failed. */
    beyond(offset: number): Promise<void>;
    private wake;
}
