/**
 * Redaction of secrets from text that may reach a person: error messages, log lines, server
 * messages echoed back. Known secrets are replaced wherever they appear (as given, URL-encoded,
 * and — for a user id/password pair — as the base64 of a Basic credential), and every
 * `token=` query value is replaced whether or not it is known. Each form is also looked for as
 * markdown escapes it (src/util/markdown.ts), for the job summary and the PR comment.
 */
import { escapeMarkdown } from './markdown.js';

export const REDACTED = '***';

/** Secrets shorter than this are left alone: replacing one- or two-letter strings would shred text. */
const MIN_SECRET_LENGTH = 3;

// Matches `token=` and `…_token=` alike; the value runs to the next separator.
const TOKEN_QUERY = /(token=)[^&#\s"'<>]*/gi;

/** Replaces the value of every `token=` query parameter (and `token=` in free text) with `***`. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_QUERY, `$1${REDACTED}`);
}

/** A function that redacts the given secrets and every `token=` value from a string. */
export type Redactor = (text: string) => string;

/**
 * Builds a redactor for a set of secrets. `basic` pairs (user id, password) add the
 * `user:password` string and its base64 form, which is what travels in an Authorization header.
 */
export function createRedactor(secrets: readonly (string | undefined)[], basic?: [string, string]): Redactor {
  const forms = new Set<string>();
  const add = (s: string | undefined) => {
    if (!s || s.length < MIN_SECRET_LENGTH) return;
    for (const form of new Set([s, encodeURIComponent(s)])) {
      forms.add(form);
      // The summary and the PR comment are redacted once rendered: a secret in them is escaped
      // (sec\_ret), and GitHub shows it unescaped. Some escapes depend on where the text starts
      // (a leading `- `), so both forms: alone, and in the middle of a sentence.
      forms.add(escapeMarkdown(form));
      forms.add(escapeMarkdown(`x ${form}`).slice(2));
    }
  };
  secrets.forEach(add);
  if (basic) {
    const pair = `${basic[0]}:${basic[1]}`;
    add(pair);
    add(Buffer.from(pair, 'utf8').toString('base64'));
  }
  // Longest first, so a secret that contains another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = redactTokens(text);
    for (const s of ordered) out = out.split(s).join(REDACTED);
    return out;
  };
}

/** One-off redaction: `redact(text, [password, token])`. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  return createRedactor(secrets)(text);
}
