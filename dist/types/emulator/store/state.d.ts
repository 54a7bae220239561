/**
 * The emulator's in-memory state: plain records, one collection per resource. Handlers hold the
 * domain rules; this file only holds the data and how it is built from a seed.
 */
import type { ShellVariable } from '../types/headless.js';
import type { AccountLimits, AccountUser, ArchiveState, DomainNetworkDetails, InstallEnvironment, InstallStatus, NetworkType, OwnershipStatus, SiteTransferStatus, UserRole } from '../types/hosting.js';
export interface AccountRec {
    id: string;
    name: string;
    limits: AccountLimits;
}
/** An API credential (what HTTP Basic carries), tied to one account with a role. */
export interface CredentialRec {
    userId: string;
    password: string;
    accountId: string;
    roles: UserRole;
    /** Installs a partial user may see; ignored for other roles. */
    installIds: string[];
}
/** A user as kept: what the API shows but `last_owner`, which the view works out from the others. */
export type AccountUserRec = Omit<AccountUser, 'last_owner'>;
export interface SiteRec {
    id: string;
    name: string;
    account_id: string;
    group_name: string | null;
    tags: string[];
    created_at: string;
    sandbox: boolean;
    transferable: boolean;
}
export interface InstallRec {
    id: string;
    name: string;
    account_id: string;
    site_id: string | null;
    environment: InstallEnvironment | null;
    php_version: string;
    status: InstallStatus;
    /** While status is pending: the emulator time (ms) at which it becomes active. */
    active_at: number | null;
    cname: string;
    stable_ips: string[];
    primary_domain: string;
    is_multisite: boolean;
    created_at: string;
    cms_version: string;
    defer_cms_upgrades_until: string | null;
}
/** A domain; what the view derives when absent (network_details, defaults) is optional here. */
export interface DomainRec {
    id: string;
    install_id: string;
    name: string;
    duplicate: boolean;
    primary: boolean;
    network_type?: NetworkType;
    /** Derived from the install and the ownership state unless set. */
    network_details?: DomainNetworkDetails;
    redirects_to?: {
        id: string;
        name: string;
    }[];
    secure_all_urls: boolean;
    txt_verified_time?: string | null;
    txt_verified_domain?: string | null;
    txt_verification_key?: string | null;
    txt_verification_value?: string | null;
    ownership_status?: OwnershipStatus;
    created_at: string;
}
export interface ArchiveRec {
    id: string;
    install_id: string;
    backup_id: string;
    notification_emails: string[];
    state: ArchiveState;
    create_time: string;
    /** Emulator times (ms) of the transitions the seed scheduled; null for none. */
    start_at: number | null;
    complete_at: number | null;
    abort_at: number | null;
}
export interface SiteTransferRec {
    id: string;
    site_id: string;
    /** The account the transfer was initiated from. */
    account_id: string;
    site: string;
    installs: string[];
    origin_account: string;
    destination_account: string;
    status: SiteTransferStatus;
    scheduled_time: string | null;
    created_at: string;
    updated_at: string;
    /** Emulator times (ms) of the next transitions; null when the status is final or fixed by the seed. */
    start_at: number | null;
    finish_at: number | null;
    /** Final status the transfer reaches at finish_at (completed or failed). */
    outcome: 'completed' | 'failed';
}
export interface SshKeyRec {
    uuid: string;
    account_id: string;
    comment: string;
    created_at: string;
    fingerprint: string;
}
export interface DomainReportRec {
    id: string;
    install_id: string;
    /** Emulator time (ms) the report was requested; it completes a few seconds later. */
    requested_at: number;
    complete_at: number;
}
export interface InstallCopyRec {
    id: string;
    source_environment_id: string;
    destination_environment_id: string;
    notification_emails: string[];
    include_files: boolean;
    include_db: boolean;
    db_tables: string[];
    status: 'pending';
    requested_by: string;
    created_at: string;
}
export interface CertificateRec {
    install_id: string;
    certificate: string;
    private_key: string;
    created_at: string;
}
export interface SslOrderRec {
    id: string;
    install_id: string;
    domain_id: string;
    email_address: string;
    given_name: string;
    family_name: string;
    region_code: string;
    state: string | null;
    city: string | null;
    phone: string | null;
    created_at: string;
}
export interface AppRec {
    account: string;
    appId: string;
    /** regions/{REGION} */
    region: string;
    createTime: string;
}
export interface EnvironmentRec {
    account: string;
    app: string;
    id: string;
    displayName: string;
    branch: string;
    cmsEnvironment: string;
    shellVariables: ShellVariable[];
    createTime: string;
    updateTime: string;
    /** Webhook token; null once the webhooks were deleted. */
    webhookToken: string | null;
    /** True: its site answers 500 (own-routes/sites.ts), set by the seed or a control route. */
    unhealthy?: boolean;
}
export type OperationKind = 'create' | 'update' | 'upload' | 'rebuild' | 'cleanRebuild';
export interface OperationRec {
    id: string;
    account: string;
    app: string;
    environment: string;
    kind: OperationKind;
    /** Emulator time (ms) the operation started. */
    startedAt: number;
    /** Emulator time (ms) its build starts (a real build id appears) and when it is done. */
    buildStartsAt: number;
    doneAt: number;
    buildId: string;
    deploymentId: string;
    /** Why the build fails, when it will. */
    failure: string | null;
    /** For uploads: the index in `uploads`. */
    uploadIndex: number | null;
    /** How long its build takes (ms); a release from a hold counts it again from the release. */
    buildMs: number;
    /** Emulator time (ms) from which it answers by its own name: when its first build started. */
    namedAt: number;
    /** Held running (control route or seed): not done, whatever the clock says, until released. */
    held: boolean;
    /** Builds it carried before the current one, each taken over by a later upload or rebuild; none completes. */
    supersededBuilds: SupersededBuildRec[];
}
export interface SupersededBuildRec {
    buildId: string;
    kind: OperationKind;
    uploadIndex: number | null;
    /** Emulator time (ms) the next build took the operation over. */
    supersededAt: number;
}
export interface UploadRec {
    account: string;
    app: string;
    environment: string;
    bytes: number;
    sha256: string;
    entries: string[];
    receivedAt: string;
    operationId: string;
}
export interface WebhookCallRec {
    account: string;
    app: string;
    environment: string;
    action: string;
    at: string;
}
export interface State {
    accounts: AccountRec[];
    credentials: CredentialRec[];
    accountUsers: AccountUserRec[];
    sites: SiteRec[];
    installs: InstallRec[];
    domains: DomainRec[];
    archives: ArchiveRec[];
    siteTransfers: SiteTransferRec[];
    sshKeys: SshKeyRec[];
    domainReports: DomainReportRec[];
    installCopies: InstallCopyRec[];
    certificates: CertificateRec[];
    sslOrders: SslOrderRec[];
    headlessAccounts: string[];
    apps: AppRec[];
    environments: EnvironmentRec[];
    operations: OperationRec[];
    uploads: UploadRec[];
    webhookCalls: WebhookCallRec[];
}
export declare function emptyState(): State;
