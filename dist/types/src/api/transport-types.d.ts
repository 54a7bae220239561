/**
 * What a transport is (its request, its response, its failure), apart from the undici one that
 * implements it: the client's public types reach no bundled package through this file.
 */
import type { Readable } from 'node:stream';
import type { NetworkFailure } from './network-failure.js';
export interface TransportRequest {
    method: string;
    url: URL;
    headers: Record<string, string>;
    /**
     * A string, or a stream opened for this attempt only: with content-length in headers it is
     * sent with that length; without, chunked (a body whose length is not known yet). The upload's
     * stream reuses its buffers (part-body.ts): a transport that keeps chunks must copy them.
     */
    body?: string | Readable;
    /** The caller's cancellation. */
    signal?: AbortSignal;
    /** Longest time without progress in either direction. */
    timeoutMs: number;
    /** Longest time the whole attempt may take, progress or not. */
    maxMs?: number;
    /** Bytes of the body handed to the connection so far. */
    onBodyProgress?: (bytesSent: number) => void;
    /**
     * An IP address to connect to instead of looking up the URL's host, which still names the
     * server in Host and in TLS (the name sent, and the name the certificate must hold). For a
     * host whose addresses the caller has checked: a second lookup could answer otherwise (DNS
     * rebinding). Through a proxy, the tunnel asked for is to this address.
     */
    connectTo?: string;
}
export interface TransportResponse {
    status: number;
    /** Lower-case names; repeated headers joined with ", ". */
    headers: Record<string, string>;
    body: string;
    /** True when the answer came before the whole request body was handed to the connection. */
    earlyAnswer?: boolean;
}
export interface Transport {
    send(req: TransportRequest): Promise<TransportResponse>;
    close?(): Promise<void>;
}
/**
 * One attempt that got no (complete) response. `failure` says what the client may conclude:
 * `refused` — never reached the server; `reset` — dropped before any response byte;
 * `timeout` — no progress within the timeout; `broken` — the answer was cut off or malformed;
 * `cancelled` — the caller's signal; `body` — reading the request body (a local file) failed;
 * the other kinds are those of network-failure.ts. `proxy` names the proxy the attempt went
 * through (host:port, never its credentials).
 */
export declare class TransportFailure extends Error {
    readonly failure: NetworkFailure | 'cancelled' | 'body';
    readonly code?: string | undefined;
    readonly proxy?: string | undefined;
    name: string;
    constructor(failure: NetworkFailure | 'cancelled' | 'body', message: string, code?: string | undefined, proxy?: string | undefined);
}
