/**
 * Every secret the inputs hold, in every form it may take on the wire or in a log, for main
 * to mask and for outputs to refuse.
 */
import type { InputGetter } from './types.js';

/**
 * Raw values, the Basic credentials, the webhook URL and its token (decoded and encoded), the
 * GitHub token and the key kept archives are signed with.
 * Reads the raw inputs, not `Inputs`, so main can mask them before validation and even when it
 * fails. Longest first, so a redactor replacing in order never leaves part of a longer secret.
 */
export function secretValues(getInput: InputGetter): string[] {
  const raw = (name: string) => (getInput(name) ?? '').trim();
  const found = new Set<string>();
  const add = (value: string | null | undefined) => {
    if (value) found.add(value);
  };
  const userId = raw('api-user-id');
  const password = raw('api-password');
  add(userId);
  add(password);
  if (userId !== '' || password !== '') add(Buffer.from(`${userId}:${password}`).toString('base64'));
  const token = raw('webhook-token');
  add(token);
  add(encodeURIComponent(token));
  const webhookUrl = raw('webhook-url');
  add(webhookUrl);
  add(/[?&]token=([^&#]*)/.exec(webhookUrl)?.[1]);
  try {
    const url = new URL(webhookUrl);
    add(url.href);
    const urlToken = url.searchParams.get('token');
    add(urlToken);
    if (urlToken) add(encodeURIComponent(urlToken));
  } catch {
    // not a URL: the raw value above is all there is to mask
  }
  add(raw('github-token'));
  add(raw('archive-key'));
  return [...found].sort((a, b) => b.length - a.length);
}
