/**
 * The secrets every action test looks for in every RunResult (with test/helpers/secret-scan.ts):
 * the password, the Basic credentials, webhook tokens and URLs, and the GitHub token must appear
 * nowhere a person or a later step can read them, and each secret input must be registered with
 * `::add-mask::`.
 */
import { FAKE_GITHUB_TOKEN, type RunResult } from '../../../scripts/runner.js';

const MASK_COMMAND = '::add-mask::';

/** Every secret form the given inputs carry, as the runner would receive them. */
export function secretsOfInputs(inputs: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  const add = (value: string | null | undefined) => {
    if (value && value.trim() !== '') found.add(value.trim());
  };
  const user = inputs['api-user-id'] ?? '';
  const password = inputs['api-password'] ?? '';
  add(password);
  if (password !== '') {
    add(`${user}:${password}`);
    add(Buffer.from(`${user}:${password}`).toString('base64'));
  }
  add(inputs['webhook-token']);
  const url = inputs['webhook-url'];
  add(url);
  if (url) {
    add(/[?&]token=([^&#]*)/.exec(url)?.[1]);
    try {
      add(new URL(url).searchParams.get('token'));
    } catch {
      // not a URL (an input-error case): the raw value is all there is
    }
  }
  add(inputs['github-token'] ?? FAKE_GITHUB_TOKEN);
  return [...found];
}

/** What the action must have registered with `::add-mask::`: every secret input as given. */
export function secretsToMask(inputs: Readonly<Record<string, string>>): string[] {
  const user = inputs['api-user-id'] ?? '';
  const password = inputs['api-password'] ?? '';
  const url = inputs['webhook-url'];
  return [
    password,
    password && user ? Buffer.from(`${user}:${password}`).toString('base64') : '',
    inputs['webhook-token'] ?? '',
    url ?? '',
    inputs['github-token'] ?? FAKE_GITHUB_TOKEN,
  ].filter((s) => s.trim() !== '');
}

/** A secret shown in a failure message without giving it away. */
export function hint(secret: string): string {
  return `${secret.slice(0, 3)}… (${secret.length} chars)`;
}

/** Secrets that were not registered with `::add-mask::` (so the runner would not mask them in logs). */
export function findUnmasked(result: RunResult, secrets: readonly string[]): string[] {
  const masked = new Set(
    result.stdout
      .split(/\r?\n/)
      .filter((line) => line.startsWith(MASK_COMMAND))
      .map((line) => line.slice(MASK_COMMAND.length)),
  );
  return secrets.filter((s) => !masked.has(s)).map(hint);
}
