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
export declare const routes: {
    readonly listInstalls: RouteDef;
    readonly updateInstall: RouteDef;
    readonly listArchives: RouteDef;
    readonly createInstallCopy: RouteDef;
    readonly createDomain: RouteDef;
    readonly listDomains: RouteDef;
    readonly getDomain: RouteDef;
    readonly verifyDomain: RouteDef;
    readonly getDomainStatusReport: RouteDef;
    readonly orderSslCertificate: RouteDef;
    readonly createThirdPartyCertificate: RouteDef;
    readonly createSite: RouteDef;
    readonly listSites: RouteDef;
    readonly getSiteTransfer: RouteDef;
    readonly listSiteTransfers: RouteDef;
    readonly createAccountUser: RouteDef;
    readonly listAccountUsers: RouteDef;
    readonly getAccountLimits: RouteDef;
    readonly listSshKeys: RouteDef;
    readonly createApp: RouteDef;
    readonly listApps: RouteDef;
    readonly getApp: RouteDef;
    readonly deleteApp: RouteDef;
    readonly createEnvironment: RouteDef;
    readonly listEnvironments: RouteDef;
    readonly getEnvironment: RouteDef;
    readonly patchEnvironment: RouteDef;
    readonly deleteEnvironment: RouteDef;
    readonly uploadEnvironment: RouteDef;
    readonly getOperation: RouteDef;
    readonly triggerWebhook: RouteDef;
};
export type RouteName = keyof typeof routes;
/** Builds a concrete path from a template, percent-encoding each parameter. */
export declare function buildPath(template: string, params: Readonly<Record<string, string>>): string;
/** Compiles a path template into a matcher that returns the decoded parameters, or null. */
export declare function compilePath(template: string): (path: string) => Record<string, string> | null;
