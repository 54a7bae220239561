/**
 * Seeds: the JSON a user writes to describe the world the emulator starts in (README documents
 * the format), and its translation into State. Records refer to each other by name; ids left
 * out are derived from names, so a seed gives the same ids on every start.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AccountLimits, InstallEnvironment, InstallStatus, UserRole } from '../types/hosting.js';
import { ENVIRONMENT_ID_SHAPES, isEnvironmentId } from './ids.js';
import { seededRunningBuild } from './operation-hold.js';
import { checkSeed, SeedError } from './seed-check.js';
import { emptyState, type EnvironmentRec, type State } from './state.js';

export interface SeedInstall {
  id?: string;
  name: string;
  environment?: InstallEnvironment;
  status?: InstallStatus;
  /** A pending install becomes active this many seconds after start. */
  activeAfterSeconds?: number;
  php_version?: string;
  cms_version?: string;
  primary_domain?: string;
  is_multisite?: boolean;
  stable_ips?: string[];
}

export interface Seed {
  accounts: { id?: string; name: string; limits?: Partial<AccountLimits> }[];
  credentials?: { userId: string; password: string; account: string; roles: UserRole; installs?: string[] }[];
  accountUsers?: {
    account: string;
    first_name: string;
    last_name: string;
    email: string;
    phone?: string;
    roles: string;
    user_id?: string;
    invite_accepted?: boolean;
    mfa_enabled?: boolean;
    installs?: string[];
  }[];
  sites?: {
    id?: string;
    name: string;
    account: string;
    group_name?: string;
    tags?: string[];
    sandbox?: boolean;
    transferable?: boolean;
    installs?: SeedInstall[];
  }[];
  domains?: {
    install: string;
    name: string;
    verified?: boolean;
    primary?: boolean;
    network_type?: 'AN' | 'GES' | 'LEGACY';
  }[];
  archives?: {
    install: string;
    id?: string;
    state?: 'requested' | 'in_progress' | 'completed' | 'aborted';
    notification_emails?: string[];
    startAfterSeconds?: number;
    completeAfterSeconds?: number;
    abortAfterSeconds?: number;
  }[];
  siteTransfers?: {
    site: string;
    id?: string;
    destination_account: string;
    status?: 'pending' | 'scheduled' | 'in_progress' | 'completed' | 'failed' | 'cancelled';
    startAfterSeconds?: number;
    finishAfterSeconds?: number;
    outcome?: 'completed' | 'failed';
  }[];
  sshKeys?: { account: string; comment: string; fingerprint?: string; uuid?: string }[];
  domainReports?: { install: string; id: string; completeAfterSeconds?: number }[];
  headless?: {
    accounts: string[];
    apps?: {
      account: string;
      appId: string;
      region?: string;
      environments?: {
        /** A uuid, or 24 or 8 lower-case hexadecimal characters (older ids); derived from the names when left out. */
        id?: string;
        displayName: string;
        cmsEnvironment?: string;
        shellVariables?: { key: string; value: string }[];
        /** Its site (/__sites/{id}/) answers 500. */
        unhealthy?: boolean;
        /** It starts with an upload's build in flight (a real build id), held running until released. */
        runningBuild?: boolean;
      }[];
    }[];
  };
}

export const DEMO_ACCOUNT_ID = '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';

/** The default seed (account demo, credentials demo-user), with a few records so every hosting list has something to show. */
export const defaultSeed: Seed = {
  accounts: [{ id: DEMO_ACCOUNT_ID, name: 'demo' }],
  credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
  accountUsers: [{ account: 'demo', first_name: 'Dana', last_name: 'Demo', email: 'dana@example.com', roles: 'owner' }],
  sites: [
    {
      name: 'demo',
      account: 'demo',
      installs: [
        { name: 'demoprod', environment: 'production', primary_domain: 'demo.example.com' },
        { name: 'demostg', environment: 'staging' },
      ],
    },
  ],
  domains: [{ install: 'demoprod', name: 'demo.example.com', verified: true, primary: true }],
  archives: [{ install: 'demoprod', state: 'completed' }],
  sshKeys: [{ account: 'demo', comment: 'dana@laptop' }],
  headless: { accounts: ['demo'] },
};

