/**
 * A small fetch wrapper for hosting-API tests: Basic auth per user, JSON in and out, control
 * routes; and the emulator started on test/fixtures/seed-hosting.json, with the ids of its records.
 */
import { fileURLToPath } from 'node:url';
import { startEmulator, type EmulatorOptions } from '../../../emulator/index.js';
import { VirtualClock } from '../../../src/util/clock.js';
import { basic } from './headless-http.js';

/** Response bodies are whatever the emulator sent; tests assert on their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResult {
  status: number;
  body: Json;
  headers: Headers;
}

export const HOSTING_SEED = fileURLToPath(new URL('../../fixtures/seed-hosting.json', import.meta.url));

/** The ids of the seed's accounts, installs, sites and transfers, and one that names nothing. */
export const ID = {
  acme: '0a1b2c3d-0000-4000-8000-000000000001',
  other: '0a1b2c3d-0000-4000-8000-000000000002',
  acmeprod: '1a000000-0000-4000-8000-000000000001',
  acmestg: '1a000000-0000-4000-8000-000000000002',
  acmedev: '1a000000-0000-4000-8000-000000000003',
  otherprod: '1a000000-0000-4000-8000-000000000005',
  acmeSite: '5e000000-0000-4000-8000-000000000001',
  blogSite: '5e000000-0000-4000-8000-000000000002',
  otherSite: '5e000000-0000-4000-8000-000000000003',
  blogTransfer: '7a000000-0000-4000-8000-000000000001',
  acmeTransfer: '7a000000-0000-4000-8000-000000000002',
  unknown: '99999999-0000-4000-8000-000000000000',
} as const;

/** The credentials of test/fixtures/seed-hosting.json. */
export const USERS = {
  owner: ['owner', 'owner-pass'],
  full: ['full', 'full-pass'],
  billing: ['billing', 'billing-pass'],
  partial: ['partial', 'partial-pass'],
  other: ['other-owner', 'other-pass'],
} as const;
export type UserName = keyof typeof USERS;

async function toResult(res: Response): Promise<HttpResult> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export interface RawInit {
  body?: string | Buffer;
  headers?: Record<string, string>;
}
/** A JSON body, typed as one. */
export const json = (body: unknown): RawInit => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

export function hostingClient(baseUrl: string, who: UserName = 'owner') {
  const [user, password] = USERS[who];
  const authorization = basic(user, password);
  const raw = async (method: string, path: string, init: RawInit = {}): Promise<HttpResult> =>
    toResult(await fetch(baseUrl + path, { method, body: init.body, headers: { authorization, ...init.headers } }));
  const send = (method: string, path: string, body?: unknown) =>
    raw(method, path, body === undefined ? {} : json(body));
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body?: unknown) => send('POST', path, body),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    raw,
  };
}

export function control(baseUrl: string) {
  const post = async (path: string, body: unknown = {}) =>
    toResult(
      await fetch(`${baseUrl}/__emulator/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    );
  return {
    state: async (): Promise<Json> => (await toResult(await fetch(`${baseUrl}/__emulator/state`))).body,
    advance: (seconds: number) => post('clock', { advanceSeconds: seconds }),
    faults: (faults: string) => post('faults', { faults }),
    reset: () => post('reset'),
  };
}

/** The emulator on the hosting seed, its clock still until a test moves it, fault chances rolled as random() = 0. */
export async function startHosting(options: EmulatorOptions = {}) {
  const emu = await startEmulator({ seed: HOSTING_SEED, clock: new VirtualClock(), random: () => 0, ...options });
  return { emu, as: (who: UserName = 'owner') => hostingClient(emu.url, who), ctl: control(emu.url) };
}
export type Hosting = Awaited<ReturnType<typeof startHosting>>;
