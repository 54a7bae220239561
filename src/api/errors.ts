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

/** Lower-cases a leading capital unless it starts an acronym ("Invalid site" → "invalid site", "TXT …" stays). */
function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/**
 * A server message that starts by repeating the outcome (`authentication failed: bad
 * password` after `authentication failed (401)`) loses the repeat, so it is said once.
 */
function withoutOutcome(server: string, outcome: string): string {
  if (!server.toLowerCase().startsWith(outcome.toLowerCase())) return server;
  const rest = server.slice(outcome.length);
  return rest === '' || /^\s*[:;,.-]/.test(rest) ? rest.replace(/^[\s:;,.-]+/, '') : server;
}

/** Builds the message of an ApiError from its parts. */
export function composeMessage(p: MessageParts): string {
  let out = `${p.method} ${p.path}: ${p.outcome}`;
  if (p.status !== undefined) out += ` (${p.status})`;
  if (p.attempts !== undefined && p.attempts > 1) out += ` after ${p.attempts} attempts`;
  const server = withoutOutcome(p.serverMessage?.trim().replace(/[.\s]+$/, '') ?? '', p.outcome);
  if (server) out += `: ${lowerFirst(server)}`;
  if (p.mayHaveSucceeded) out += '; it may have taken effect all the same, check before repeating it';
  if (p.advice) out += `; ${p.advice}`;
  return out;
}

export class ApiError extends Error {
  static readonly outcome: string = 'unexpected answer';
  static readonly advice: string = 'check the request; if it keeps happening, report it with this message';

  override name = 'ApiError';
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly attempts: number;
  readonly mayHaveSucceeded: boolean;

  constructor(init: ApiErrorInit) {
    const cls = new.target as typeof ApiError;
    super(
      composeMessage({
        ...init,
        outcome: init.detail ?? cls.outcome,
        advice: init.advice ?? cls.adviceFor(init),
      }),
      init.cause ? { cause: init.cause } : undefined,
    );
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.attempts = init.attempts ?? 1;
    this.mayHaveSucceeded = init.mayHaveSucceeded ?? false;
  }

  /** Advice for this class; subclasses may look at the details (BadRequest names the fields). */
  static adviceFor(_init: ApiErrorInit): string {
    return this.advice;
  }
}

export class BadRequest extends ApiError {
  static override readonly outcome = 'bad request';
  static override readonly advice = 'the service rejected the request as invalid; correct the inputs and run again';
  override name = 'BadRequest';
  readonly errors: FieldError[];
  constructor(init: ApiErrorInit) {
    super(init);
    this.errors = init.errors ?? [];
  }
  static override adviceFor(init: ApiErrorInit): string {
    const fields = [...new Set((init.errors ?? []).map((e) => e.field).filter((f): f is string => !!f))];
    return fields.length ? `check ${fields.map((f) => `"${f}"`).join(', ')}` : this.advice;
  }
}

export class AuthenticationError extends ApiError {
  static override readonly outcome = 'authentication failed';
  static override readonly advice = 'check api-user-id and api-password (an API user of this account)';
  override name = 'AuthenticationError';
}

export class NotAuthorized extends ApiError {
  static override readonly outcome = 'not authorized';
  static override readonly advice =
    'the API user lacks the permission or role for this; ask an account owner to grant it';
  override name = 'NotAuthorized';
}

export class NotFound extends ApiError {
  static override readonly outcome = 'not found';
  static override readonly advice = 'check the name or id, and that it belongs to this account';
  override name = 'NotFound';
}

export class Conflict extends ApiError {
  static override readonly outcome = 'conflict';
  static override readonly advice = 'it already exists; use the existing one or pick another name';
  override name = 'Conflict';
}

export class UploadTooLarge extends ApiError {
  static override readonly outcome = 'upload too large';
  static override readonly advice =
    "the zip is over the service's size limit; leave out what the app does not need (exclude, exclude-from)";
  override name = 'UploadTooLarge';
}

