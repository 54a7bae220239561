/**
 * When `skip-without-credentials: true` turns a run into a skip. GitHub passes no secrets to
 * workflows run for pull requests from forks (nor to Dependabot's), so every secret input is
 * empty there; a run that cannot work then ends as `skipped` instead of failing the check.
 *
 * The rule, precisely:
 * - the credentials a step needs are the secret inputs among its needs: deploy, install copy
 *   and delete need api-user-id and api-password; a webhook by parts needs webhook-token; a
 *   webhook by URL is chosen by a non-empty webhook-url, so it always has what it needs;
 * - the run is skipped when every credential the chosen steps need is empty;
 * - when no step is chosen, it is skipped when every secret input is empty (an empty
 *   webhook-url secret turns its own step off);
 * - when some credentials are given and others are empty, it is not a fork's run but a
 *   mistake: the usual input error names the empty ones.
 * Other input problems are reported all the same: they would fail the run on any branch.
 */
import type { AnyStep } from '../step-kit/step.js';
import type { InputReader } from '../inputs/input-reader.js';

export const CREDENTIAL_INPUTS: readonly string[] = ['api-user-id', 'api-password', 'webhook-token', 'webhook-url'];

/** The credential inputs the chosen steps need; every credential input when none is chosen. */
export function neededCredentials(input: InputReader, chosen: readonly AnyStep[]): string[] {
  if (chosen.length === 0) return [...CREDENTIAL_INPUTS];
  const needed = chosen.flatMap((step) => step.needs(input)).map((n) => (typeof n === 'string' ? n : n.input));
  return CREDENTIAL_INPUTS.filter(
    (name) => needed.includes(name) || (name === 'webhook-url' && input.raw(name) !== ''),
  );
}

/** Why the run is skipped, or null when it is not. Pure. */
export function skipReason(input: InputReader, chosen: readonly AnyStep[]): string | null {
  if (!input.bool('skip-without-credentials')) return null;
  const needed = neededCredentials(input, chosen);
  if (needed.length === 0 || needed.some((name) => input.raw(name) !== '')) return null;
  const what = chosen.length === 0 ? 'no step can run' : `${chosen.map((s) => s.name).join(' and ')} needs them`;
  return (
    `skipped: ${needed.map((n) => `"${n}"`).join(', ')} ${needed.length === 1 ? 'is' : 'are'} empty and ${what} ` +
    '(secrets are not passed to workflows run for pull requests from forks); skip-without-credentials is true, so nothing was done'
  );
}
