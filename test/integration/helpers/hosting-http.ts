/** A small fetch wrapper for hosting-API tests: Basic auth per user, JSON in and out, control routes. */

/** Response bodies are whatever the emulator sent; tests assert on their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResult {
  status: number;
  body: Json;
  headers: Headers;
}

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

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export interface RawInit {
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export function hostingClient(baseUrl: string, who: UserName = 'owner') {
  const [user, password] = USERS[who];
  const authorization = basic(user, password);
  const raw = async (method: string, path: string, init: RawInit = {}): Promise<HttpResult> =>
    toResult(await fetch(baseUrl + path, { method, body: init.body, headers: { authorization, ...init.headers } }));
  const json = (method: string, path: string, body?: unknown) =>
    raw(
      method,
      path,
      body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    );
  return {
    get: (path: string) => json('GET', path),
    post: (path: string, body?: unknown) => json('POST', path, body),
    patch: (path: string, body?: unknown) => json('PATCH', path, body),
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
