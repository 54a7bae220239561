/**
 * The route table: one row per operation of the spec, shared by the client (which builds
 * typed methods over it) and the emulator (which checks that every row has a handler and
 * rejects query parameters and body fields a row does not name, as the real service does).
 */

export type Api = 'hosting' | 'headless';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Auth = 'basic' | 'token';

export interface RouteDef {
  /** Which base URL the path hangs off: `api-url` (hosting) or `headless-api-url`. */
  readonly api: Api;
  readonly method: Method;
  /** Path template; `{name}` is one path segment (or the part of one before a `:verb`). */
  readonly path: string;
  /** Query parameters the service accepts; any other one is a 400. */
  readonly query: readonly string[];
  /** Top-level JSON body fields the service accepts; `null` when the request has no JSON body. */
  readonly body: readonly string[] | null;
  readonly auth: Auth;
  /** True when repeating the request cannot double an effect (see src/api/retry-policy.ts). */
  readonly idempotent: boolean;
  /**
   * What a success may carry: JSON (or nothing), or also a short plain text (a webhook trigger,
   * whose answer the spec does not show). An HTML page is never the API's answer.
   */
  readonly answer: 'json' | 'json-or-text';
}

const PAGE = ['limit', 'offset'] as const;
const HEADLESS_PAGE = ['pageSize', 'pageToken'] as const;

function row(
  api: Api,
  spec: `${Method} ${string}`,
  opts: {
    query?: readonly string[];
    body?: readonly string[] | null;
    auth?: Auth;
    idempotent?: boolean;
    answer?: RouteDef['answer'];
  } = {},
): RouteDef {
  const [method, path] = spec.split(' ') as [Method, string];
  return {
    api,
    method,
    path,
    query: opts.query ?? [],
    body: opts.body ?? null,
    auth: opts.auth ?? 'basic',
    idempotent: opts.idempotent ?? (method === 'GET' || method === 'PATCH' || method === 'DELETE'),
    answer: opts.answer ?? 'json',
  };
}

export const routes = {
  // Hosting management API ({api-url}/v1)
  listInstalls: row('hosting', 'GET /v1/installs', { query: [...PAGE, 'account_id'] }),
  updateInstall: row('hosting', 'PATCH /v1/installs/{install_id}', { body: ['site_id', 'environment'] }),
  listArchives: row('hosting', 'GET /v1/installs/{install_id}/archives', { query: PAGE }),
  createInstallCopy: row('hosting', 'POST /v1/install_copy', {
    body: ['source_environment_id', 'destination_environment_id', 'notification_emails', 'custom_options'],
  }),
  createDomain: row('hosting', 'POST /v1/installs/{install_id}/domains', { body: ['name', 'primary', 'redirect_to'] }),
  listDomains: row('hosting', 'GET /v1/installs/{install_id}/domains', { query: PAGE }),
  getDomain: row('hosting', 'GET /v1/installs/{install_id}/domains/{domain_id}'),
  // Verifying twice leaves the domain verified: safe to repeat.
  verifyDomain: row('hosting', 'POST /v1/installs/{install_id}/domains/{domain_id}/verification', {
    idempotent: true,
  }),
  getDomainStatusReport: row('hosting', 'GET /v1/installs/{install_id}/domains/check_status/{report_id}'),
  orderSslCertificate: row('hosting', 'POST /v1/installs/{install_id}/domains/{domain_id}/ssl_certificate', {
    body: ['email_address', 'given_name', 'family_name', 'region_code', 'state', 'city', 'phone'],
  }),
  // Uploading the same certificate again replaces it with itself: safe to repeat.
  createThirdPartyCertificate: row('hosting', 'POST /v1/installs/{install_id}/ssl_certificates/third_party', {
    body: ['certificate', 'private_key'],
    idempotent: true,
  }),
  createSite: row('hosting', 'POST /v1/sites', { body: ['name', 'account_id'] }),
  listSites: row('hosting', 'GET /v1/sites', { query: [...PAGE, 'account_id'] }),
  getSiteTransfer: row('hosting', 'GET /v1/sites/{site_id}/site_transfers/{transfer_id}'),
  listSiteTransfers: row('hosting', 'GET /v1/accounts/{account_id}/site_transfers', { query: PAGE }),
  createAccountUser: row('hosting', 'POST /v1/accounts/{account_id}/account_users', { body: ['user'] }),
  listAccountUsers: row('hosting', 'GET /v1/accounts/{account_id}/account_users'),
  getAccountLimits: row('hosting', 'GET /v1/accounts/{account_id}/limits'),
  listSshKeys: row('hosting', 'GET /v1/ssh_keys', { query: PAGE }),

  // Headless application API ({headless-api-url})
  createApp: row('headless', 'POST /v1/accounts/{account}/apps', { query: ['appId'], body: ['region', 'uploadable'] }),
  listApps: row('headless', 'GET /v1/accounts/{account}/apps', { query: HEADLESS_PAGE }),
  getApp: row('headless', 'GET /v1/accounts/{account}/apps/{app}'),
  deleteApp: row('headless', 'DELETE /v1/accounts/{account}/apps/{app}'),
  createEnvironment: row('headless', 'POST /v1/accounts/{account}/apps/{app}/environments', {
    body: ['displayName', 'branch', 'cmsEnvironment', 'shellVariables'],
  }),
  listEnvironments: row('headless', 'GET /v1/accounts/{account}/apps/{app}/environments', { query: HEADLESS_PAGE }),
  getEnvironment: row('headless', 'GET /v1/accounts/{account}/apps/{app}/environments/{environment}'),
  patchEnvironment: row('headless', 'PATCH /v1/accounts/{account}/apps/{app}/environments/{environment}', {
    query: ['updateMask'],
    body: ['displayName', 'branch', 'cmsEnvironment', 'shellVariables'],
  }),
  deleteEnvironment: row('headless', 'DELETE /v1/accounts/{account}/apps/{app}/environments/{environment}'),
  // A repeated upload deploys the same zip again: the end state is the same, so it may be retried.
  uploadEnvironment: row('headless', 'POST /fu/v1/accounts/{account}/apps/{app}/environments/{environment}:upload', {
    idempotent: true,
  }),
  getOperation: row(
    'headless',
    'GET /v1/accounts/{account}/apps/{app}/environments/{environment}/operations/{operation}',
  ),
  triggerWebhook: row(
    'headless',
    'POST /wh/v1/accounts/{account}/apps/{app}/environments/{environment}/webhooks/webhook:{action}',
    { query: ['token'], auth: 'token', answer: 'json-or-text' },
  ),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

/** Builds a concrete path from a template, percent-encoding each parameter. */
export function buildPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}

/** Compiles a path template into a matcher that returns the decoded parameters, or null. */
export function compilePath(template: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (m) {
        names.push(m[1]!);
        return '([^/:]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const re = new RegExp(`^${source}$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    const out: Record<string, string> = {};
    try {
      names.forEach((n, i) => {
        out[n] = decodeURIComponent(m[i + 1]!);
      });
    } catch {
      return null; // a malformed percent-escape matches no route
    }
    return out;
  };
}
