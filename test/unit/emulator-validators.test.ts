/**
 * The emulator's request checks, one rule at a time: what each accepts, what it refuses, and the
 * message and field it names. The integration tests go through them over HTTP; these pin the
 * boundaries (lengths, anchors, null against absent) that a client relies on when it reads a 400.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EmulatorError, type FieldError } from '../../emulator/errors.js';
import { checkEnvironmentFields } from '../../emulator/handlers/headless/environment-fields.js';
import {
  appName,
  buildName,
  deploymentName,
  environmentName,
  operationName,
} from '../../emulator/handlers/headless/names.js';
import {
  arrayField,
  booleanField,
  emailField,
  emailItem,
  enumField,
  isEmail,
  isHostname,
  isUuid,
  nonEmptyStringItem,
  notNull,
  objectField,
  optionalString,
  requiredString,
  uuidField,
  uuidItem,
} from '../../emulator/handlers/hosting/validate.js';
import { readJsonObject, readRaw } from '../../emulator/json-body.js';
import type { State } from '../../emulator/store/state.js';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const err = (field: string, message: string, code = `site.${field}.invalid`): FieldError => ({
  resource: 'site',
  field,
  type: 'invalid_value',
  code,
  message,
});

describe('hosting field checks', () => {
  it('isUuid: the 8-4-4-4-12 hex form, any case, nothing around it', () => {
    expect(isUuid(UUID)).toBe(true);
    expect(isUuid(UUID.toUpperCase())).toBe(true);
    expect(isUuid(`x${UUID}`)).toBe(false);
    expect(isUuid(`${UUID}x`)).toBe(false);
    expect(isUuid(UUID.replace('0f8', 'g0f'))).toBe(false);
    expect(isUuid(UUID.replaceAll('-', ''))).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(isUuid([UUID])).toBe(false); // an array that would read as the uuid when made a string
  });

  it('isEmail: one @, no spaces, a dot in the domain, at most 254 characters', () => {
    expect(isEmail('dev@example.com')).toBe(true);
    expect(isEmail('dev@example')).toBe(false);
    expect(isEmail('de v@example.com')).toBe(false);
    expect(isEmail('dev@@example.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
    expect(isEmail('dev@.com')).toBe(false);
    expect(isEmail('dev@example.')).toBe(false);
    expect(isEmail(' dev@example.com')).toBe(false);
    expect(isEmail('dev@example.com ')).toBe(false);
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
    expect(isEmail(['dev@example.com'])).toBe(false);
  });

  it('isHostname: two labels or more, lower case, labels of 1..63, at most 253 in all', () => {
    expect(isHostname('example.com')).toBe(true);
    expect(isHostname('a.b.example.com')).toBe(true);
    expect(isHostname('x-1.example.com')).toBe(true);
    expect(isHostname('localhost')).toBe(false);
    expect(isHostname('Example.com')).toBe(false);
    expect(isHostname('-x.example.com')).toBe(false);
    expect(isHostname('x-.example.com')).toBe(false);
    expect(isHostname('example.1com')).toBe(false);
    expect(isHostname('example.c')).toBe(false);
    expect(isHostname('example.com.')).toBe(false);
    expect(isHostname('.example.com')).toBe(false);
    expect(isHostname(`${'a'.repeat(63)}.com`)).toBe(true);
    expect(isHostname(`${'a'.repeat(64)}.com`)).toBe(false);
    const label = 'a'.repeat(61);
    const at253 = `${label}.${label}.${label}.${label}.com`; // 4 * 62 + 3 = 251
    expect(isHostname(`ab${at253}`)).toBe(true);
    expect(`ab${at253}`).toHaveLength(253);
    expect(isHostname(`abc${at253}`)).toBe(false);
    expect(isHostname(null)).toBe(false);
    expect(isHostname(['example.com'])).toBe(false);
  });

  it('requiredString: absent and null are "required", blank is "blank", over max is too long', () => {
    expect(requiredString('site', 'name', undefined)).toEqual([err('name', 'name is required', 'site.name.required')]);
    expect(requiredString('site', 'name', null)).toEqual([err('name', 'name is required', 'site.name.required')]);
    expect(requiredString('site', 'name', 7)).toEqual([err('name', 'name must be a string')]);
    expect(requiredString('site', 'name', ' \t')).toEqual([err('name', 'name must not be empty', 'site.name.blank')]);
    expect(requiredString('site', 'name', 'a'.repeat(255))).toEqual([]);
    expect(requiredString('site', 'name', 'a'.repeat(256))).toEqual([
      err('name', 'name must be at most 255 characters'),
    ]);
    expect(requiredString('site', 'name', 'abcd', 3)).toEqual([err('name', 'name must be at most 3 characters')]);
    expect(requiredString('site', 'name', ' x ')).toEqual([]);
  });

  it('optionalString: absent is fine; a non-string or one over max is refused', () => {
    expect(optionalString('site', 'note', undefined)).toEqual([]);
    expect(optionalString('site', 'note', 'a'.repeat(255))).toEqual([]);
    expect(optionalString('site', 'note', '')).toEqual([]);
    const tooLong = [err('note', 'note must be a string of at most 255 characters')];
    expect(optionalString('site', 'note', 'a'.repeat(256))).toEqual(tooLong);
    expect(optionalString('site', 'note', 5)).toEqual(tooLong);
    expect(optionalString('site', 'note', null)).toEqual(tooLong);
    expect(optionalString('site', 'note', 'abc', 2)).toEqual([
      err('note', 'note must be a string of at most 2 characters'),
    ]);
  });

  it('uuidField: required or not; a wrong value is shown (strings quoted and cut at 60, others by type)', () => {
    expect(uuidField('site', 'id', undefined, true)).toEqual([err('id', 'id is required', 'site.id.required')]);
    expect(uuidField('site', 'id', null, true)).toEqual([err('id', 'id is required', 'site.id.required')]);
    expect(uuidField('site', 'id', undefined, false)).toEqual([]);
    expect(uuidField('site', 'id', null, false)).toEqual([]);
    expect(uuidField('site', 'id', UUID, true)).toEqual([]);
    expect(uuidField('site', 'id', 'nope', false)).toEqual([err('id', 'id must be a uuid, got "nope"')]);
    expect(uuidField('site', 'id', 12, false)).toEqual([err('id', 'id must be a uuid, got number')]);
    const sixty = 'x'.repeat(60);
    expect(uuidField('site', 'id', sixty, false)).toEqual([err('id', `id must be a uuid, got "${sixty}"`)]);
    expect(uuidField('site', 'id', `${sixty}y`, false)).toEqual([
      err('id', `id must be a uuid, got "${'x'.repeat(57)}..."`),
    ]);
  });

  it('enumField: one of the allowed strings, required or not', () => {
    const allowed = ['production', 'staging'];
    expect(enumField('site', 'env', 'staging', allowed, true)).toEqual([]);
    expect(enumField('site', 'env', undefined, allowed, true)).toEqual([
      err('env', 'env is required', 'site.env.required'),
    ]);
    expect(enumField('site', 'env', null, allowed, true)).toEqual([err('env', 'env is required', 'site.env.required')]);
    expect(enumField('site', 'env', undefined, allowed, false)).toEqual([]);
    expect(enumField('site', 'env', null, allowed, false)).toEqual([]);
    expect(enumField('site', 'env', 'dev', allowed, false)).toEqual([
      err('env', 'env must be one of production | staging, got "dev"'),
    ]);
    expect(enumField('site', 'env', 1, allowed, false)).toEqual([
      err('env', 'env must be one of production | staging, got number'),
    ]);
  });

  it('booleanField: absent or a boolean', () => {
    expect(booleanField('site', 'flag', undefined)).toEqual([]);
    expect(booleanField('site', 'flag', false)).toEqual([]);
    expect(booleanField('site', 'flag', true)).toEqual([]);
    expect(booleanField('site', 'flag', 'true')).toEqual([err('flag', 'flag must be true or false, got "true"')]);
    expect(booleanField('site', 'flag', null)).toEqual([err('flag', 'flag must be true or false, got object')]);
  });

  it('emailField: required or not, and an address', () => {
    expect(emailField('site', 'to', undefined, true)).toEqual([err('to', 'to is required', 'site.to.required')]);
    expect(emailField('site', 'to', null, true)).toEqual([err('to', 'to is required', 'site.to.required')]);
    expect(emailField('site', 'to', undefined, false)).toEqual([]);
    expect(emailField('site', 'to', null, false)).toEqual([]);
    expect(emailField('site', 'to', 'a@b.co', true)).toEqual([]);
    expect(emailField('site', 'to', 'ab.co', true)).toEqual([err('to', 'to must be an email address, got "ab.co"')]);
  });

  it('arrayField: absent is fine; each bad item is named by its index', () => {
    expect(arrayField('site', 'to', undefined, emailItem)).toEqual([]);
    expect(arrayField('site', 'to', 'a@b.co', emailItem)).toEqual([err('to', 'to must be an array')]);
    expect(arrayField('site', 'to', ['a@b.co', 'x', 'c@d.ee', 3], emailItem)).toEqual([
      err('to[1]', 'to[1] must be an email address, got "x"', 'site.to[1].invalid'),
      err('to[3]', 'to[3] must be an email address, got number', 'site.to[3].invalid'),
    ]);
  });

  it('the item checks name what an item must be', () => {
    expect(emailItem('a@b.co')).toBeNull();
    expect(emailItem('a')).toBe('must be an email address');
    expect(uuidItem(UUID)).toBeNull();
    expect(uuidItem('a')).toBe('must be a uuid');
    expect(nonEmptyStringItem('a')).toBeNull();
    expect(nonEmptyStringItem(' ')).toBe('must be a non-empty string');
    expect(nonEmptyStringItem(1)).toBe('must be a non-empty string');
  });

  it('objectField: a plain object of the allowed keys; each unknown key named with its parent', () => {
    const notObject = [err('opts', 'opts must be an object')];
    expect(objectField('site', 'opts', null, ['a'])).toEqual(notObject);
    expect(objectField('site', 'opts', [], ['a'])).toEqual(notObject);
    expect(objectField('site', 'opts', 'a', ['a'])).toEqual(notObject);
    expect(objectField('site', 'opts', { a: 1 }, ['a'])).toEqual([]);
    expect(objectField('site', 'opts', { a: 1, b: 2, c: 3 }, ['a'])).toEqual([
      err('opts.b', '"opts.b" is not a field of this request', 'unknown_field'),
      err('opts.c', '"opts.c" is not a field of this request', 'unknown_field'),
    ]);
  });

  it('notNull: only the listed fields set to null are refused', () => {
    expect(notNull('site', { a: null, b: undefined, c: 1, d: null }, ['a', 'b', 'c'])).toEqual([
      err('a', 'a must not be null; leave it out to keep it'),
    ]);
  });
});

describe('headless resource names', () => {
  it('spells every name from its parts', () => {
    const op = { account: 'acc', app: 'app1', environment: 'e1' };
    expect(appName({ account: 'acc', appId: 'app1' })).toBe('accounts/acc/apps/app1');
    expect(environmentName({ account: 'acc', app: 'app1', id: 'e1' })).toBe('accounts/acc/apps/app1/environments/e1');
    expect(operationName(op, 'o1')).toBe('accounts/acc/apps/app1/environments/e1/operations/o1');
    expect(buildName(op, 'b1')).toBe('accounts/acc/apps/app1/environments/e1/builds/b1');
    expect(deploymentName(op, 'd1')).toBe('accounts/acc/apps/app1/environments/e1/deployments/d1');
  });
});

describe('environment fields', () => {
  const ctx = {
    state: {
      installs: [
        { name: 'prodsite', account_id: 'acc1' },
        { name: 'other', account_id: 'acc2' },
      ],
    } as State,
    principal: { account: { id: 'acc1' } },
  } as Parameters<typeof checkEnvironmentFields>[0];

  /** The messages of the 400 a body gets, or the fields it yields when it passes. */
  function check(body: Record<string, unknown>, required: Parameters<typeof checkEnvironmentFields>[2] = []) {
    try {
      return { ok: checkEnvironmentFields(ctx, body, required) };
    } catch (e) {
      expect(e).toBeInstanceOf(EmulatorError);
      const error = e as EmulatorError;
      expect(error.status).toBe(400);
      expect(error.message).toBe(`Invalid environment: ${error.errors.map((f) => f.message).join('; ')}`);
      for (const f of error.errors) expect(f.resource).toBe('environment');
      return { errors: error.errors.map((f) => `${f.field}: ${f.message}`) };
    }
  }

  it('takes every valid field, typed', () => {
    expect(
      check({
        displayName: 'Main',
        branch: 'uploadable',
        cmsEnvironment: 'prodsite',
        shellVariables: [{ key: '_A1', value: 'x' }],
      }),
    ).toEqual({
      ok: {
        displayName: 'Main',
        branch: 'uploadable',
        cmsEnvironment: 'prodsite',
        shellVariables: [{ key: '_A1', value: 'x' }],
      },
    });
    expect(check({ cmsEnvironment: '' })).toEqual({ ok: { cmsEnvironment: '' } });
    expect(check({})).toEqual({ ok: {} });
  });

  it('names each required field that is missing', () => {
    expect(check({}, ['displayName', 'branch'])).toEqual({
      errors: ['displayName: displayName is required', 'branch: branch is required'],
    });
  });

  it('a required field that is given is no problem', () => {
    expect(check({ displayName: 'x', branch: 'uploadable' }, ['displayName', 'branch'])).toEqual({
      ok: { displayName: 'x', branch: 'uploadable' },
    });
  });

  it("cmsEnvironment: without a caller, no install is the caller's", () => {
    const anonymous = { ...ctx, principal: null };
    expect(() => checkEnvironmentFields(anonymous, { cmsEnvironment: 'prodsite' }, [])).toThrow(
      'cmsEnvironment "prodsite" is not an install of this account',
    );
  });

  it('displayName: a non-blank string of at most 100 characters', () => {
    expect(check({ displayName: 'a'.repeat(100) })).toEqual({ ok: { displayName: 'a'.repeat(100) } });
    const msg = ['displayName: displayName must be a non-empty string of at most 100 characters'];
    expect(check({ displayName: 'a'.repeat(101) })).toEqual({ errors: msg });
    expect(check({ displayName: '  ' })).toEqual({ errors: msg });
    expect(check({ displayName: 3 })).toEqual({ errors: msg });
  });

  it('branch: only the upload branch', () => {
    expect(check({ branch: 'main' })).toEqual({
      errors: ['branch: branch must be "uploadable" for an app fed by direct upload; got "main"'],
    });
  });

  it("cmsEnvironment: empty, or an install of the caller's own account", () => {
    expect(check({ cmsEnvironment: 'other' })).toEqual({
      errors: ['cmsEnvironment: cmsEnvironment "other" is not an install of this account'],
    });
    expect(check({ cmsEnvironment: 'missing' })).toEqual({
      errors: ['cmsEnvironment: cmsEnvironment "missing" is not an install of this account'],
    });
    expect(check({ cmsEnvironment: 1 })).toEqual({
      errors: ['cmsEnvironment: cmsEnvironment must be a string: the name of an install, or empty'],
    });
  });

  it('shellVariables: an array of {key, value}, keys well-formed and unique, every problem listed', () => {
    expect(check({ shellVariables: {} })).toEqual({
      errors: ['shellVariables: shellVariables must be an array of {key, value} objects'],
    });
    expect(
      check({
        shellVariables: [
          'x',
          null,
          [],
          { key: 'A', value: '1', extra: 1, more: 2 },
          { key: '1A', value: '1' },
          { key: 'A', value: 2 },
          { key: 'B-C', value: '1' },
          { key: 7, value: '1' },
          // Keys that would pass the pattern if it were given them as text.
          { key: true, value: '1' },
          { key: null, value: '1' },
          { value: '1' },
        ],
      }),
    ).toEqual({
      errors: [
        'shellVariables: shellVariables[0] must be an object {key, value}',
        'shellVariables: shellVariables[1] must be an object {key, value}',
        'shellVariables: shellVariables[2] must be an object {key, value}',
        'shellVariables: shellVariables[3] has unknown field(s) extra, more',
        'shellVariables: shellVariables[4].key must be a string of letters, digits and _, not starting with a digit',
        'shellVariables: shellVariables[5].key "A" is given more than once',
        'shellVariables: shellVariables[5].value must be a string',
        'shellVariables: shellVariables[6].key must be a string of letters, digits and _, not starting with a digit',
        'shellVariables: shellVariables[7].key must be a string of letters, digits and _, not starting with a digit',
        'shellVariables: shellVariables[8].key must be a string of letters, digits and _, not starting with a digit',
        'shellVariables: shellVariables[9].key must be a string of letters, digits and _, not starting with a digit',
        'shellVariables: shellVariables[10].key must be a string of letters, digits and _, not starting with a digit',
      ],
    });
  });

  it('shellVariables: a key seen with a bad value still counts as seen; only whole pairs are kept', () => {
    expect(
      check({
        shellVariables: [
          { key: 'A', value: 1 },
          { key: 'A', value: '2' },
        ],
      }),
    ).toEqual({
      errors: [
        'shellVariables: shellVariables[0].value must be a string',
        'shellVariables: shellVariables[1].key "A" is given more than once',
      ],
    });
    expect(
      check({
        shellVariables: [
          { key: 'A', value: '' },
          { key: 'a', value: 'x' },
        ],
      }),
    ).toEqual({
      ok: {
        shellVariables: [
          { key: 'A', value: '' },
          { key: 'a', value: 'x' },
        ],
      },
    });
  });
});

