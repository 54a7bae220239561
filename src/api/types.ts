/**
 * Records of the spec, as they travel on the wire. Field names are the service's own
 * (snake_case for hosting, camelCase for headless); docs/api.md fixes the shapes the spec
 * leaves open.
 */

export type Uuid = string;
export type DateTime = string;

/** Page envelope of every paginated hosting list except account users. */
export interface Page<T> {
  previous: string | null;
  next: string | null;
  count: number;
  results: T[];
}

export interface PageQuery {
  limit?: number;
  offset?: number;
}

export type InstallEnvironment = 'production' | 'staging' | 'development';
export type InstallStatus = 'active' | 'pending';

export interface Install {
  id: Uuid;
  name: string;
  account: { id: Uuid };
  php_version: string;
  status?: InstallStatus;
  site?: { id: Uuid };
  cname?: string;
  stable_ips?: string[];
  environment?: InstallEnvironment;
  primary_domain?: string;
  is_multisite?: boolean;
  created_at?: DateTime;
  /** Only on a single install. */
  cms_version?: string;
  /** Only on a single install. */
  defer_cms_upgrades_until?: DateTime | null;
}

export interface SiteInstall {
  id: Uuid;
  name: string;
  environment: InstallEnvironment;
  cname: string;
  php_version: string;
  is_multisite: boolean;
}

export interface Site {
  id: Uuid;
  name: string;
  account: { id: Uuid };
  group_name?: string | null;
  tags?: string[];
  created_at?: DateTime;
  sandbox?: boolean;
  transferable?: boolean;
  installs?: SiteInstall[];
}

export type NetworkType = 'AN' | 'GES' | 'LEGACY';
export type OwnershipStatus = 'TXT_VERIFIED' | 'TXT_VERIFICATION_PENDING';

export interface Domain {
  name: string;
  duplicate: boolean;
  primary: boolean;
  id: string;
  network_type?: NetworkType;
  network_details?: {
    dns_config_info: { cname: string; a_records: string[] };
    network_info: { status: string; ssl: { status: string } };
  };
  redirects_to?: { id: Uuid; name: string }[];
  secure_all_urls: boolean;
  txt_verified_time?: string | null;
  txt_verified_domain?: string | null;
  txt_verification_key?: string | null;
  txt_verification_value?: string | null;
  ownership_status?: OwnershipStatus;
}

export type ArchiveState = 'requested' | 'in_progress' | 'completed' | 'aborted';

export interface Archive {
  id: Uuid;
  backup: { id: Uuid };
  notification_emails?: string[];
  state: ArchiveState;
  create_time?: DateTime;
  start_time?: DateTime | null;
  complete_time?: DateTime | null;
  abort_time?: DateTime | null;
  download_uri?: string | null;
}

export type UserRole = 'owner' | 'full' | 'full,billing' | 'partial' | 'partial,billing';

export interface AccountUser {
  user_id: Uuid;
  account_id: Uuid;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  invite_accepted: boolean;
  mfa_enabled: boolean;
  roles: string;
  last_owner?: boolean;
  installs?: { id: string; name: string }[];
}

export interface NewAccountUser {
  account_id: Uuid;
  first_name: string;
  last_name: string;
  email: string;
  roles: UserRole;
  install_ids?: Uuid[];
}

export type SiteTransferStatus = 'pending' | 'scheduled' | 'in_progress' | 'completed' | 'failed' | 'cancelled';

export interface SiteTransfer {
  id: Uuid;
  site: string;
  installs: string[];
  origin_account: string;
  destination_account: string;
  status: SiteTransferStatus;
  scheduled_time?: DateTime | null;
  created_at: DateTime;
  updated_at: DateTime;
}

export interface SshKey {
  comment: string;
  created_at: DateTime;
  fingerprint: string;
  uuid: Uuid;
}

export interface AccountLimits {
  visitors: number;
  storage: number;
  bandwidth: number;
}

