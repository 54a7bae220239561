/**
 * Reads the inputs and outputs that action.yml declares: the one reader used by the code
 * generator (src/inputs/action-metadata.ts), the runner emulation, the demo and the tests. The
 * file is flat and regular (two-space keys, quoted scalar defaults), so no YAML library is needed;
 * a line it cannot place is an error rather than a silent gap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ACTION_YML = join(fileURLToPath(new URL('..', import.meta.url)), 'action.yml');

export interface ActionMetadata {
  /** Input name → its default ('' when it has none), in declaration order. */
  readonly inputs: ReadonlyMap<string, string>;
  /** Input name → its description, as action.yml words it (inputs without one are absent). */
  readonly descriptions: ReadonlyMap<string, string>;
  readonly outputs: readonly string[];
}

/**
 * A quoted scalar: 'single' ('' is a quote) or "double". A double-quoted one with a backslash
 * would need YAML's escapes, which this reader does not know: refused rather than misread.
 */
function quotedScalar(raw: string): string | null {
  const single = /^'(.*)'$/.exec(raw);
  if (single) return single[1]!.replace(/''/g, "'");
  const double = /^"([^"\\]*)"$/.exec(raw);
  return double ? double[1]! : null;
}

export function parseActionYml(text: string): ActionMetadata {
  const inputs = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const outputs: string[] = [];
  let section = '';
  let current = '';
  text.split(/\r?\n/).forEach((line, index) => {
    const top = /^([\w-]+):/.exec(line);
    if (top) {
      section = top[1]!;
      return;
    }
    if (section !== 'inputs' && section !== 'outputs') return;
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    if (name) {
      current = name[1]!;
      if (section === 'inputs') inputs.set(current, '');
      else outputs.push(current);
      return;
    }
    const field = /^ {4}([a-z-]+):\s*(.*)$/.exec(line);
    if (field && (field[1] === 'default' || field[1] === 'description') && section === 'inputs') {
      const value = quotedScalar(field[2]!);
      if (value === null) {
        throw new Error(`action.yml line ${index + 1}: quote the ${field[1]} of input "${current}" on one line`);
      }
      (field[1] === 'default' ? inputs : descriptions).set(current, value);
      return;
    }
    if (field || line.trim() === '' || line.trim().startsWith('#')) return;
    throw new Error(`action.yml line ${index + 1}: not understood: ${JSON.stringify(line)}`);
  });
  return { inputs, descriptions, outputs };
}

export function readActionYml(file = ACTION_YML): ActionMetadata {
  return parseActionYml(readFileSync(file, 'utf8'));
}

/**
 * The inputs that take one item a line: their description says so ("Multiline …", "one per
 * line"). action.yml is where a user learns it, so the program's repeatable flags follow it.
 */
export function lineInputsOf(meta: ActionMetadata): string[] {
  return [...meta.descriptions].filter(([, text]) => /^Multiline\b|\bone per line\b/.test(text)).map(([name]) => name);
}

/** The TypeScript module the action reads its defaults and output names from. */
export function renderActionMetadata(meta: ActionMetadata): string {
  const quoteList = (list: readonly string[]) => JSON.stringify(list, null, 2).replace(/"/g, "'");
  return [
    '// Generated from action.yml by scripts/generate-action-metadata.ts (run by `npm run package`).',
    '// Do not edit: change action.yml and regenerate. A unit test fails when the two differ.',
    '',
    '/** Every input action.yml declares. */',
    `export const ACTION_INPUTS = ${quoteList([...meta.inputs.keys()])} as const;`,
    '',
    "/** What each input means, as action.yml says it (the program's --help shows the first sentence). */",
    'export const ACTION_INPUT_DESCRIPTIONS: Readonly<Record<string, string>> = Object.freeze({',
    ...[...meta.descriptions].map(([name, text]) => `  ${JSON.stringify(name)}: ${JSON.stringify(text)},`),
    '});',
    '',
    '/** The inputs that take one item a line (their description says "Multiline" or "one per line"). */',
    `export const ACTION_LINE_INPUTS: readonly string[] = ${quoteList(lineInputsOf(meta))};`,
    '',
    '/** Every output action.yml declares. */',
    `export const ACTION_OUTPUTS = ${quoteList(meta.outputs)} as const;`,
    '',
  ].join('\n');
}
