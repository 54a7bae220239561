/**
 * The bookkeeping under readInputs: raw values with the engine's defaults (input-defaults.ts),
 * and a list of problems that parsers and rules add to, so every problem is reported in one go.
 */
import { inputDefault as defaultOf } from './input-defaults.js';
import { parseBoolean } from './parsers.js';
import type { InputGetter } from './types.js';

export interface InputReader {
  readonly problems: string[];
  readonly warnings: string[];
  /** Trimmed value, or the input's default when empty. */
  raw(name: string): string;
  /** True when the value differs from the input's default (so it was set on purpose). */
  given(name: string): boolean;
  /** Records `input "name" <text>`; `text` goes on as a sentence. */
  problem(name: string, text: string): void;
  /** Records a warning to log before the run starts. */
  warn(text: string): void;
  /** Parses a non-empty value; a parser's error becomes `input "name": <message>` and null. */
  parse<T>(name: string, parser: (value: string) => T): T | null;
  /** A boolean input; a bad value is a problem and reads as the default. */
  bool(name: string): boolean;
}

export function createReader(getInput: InputGetter): InputReader {
  const problems: string[] = [];
  const warnings: string[] = [];
  // Several rules may read one input (a step's choice and its record): each problem is said once.
  const report = (text: string) => {
    if (!problems.includes(text)) problems.push(text);
  };
  const raw = (name: string): string => (getInput(name) ?? '').trim() || defaultOf(name);
  function parse<T>(name: string, parser: (value: string) => T): T | null {
    const value = raw(name);
    if (value === '') return null;
    try {
      return parser(value);
    } catch (error) {
      report(`input "${name}": ${(error as Error).message}`);
      return null;
    }
  }
  return {
    problems,
    warnings,
    raw,
    given: (name) => raw(name) !== '' && raw(name) !== defaultOf(name),
    problem: (name, text) => report(`input "${name}" ${text}`),
    warn: (text) => warnings.push(text),
    parse,
    bool: (name) => parse(name, (v) => parseBoolean(v, false)) ?? defaultOf(name) === 'true',
  };
}
