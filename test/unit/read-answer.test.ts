/** The tolerant reader's record rules (src/api/read-answer.ts), field by field: what is kept, what is dropped, what is refused. */
import { describe, expect, it } from 'vitest';
import { readDomain, readEnvironment, readOperation, readTokenPage } from '../../src/api/read-answer.js';

const NAME = 'accounts/demo/apps/shop/environments/e1';

describe('readOperation', () => {
  it('marks an operation with an error done, even when done is left out', () => {
    expect(readOperation({ name: 'n', error: { message: 'Build failed: x' } })).toEqual({
      name: 'n',
      done: true,
      metadata: {},
      error: { code: undefined, message: 'Build failed: x' },
    });
  });

  it('reads empty build and deployment names as absent, and a missing name as the one polled', () => {
    expect(readOperation({ done: false, metadata: { build: '', deployment: '' } }, 'asked')).toEqual({
      name: 'asked',
      done: false,
      metadata: { build: undefined, deployment: undefined },
    });
  });

  it.each([null, [], 'x', 3, {}, { name: '' }, { name: 7 }])('%j holds no operation', (value) => {
    expect(readOperation(value)).toBeUndefined();
  });
});

describe('readEnvironment', () => {
  it('reads fields left out as protobuf JSON means them: empty', () => {
    expect(readEnvironment({ name: NAME })).toEqual({
      name: NAME,
      displayName: '',
      branch: '',
      cmsEnvironment: '',
      shellVariables: [],
    });
  });

  it('keeps the shell variables that have a string key and a string value or none, and drops the rest', () => {
    const shellVariables = [
      'KEY=1',
      null,
      5,
      { key: 1, value: 'x' },
      { key: 'A', value: 2 },
      { value: 'x' },
      { key: 'B' },
      { key: 'C', value: 'c' },
    ];
    expect(readEnvironment({ name: NAME, shellVariables })?.shellVariables).toEqual([
      { key: 'B', value: '' },
      { key: 'C', value: 'c' },
    ]);
  });

  it.each(['accounts/demo/apps/shop', `${NAME}/operations/o1`, 'accounts/demo/apps/shop/environments/'])(
    'refuses %j, which names no environment',
    (name) => expect(readEnvironment({ name })).toBeUndefined(),
  );
});

describe('readTokenPage and readDomain', () => {
  it('reads a list field that is not a list as an empty page', () => {
    expect(readTokenPage({ environments: { name: NAME } }, 'environments', readEnvironment)).toEqual({ items: [] });
    expect(readTokenPage({ environments: [{ name: NAME }] }, 'environments', readEnvironment).items).toHaveLength(1);
  });

  it('is a Domain only with a string id and a string name', () => {
    expect(readDomain({ id: 'd1', name: 'shop.example.com' })).toEqual({ id: 'd1', name: 'shop.example.com' });
    expect(readDomain({ id: 1, name: 'shop.example.com' })).toBeUndefined();
    expect(readDomain({ id: 'd1', name: 2 })).toBeUndefined();
    expect(readDomain(null)).toBeUndefined();
  });
});
