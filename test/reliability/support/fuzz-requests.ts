/**
 * Random and malformed requests for the emulator, from a seeded PRNG: paths built from the route
 * table with real and junk segments, junk query parameters, bad credentials, wrong content types,
 * malformed, huge and truncated bodies. `invalid` requests are ones the service must refuse, so
 * a run of only those may not change the state; `mixed` ones may also be valid and change it.
 */
import { routes, type RouteDef } from '../../../src/api/routes.js';
import type { picker } from '../../../scripts/prng.js';
import type { RawRequest } from './raw-http.js';

type Picker = ReturnType<typeof picker>;

export interface FuzzWorld {
  /** `Basic …` of a real API user. */
  auth: string;
  /** Real values per path parameter name (account, app, environment, install_id, …). */
  ids: Record<string, string[]>;
  /** Largest JSON body the emulator takes, and largest upload. */
  maxJsonBytes: number;
  maxUploadBytes: number;
}

export interface FuzzRequest extends RawRequest {
  /** What kind of junk this is, for the report. */
  kind: string;
}

const ROUTES: readonly RouteDef[] = Object.values(routes);
const JUNK_SEGMENTS = [
  '..',
  '.',
  '%',
  '%zz',
  '%2F',
  '%00',
  '💥',
  '<script>',
  "'or'1'='1",
  'null',
  '-1',
  '9'.repeat(40),
  'no_build',
  '{account}',
  'x'.repeat(2000),
  'a%20b',
  ':upload',
  'webhook:',
];
const JUNK_QUERY = [
  'foo=bar',
  'limit=-1',
  'limit=abc',
  'limit=101',
  'offset=-5',
  'pageSize=1000',
  'pageToken=%%%',
  'appId=',
  'updateMask=nope',
  'token=',
  `q=${'z'.repeat(5000)}`,
  'a&a&a',
  '=',
  '%zz=1',
];
const JUNK_METHODS = ['PUT', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/jsonx',
  ';;;',
  'application/xml',
];

function badAuth(p: Picker, world: FuzzWorld): string | undefined {
  const [user] = Buffer.from(world.auth.slice(6), 'base64').toString().split(':');
  return p.pick([
    undefined,
    'Basic',
    'Basic !!!not-base64!!!',
    `Basic ${Buffer.from('no-colon-here').toString('base64')}`,
    `Basic ${Buffer.from(`${user}:wrong-password`).toString('base64')}`,
    `Basic ${Buffer.from(':').toString('base64')}`,
    'Bearer abc.def.ghi',
    `Basic ${'A'.repeat(20_000)}`,
  ]);
}

function segment(p: Picker, world: FuzzWorld, name: string): string {
  if (name === 'action' && p.chance(0.6)) return p.pick(['rebuild', 'cleanRebuild', 'purgeCache', 'explode', '']);
  const real = world.ids[name] ?? [];
  if (real.length > 0 && p.chance(0.6)) return encodeURIComponent(p.pick(real));
  return p.pick(JUNK_SEGMENTS);
}

function pathOf(p: Picker, world: FuzzWorld, route: RouteDef): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(p, world, name));
  const prefix = route.api === 'headless' ? '/headless' : '';
  return prefix + path;
}

function queryOf(p: Picker, route: RouteDef, junk: boolean): string {
  const parts: string[] = [];
  for (const q of route.query) if (p.chance(0.4)) parts.push(`${q}=${p.pick(['1', 'demo', '', 'x y', '%zz', '50'])}`);
  if (junk) parts.push(p.pick(JUNK_QUERY));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** A body the JSON routes must refuse: never empty (an empty body reads as `{}`). */
function badJsonBody(
  p: Picker,
  world: FuzzWorld,
  route: RouteDef,
): { body: Buffer; headers: Record<string, string>; kind: string } {
  const json = { 'content-type': 'application/json' };
  const choice = p.int(0, 8);
  if (choice === 0) return { body: Buffer.from('{"region": "regions/US-C",'), headers: json, kind: 'malformed JSON' };
  if (choice === 1)
    return {
      body: Buffer.from(p.pick(['[]', 'null', '"text"', '42', 'true'])),
      headers: json,
      kind: 'JSON not an object',
    };
  if (choice === 2)
    return {
      body: Buffer.from(
        JSON.stringify({ ...Object.fromEntries((route.body ?? []).map((f) => [f, 'x'])), unknownField: 1 }),
      ),
      headers: json,
      kind: 'unknown body field',
    };
  if (choice === 3)
    return {
      body: Buffer.from('{"a":1}'),
      headers: { 'content-type': p.pick(CONTENT_TYPES) },
      kind: 'wrong content type',
    };
  if (choice === 4) return { body: Buffer.alloc(world.maxJsonBytes + 1024, 'x'), headers: json, kind: 'huge body' };
  if (choice === 5)
    return {
      body: Buffer.from(`${'['.repeat(50_000)}${']'.repeat(50_000)}`),
      headers: json,
      kind: 'deeply nested JSON',
    };
  if (choice === 6) return { body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), headers: json, kind: 'binary junk' };
  if (choice === 7) return { body: Buffer.from('{"x":"\uD800"}'), headers: json, kind: 'lone surrogate' };
  return {
    body: Buffer.from(JSON.stringify({ unknown: 'x'.repeat(p.int(1, 3000)) })),
    headers: { ...json, 'content-encoding': 'gzip' },
    kind: 'unknown field, wrong encoding header',
  };
}

