/** The tolerant reader's record rules, field by field: what is kept, what is dropped, what is refused. */
import { describe, expect, it } from 'vitest';
import { readDomain, readEnvironment, readTokenPage } from '../../src/api/read-answer.js';

const NAME = 'accounts/demo/apps/shop/environments/e1';

describe('readEnvironment', () => {
  it('keeps the shell variables that have a string key and a string value or none, and drops the rest', () => {
    const env = readEnvironment({
      name: NAME,
      shellVariables: [
        'KEY=1',
        null,
        { key: 1, value: 'x' },
        { key: 'A', value: 2 },
        { key: 'B' },
        { key: 'C', value: 'c' },
      ],
    });
    expect(env?.shellVariables).toEqual([
      { key: 'B', value: '' },
      { key: 'C', value: 'c' },
    ]);
  });

  it('needs a name ending in /environments/{id}', () => {
    expect(readEnvironment({ name: NAME })?.name).toBe(NAME);
    expect(readEnvironment({ name: `${NAME}/operations/o1` })).toBeUndefined();
    expect(readEnvironment({ name: 'accounts/demo/apps/shop/environments/' })).toBeUndefined();
  });
});

describe('readTokenPage', () => {
  it('reads a list field that is not a list as an empty page', () => {
    expect(readTokenPage({ environments: { name: NAME } }, 'environments', readEnvironment)).toEqual({ items: [] });
    expect(readTokenPage({ environments: [{ name: NAME }] }, 'environments', readEnvironment).items).toHaveLength(1);
  });
});

describe('readDomain', () => {
  it('is a Domain only with a string id and a string name', () => {
    expect(readDomain({ id: 'd1', name: 'shop.example.com' })).toEqual({ id: 'd1', name: 'shop.example.com' });
    expect(readDomain({ id: 1, name: 'shop.example.com' })).toBeUndefined();
    expect(readDomain({ id: 'd1', name: 2 })).toBeUndefined();
    expect(readDomain(null)).toBeUndefined();
  });
});