/** A uuid derived from a name, so seeds without ids are stable across starts. */
export function stableUuid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The seed a file holds, read strictly (seed-check.ts); a SeedError naming the file otherwise. */
export function loadSeedFile(file: string): Seed {
  let parsed: unknown;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SeedError(`seed file ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // JSON.parse quotes the text around the fault: not ours to show (the path may lead anywhere).
    const at = /position (\d+)/.exec((e as Error).message)?.[1];
    throw new SeedError(`seed file ${file}: not valid JSON${at ? ` (at character ${at})` : ''}`);
  }
  return checkSeed(parsed, `seed file ${file}`);
}

const EPOCH_ISO = '2026-01-01T00:00:00.000Z';

/**
 * Builds State from a seed checked by checkSeed; `now` (emulator ms) anchors the seed's "after
 * seconds" schedules, and `buildSeconds` is how long a seeded running build takes once released.
 * What refers to what (an account, an install by name) is checked here.
 */
export function stateFromSeed(original: Seed, now: number, buildSeconds = 2): State {
  // The state must share no object with the seed, or a change would survive a reset.
  const seed = structuredClone(original);
  const s = emptyState();
  const at = (seconds: number | undefined) => (seconds === undefined ? null : now + seconds * 1000);
  const accountByName = (name: string) => {
    const a = s.accounts.find((x) => x.name === name);
    if (!a) throw new SeedError(`seed: unknown account "${name}"`);
    return a;
  };
  const installByName = (name: string) => {
    const i = s.installs.find((x) => x.name === name);
    if (!i) throw new SeedError(`seed: unknown install "${name}"`);
    return i;
  };

  for (const a of seed.accounts) {
    s.accounts.push({
      id: a.id ?? stableUuid('account', a.name),
      name: a.name,
      limits: { visitors: 400000, storage: 100, bandwidth: 2000, ...a.limits },
    });
  }
  for (const site of seed.sites ?? []) {
    const account = accountByName(site.account);
    const siteId = site.id ?? stableUuid('site', account.name, site.name);
    s.sites.push({
      id: siteId,
      name: site.name,
      account_id: account.id,
      group_name: site.group_name ?? null,
      tags: site.tags ?? [],
      created_at: EPOCH_ISO,
      sandbox: site.sandbox ?? false,
      transferable: site.transferable ?? true,
    });
    for (const i of site.installs ?? []) {
      const pending = i.status === 'pending';
      s.installs.push({
        id: i.id ?? stableUuid('install', i.name),
        name: i.name,
        account_id: account.id,
        site_id: siteId,
        environment: i.environment ?? null,
        php_version: i.php_version ?? '8.2',
        status: i.status ?? 'active',
        active_at: pending && i.activeAfterSeconds !== undefined ? at(i.activeAfterSeconds) : null,
        cname: `${i.name}.hosting.example`,
        stable_ips: i.stable_ips ?? [],
        primary_domain: i.primary_domain ?? `${i.name}.hosting.example`,
        is_multisite: i.is_multisite ?? false,
        created_at: EPOCH_ISO,
        cms_version: i.cms_version ?? '6.7.1',
        defer_cms_upgrades_until: null,
      });
    }
  }
  for (const c of seed.credentials ?? []) {
    const account = accountByName(c.account);
    s.credentials.push({
      userId: c.userId,
      password: c.password,
      accountId: account.id,
      roles: c.roles,
      installIds: (c.installs ?? []).map((n) => installByName(n).id),
    });
  }
  for (const u of seed.accountUsers ?? []) {
    const account = accountByName(u.account);
    s.accountUsers.push({
      user_id: u.user_id ?? stableUuid('user', account.name, u.email),
      account_id: account.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      phone: u.phone ?? '',
      invite_accepted: u.invite_accepted ?? true,
      mfa_enabled: u.mfa_enabled ?? false,
      roles: u.roles,
      ...(u.installs ? { installs: u.installs.map((n) => ({ id: installByName(n).id, name: n })) } : {}),
    });
  }
  for (const d of seed.domains ?? []) {
    const install = installByName(d.install);
    const verified = d.verified ?? true;
    s.domains.push({
      id: stableUuid('domain', install.name, d.name),
      install_id: install.id,
      name: d.name,
      duplicate: false,
      primary: d.primary ?? false,
      network_type: d.network_type ?? 'AN',
      secure_all_urls: true,
      redirects_to: [],
      ownership_status: verified ? 'TXT_VERIFIED' : 'TXT_VERIFICATION_PENDING',
      txt_verified_time: verified ? EPOCH_ISO : null,
      txt_verified_domain: verified ? d.name : null,
      txt_verification_key: verified ? null : `_hosting-verify.${d.name}`,
      txt_verification_value: verified ? null : stableUuid('txt', d.name),
      created_at: EPOCH_ISO,
    });
  }
  for (const a of seed.archives ?? []) {
    const install = installByName(a.install);
    s.archives.push({
      id: a.id ?? stableUuid('archive', install.name, String(s.archives.length)),
      install_id: install.id,
      backup_id: stableUuid('backup', install.name, String(s.archives.length)),
      notification_emails: a.notification_emails ?? [],
      state: a.state ?? 'requested',
      create_time: EPOCH_ISO,
      start_at: at(a.startAfterSeconds),
      complete_at: at(a.completeAfterSeconds),
      abort_at: at(a.abortAfterSeconds),
    });
  }
  for (const t of seed.siteTransfers ?? []) {
    const site = s.sites.find((x) => x.name === t.site);
    if (!site) throw new SeedError(`seed: unknown site "${t.site}"`);
    const origin = s.accounts.find((a) => a.id === site.account_id)!;
    s.siteTransfers.push({
      id: t.id ?? stableUuid('transfer', site.name, String(s.siteTransfers.length)),
      site_id: site.id,
      account_id: origin.id,
      site: site.name,
      installs: s.installs.filter((i) => i.site_id === site.id).map((i) => i.name),
      origin_account: origin.name,
      destination_account: t.destination_account,
      status: t.status ?? 'pending',
      scheduled_time:
        t.status === 'scheduled' && t.startAfterSeconds !== undefined
          ? new Date(now + t.startAfterSeconds * 1000).toISOString()
          : null,
      created_at: EPOCH_ISO,
      updated_at: EPOCH_ISO,
      start_at: at(t.startAfterSeconds),
      finish_at: at(t.finishAfterSeconds),
      outcome: t.outcome ?? 'completed',
    });
  }
  for (const k of seed.sshKeys ?? []) {
    const account = accountByName(k.account);
    const fp = createHash('sha256').update(k.comment).digest('base64').replace(/=+$/, '');
    s.sshKeys.push({
      uuid: k.uuid ?? stableUuid('sshkey', account.name, k.comment),
      account_id: account.id,
      comment: k.comment,
      created_at: EPOCH_ISO,
      fingerprint: k.fingerprint ?? `SHA256:${fp}`,
    });
  }
  for (const r of seed.domainReports ?? []) {
    const install = installByName(r.install);
    s.domainReports.push({
      id: r.id,
      install_id: install.id,
      requested_at: now,
      complete_at: now + (r.completeAfterSeconds ?? 0) * 1000,
    });
  }
  for (const name of seed.headless?.accounts ?? []) {
    accountByName(name);
    s.headlessAccounts.push(name);
  }
  for (const app of seed.headless?.apps ?? []) {
    s.apps.push({
      account: app.account,
      appId: app.appId,
      region: `regions/${app.region ?? 'US-C'}`,
      createTime: EPOCH_ISO,
    });
    for (const e of app.environments ?? []) {
      const id = e.id ?? stableUuid('environment', app.account, app.appId, e.displayName);
      const where = `seed: environment "${e.displayName}" of app "${app.appId}"`;
      if (typeof id !== 'string' || !isEnvironmentId(id)) {
        throw new SeedError(`${where}: id ${JSON.stringify(id)} is not ${ENVIRONMENT_ID_SHAPES}`);
      }
      // The control routes find an environment by its id alone.
      if (s.environments.some((other) => other.id === id)) {
        throw new SeedError(`${where}: id "${id}" is already the id of another environment; ids are unique`);
      }
      const env: EnvironmentRec = {
        account: app.account,
        app: app.appId,
        id,
        displayName: e.displayName,
        branch: 'uploadable',
        cmsEnvironment: e.cmsEnvironment ?? '',
        shellVariables: e.shellVariables ?? [],
        createTime: EPOCH_ISO,
        updateTime: EPOCH_ISO,
        webhookToken: stableUuid('token', app.account, app.appId, e.displayName).replace(/-/g, ''),
        ...(e.unhealthy === true ? { unhealthy: true } : {}),
      };
      s.environments.push(env);
      if (e.runningBuild === true) s.operations.push(seededRunningBuild(env, now, Math.max(0, buildSeconds * 1000)));
    }
  }
  return s;
}
