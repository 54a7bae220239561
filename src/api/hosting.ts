/**
 * Typed methods of the hosting management API, one per row of routes.ts, plus `iterate*`
 * helpers that walk every page of a list (following `next`).
 */
import type { CallOptions, Requester } from './request.js';
import { routes, type RouteDef } from './routes.js';
import type {
  AccountLimits,
  AccountUser,
  Archive,
  Domain,
  DomainStatusReport,
  Install,
  InstallCopyAnswer,
  InstallCopyRequest,
  InstallEnvironment,
  NewAccountUser,
  Page,
  PageQuery,
  Site,
  SiteTransfer,
  SshKey,
  SslOrder,
  ThirdPartyCertificate,
} from './types.js';
import { walkLinkedPages } from './paginate.js';
import { readDomain, readInstallCopy } from './read-answer.js';
import { resolvePageLink } from './url.js';

export interface AccountFilter extends PageQuery {
  account_id?: string;
}

export interface NewDomain {
  name: string;
  primary?: boolean;
  redirect_to?: string;
}

export interface InstallUpdate {
  site_id?: string;
  environment?: InstallEnvironment;
}

export interface AccountUserCreated {
  message: string;
  account_user: AccountUser;
}

export function hostingMethods(call: Requester, base: () => URL) {
  async function get<T>(route: RouteDef, params: Record<string, string>, query: object = {}, o?: CallOptions) {
    const res = await call({ route, params, query: query as Record<string, string | number>, signal: o?.signal });
    return res.data as T;
  }
  async function send<T>(route: RouteDef, params: Record<string, string>, json: unknown, o?: CallOptions) {
    const res = await call({ route, params, json, signal: o?.signal });
    return res.data as T;
  }
  /** Walks a hosting list from its first page, following `next` links against the hosting base. */
  function walk<T>(route: RouteDef, params: Record<string, string>, query: object, o?: CallOptions) {
    return walkLinkedPages<T>(
      () => get<Page<T>>(route, params, query, o),
      async (link) => (await call({ route, url: resolvePageLink(base(), link), signal: o?.signal })).data as Page<T>,
    );
  }

  return {
    listInstalls: (q: AccountFilter = {}, o?: CallOptions) => get<Page<Install>>(routes.listInstalls, {}, q, o),
    iterateInstalls: (q: AccountFilter = {}, o?: CallOptions) => walk<Install>(routes.listInstalls, {}, q, o),
    updateInstall: (installId: string, update: InstallUpdate, o?: CallOptions) =>
      send<Install>(routes.updateInstall, { install_id: installId }, update, o),

    listArchives: (installId: string, q: PageQuery = {}, o?: CallOptions) =>
      get<Page<Archive>>(routes.listArchives, { install_id: installId }, q, o),
    iterateArchives: (installId: string, q: PageQuery = {}, o?: CallOptions) =>
      walk<Archive>(routes.listArchives, { install_id: installId }, q, o),

    /** Accepted whatever the body (`{id, status}`, `{}`, none); the id only when one came back. */
    createInstallCopy: async (request: InstallCopyRequest, o?: CallOptions): Promise<InstallCopyAnswer> =>
      readInstallCopy(await send<unknown>(routes.createInstallCopy, {}, request, o)),

    createDomain: (installId: string, domain: NewDomain, o?: CallOptions) =>
      send<Domain>(routes.createDomain, { install_id: installId }, domain, o),
    listDomains: (installId: string, q: PageQuery = {}, o?: CallOptions) =>
      get<Page<Domain>>(routes.listDomains, { install_id: installId }, q, o),
    iterateDomains: (installId: string, q: PageQuery = {}, o?: CallOptions) =>
      walk<Domain>(routes.listDomains, { install_id: installId }, q, o),
    getDomain: (installId: string, domainId: string, o?: CallOptions) =>
      get<Domain>(routes.getDomain, { install_id: installId, domain_id: domainId }, {}, o),
    /** The spec does not show the answer: the Domain when it is one, else undefined (verified all the same). */
    verifyDomain: async (installId: string, domainId: string, o?: CallOptions): Promise<Domain | undefined> =>
      readDomain(
        await send<unknown>(routes.verifyDomain, { install_id: installId, domain_id: domainId }, undefined, o),
      ),
    getDomainStatusReport: (installId: string, reportId: string, o?: CallOptions) =>
      get<DomainStatusReport>(routes.getDomainStatusReport, { install_id: installId, report_id: reportId }, {}, o),
    orderSslCertificate: async (installId: string, domainId: string, order: SslOrder, o?: CallOptions) => {
      await send<unknown>(routes.orderSslCertificate, { install_id: installId, domain_id: domainId }, order, o);
    },
    createThirdPartyCertificate: (installId: string, cert: ThirdPartyCertificate, o?: CallOptions) =>
      send<ThirdPartyCertificate>(routes.createThirdPartyCertificate, { install_id: installId }, cert, o),

    createSite: (site: { name: string; account_id: string }, o?: CallOptions) =>
      send<Site>(routes.createSite, {}, site, o),
    listSites: (q: AccountFilter = {}, o?: CallOptions) => get<Page<Site>>(routes.listSites, {}, q, o),
    iterateSites: (q: AccountFilter = {}, o?: CallOptions) => walk<Site>(routes.listSites, {}, q, o),

    getSiteTransfer: (siteId: string, transferId: string, o?: CallOptions) =>
      get<SiteTransfer>(routes.getSiteTransfer, { site_id: siteId, transfer_id: transferId }, {}, o),
    listSiteTransfers: (accountId: string, q: PageQuery = {}, o?: CallOptions) =>
      get<Page<SiteTransfer>>(routes.listSiteTransfers, { account_id: accountId }, q, o),
    iterateSiteTransfers: (accountId: string, q: PageQuery = {}, o?: CallOptions) =>
      walk<SiteTransfer>(routes.listSiteTransfers, { account_id: accountId }, q, o),

    /** The body is `{user: {...}}` on the wire. */
    createAccountUser: (accountId: string, user: NewAccountUser, o?: CallOptions) =>
      send<AccountUserCreated>(routes.createAccountUser, { account_id: accountId }, { user }, o),
    /** Not paginated: the service answers `{results: [...]}` without an envelope. */
    listAccountUsers: async (accountId: string, o?: CallOptions) =>
      (await get<{ results: AccountUser[] }>(routes.listAccountUsers, { account_id: accountId }, {}, o)).results ?? [],
    getAccountLimits: (accountId: string, o?: CallOptions) =>
      get<AccountLimits>(routes.getAccountLimits, { account_id: accountId }, {}, o),

    listSshKeys: (q: PageQuery = {}, o?: CallOptions) => get<Page<SshKey>>(routes.listSshKeys, {}, q, o),
    iterateSshKeys: (q: PageQuery = {}, o?: CallOptions) => walk<SshKey>(routes.listSshKeys, {}, q, o),
  };
}

export type HostingMethods = ReturnType<typeof hostingMethods>;
