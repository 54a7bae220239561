/**
 * The deploy step's health inputs: `health-url`, `health-expect`, `health-text`,
 * `health-timeout`. Read with the rest of the deploy's inputs; the rules between them and the
 * deploy's (`wait`, `environment-url`) apply only when the deploy runs.
 */
import type { InputReader } from '../../inputs/input-reader.js';
import { parseDuration } from '../../inputs/parsers.js';
import { DEFAULT_HEALTH_EXPECT, parseStatusSet, type StatusSet } from './expect.js';
import { parseHealthUrl, type HealthUrl } from './health-url.js';

export const HEALTH_INPUTS = ['health-url', 'health-expect', 'health-text', 'health-timeout'] as const;

export interface HealthInputs {
  readonly url: HealthUrl;
  readonly expect: StatusSet;
  readonly text: string | null;
  readonly timeoutMs: number;
}

/** null when `health-url` is empty (nothing is checked) or a value was refused (a problem is recorded). */
export function readHealthInputs(
  input: InputReader,
  deploy: { wait: boolean; environmentUrlGiven: boolean; selected: boolean },
): HealthInputs | null {
  const url = input.parse('health-url', parseHealthUrl);
  const expect = input.parse('health-expect', parseStatusSet) ?? parseStatusSet(DEFAULT_HEALTH_EXPECT);
  const timeoutMs = input.parse('health-timeout', parseDuration);
  // Not trimmed of inner spaces: the text is looked for as written (the reader trims its ends).
  const text = input.raw('health-text');
  if (!url) {
    for (const name of HEALTH_INPUTS.slice(1)) {
      if (input.given(name)) input.warn(`input "${name}" is set, but "health-url" is empty: nothing is checked`);
    }
    return null;
  }
  if (deploy.selected && !deploy.wait) {
    input.problem(
      'health-url',
      'is set while "wait" is false: the site can only be checked once the build is done; remove health-url, or set wait: true',
    );
  }
  if (deploy.selected && url.kind === 'url' && !deploy.environmentUrlGiven) {
    input.problem(
      'health-url',
      'is "url", the url output, but "environment-url" is empty; set environment-url, or give the URL to check',
    );
  }
  return { url, expect, text: text === '' ? null : text, timeoutMs: timeoutMs ?? 300_000 };
}
