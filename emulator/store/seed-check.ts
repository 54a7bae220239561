/**
 * Reading a seed strictly, as the API routes read a request: an unknown field (with the name it
 * was likely meant to be), a missing one, or a value of the wrong type stops the emulator before it
 * starts, named by its path in the seed (`headless.apps[0].environments[1]`). A seed read loosely
 * starts quietly and then answers "not found" for what the seed was meant to hold.
 */
import { closestName } from '../config/did-you-mean.js';
import type { Seed } from './seed.js';
import { SEED_SHAPE, type AnyShape } from './seed-shape.js';

/** A seed that cannot be used; the command line exits 2 on it, as on a bad flag. */
export class SeedError extends Error {
  override name = 'SeedError';
}

/** Problems listed in one message; the rest are counted. */
const MAX_LISTED = 10;

type Field = AnyShape | { optional: AnyShape };
const isOptional = (f: Field): f is { optional: AnyShape } => typeof f === 'object' && 'optional' in f;

/** What is expected, for a person. */
function expected(shape: AnyShape): string {
  if (shape === 'string') return 'a string';
  if (shape === 'number') return 'a number';
  if (shape === 'boolean') return 'true or false';
  if ('list' in shape) return shape.list === 'string' ? 'a list of strings' : 'a list';
  if ('fields' in shape) return 'an object';
  const choices = Object.keys(shape.oneOf).map((c) => JSON.stringify(c));
  return `one of ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

/** The kind of value found, never the value: a seed file may be something else that holds secrets. */
function found(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'boolean') return 'true or false';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : String(value);
  if (typeof value === 'object') return 'an object';
  if (value === undefined) return 'nothing';
  return `a ${typeof value}`;
}

/** A key as written, quoted, control characters escaped and long ones cut: it comes from the file. */
function quoteKey(key: string): string {
  const cut = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  return JSON.stringify(cut).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

function walk(value: unknown, shape: AnyShape, path: string, problems: string[]): void {
  const say = (text: string) => problems.push(path === '' ? text : `${path}: ${text}`);
  const wrong = () => say(`expected ${expected(shape)}, got ${found(value)}`);
  if (shape === 'string' || shape === 'boolean') {
    if (typeof value !== shape) wrong();
  } else if (shape === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) wrong();
  } else if ('oneOf' in shape) {
    if (typeof value !== 'string') wrong();
    // Not one of the choices: they say it all, and the value is not echoed.
    else if (!Object.hasOwn(shape.oneOf, value)) say(`expected ${expected(shape)}`);
  } else if ('list' in shape) {
    if (!Array.isArray(value)) wrong();
    else value.forEach((item, i) => walk(item, shape.list, `${path}[${i}]`, problems));
  } else if (!isRecord(value)) {
    wrong();
  } else {
    walkFields(value, shape.fields, path, say, problems);
  }
}

function walkFields(
  value: Record<string, unknown>,
  fields: Readonly<Record<string, Field>>,
  path: string,
  say: (text: string) => void,
  problems: string[],
): void {
  const known = Object.keys(fields);
  // A misspelt field is one slip, not two: the field it was meant to be is not also reported missing.
  const meant = new Set<string>();
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(fields, key)) continue;
    const near = closestName(key, known);
    if (near === null) {
      say(`unknown field ${quoteKey(key)} (the fields here: ${known.join(', ')})`);
    } else {
      say(`unknown field ${quoteKey(key)}; did you mean "${near}"?`);
      meant.add(near);
    }
  }
  for (const [key, field] of Object.entries(fields)) {
    const shape = isOptional(field) ? field.optional : field;
    if (value[key] !== undefined) walk(value[key], shape, at(path, key), problems);
    else if (!isOptional(field) && !meant.has(key)) say(`missing field "${key}" (${expected(shape)})`);
  }
}

/**
 * The seed, when `value` is one; else a SeedError naming every problem (the first ten), each by its
 * path. `source` starts the message: `seed`, or `seed file <path>`.
 */
export function checkSeed(value: unknown, source: string): Seed {
  const problems: string[] = [];
  walk(value, SEED_SHAPE, '', problems);
  if (problems.length === 1) throw new SeedError(`${source}: ${problems[0]}`);
  if (problems.length > 1) {
    const more = problems.length - MAX_LISTED;
    const listed = problems.slice(0, MAX_LISTED).map((p) => `\n  ${p}`);
    throw new SeedError(
      `${source}: ${problems.length} problems:${listed.join('')}${more > 0 ? `\n  and ${more} more` : ''}`,
    );
  }
  return value as Seed;
}
