/**
 * `environment-url`: a template of the environment's public URL. `{app}`, `{environment}` (the
 * display name) and `{environment-id}` are filled in, each URL-encoded, so a display name can
 * add characters to the URL but never a new path segment, query or host. The result must be
 * https (plain http only to loopback hosts), by the same rules as the API base URLs.
 */
import { checkSecureUrl, isLoopbackHost } from '../api/url.js';
import { quote } from '../inputs/parsers.js';

export const URL_PLACEHOLDERS = ['app', 'environment', 'environment-id'] as const;
export type UrlPlaceholder = (typeof URL_PLACEHOLDERS)[number];
export type UrlValues = Readonly<Record<UrlPlaceholder, string>>;

export interface UrlTemplate {
  readonly source: string;
  /** The placeholders it uses: `{environment-id}` cannot be filled before the environment exists. */
  readonly uses: readonly UrlPlaceholder[];
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Checks the template with stand-in values; throws a message without a subject. */
export function parseUrlTemplate(value: string): UrlTemplate {
  const source = value.trim();
  const uses = new Set<UrlPlaceholder>();
  for (const [, name] of source.matchAll(PLACEHOLDER)) {
    if (!(URL_PLACEHOLDERS as readonly string[]).includes(name!)) {
      throw new Error(
        `has an unknown placeholder ${quote(`{${name}}`)}; use ${URL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
      );
    }
    uses.add(name as UrlPlaceholder);
  }
  if (/[{}]/.test(source.replace(PLACEHOLDER, ''))) throw new Error('has an unmatched "{" or "}"');
  const template = { source, uses: [...uses] };
  fillUrlTemplate(template, { app: 'app', environment: 'environment', 'environment-id': 'id' });
  return template;
}

/** Fills the template in; throws (a message without a subject) when the result is no safe URL. */
export function fillUrlTemplate(template: UrlTemplate, values: UrlValues): string {
  const filled = template.source.replace(PLACEHOLDER, (_m, name: UrlPlaceholder) => encodeURIComponent(values[name]));
  const url = checkSecureUrl(filled.replace(/^http:/i, 'https:'));
  // The API's rule, worded for a link people open rather than one credentials travel on.
  if (/^http:/i.test(filled) && !isLoopbackHost(url.hostname)) {
    throw new Error(
      `uses plain http to ${url.hostname}; give the https URL (plain http only for localhost, 127.0.0.0/8 and ::1)`,
    );
  }
  // The template as the user wrote it, filled in: a parsed URL's href would add a slash to a bare
  // host or change its case, and the output would no longer be what the user wrote.
  checkSecureUrl(filled);
  return filled;
}
