/**
 * `health-expect`: the statuses that count as healthy, as codes and ranges, comma-separated
 * (`200`, `200-299,301`). Pure, so the grammar is tested as a table.
 */
import { quote } from '../../inputs/quote.js';

export interface StatusSet {
  /** As the user wrote it, trimmed: for the plan line and messages. */
  readonly source: string;
  /** Inclusive ranges; a single code is a range of one. */
  readonly ranges: readonly (readonly [number, number])[];
}

export const DEFAULT_HEALTH_EXPECT = '200-399';

const CODE = /^[1-5]\d\d$/;

/** Throws a message without a subject: `"20x" is not a status code; ...`. */
export function parseStatusSet(value: string): StatusSet {
  const source = value.trim();
  const items = source.split(',').map((item) => item.trim());
  if (source === '' || items.some((item) => item === '')) {
    throw new Error(`${quote(source)} has an empty item; give codes and ranges such as 200-299,301`);
  }
  const ranges = items.map((item): [number, number] => {
    const parts = item.split('-').map((p) => p.trim());
    if (parts.length > 2 || !parts.every((p) => CODE.test(p))) {
      throw new Error(
        `${quote(item)} is not a status code or range; use codes from 100 to 599, such as 200 or 200-299`,
      );
    }
    const low = Number(parts[0]);
    const high = Number(parts[1] ?? parts[0]);
    if (low > high) throw new Error(`${quote(item)} runs backwards; write the lower code first, such as 200-299`);
    return [low, high];
  });
  return { source, ranges };
}

export function statusMatches(set: StatusSet, status: number): boolean {
  return set.ranges.some(([low, high]) => status >= low && status <= high);
}
