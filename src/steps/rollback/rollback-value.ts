/** The `rollback` input: `previous`, or the id of the workflow run whose kept archive to upload again. */
import { quote } from '../../inputs/parsers.js';
import type { Want } from '../../github/pick-kept.js';

export type RollbackWant = Extract<Want, { kind: 'previous' } | { kind: 'run' }>;

export function parseRollback(value: string): RollbackWant {
  const v = value.trim();
  if (v.toLowerCase() === 'previous') return { kind: 'previous' };
  if (/^[1-9][0-9]{0,15}$/.test(v)) return { kind: 'run', runId: Number(v) };
  throw new Error(
    `${quote(value)} is neither "previous" nor a workflow run id (a positive whole number, as in the run's URL .../actions/runs/{id})`,
  );
}