export interface ThirdPartyCertificate {
  /** base64 of the PEM chain */
  certificate: string;
  /** base64 of the PEM private key */
  private_key: string;
}

export interface SslOrder {
  email_address: string;
  given_name: string;
  family_name: string;
  region_code: string;
  state?: string;
  city?: string;
  phone?: string;
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
  ns: { host: string }[];
  mx: { Host: string; Pref: number }[];
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
  caa: { hdr: Record<string, unknown>; flag: number; tag: string; value: string }[];
  ip: string[];
  address: string[];
  aname: { hdr: Record<string, unknown>; a: string }[];
  ssl: {
    status: string;
    issuer: string;
    not_before: string;
    not_after: string;
    error: string;
    serial_number: string;
    dns_names: string[];
    signature_algorithm: number;
    subject: { common_name: string };
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

export interface InstallCopyRequest {
  source_environment_id: string;
  destination_environment_id: string;
  notification_emails?: string[];
  custom_options?: { include_files?: boolean; include_db?: boolean; db_tables?: string[] };
}

/**
 * What `install_copy` answered: the spec does not show its body. `{id, status}`, `{}` and no
 * body all mean the copy was accepted; the id is there only when the service gave one.
 */
export interface InstallCopyAnswer {
  id?: string;
  status?: string;
}

/** Hosting error body (Bad Request carries `errors`). */
export interface HostingErrorBody {
  message: string;
  documentation_url?: string;
  errors?: {
    resource: string;
    field: string;
    type: 'invalid_value' | 'access_error' | 'value_unavailable';
    code: string;
    message: string;
  }[];
}

/** Headless error body (docs/api.md). */
export interface HeadlessErrorBody {
  error: { code: number; message: string; status: string };
}

// ---- Headless ------------------------------------------------------------------------------

export type Region = 'US-C' | 'AUS-SE' | 'UK' | 'EU-W';
export const REGIONS: readonly Region[] = ['US-C', 'AUS-SE', 'UK', 'EU-W'];

/**
 * An app as read (read-answer.ts). The spec does not show an app's fields: only the name is
 * relied on, and the region is shown when the service gives it.
 */
export interface App {
  /** accounts/{account}/apps/{app} */
  name: string;
  /** regions/{REGION}, when the answer carries it. */
  region?: string;
}

export interface ShellVariable {
  key: string;
  value: string;
}

/**
 * An environment as read (read-answer.ts). The spec does not show its fields; a field the
 * service leaves out reads as empty, as protobuf's JSON mapping means an omitted field.
 */
export interface Environment {
  /** accounts/{account}/apps/{app}/environments/{id} */
  name: string;
  displayName: string;
  branch: string;
  cmsEnvironment: string;
  shellVariables: ShellVariable[];
  /**
   * True while the platform is still applying a change (its public reference shows the field;
   * the spec does not): absent when the answer leaves it out, which says nothing.
   */
  reconciling?: boolean;
}

export interface NewEnvironment {
  displayName: string;
  branch: string;
  cmsEnvironment?: string;
  shellVariables?: ShellVariable[];
}

/** The whole record a PATCH sends, so that a server that replaces the record clears nothing. */
export interface EnvironmentRecord {
  displayName: string;
  branch: string;
  cmsEnvironment: string;
  shellVariables: ShellVariable[];
}

export const UPDATE_ENVIRONMENT_METADATA_TYPE = 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata';

/**
 * A long-running operation as read (read-answer.ts). `build` and `deployment` may be missing
 * (the spec: empty right after creation), and so may an error's code or message.
 */
export interface Operation {
  /** accounts/{account}/apps/{app}/environments/{id}/operations/{operation_id} */
  name: string;
  metadata: { build?: string; deployment?: string };
  done: boolean;
  error?: { code?: number; message?: string };
}

export type WebhookAction = 'rebuild' | 'cleanRebuild' | 'purgeCache';
export const WEBHOOK_ACTIONS: readonly WebhookAction[] = ['rebuild', 'cleanRebuild', 'purgeCache'];
