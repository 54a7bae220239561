/**
 * Operation names (`accounts/{a}/apps/{app}/environments/{id}/operations/{op}`) into route
 * parameters. A file of its own, apart from headless.ts, because the wait step's input rule uses
 * it: what reading the inputs needs must not bring the client (and undici) along.
 */
import { compilePath, routes } from './routes.js';
import { quoteUntrusted, UnsafeUrlError } from './url.js';

const matchOperation = compilePath(routes.getOperation.path);

/**
 * Splits `accounts/a/apps/b/environments/c/operations/d` into route parameters. The name comes
 * from the server (or an input): a `.` or `..` segment, which the URL standard would resolve
 * out of the API's path, is refused like any other name of the wrong form.
 */
export function parseOperationName(name: string): Record<string, string> {
  const params = matchOperation(`/v1/${name}`);
  if (!params || Object.values(params).some((v) => v === '.' || v === '..')) {
    throw new UnsafeUrlError(
      `operation name ${quoteUntrusted(name)} is not of the form accounts/{account}/apps/{app}/environments/{id}/operations/{operation}; no request was sent`,
    );
  }
  return params;
}

/**
 * The name the spec gives the operation of an upload (and of an environment's creation): it
 * stands for the environment's latest operation. An upload answered without an operation is
 * followed by this name.
 */
export function uploadOperationName(ref: { account: string; app: string; environment: string }): string {
  return `accounts/${ref.account}/apps/${ref.app}/environments/${ref.environment}/operations/no_build`;
}