describe('JSON request bodies', () => {
  const request = (chunks: (string | Buffer)[], contentType?: string) =>
    Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), {
      headers: contentType === undefined ? {} : { 'content-type': contentType },
    }) as unknown as IncomingMessage;

  async function refusal(p: Promise<unknown>) {
    const e = await p.then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(EmulatorError);
    const error = e as EmulatorError;
    return {
      status: error.status,
      message: error.message,
      fields: error.errors.map((f) => [f.field, f.code, f.message]),
    };
  }

  it('readRaw: up to the limit in any number of pieces; one byte more is 413', async () => {
    expect((await readRaw(request(['ab', 'cd']), 4)).toString()).toBe('abcd');
    expect(await refusal(readRaw(request(['ab', 'cde']), 4))).toEqual({
      status: 413,
      message: 'Request body exceeds 4 bytes',
      fields: [],
    });
  });

  it('readRaw: a body cut off by the client is a 400 that says so', async () => {
    const req = Object.assign(
      new Readable({
        read() {
          this.destroy(new Error('aborted'));
        },
      }),
      { headers: {} },
    ) as unknown as IncomingMessage;
    expect(await refusal(readRaw(req, 100))).toEqual({
      status: 400,
      message: 'Request body cut off: the connection closed before the whole body arrived',
      fields: [],
    });
  });

  it('readJsonObject: an empty body is {} whatever its type', async () => {
    expect(await readJsonObject(request([]), 100, [], 'site')).toEqual({});
  });

  it('readJsonObject: needs application/json (parameters and case aside)', async () => {
    expect(await readJsonObject(request(['{"a":1}'], ' Application/JSON ; charset=utf-8'), 100, ['a'], 'site')).toEqual(
      {
        a: 1,
      },
    );
    expect(await refusal(readJsonObject(request(['{}'], 'text/plain'), 100, [], 'site'))).toEqual({
      status: 400,
      message: 'Content-Type must be application/json, got "text/plain"',
      fields: [],
    });
    expect(await refusal(readJsonObject(request(['{}']), 100, [], 'site'))).toEqual({
      status: 400,
      message: 'Content-Type must be application/json, got "none"',
      fields: [],
    });
  });

  it('readJsonObject: malformed JSON and non-objects are 400s', async () => {
    const bad = await refusal(readJsonObject(request(['{"a":'], 'application/json'), 100, ['a'], 'site'));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^Malformed JSON body: \S/);
    for (const body of ['null', '[]', '3', '"x"']) {
      expect(await refusal(readJsonObject(request([body], 'application/json'), 100, [], 'site'))).toEqual({
        status: 400,
        message: 'The request body must be a JSON object',
        fields: [],
      });
    }
  });

  it('readJsonObject: unknown top-level fields are named, one or many', async () => {
    expect(await refusal(readJsonObject(request(['{"a":1,"b":2}'], 'application/json'), 100, ['a'], 'site'))).toEqual({
      status: 400,
      message: 'Unknown field in request body: b',
      fields: [['b', 'unknown_field', '"b" is not a field of this request']],
    });
    expect(await refusal(readJsonObject(request(['{"b":1,"c":2}'], 'application/json'), 100, ['a'], 'site'))).toEqual({
      status: 400,
      message: 'Unknown fields in request body: b, c',
      fields: [
        ['b', 'unknown_field', '"b" is not a field of this request'],
        ['c', 'unknown_field', '"c" is not a field of this request'],
      ],
    });
  });

  it('readJsonObject: the size limit holds before parsing', async () => {
    expect((await refusal(readJsonObject(request(['{"a":12345}'], 'application/json'), 5, ['a'], 'site'))).status).toBe(
      413,
    );
  });
});
