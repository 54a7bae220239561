/**
 * The emulator's request checks, one rule at a time: what each accepts, what it refuses, and the
 * message and field it names. The integration tests go through them over HTTP; these pin the
 * boundaries (lengths, anchors, null against absent) that a client relies on when it reads a 400.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EmulatorError, type FieldError } from '../../emulator/http/errors.js';
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
import { readJsonObject, readRaw } from '../../emulator/http/json-body.js';
import type { State } from '../../emulator/store/state.js';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const err = (field: string, message: string, code = `site.${field}.invalid`): FieldError => ({
  resource: 'site',
  field,
  type: 'invalid_value',
  code,
  message,
});
/** The one error of a check on field `f`, its code `site.f.<suffix>`. */
const one = (f: string, message: string, suffix = 'invalid') => [err(f, message, `site.${f}.${suffix}`)];

describe('hosting field checks', () => {
  /** Each value `check` takes, then each it refuses. */
  function sorts(check: (v: unknown) => boolean, takes: unknown[], refuses: unknown[]) {
    expect(takes.filter((v) => !check(v))).toEqual([]);
    expect(refuses.filter(check)).toEqual([]);
  }

  it('isUuid: the 8-4-4-4-12 hex form, any case, nothing around it', () => {
    // An array that would read as the uuid when made a string is no uuid.
    const refused = [`x${UUID}`, `${UUID}x`, UUID.replace('0f8', 'g0f'), UUID.replaceAll('-', ''), 42, [UUID]];
    sorts(isUuid, [UUID, UUID.toUpperCase()], refused);
  });

  it('isEmail: one @, no spaces, a dot in the domain, at most 254 characters', () => {
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    expect(at254).toHaveLength(254);
    const refused = ['dev@example', 'de v@example.com', 'dev@@example.com', '@example.com', 'dev@.com'];
    refused.push('dev@example.', ' dev@example.com', 'dev@example.com ', `a${at254}`);
    sorts(isEmail, ['dev@example.com', at254], [...refused, ['dev@example.com']]);
  });

  it('isHostname: two labels or more, lower case, labels of 1..63, at most 253 in all', () => {
    const label = 'a'.repeat(61);
    const at253 = `ab${label}.${label}.${label}.${label}.com`; // 2 + 4 * 62 + 3
    expect(at253).toHaveLength(253);
    const takes = ['example.com', 'a.b.example.com', 'x-1.example.com', `${'a'.repeat(63)}.com`, at253];
    const refused = ['localhost', 'Example.com', '-x.example.com', 'x-.example.com', 'example.1com', 'example.c'];
    refused.push('example.com.', '.example.com', `${'a'.repeat(64)}.com`, `c${at253}`);
    sorts(isHostname, takes, [...refused, null, ['example.com']]);
  });

  it('requiredString: absent and null are "required", blank is "blank", over max is too long', () => {
    const check = (v: unknown, max?: number) => requiredString('site', 'name', v, max);
    expect(check(undefined)).toEqual(one('name', 'name is required', 'required'));
    expect(check(null)).toEqual(one('name', 'name is required', 'required'));
    expect(check(7)).toEqual(one('name', 'name must be a string'));
    expect(check(' \t')).toEqual(one('name', 'name must not be empty', 'blank'));
    expect(check('a'.repeat(256))).toEqual(one('name', 'name must be at most 255 characters'));
    expect(check('abcd', 3)).toEqual(one('name', 'name must be at most 3 characters'));
    expect([check('a'.repeat(255)), check(' x ')]).toEqual([[], []]);
  });

  it('optionalString: absent is fine; a non-string or one over max is refused', () => {
    const check = (v: unknown, max?: number) => optionalString('site', 'note', v, max);
    expect([check(undefined), check('a'.repeat(255)), check('')]).toEqual([[], [], []]);
    const tooLong = one('note', 'note must be a string of at most 255 characters');
    expect([check('a'.repeat(256)), check(5), check(null)]).toEqual([tooLong, tooLong, tooLong]);
    expect(check('abc', 2)).toEqual(one('note', 'note must be a string of at most 2 characters'));
  });

  it('uuidField: required or not; a wrong value is shown (strings quoted and cut at 60, others by type)', () => {
    const check = (v: unknown, required = false) => uuidField('site', 'id', v, required);
    const required = one('id', 'id is required', 'required');
    expect([check(undefined, true), check(null, true)]).toEqual([required, required]);
    expect([check(undefined), check(null), check(UUID, true)]).toEqual([[], [], []]);
    expect(check('nope')).toEqual(one('id', 'id must be a uuid, got "nope"'));
    expect(check(12)).toEqual(one('id', 'id must be a uuid, got number'));
    const sixty = 'x'.repeat(60);
    expect(check(sixty)).toEqual(one('id', `id must be a uuid, got "${sixty}"`));
    expect(check(`${sixty}y`)).toEqual(one('id', `id must be a uuid, got "${'x'.repeat(57)}..."`));
  });

  it('enumField: one of the allowed strings, required or not', () => {
    const check = (v: unknown, required = false) => enumField('site', 'env', v, ['production', 'staging'], required);
    const required = one('env', 'env is required', 'required');
    expect([check('staging', true), check(undefined), check(null)]).toEqual([[], [], []]);
    expect([check(undefined, true), check(null, true)]).toEqual([required, required]);
    expect(check('dev')).toEqual(one('env', 'env must be one of production | staging, got "dev"'));
    expect(check(1)).toEqual(one('env', 'env must be one of production | staging, got number'));
  });

  it('booleanField: absent or a boolean', () => {
    const check = (v: unknown) => booleanField('site', 'flag', v);
    expect([check(undefined), check(false), check(true)]).toEqual([[], [], []]);
    expect(check('true')).toEqual(one('flag', 'flag must be true or false, got "true"'));
    expect(check(null)).toEqual(one('flag', 'flag must be true or false, got object'));
  });

  it('emailField: required or not, and an address', () => {
    const check = (v: unknown, required = false) => emailField('site', 'to', v, required);
    const required = one('to', 'to is required', 'required');
    expect([check(undefined, true), check(null, true)]).toEqual([required, required]);
    expect([check(undefined), check(null), check('a@b.co', true)]).toEqual([[], [], []]);
    expect(check('ab.co', true)).toEqual(one('to', 'to must be an email address, got "ab.co"'));
  });

  it('arrayField: absent is fine; each bad item is named by its index', () => {
    expect(arrayField('site', 'to', undefined, emailItem)).toEqual([]);
    expect(arrayField('site', 'to', 'a@b.co', emailItem)).toEqual(one('to', 'to must be an array'));
    expect(arrayField('site', 'to', ['a@b.co', 'x', 'c@d.ee', 3], emailItem)).toEqual([
      err('to[1]', 'to[1] must be an email address, got "x"'),
      err('to[3]', 'to[3] must be an email address, got number'),
    ]);
  });

  it('the item checks name what an item must be', () => {
    expect([emailItem('a@b.co'), uuidItem(UUID), nonEmptyStringItem('a')]).toEqual([null, null, null]);
    expect([emailItem('a'), uuidItem('a')]).toEqual(['must be an email address', 'must be a uuid']);
    expect([nonEmptyStringItem(' '), nonEmptyStringItem(1)]).toEqual(Array(2).fill('must be a non-empty string'));
  });

  it('objectField: a plain object of the allowed keys; each unknown key named with its parent', () => {
    const check = (v: unknown) => objectField('site', 'opts', v, ['a']);
    const notObject = one('opts', 'opts must be an object');
    expect([check(null), check([]), check('a'), check({ a: 1 })]).toEqual([notObject, notObject, notObject, []]);
    expect(check({ a: 1, b: 2, c: 3 })).toEqual([
      err('opts.b', '"opts.b" is not a field of this request', 'unknown_field'),
      err('opts.c', '"opts.c" is not a field of this request', 'unknown_field'),
    ]);
  });

  it('notNull: only the listed fields set to null are refused', () => {
    expect(notNull('site', { a: null, b: undefined, c: 1, d: null }, ['a', 'b', 'c'])).toEqual(
      one('a', 'a must not be null; leave it out to keep it'),
    );
  });
});

