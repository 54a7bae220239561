/**
 * The bookkeeping under readInputs: raw values with action.yml's defaults, and a list of
 * problems that parsers and rules add to, so every problem is reported in one go.
 */
import { parseBoolean } from './util/parse.js';
import type { InputGetter } from './inputs-types.js';

/** The defaults of action.yml, applied here too so a run without the runner behaves the same. */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.freeze({
  region: 'US-C',
  'create-missing': 'true',
  path: '.',
  'compression-level': '6',
  wait: 'true',
  timeout: '30m',
  'copy-files': 'true',
  'copy-database': 'true',
  'dry-run': 'false',
  'github-deployment': 'false',
});

export interface InputReader {
  readonly problems: string[];
  /** Trimmed value, or the action.yml default when empty. */
  raw(name: string): string;
  /** Records `input "name" <text>`; `text` goes on as a sentence. */
  problem(name: string, text: string): void;
  /** Parses a non-empty value; a parser's error becomes `input "name": <message>` and null. */
  parse<T>(name: string, parser: (value: string) => T): T | null;
  /** A boolean input; a bad value is a problem and reads as the default. */
  bool(name: string): boolean;
}

export function createReader(getInput: InputGetter): InputReader {
  const problems: string[] = [];
  const raw = (name: string): string => (getInput(name) ?? '').trim() || (INPUT_DEFAULTS[name] ?? '');
  function parse<T>(name: string, parser: (value: string) => T): T | null {
    const value = raw(name);
    if (value === '') return null;
    try {
      return parser(value);
    } catch (error) {
      problems.push(`input "${name}": ${(error as Error).message}`);
      return null;
    }
  }
  return {
    problems,
    raw,
    problem: (name, text) => problems.push(`input "${name}" ${text}`),
    parse,
    bool: (name) => parse(name, (v) => parseBoolean(v, false)) ?? INPUT_DEFAULTS[name] === 'true',
  };
}
