/**
 * Typed methods of the hosting management API, one per row of routes.ts, plus `iterate*`
 * helpers that walk every page of a list (following `next`).
 */
import type { CallOptions, Requester } from './request.js';
import type { AccountLimits, AccountUser, Archive, Domain, DomainStatusReport, Install, InstallCopyAnswer, InstallCopyRequest, InstallEnvironment, NewAccountUser, Page, PageQuery, Site, SiteTransfer, SshKey, SslOrder, ThirdPartyCertificate } from './types.js';
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
export declare function hostingMethods(call: Requester, base: () => URL): {
    listInstalls: (q?: AccountFilter, o?: CallOptions) => Promise<Page<Install>>;
    iterateInstalls: (q?: AccountFilter, o?: CallOptions) => AsyncGenerator<Install, void, undefined>;
    updateInstall: (installId: string, update: InstallUpdate, o?: CallOptions) => Promise<Install>;
    listArchives: (installId: string, q?: PageQuery, o?: CallOptions) => Promise<Page<Archive>>;
    iterateArchives: (installId: string, q?: PageQuery, o?: CallOptions) => AsyncGenerator<Archive, void, undefined>;
    /** Accepted whatever the body (`{id, status}`, `{}`, none); the id only when one came back. */
    createInstallCopy: (request: InstallCopyRequest, o?: CallOptions) => Promise<InstallCopyAnswer>;
    createDomain: (installId: string, domain: NewDomain, o?: CallOptions) => Promise<Domain>;
    listDomains: (installId: string, q?: PageQuery, o?: CallOptions) => Promise<Page<Domain>>;
    iterateDomains: (installId: string, q?: PageQuery, o?: CallOptions) => AsyncGenerator<Domain, void, undefined>;
    getDomain: (installId: string, domainId: string, o?: CallOptions) => Promise<Domain>;
    /** The spec does not show the answer: the Domain when it is one, else undefined (verified all the same). */
    verifyDomain: (installId: string, domainId: string, o?: CallOptions) => Promise<Domain | undefined>;
    getDomainStatusReport: (installId: string, reportId: string, o?: CallOptions) => Promise<DomainStatusReport>;
    orderSslCertificate: (installId: string, domainId: string, order: SslOrder, o?: CallOptions) => Promise<void>;
    createThirdPartyCertificate: (installId: string, cert: ThirdPartyCertificate, o?: CallOptions) => Promise<ThirdPartyCertificate>;
    createSite: (site: {
        name: string;
        account_id: string;
    }, o?: CallOptions) => Promise<Site>;
    listSites: (q?: AccountFilter, o?: CallOptions) => Promise<Page<Site>>;
    iterateSites: (q?: AccountFilter, o?: CallOptions) => AsyncGenerator<Site, void, undefined>;
    getSiteTransfer: (siteId: string, transferId: string, o?: CallOptions) => Promise<SiteTransfer>;
    listSiteTransfers: (accountId: string, q?: PageQuery, o?: CallOptions) => Promise<Page<SiteTransfer>>;
    iterateSiteTransfers: (accountId: string, q?: PageQuery, o?: CallOptions) => AsyncGenerator<SiteTransfer, void, undefined>;
    /** The body is `{user: {...}}` on the wire. */
    createAccountUser: (accountId: string, user: NewAccountUser, o?: CallOptions) => Promise<AccountUserCreated>;
    /** Not paginated: the service answers `{results: [...]}` without an envelope. */
    listAccountUsers: (accountId: string, o?: CallOptions) => Promise<AccountUser[]>;
    getAccountLimits: (accountId: string, o?: CallOptions) => Promise<AccountLimits>;
    listSshKeys: (q?: PageQuery, o?: CallOptions) => Promise<Page<SshKey>>;
    iterateSshKeys: (q?: PageQuery, o?: CallOptions) => AsyncGenerator<SshKey, void, undefined>;
};
export type HostingMethods = ReturnType<typeof hostingMethods>;
