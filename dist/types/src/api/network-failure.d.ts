/**
 * What went wrong on the way to the server, as a person needs to hear it. Pure: the transport
 * maps a system error code to a kind (`classifyCode`), the retry policy decides on the kind,
 * and `describeFailure` words it, naming the host, the code and the input the URL came from.
 *
 * | kind         | what happened                                 | retried            | request sent?  |
 * |--------------|-----------------------------------------------|--------------------|----------------|
 * | certificate  | the server's certificate failed verification  | no                 | no             |
 * | tls          | the TLS handshake failed otherwise            | no                 | no             |
 * | dns          | the host name does not resolve                | once               | no             |
 * | refused      | nothing listens there / no route to it        | within a short budget | no          |
 * | proxy-auth   | the proxy wants credentials (407)             | no                 | no             |
 * | proxy        | the proxy would not open a tunnel             | within a short budget | no          |
 * | reset        | dropped before any answer                     | yes                | maybe          |
 * | timeout      | no progress, or over the request's maximum    | safe requests only | maybe          |
 * | broken       | the answer was cut off or malformed           | safe requests only | yes            |
 */
export type NetworkFailure = 'certificate' | 'tls' | 'dns' | 'refused' | 'proxy-auth' | 'proxy' | 'reset' | 'timeout' | 'broken';
/** The kind of a failure before any answer, from its system error code. */
export declare function classifyCode(code: string | undefined): NetworkFailure;
/** True when nothing reached the server: the attempt cannot have had an effect. */
export declare function nothingSent(failure: NetworkFailure): boolean;
export interface FailureFacts {
    failure: NetworkFailure;
    /** The system or TLS code, or the proxy's status. */
    code?: string;
    /** `host` or `host:port` of the URL. */
    host: string;
    /** `host:port` of the proxy the request went through, if any. */
    proxy?: string;
    /** The input the URL came from: `api-url`, `headless-api-url`, `webhook-url`, `the GitHub API`. */
    source: string;
    /** The transport's own words, for a timeout (`no progress within 30s`). */
    message?: string;
}
export interface FailureWords {
    /** What happened: the outcome fragment of the message. */
    detail: string;
    /** What to do. */
    advice: string;
}
/** The outcome fragment and advice of an ApiError for a failure without an answer. */
export declare function describeFailure(f: FailureFacts): FailureWords;
/** The first string `code` along an error's `cause` chain (undici wraps the system error). */
export declare function errorCode(err: unknown): string | undefined;