it('spells every headless resource name from its parts', () => {
  const op = { account: 'acc', app: 'app1', environment: 'e1' };
  expect(appName({ account: 'acc', appId: 'app1' })).toBe('accounts/acc/apps/app1');
  expect(environmentName({ account: 'acc', app: 'app1', id: 'e1' })).toBe('accounts/acc/apps/app1/environments/e1');
  expect(operationName(op, 'o1')).toBe('accounts/acc/apps/app1/environments/e1/operations/o1');
  expect(buildName(op, 'b1')).toBe('accounts/acc/apps/app1/environments/e1/builds/b1');
  expect(deploymentName(op, 'd1')).toBe('accounts/acc/apps/app1/environments/e1/deployments/d1');
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

  it('takes every valid field, typed; names each required field that is missing', () => {
    const all = { displayName: 'Main', branch: 'uploadable', cmsEnvironment: 'prodsite', shellVariables: [] };
    const withVariables = { ...all, shellVariables: [{ key: '_A1', value: 'x' }] };
    expect(check(withVariables)).toEqual({ ok: withVariables });
    expect([check({ cmsEnvironment: '' }), check({})]).toEqual([{ ok: { cmsEnvironment: '' } }, { ok: {} }]);
    expect(check(all, ['displayName', 'branch'])).toEqual({ ok: all });
    expect(check({}, ['displayName', 'branch'])).toEqual({
      errors: ['displayName: displayName is required', 'branch: branch is required'],
    });
  });

  it("cmsEnvironment: without a caller, no install is the caller's", () => {
    const anonymous = { ...ctx, principal: null };
    expect(() => checkEnvironmentFields(anonymous, { cmsEnvironment: 'prodsite' }, [])).toThrow(
      'cmsEnvironment "prodsite" is not an install of this account',
    );
  });

  const NOT_INSTALL = (name: string) => `cmsEnvironment: cmsEnvironment "${name}" is not an install of this account`;
  const DISPLAY_NAME = 'displayName: displayName must be a non-empty string of at most 100 characters';
  const KEY = (i: number) =>
    `shellVariables: shellVariables[${i}].key must be a string of letters, digits and _, not starting with a digit`;
  const NOT_PAIR = (i: number) => `shellVariables: shellVariables[${i}] must be an object {key, value}`;
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a display name of 101 characters', { displayName: 'a'.repeat(101) }, [DISPLAY_NAME]],
    ['a blank display name', { displayName: '  ' }, [DISPLAY_NAME]],
    ['a display name not a string', { displayName: 3 }, [DISPLAY_NAME]],
    [
      'a branch but the upload one',
      { branch: 'main' },
      ['branch: branch must be "uploadable" for an app fed by direct upload; got "main"'],
    ],
    ['an install of another account', { cmsEnvironment: 'other' }, [NOT_INSTALL('other')]],
    ['no install', { cmsEnvironment: 'missing' }, [NOT_INSTALL('missing')]],
    [
      'a cmsEnvironment not a string',
      { cmsEnvironment: 1 },
      ['cmsEnvironment: cmsEnvironment must be a string: the name of an install, or empty'],
    ],
    [
      'shellVariables not an array',
      { shellVariables: {} },
      ['shellVariables: shellVariables must be an array of {key, value} objects'],
    ],
    [
      'every kind of bad variable, each listed',
      {
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
      },
      [
        ...[0, 1, 2].map(NOT_PAIR),
        'shellVariables: shellVariables[3] has unknown field(s) extra, more',
        KEY(4),
        'shellVariables: shellVariables[5].key "A" is given more than once',
        'shellVariables: shellVariables[5].value must be a string',
        ...[6, 7, 8, 9, 10].map(KEY),
      ],
    ],
    [
      'a key seen with a bad value, which still counts as seen',
      {
        shellVariables: [
          { key: 'A', value: 1 },
          { key: 'A', value: '2' },
        ],
      },
      [
        'shellVariables: shellVariables[0].value must be a string',
        'shellVariables: shellVariables[1].key "A" is given more than once',
      ],
    ],
  ])('refuses %s', (_what, body, errors) => {
    expect(check(body)).toEqual({ errors });
  });

  it('takes a display name of 100 characters, and keys that differ only in case', () => {
    expect(check({ displayName: 'a'.repeat(100) })).toEqual({ ok: { displayName: 'a'.repeat(100) } });
    const variables = [
      { key: 'A', value: '' },
      { key: 'a', value: 'x' },
    ];
    expect(check({ shellVariables: variables })).toEqual({ ok: { shellVariables: variables } });
  });
});

