import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequest,
  CancelledError,
  composeMessage,
  Conflict,
  errorForStatus,
  InternalServerError,
  NetworkError,
  NotAuthorized,
  NotFound,
  ServiceUnavailable,
  TimeoutError,
  TooManyRequests,
  UploadTooLarge,
  UpstreamInvalid,
} from '../../src/api/errors.js';
import { readErrorBody } from '../../src/api/error-body.js';

const at = { method: 'POST', path: '/fu/v1/accounts/demo/apps/x/environments/y:upload' };

describe('composeMessage', () => {
  it('composes lower-case fragments: request, outcome, status, attempts, server message, advice', () => {
    expect(
      composeMessage({
        ...at,
        outcome: 'service unavailable',
        status: 503,
        attempts: 5,
        serverMessage: 'Service unavailable (injected fault).',
        advice: 'the service is down or overloaded, try again later',
      }),
    ).toBe(
      'POST /fu/v1/accounts/demo/apps/x/environments/y:upload: service unavailable (503) after 5 attempts: ' +
        'service unavailable (injected fault); the service is down or overloaded, try again later',
    );
  });
  it('leaves out what is missing and a single attempt', () => {
    expect(composeMessage({ method: 'GET', path: '/v1/x', outcome: 'not found', status: 404, attempts: 1 })).toBe(
      'GET /v1/x: not found (404)',
    );
  });
  it('keeps an acronym at the start of a server message', () => {
    expect(composeMessage({ method: 'GET', path: '/p', outcome: 'o', serverMessage: 'TXT record missing' })).toBe(
      'GET /p: o: TXT record missing',
    );
  });
  it.each([
    ['authentication failed: bad credentials', 'GET /p: authentication failed (401): bad credentials'],
    ['Authentication failed.', 'GET /p: authentication failed (401)'],
    ['authentication failed for user x', 'GET /p: authentication failed (401): authentication failed for user x'],
  ])('says the outcome once when the server message %j repeats it', (serverMessage, want) => {
    expect(
      composeMessage({ method: 'GET', path: '/p', outcome: 'authentication failed', status: 401, serverMessage }),
    ).toBe(want);
  });
  it('says when the request may have taken effect', () => {
    expect(composeMessage({ method: 'POST', path: '/p', outcome: 'o', mayHaveSucceeded: true })).toMatch(
      /may have taken effect .* check before repeating/,
    );
  });
});

describe('errorForStatus', () => {
  it.each([
    [400, BadRequest, 'bad request'],
    [401, AuthenticationError, 'check api-user-id and api-password'],
    [403, NotAuthorized, 'lacks the permission or role'],
    [404, NotFound, 'check the name or id'],
    [409, Conflict, 'already exists'],
    [413, UploadTooLarge, 'exclude'],
    [429, TooManyRequests, 'too many requests'],
    [500, InternalServerError, 'internal server error'],
    [502, UpstreamInvalid, 'upstream'],
    [503, ServiceUnavailable, 'down or overloaded'],
    [418, ApiError, 'unexpected answer'],
  ])('%i → %o, message says %j', (status, Cls, phrase) => {
    const e = errorForStatus({ ...at, status, attempts: 2 });
    expect(e).toBeInstanceOf(Cls);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe(Cls.name);
    expect(e.status).toBe(status);
    expect(e.message).toContain(phrase);
    expect(e.message.startsWith(`POST ${at.path}: `)).toBe(true);
    expect(e.message).toContain(`(${status}) after 2 attempts`);
  });

  it('names the fields of a bad request and keeps them on the error', () => {
    const e = errorForStatus({
      ...at,
      status: 400,
      serverMessage: 'Invalid site',
      errors: [
        { field: 'name', message: 'is required' },
        { field: 'account_id', message: 'is not a uuid' },
      ],
    }) as BadRequest;
    expect(e.errors).toHaveLength(2);
    expect(e.message).toBe(`POST ${at.path}: bad request (400): invalid site; check "name", "account_id"`);
  });

  it('uses a given advice and detail instead of the class defaults', () => {
    const e = new NetworkError({ ...at, detail: 'could not connect (ECONNREFUSED)', advice: 'start the emulator' });
    expect(e.message).toBe(`POST ${at.path}: could not connect (ECONNREFUSED); start the emulator`);
    expect(e.status).toBeUndefined();
  });

  it('has classes for the outcomes without a status', () => {
    expect(new TimeoutError(at).name).toBe('TimeoutError');
    expect(new CancelledError(at).message).toContain('cancelled');
    expect(new NetworkError(at).mayHaveSucceeded).toBe(false);
  });
});

describe('readErrorBody', () => {
  it('reads the hosting shape', () => {
    const body = { message: 'Invalid', documentation_url: 'x', errors: [{ field: 'name', message: 'bad' }] };
    expect(readErrorBody(JSON.stringify(body))).toEqual({
      message: 'Invalid',
      code: undefined,
      errors: [{ field: 'name', message: 'bad' }],
      shape: 'hosting',
    });
  });
  it('reads the headless shape', () => {
    const body = { error: { code: 409, message: 'app exists', status: 'ALREADY_EXISTS' } };
    expect(readErrorBody(JSON.stringify(body))).toEqual({
      message: 'app exists',
      code: 'ALREADY_EXISTS',
      errors: undefined,
      shape: 'headless',
    });
  });
  it('keeps short plain text and drops HTML pages and empty bodies', () => {
    expect(readErrorBody('upstream connect error')).toEqual({ message: 'upstream connect error', shape: 'text' });
    expect(readErrorBody('<html><body>502 Bad Gateway</body></html>')).toEqual({ shape: 'html' });
    expect(readErrorBody('')).toEqual({ shape: 'empty' });
    expect(readErrorBody('null')).toEqual({ shape: 'json' });
  });
});