export class TooManyRequests extends ApiError {
  static override readonly outcome = 'too many requests';
  static override readonly advice = 'the rate limit was hit; wait a minute and run again, or make fewer requests';
  override name = 'TooManyRequests';
}

export class InternalServerError extends ApiError {
  static override readonly outcome = 'internal server error';
  static override readonly advice = 'the service failed unexpectedly; try again later';
  override name = 'InternalServerError';
}

export class UpstreamInvalid extends ApiError {
  static override readonly outcome = 'invalid response from an upstream server';
  static override readonly advice = 'a server behind the API answered badly; try again later';
  override name = 'UpstreamInvalid';
}

export class ServiceUnavailable extends ApiError {
  static override readonly outcome = 'service unavailable';
  static override readonly advice = 'the service is down or overloaded, try again later';
  override name = 'ServiceUnavailable';
}

/**
 * No answer: the connection failed (see network-failure.ts for the kinds). `failure` is the
 * kind; the message names the host, the code and the input the URL came from.
 */
export class NetworkError extends ApiError {
  static override readonly outcome = 'connection failed';
  static override readonly advice = 'check api-url / headless-api-url and the network between the runner and the API';
  override name = 'NetworkError';
  readonly failure: NetworkFailure | undefined;
  constructor(init: ApiErrorInit & { failure?: NetworkFailure }) {
    super(init);
    this.failure = init.failure;
  }
}

/**
 * The answer did not come from the API the request was meant for: an HTML page, the other
 * API's error shape, a 404 without the API's error body, no JSON where JSON is due. The base
 * URL is wrong (or a proxy answered in its place), so the resource is not known to be missing.
 */
export class WrongServer extends ApiError {
  static override readonly outcome = 'this does not look like the API';
  static override readonly advice = 'check the base URL';
  override name = 'WrongServer';
}

/**
 * A success whose body holds nothing the caller can use (a record it needs to go on). The
 * request was taken: this is never retried, and a step that needs the record says what to do.
 */
export class UnexpectedAnswer extends ApiError {
  static override readonly outcome = 'unexpected answer';
  static override readonly advice =
    'the service accepted the request, but its answer is not of a shape this client reads; check headless-api-url, and report it with this message if it is right';
  override name = 'UnexpectedAnswer';
}

export interface TimeoutInit extends ApiErrorInit {
  /** The operation as last seen, when an operation wait timed out. */
  operation?: Operation;
  waitedMs?: number;
}

export class TimeoutError extends ApiError {
  static override readonly outcome = 'timed out';
  static override readonly advice = 'the service is slow or unreachable; try again later';
  override name = 'TimeoutError';
  readonly operation: Operation | undefined;
  readonly waitedMs: number | undefined;
  constructor(init: TimeoutInit) {
    super(init);
    this.operation = init.operation;
    this.waitedMs = init.waitedMs;
  }
}

/**
 * The caller's AbortSignal fired. A dedicated class rather than a DOMException named
 * AbortError, so that it is still an ApiError (method, path, attempts) and `instanceof` works;
 * `cause` carries the signal's reason when that is an Error.
 */
export class CancelledError extends ApiError {
  static override readonly outcome = 'cancelled';
  static override readonly advice = 'the run was cancelled before this request finished';
  override name = 'CancelledError';
}

const BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequest,
  401: AuthenticationError,
  403: NotAuthorized,
  404: NotFound,
  409: Conflict,
  413: UploadTooLarge,
  429: TooManyRequests,
  500: InternalServerError,
  502: UpstreamInvalid,
  503: ServiceUnavailable,
};

/** The error for an HTTP error status: the class of its outcome, or ApiError for another status. */
export function errorForStatus(init: ApiErrorInit & { status: number }): ApiError {
  const Cls = BY_STATUS[init.status] ?? ApiError;
  return new Cls(init);
}
