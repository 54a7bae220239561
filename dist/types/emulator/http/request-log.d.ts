/**
 * The request log behind `GET /__emulator/requests`: a ring buffer of the latest requests, so a
 * long-running emulator (or a client hammering it) cannot grow it without bound. Paths are cut
 * to a fixed length for the same reason.
 */
export interface RequestLogEntry {
    method: string;
    path: string;
    status: number;
    /** Set when a fault was injected instead of handling the request. */
    fault?: string;
    /**
     * How a request with a body framed it: `content-length` (its size said up front) or `chunked`
     * (Transfer-Encoding, size not known when it started). Absent for a request without a body.
     */
    framing?: 'content-length' | 'chunked';
}
export declare const MAX_LOGGED_PATH = 512;
/** How a request's headers frame its body, if it has one (Node refuses a request that sends both). */
export declare function framingOf(headers: {
    'transfer-encoding'?: string;
    'content-length'?: string;
}): RequestLogEntry['framing'];
export declare class RequestLog {
    readonly capacity: number;
    private readonly ring;
    private next;
    private size;
    constructor(capacity: number);
    /** Records a request; the entry is returned so its status can be filled in when the answer is sent. */
    add(method: string, path: string, framing?: RequestLogEntry['framing']): RequestLogEntry;
    /** Oldest first. */
    entries(): RequestLogEntry[];
    clear(): void;
}
