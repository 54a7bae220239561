/**
 * `health-url`: the URL the health check asks. Either a template with the placeholders of
 * `environment-url` (filled in and checked by the same rules: https, plain http only to a
 * loopback host), or the word `url`: the `url` output, `environment-url` filled in.
 */
import { fillUrlTemplate, parseUrlTemplate, type UrlTemplate, type UrlValues } from '../environment-url.js';

export type HealthUrl = { readonly kind: 'url' } | { readonly kind: 'template'; readonly template: UrlTemplate };

export function parseHealthUrl(value: string): HealthUrl {
  const v = value.trim();
  if (v.toLowerCase() === 'url') return { kind: 'url' };
  return { kind: 'template', template: parseUrlTemplate(v) };
}

/** The URL to check; `environmentUrl` is the `url` output (null when it was not set). Throws a message without a subject. */
export function resolveHealthUrl(health: HealthUrl, values: UrlValues, environmentUrl: string | null): string {
  if (health.kind === 'template') return fillUrlTemplate(health.template, values);
  if (environmentUrl === null) throw new Error('is "url", but the url output was not set (environment-url gave none)');
  return environmentUrl;
}

/** For the plan line. */
export function describeHealthUrl(health: HealthUrl): string {
  return health.kind === 'url' ? 'the environment URL' : health.template.source;
}
