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
  readonly outputs: readonly string[];
}

export function parseActionYml(text: string): ActionMetadata {
  const inputs = new Map<string, string>();
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
    if (field && field[1] === 'default' && section === 'inputs') {
      const quoted = /^'(.*)'$/.exec(field[2]!) ?? /^"(.*)"$/.exec(field[2]!);
      if (!quoted) throw new Error(`action.yml line ${index + 1}: quote the default of input "${current}"`);
      inputs.set(current, quoted[1]!.replace(/''/g, "'"));
      return;
    }
    if (field || line.trim() === '' || line.trim().startsWith('#')) return;
    throw new Error(`action.yml line ${index + 1}: not understood: ${JSON.stringify(line)}`);
  });
  return { inputs, outputs };
}

export function readActionYml(file = ACTION_YML): ActionMetadata {
  return parseActionYml(readFileSync(file, 'utf8'));
}

/** The TypeScript module the action reads its defaults and output names from. */
export function renderActionMetadata(meta: ActionMetadata): string {
  const defaults = [...meta.inputs].filter(([, value]) => value !== '');
  return [
    '// Generated from action.yml by scripts/generate-action-metadata.ts (run by `npm run package`).',
    '// Do not edit: change action.yml and regenerate. A unit test fails when the two differ.',
    '',
    '/** Every input action.yml declares. */',
    `export const ACTION_INPUTS = ${JSON.stringify([...meta.inputs.keys()], null, 2).replace(/"/g, "'")} as const;`,
    '',
    '/** The defaults action.yml gives; the runner passes them, and a run without the runner gets the same. */',
    'export const ACTION_INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.freeze({',
    ...defaults.map(([name, value]) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)},`),
    '});',
    '',
    '/** Every output action.yml declares. */',
    `export const ACTION_OUTPUTS = ${JSON.stringify(meta.outputs, null, 2).replace(/"/g, "'")} as const;`,
    '',
  ].join('\n');
}
