/**
 * The hosting API's records exactly as the emulator sends them: every field it always sets is
 * required, and a field typed optional is one it leaves out on purpose (said where). The client
 * has its own types (src/api/types.ts), the tolerant side; these are the strict side, written from
 * the spec and docs/api.md and not from the client, so a view that forgets a field fails to compile
 * here. Field names are the service's (snake_case).
 */
export type InstallEnvironment = 'production' | 'staging' | 'development';
export type InstallStatus = 'active' | 'pending';
export type UserRole = 'owner' | 'full' | 'full,billing' | 'partial' | 'partial,billing';
export type ArchiveState = 'requested' | 'in_progress' | 'completed' | 'aborted';
export type SiteTransferStatus = 'pending' | 'scheduled' | 'in_progress' | 'completed' | 'failed' | 'cancelled';
export type NetworkType = 'AN' | 'GES' | 'LEGACY';
export type OwnershipStatus = 'TXT_VERIFIED' | 'TXT_VERIFICATION_PENDING';
/** The page envelope of every paginated hosting list (account users have none). */
export interface Page<T> {
    previous: string | null;
    next: string | null;
    count: number;
    results: T[];
}
/** An install in a list. */
export interface InstallListItem {
    id: string;
    name: string;
    account: {
        id: string;
    };
    php_version: string;
    status: InstallStatus;
    /** Only when the install belongs to a site. */
    site?: {
        id: string;
    };
    cname: string;
    stable_ips: string[];
    /** Only when the install fills an environment slot of its site. */
    environment?: InstallEnvironment;
    primary_domain: string;
    is_multisite: boolean;
    created_at: string;
}
/** A single install: a list item and the two fields only it carries (spec, Install table). */
export interface Install extends InstallListItem {
    cms_version: string;
    defer_cms_upgrades_until: string | null;
}
export interface SiteInstall {
    id: string;
    name: string;
    environment: InstallEnvironment;
    cname: string;
    php_version: string;
    is_multisite: boolean;
}
export interface Site {
    id: string;
    name: string;
    account: {
        id: string;
    };
    group_name: string | null;
    tags: string[];
    created_at: string;
    sandbox: boolean;
    transferable: boolean;
    installs: SiteInstall[];
}
export interface DomainNetworkDetails {
    dns_config_info: {
        cname: string;
        a_records: string[];
    };
    network_info: {
        status: string;
        ssl: {
            status: string;
        };
    };
}
export interface Domain {
    name: string;
    duplicate: boolean;
    primary: boolean;
    id: string;
    network_type: NetworkType;
    network_details: DomainNetworkDetails;
    redirects_to: {
        id: string;
        name: string;
    }[];
    secure_all_urls: boolean;
    txt_verified_time: string | null;
    txt_verified_domain: string | null;
    /** null once verified (spec, States table). */
    txt_verification_key: string | null;
    txt_verification_value: string | null;
    ownership_status: OwnershipStatus;
}
export interface Archive {
    id: string;
    backup: {
        id: string;
    };
    notification_emails: string[];
    state: ArchiveState;
    create_time: string;
    /** Each transition time is null in the states that have not passed it. */
    start_time: string | null;
    complete_time: string | null;
    abort_time: string | null;
    download_uri: string | null;
}
export interface AccountUser {
    user_id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    invite_accepted: boolean;
    mfa_enabled: boolean;
    roles: string;
    /** Only on owner-level users: true when no other owner is left to manage the account. */
    last_owner?: boolean;
    /** Only on partial users: the installs they may access. */
    installs?: {
        id: string;
        name: string;
    }[];
}
/** What creating an account user answers (201). */
export interface AccountUserCreated {
    message: string;
    account_user: AccountUser;
}
/** What listing account users answers: no page envelope. */
export interface AccountUserList {
    results: AccountUser[];
}
export interface SiteTransfer {
    id: string;
    site: string;
    installs: string[];
    origin_account: string;
    destination_account: string;
    status: SiteTransferStatus;
    scheduled_time: string | null;
    created_at: string;
    updated_at: string;
}
export interface SshKey {
    comment: string;
    created_at: string;
    fingerprint: string;
    uuid: string;
}
export interface AccountLimits {
    visitors: number;
    storage: number;
    bandwidth: number;
}
/** What uploading a third-party certificate answers (201): the pair as stored, base64 PEM. */
export interface ThirdPartyCertificate {
    certificate: string;
    private_key: string;
}
/** What install copy answers under the contract answers (202); the documented answers send no body. */
export interface InstallCopyAccepted {
    id: string;
    status: 'pending';
}
export interface DomainStatusEntry {
    name: string;
    cname: string;
    a_record: string;
    aaaa_record: string;
    complete: boolean;
    result: string;
    dns_provider: string;
    dns_error: boolean;
    install_name: string;
    cluster_id: string;
    http_forwarded: string;
    http_forwarded_list: string;
    http_error: boolean;
    headless_env_id: string;
    ns: {
        host: string;
    }[];
    mx: {
        Host: string;
        Pref: number;
    }[];
    txt: string[];
    soa: {
        hdr: Record<string, unknown>;
        ns: string;
        mbox: string;
        serial: number;
        refresh: number;
        retry: number;
        expire: number;
        minttl: number;
    }[];
    caa: {
        hdr: Record<string, unknown>;
        flag: number;
        tag: string;
        value: string;
    }[];
    ip: string[];
    address: string[];
    aname: {
        hdr: Record<string, unknown>;
        a: string;
    }[];
    ssl: {
        status: string;
        issuer: string;
        not_before: string;
        not_after: string;
        error: string;
        serial_number: string;
        dns_names: string[];
        signature_algorithm: number;
        subject: {
            common_name: string;
        };
        sans: string[];
    };
}
export interface DomainStatusReport {
    report: {
        complete: boolean;
        id: string;
        install_name: string;
        install_ip: string;
        admin: boolean;
        domains: DomainStatusEntry[];
    };
}
export type FieldErrorType = 'invalid_value' | 'access_error' | 'value_unavailable';
/** One entry of a Bad Request's `errors`. */
export interface FieldError {
    resource: string;
    field: string;
    type: FieldErrorType;
    code: string;
    message: string;
}
/**
 * Every hosting error (and every control-route error): `message` always; `documentation_url` on
 * a 4xx other than 429; `errors` on a 400 only.
 */
export interface HostingErrorBody {
    message: string;
    documentation_url?: string;
    errors?: FieldError[];
}