describe('JSON request bodies', () => {
  const request = (chunks: (string | Buffer)[], contentType?: string) =>
    Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), {
      headers: contentType === undefined ? {} : { 'content-type': contentType },
    }) as unknown as IncomingMessage;
  const json = (body: string, allowed = ['a'], max = 100) =>
    readJsonObject(request([body], 'application/json'), max, allowed, 'site');

  /** `status message` of the EmulatorError `p` rejects with, then `field code: message` of each field error. */
  async function refusal(p: Promise<unknown>) {
    const e: unknown = await p.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EmulatorError);
    const { status, message, errors } = e as EmulatorError;
    return [`${status} ${message}`, ...errors.map((f) => `${f.field} ${f.code}: ${f.message}`)];
  }
  const ct = (contentType?: string) => readJsonObject(request(['{}'], contentType), 100, [], 'site');

  it('readRaw: up to the limit in any number of pieces; one byte more is 413', async () => {
    expect((await readRaw(request(['ab', 'cd']), 4)).toString()).toBe('abcd');
    expect(await refusal(readRaw(request(['ab', 'cde']), 4))).toEqual(['413 Request body exceeds 4 bytes']);
  });

  it('readRaw: a body cut off by the client is a 400 that says so', async () => {
    const cut = Object.assign(new Readable({ read: () => cut.destroy(new Error('aborted')) }), { headers: {} });
    expect(await refusal(readRaw(cut as unknown as IncomingMessage, 100))).toEqual([
      '400 Request body cut off: the connection closed before the whole body arrived',
    ]);
  });

  it('readJsonObject: an empty body is {} whatever its type; needs application/json (parameters and case aside)', async () => {
    expect(await readJsonObject(request([]), 100, [], 'site')).toEqual({});
    const typed = request(['{"a":1}'], ' Application/JSON ; charset=utf-8');
    expect(await readJsonObject(typed, 100, ['a'], 'site')).toEqual({ a: 1 });
    expect(await refusal(ct('text/plain'))).toEqual(['400 Content-Type must be application/json, got "text/plain"']);
    expect(await refusal(ct())).toEqual(['400 Content-Type must be application/json, got "none"']);
  });

  it('readJsonObject: malformed JSON and non-objects are 400s; the size limit holds before parsing', async () => {
    expect(await refusal(json('{"a":'))).toEqual([expect.stringMatching(/^400 Malformed JSON body: \S/)]);
    for (const body of ['null', '[]', '3', '"x"']) {
      expect(await refusal(json(body))).toEqual(['400 The request body must be a JSON object']);
    }
    expect((await refusal(json('{"a":12345}', ['a'], 5)))[0]).toMatch(/^413 /);
  });

  it('readJsonObject: unknown top-level fields are named, one or many', async () => {
    const unknown = (f: string) => `${f} unknown_field: "${f}" is not a field of this request`;
    expect(await refusal(json('{"a":1,"b":2}'))).toEqual(['400 Unknown field in request body: b', unknown('b')]);
    const both = ['400 Unknown fields in request body: b, c', unknown('b'), unknown('c')];
    expect(await refusal(json('{"b":1,"c":2}'))).toEqual(both);
  });
});
