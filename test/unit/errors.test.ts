import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequest,
  composeMessage,
  Conflict,
  errorForStatus,
  InternalServerError,
  NotAuthorized,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  UploadTooLarge,
  UpstreamInvalid,
} from '../../src/api/errors.js';
import { readErrorBody } from '../../src/api/error-body.js';

const at = { method: 'POST', path: '/fu/v1/accounts/demo/apps/x/environments/y:upload' };

describe('composeMessage', () => {
  const AUTH = { outcome: 'authentication failed', status: 401 };
  it.each<[Partial<Parameters<typeof composeMessage>[0]>, string]>([
    // Lower-case fragments: request, outcome, status, attempts, server message, advice.
    [
      { outcome: 'unavailable', status: 503, attempts: 5, serverMessage: 'Down (injected).', advice: 'try later' },
      'GET /p: unavailable (503) after 5 attempts: down (injected); try later',
    ],
    // What is missing is left out, and a single attempt too; an acronym is kept.
    [{ outcome: 'not found', status: 404, attempts: 1 }, 'GET /p: not found (404)'],
    [{ outcome: 'o', serverMessage: 'TXT record missing' }, 'GET /p: o: TXT record missing'],
    // The outcome is said once when the server message repeats it.
    [{ ...AUTH, serverMessage: 'authentication failed: bad' }, 'GET /p: authentication failed (401): bad'],
    [{ ...AUTH, serverMessage: 'Authentication failed.' }, 'GET /p: authentication failed (401)'],
    [
      { ...AUTH, serverMessage: 'authentication failed for x' },
      'GET /p: authentication failed (401): authentication failed for x',
    ],
  ])('%j → %s', (init, want) => expect(composeMessage({ method: 'GET', path: '/p', outcome: '', ...init })).toBe(want));

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
});

describe('readErrorBody', () => {
  it.each([
    [
      { message: 'Invalid', documentation_url: 'x', errors: [{ field: 'name', message: 'bad' }] },
      { message: 'Invalid', code: undefined, errors: [{ field: 'name', message: 'bad' }], shape: 'hosting' },
    ],
    [
      { error: { code: 409, message: 'app exists', status: 'ALREADY_EXISTS' } },
      { message: 'app exists', code: 'ALREADY_EXISTS', errors: undefined, shape: 'headless' },
    ],
    [null, { shape: 'json' }],
  ])('reads %j', (body, read) => expect(readErrorBody(JSON.stringify(body))).toEqual(read));

  it('keeps short plain text and drops HTML pages and empty bodies', () => {
    expect(readErrorBody('upstream connect error')).toEqual({ message: 'upstream connect error', shape: 'text' });
    expect(readErrorBody('<html><body>502 Bad Gateway</body></html>')).toEqual({ shape: 'html' });
    expect(readErrorBody('')).toEqual({ shape: 'empty' });
  });
});
