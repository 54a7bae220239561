/** Small HTTP helpers for the emulator's headless API tests: JSON calls, zips and multipart bodies. */
import { ZipArchive } from 'archiver';
import { request } from 'undici';
import type { RunningEmulator } from '../../../emulator/index.js';

export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
export const DEMO_AUTH = basic('demo-user', 'demo-password');

export interface CallOptions {
  /** JSON body (serialised), or a raw Buffer/string sent as is. */
  body?: unknown;
  raw?: Buffer | string;
  headers?: Record<string, string>;
  /** Authorization header; null sends none. Default: the demo credentials. */
  auth?: string | null;
  /** Call the hosting API (`{url}{path}`) instead of the headless one. */
  hosting?: boolean;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/**
 * Calls `{headlessUrl}{path}`: `{url}{path}` when the path starts with /__emulator or `hosting`
 * is set, and the path itself when it is a whole URL.
 */
export async function call(
  emu: RunningEmulator,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<CallResult> {
  const base = /^https?:/.test(path) ? '' : path.startsWith('/__emulator') || o.hosting ? emu.url : emu.headlessUrl;
  const headers: Record<string, string> = { ...o.headers };
  const auth = o.auth === undefined ? DEMO_AUTH : o.auth;
  if (auth) headers.authorization = auth;
  let body: Buffer | string | undefined = o.raw;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] = 'application/json';
  }
  const res = await request(`${base}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  let json: unknown = undefined;
  if (text) json = JSON.parse(text);
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** A zip holding `files` (name → content). */
export async function makeZip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipArchive({ zlib: { level: 1 } });
  const chunks: Buffer[] = [];
  zip.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
  });
  for (const [name, content] of Object.entries(files)) zip.append(content, { name });
  await zip.finalize();
  await ended;
  return Buffer.concat(chunks);
}

export interface Part {
  name: string;
  /** Set for a file part. */
  filename?: string;
  content: Buffer | string;
}

export const BOUNDARY = '----headless-test-boundary-7f3a';

/** A multipart/form-data body built by hand, so tests can also send malformed or truncated ones. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? 'Content-Type: application/zip\r\n' : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

export const repositoryPart = (zip: Buffer): Part => ({ name: 'repository', filename: 'app.zip', content: zip });

/** Uploads a form to an environment; `env` is `accounts/{a}/apps/{app}/environments/{id}`. */
export async function upload(emu: RunningEmulator, env: string, parts: Part[]): Promise<CallResult> {
  const form = multipart(parts);
  return call(emu, 'POST', `/fu/v1/${env}:upload`, { raw: form.body, headers: { 'content-type': form.contentType } });
}

/** Creates app `appId` in account demo and one environment in it; returns the environment's name. */
export async function createAppWithEnvironment(
  emu: RunningEmulator,
  appId: string,
  displayName = 'staging',
): Promise<string> {
  const app = await call(emu, 'POST', `/v1/accounts/demo/apps?appId=${appId}`, {
    body: { region: 'regions/US-C', uploadable: {} },
  });
  if (app.status !== 200) throw new Error(`create app: ${app.status} ${app.text}`);
  const env = await call(emu, 'POST', `/v1/accounts/demo/apps/${appId}/environments`, {
    body: { displayName, branch: 'uploadable' },
  });
  if (env.status !== 200) throw new Error(`create environment: ${env.status} ${env.text}`);
  return (env.json.name as string).replace(/\/operations\/no_build$/, '');
}

/** Moves the emulator's clock forward through its control route. */
export async function advance(emu: RunningEmulator, seconds: number): Promise<void> {
  const res = await call(emu, 'POST', '/__emulator/clock', { body: { advanceSeconds: seconds }, auth: null });
  if (res.status !== 200) throw new Error(`advance clock: ${res.status}`);
}

/** The webhook token and trigger URLs of an environment (its id), from the control route. */
export async function webhooks(
  emu: RunningEmulator,
  envId: string,
): Promise<{ token: string; urls: Record<'rebuild' | 'cleanRebuild' | 'purgeCache', string> }> {
  return (await call(emu, 'GET', `/__emulator/environments/${envId}/webhooks`, { auth: null })).json;
}
