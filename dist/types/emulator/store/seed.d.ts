import type { AccountLimits, InstallEnvironment, InstallStatus, UserRole } from '../types/hosting.js';
import { type State } from './state.js';
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
    accounts: {
        id?: string;
        name: string;
        limits?: Partial<AccountLimits>;
    }[];
    credentials?: {
        userId: string;
        password: string;
        account: string;
        roles: UserRole;
        installs?: string[];
    }[];
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
    sshKeys?: {
        account: string;
        comment: string;
        fingerprint?: string;
        uuid?: string;
    }[];
    domainReports?: {
        install: string;
        id: string;
        completeAfterSeconds?: number;
    }[];
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
                shellVariables?: {
                    key: string;
                    value: string;
                }[];
                /** Its site (/__sites/{id}/) answers 500. */
                unhealthy?: boolean;
                /** It starts with an upload's build in flight (a real build id), held running until released. */
                runningBuild?: boolean;
            }[];
        }[];
    };
}
export declare const DEMO_ACCOUNT_ID = "6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80";
/** The default seed (account demo, credentials demo-user), with a few records so every hosting list has something to show. */
export declare const defaultSeed: Seed;
/** A uuid derived from a name, so seeds without ids are stable across starts. */
export declare function stableUuid(...parts: string[]): string;
/** The seed a file holds, read strictly (seed-check.ts); a SeedError naming the file otherwise. */
export declare function loadSeedFile(file: string): Seed;
/**
 * Builds State from a seed checked by checkSeed; `now` (emulator ms) anchors the seed's "after
 * seconds" schedules, and `buildSeconds` is how long a seeded running build takes once released.
 * What refers to what (an account, an install by name) is checked here.
 */
export declare function stateFromSeed(original: Seed, now: number, buildSeconds?: number): State;
