/**
 * One error class per outcome, all under ApiError, so callers can `instanceof` the case they
 * handle and print `message` for the rest. A message is composed of lower-case fragments:
 *
 *   POST /fu/v1/accounts/demo/apps/x/environments/y:upload: service unavailable (503) after 5
 *   attempts: <server message>; the service is down or overloaded, try again later
 *
 * Fields never hold a secret: `path` has no query string (webhook tokens live there), the
 * server message is redacted by the request layer before it gets here, and `cause` is a plain
 * Error rebuilt from the redacted message of the underlying failure.
 */
import type { NetworkFailure } from './network-failure.js';
import type { Operation } from './types.js';
export interface FieldError {
    resource?: string;
    field?: string;
    type?: string;
    code?: string;
    message?: string;
}
export interface ApiErrorInit {
    method: string;
    /** Route path without the query string. */
    path: string;
    status?: number;
    /** The server's own message, from either error body shape (already redacted). */
    serverMessage?: string;
    /** The headless `error.status` (e.g. ALREADY_EXISTS), or a system code such as ECONNREFUSED. */
    code?: string;
    attempts?: number;
    /** An attempt may have changed something on the server although the request failed. */
    mayHaveSucceeded?: boolean;
    /** Replaces the class's outcome fragment, e.g. `could not connect (ECONNREFUSED)`. */
    detail?: string;
    /** Replaces the class's advice. */
    advice?: string;
    errors?: FieldError[];
    cause?: Error;
}
export interface MessageParts {
    method: string;
    path: string;
    outcome: string;
    status?: number;
    attempts?: number;
    serverMessage?: string;
    mayHaveSucceeded?: boolean;
    advice?: string;
}
/** Builds the message of an ApiError from its parts. */
export declare function composeMessage(p: MessageParts): string;
export declare class ApiError extends Error {
    static readonly outcome: string;
    static readonly advice: string;
    name: string;
    readonly status: number | undefined;
    readonly method: string;
    readonly path: string;
    readonly serverMessage: string | undefined;
    readonly code: string | undefined;
    readonly attempts: number;
    readonly mayHaveSucceeded: boolean;
    constructor(init: ApiErrorInit);
    /** Advice for this class; subclasses may look at the details (BadRequest names the fields). */
    static adviceFor(_init: ApiErrorInit): string;
}
export declare class BadRequest extends ApiError {
    static readonly outcome = "bad request";
    static readonly advice = "the service rejected the request as invalid; correct the inputs and run again";
    name: string;
    readonly errors: FieldError[];
    constructor(init: ApiErrorInit);
    static adviceFor(init: ApiErrorInit): string;
}
export declare class AuthenticationError extends ApiError {
    static readonly outcome = "authentication failed";
    static readonly advice = "check api-user-id and api-password (an API user of this account)";
    name: string;
}
export declare class NotAuthorized extends ApiError {
    static readonly outcome = "not authorized";
    static readonly advice = "the API user lacks the permission or role for this; ask an account owner to grant it";
    name: string;
}
export declare class NotFound extends ApiError {
    static readonly outcome = "not found";
    static readonly advice = "check the name or id, and that it belongs to this account";
    name: string;
}
export declare class Conflict extends ApiError {
    static readonly outcome = "conflict";
    static readonly advice = "it already exists; use the existing one or pick another name";
    name: string;
}
export declare class UploadTooLarge extends ApiError {
    static readonly outcome = "upload too large";
    static readonly advice = "the zip is over the service's size limit; leave out what the app does not need (exclude, exclude-from)";
    name: string;
}
export declare class TooManyRequests extends ApiError {
    static readonly outcome = "too many requests";
    static readonly advice = "the rate limit was hit; wait a minute and run again, or make fewer requests";
    name: string;
}
export declare class InternalServerError extends ApiError {
    static readonly outcome = "internal server error";
    static readonly advice = "the service failed unexpectedly; try again later";
    name: string;
}
export declare class UpstreamInvalid extends ApiError {
    static readonly outcome = "invalid response from an upstream server";
    static readonly advice = "a server behind the API answered badly; try again later";
    name: string;
}
export declare class ServiceUnavailable extends ApiError {
    static readonly outcome = "service unavailable";
    static readonly advice = "the service is down or overloaded, try again later";
    name: string;
}
/**
 * No answer: the connection failed (see network-failure.ts for the kinds). `failure` is the
 * kind; the message names the host, the code and the input the URL came from.
 */
export declare class NetworkError extends ApiError {
    static readonly outcome = "connection failed";
    static readonly advice = "check api-url / headless-api-url and the network between the runner and the API";
    name: string;
    readonly failure: NetworkFailure | undefined;
    constructor(init: ApiErrorInit & {
        failure?: NetworkFailure;
    });
}
/**
 * The answer did not come from the API the request was meant for: an HTML page, the other
 * API's error shape, a 404 without the API's error body, no JSON where JSON is due. The base
 * URL is wrong (or a proxy answered in its place), so the resource is not known to be missing.
 */
export declare class WrongServer extends ApiError {
    static readonly outcome = "this does not look like the API";
    static readonly advice = "check the base URL";
    name: string;
}
/**
 * A success whose body holds nothing the caller can use (a record it needs to go on). The
 * request was taken: this is never retried, and a step that needs the record says what to do.
 */
export declare class UnexpectedAnswer extends ApiError {
    static readonly outcome = "unexpected answer";
    static readonly advice = "the service accepted the request, but its answer is not of a shape this client reads; check headless-api-url, and report it with this message if it is right";
    name: string;
}
export interface TimeoutInit extends ApiErrorInit {
    /** The operation as last seen, when an operation wait timed out. */
    operation?: Operation;
    waitedMs?: number;
}
export declare class TimeoutError extends ApiError {
    static readonly outcome = "timed out";
    static readonly advice = "the service is slow or unreachable; try again later";
    name: string;
    readonly operation: Operation | undefined;
    readonly waitedMs: number | undefined;
    constructor(init: TimeoutInit);
}
/**
 * The caller's AbortSignal fired. A dedicated class rather than a DOMException named
 * AbortError, so that it is still an ApiError (method, path, attempts) and `instanceof` works;
 * `cause` carries the signal's reason when that is an Error.
 */
export declare class CancelledError extends ApiError {
    static readonly outcome = "cancelled";
    static readonly advice = "the run was cancelled before this request finished";
    name: string;
}
/** The error for an HTTP error status: the class of its outcome, or ApiError for another status. */
export declare function errorForStatus(init: ApiErrorInit & {
    status: number;
}): ApiError;