function junkMultipart(p: Picker, world: FuzzWorld): { body: Buffer; headers: Record<string, string>; kind: string } {
  const boundary = 'fuzzboundary';
  const part = (name: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="app.zip"\r\ncontent-type: application/zip\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const choice = p.int(0, 4);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (choice === 0)
    return { body: part('repository', Buffer.from('not a zip at all')), headers, kind: 'upload of a non-zip' };
  if (choice === 1)
    return { body: part('other', Buffer.from('PK\u0003\u0004')), headers, kind: 'upload in the wrong part' };
  if (choice === 2) return { body: Buffer.from('--fuzzboundary\r\ngarbage'), headers, kind: 'multipart cut off' };
  if (choice === 3)
    return {
      body: part('repository', Buffer.alloc(world.maxUploadBytes + 4096, 1)),
      headers,
      kind: 'upload over the size limit',
    };
  return {
    body: Buffer.from('hello'),
    headers: { 'content-type': 'multipart/form-data' },
    kind: 'multipart without boundary',
  };
}

/** A request the emulator must refuse, whatever the state. */
export function invalidRequest(p: Picker, world: FuzzWorld): FuzzRequest {
  const route = p.pick(ROUTES);
  const target = pathOf(p, world, route) + queryOf(p, route, false);
  const choice = p.int(0, 6);
  if (choice === 0 && route.auth === 'basic') {
    const auth = badAuth(p, world);
    return {
      kind: 'bad credentials',
      method: route.method,
      target,
      headers: auth === undefined ? {} : { authorization: auth },
    };
  }
  if (choice === 1) {
    const junk = `/${p.pick(['v2', 'headless/v2', 'headless', 'v1', 'fu/v1', 'wh', '__emulator'])}/${p.pick(JUNK_SEGMENTS)}/${p.pick(JUNK_SEGMENTS)}`;
    return {
      kind: 'unknown route',
      method: p.pick(['GET', 'POST', 'DELETE']),
      target: junk,
      headers: { authorization: world.auth },
    };
  }
  if (choice === 2)
    return { kind: 'unknown method', method: p.pick(JUNK_METHODS), target, headers: { authorization: world.auth } };
  if (choice === 3 && route.query.length + 1 > 0) {
    const unknown = p.pick(['foo=bar', 'debug=1', `x${p.int(0, 99)}=y`, 'token2=z']);
    return {
      kind: 'unknown query parameter',
      method: route.method,
      target: `${pathOf(p, world, route)}?${unknown}`,
      headers: { authorization: world.auth },
    };
  }
  if (route.auth === 'token') {
    const token = p.pick(['', 'wrong', '0'.repeat(32), '%zz', 'x'.repeat(500)]);
    return {
      kind: 'webhook with a bad token',
      method: 'POST',
      target: `${pathOf(p, world, route)}?token=${token}`,
      headers: {},
    };
  }
  if (route === routes.uploadEnvironment) {
    const m = junkMultipart(p, world);
    const truncate = p.chance(0.2)
      ? { at: Math.floor(m.body.length / 2), then: p.pick(['end', 'destroy'] as const) }
      : undefined;
    return {
      kind: truncate ? `${m.kind}, truncated` : m.kind,
      method: 'POST',
      target,
      headers: { authorization: world.auth, ...m.headers },
      body: m.body,
      truncate,
    };
  }
  if (route.body !== null) {
    const b = badJsonBody(p, world, route);
    const truncate = p.chance(0.15)
      ? { at: Math.floor(b.body.length / 2), then: p.pick(['end', 'destroy'] as const) }
      : undefined;
    return {
      kind: truncate ? `truncated body (${b.kind})` : b.kind,
      method: route.method,
      target,
      headers: { authorization: world.auth, ...b.headers },
      body: b.body,
      truncate,
    };
  }
  const auth = badAuth(p, world);
  return {
    kind: 'bad credentials',
    method: route.method,
    target,
    headers: auth === undefined ? {} : { authorization: auth },
  };
}

/** Bodies the service accepts, for the routes that change the state; other routes get none. */
function goodBody(p: Picker, world: FuzzWorld, route: RouteDef): unknown {
  const pick = (name: string) => p.pick(world.ids[name] ?? ['none']);
  if (route === routes.createApp)
    return { region: p.pick(['regions/US-C', 'regions/EU-W', 'regions/MARS']), uploadable: {} };
  if (route === routes.createEnvironment)
    return {
      displayName: p.pick(['staging', 'qa', 'prod', '']),
      branch: 'uploadable',
      shellVariables: [{ key: 'A', value: String(p.int(0, 9)) }],
    };
  if (route === routes.patchEnvironment) return { shellVariables: [{ key: 'B', value: 'x' }] };
  if (route === routes.createInstallCopy)
    return { source_environment_id: pick('install_id'), destination_environment_id: pick('install_id') };
  if (route === routes.createSite) return { name: `site-${p.int(0, 20)}`, account_id: pick('account_id') };
  if (route === routes.createDomain) return { name: `d${p.int(0, 99)}.example.com` };
  return undefined;
}

/** Anything: a valid request half the time, else an invalid one. */
export function mixedRequest(p: Picker, world: FuzzWorld): FuzzRequest {
  if (p.chance(0.5)) return invalidRequest(p, world);
  const route = p.pick(ROUTES);
  let target = pathOf(p, world, route) + queryOf(p, route, p.chance(0.2));
  if (route === routes.patchEnvironment) target += `${target.includes('?') ? '&' : '?'}updateMask=shellVariables`;
  if (route === routes.createApp) target += `${target.includes('?') ? '&' : '?'}appId=fuzz-${p.int(0, 30)}`;
  const body = goodBody(p, world, route);
  const headers: Record<string, string> = { authorization: world.auth };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    kind: 'maybe valid',
    method: route.method,
    target,
    headers,
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
  };
}
