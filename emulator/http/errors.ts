/**
 * The one error factory of the emulator: handlers throw EmulatorError, the server renders it
 * in the body shape of the API that was called (hosting: `{message, errors?}`; headless:
 * `{error: {code, message, status}}`; see docs/emulator.md).
 */
import type { Api } from '../../src/api/routes.js';
import type { HeadlessErrorBody } from '../types/headless.js';
import type { FieldError, HostingErrorBody } from '../types/hosting.js';

export type { FieldError, FieldErrorType } from '../types/hosting.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'ALREADY_EXISTS',
  411: 'FAILED_PRECONDITION',
  413: 'OUT_OF_RANGE',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
};

const DOCS = 'https://docs.example.invalid/api/errors';

export class EmulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'EmulatorError';
  }
}

/** One invalid field: the common Bad Request case. */
export function invalid(
  resource: string,
  field: string,
  message: string,
  code = `${resource}.${field}.invalid`,
): FieldError {
  return { resource, field, type: 'invalid_value', code, message };
}

export function badRequest(message: string, errors: FieldError[] = []): EmulatorError {
  return new EmulatorError(400, message, errors);
}
export const unauthenticated = (message = 'Authentication failed: invalid API credentials') =>
  new EmulatorError(401, message);
export const notAuthorized = (message = 'You are not authorized to perform this action') =>
  new EmulatorError(403, message);
export const notFound = (what: string) => new EmulatorError(404, `${what} not found`);
export const conflict = (message: string) => new EmulatorError(409, message);
export const tooLarge = (message: string) => new EmulatorError(413, message);
/**
 * 411, answered before the body is read. The connection stays open and what the client goes on
 * sending is read and dropped, as servers that linger before closing do: closing at once would
 * reset a client still writing its body, which then often sees the reset instead of the answer.
 * A client stops sending once it has the answer.
 */
export const lengthRequired = (message: string) => new EmulatorError(411, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new EmulatorError(429, 'Too many requests, retry later', [], { 'retry-after': String(retryAfterSeconds) });

/** Throws a Bad Request listing every field error, when there is any. */
export function assertValid(resource: string, errors: FieldError[]): void {
  if (errors.length > 0) {
    throw badRequest(`Invalid ${resource}: ${errors.map((e) => e.message).join('; ')}`, errors);
  }
}

/** The error body of `api` for `err`; the control routes answer in the hosting shape. */
export function renderError(api: Api | 'control', err: EmulatorError): HostingErrorBody | HeadlessErrorBody {
  if (api === 'headless') {
    return { error: { code: err.status, message: err.message, status: STATUS_NAMES[err.status] ?? 'UNKNOWN' } };
  }
  if (err.status >= 500) return { message: err.message };
  const body: HostingErrorBody = { message: err.message };
  if (err.status !== 429) body.documentation_url = DOCS;
  if (err.status === 400) body.errors = err.errors;
  return body;
}
