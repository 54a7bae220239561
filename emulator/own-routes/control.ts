/**
 * Control routes under /__emulator/ (no auth, never faulted): read or reset the whole state,
 * move the clock, read, regenerate or delete an environment's webhooks, mark its site healthy or
 * not, hold its latest operation running or release it, read the request log,
 * change faults or latency, and change settings while running. The server checks who calls
 * (http/guard.ts, the first stage of the pipeline) before any of these run; bodies are JSON
 * objects sent as such.
 */
import type { IncomingMessage } from 'node:http';
import type { EmulatorClock } from '../config/clock.js';
import { parseFaults, type ResolvedOptions } from '../config/options.js';
import type { Reply } from '../handlers/context.js';
import { operationView } from '../handlers/headless/operations.js';
import { badRequest, conflict, EmulatorError, notFound } from '../http/errors.js';
import { readRaw } from '../http/json-body.js';
import type { RequestLog } from '../http/request-log.js';
import { HEADLESS_PREFIX } from '../http/router.js';
import { setOperationRunning } from '../store/operation-hold.js';
import { latestOperation } from '../store/operations.js';
import type { EnvironmentRec, State } from '../store/state.js';
import { regenerateWebhookToken, revokeWebhooks } from '../store/webhooks.js';
import { WEBHOOK_ACTIONS } from '../types/headless.js';

export const CONTROL_PREFIX = '/__emulator/';

/** Largest clock step: ten years, far past any time-driven transition, far from overflowing a Date. */
export const MAX_ADVANCE_SECONDS = 315_360_000;
/** Largest latency settable at run time: a minute, beyond any client timeout worth testing. */
export const MAX_LATENCY_MS = 60_000;
const MAX_CONTROL_BODY = 64 * 1024;

export interface ControlDeps {
  options: ResolvedOptions;
  clock: EmulatorClock;
  getState(): State;
  reset(): void;
  log: RequestLog;
}

export function webhookUrls(origin: string, env: EnvironmentRec): Record<string, string> | null {
  if (!env.webhookToken) return null;
  const base = `${origin}${HEADLESS_PREFIX}/wh/v1/accounts/${env.account}/apps/${env.app}/environments/${env.id}/webhooks/webhook:`;
  return Object.fromEntries(WEBHOOK_ACTIONS.map((a) => [a, `${base}${a}?token=${env.webhookToken}`]));
}

/** An empty body reads as `{}`; anything else must be a JSON object sent as application/json. */
async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readRaw(req, MAX_CONTROL_BODY);
  if (raw.length === 0) return {};
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new EmulatorError(
      415,
      `control routes take a JSON body: send it with Content-Type: application/json (got ${type ? 'another type' : 'none'})`,
    );
  }
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw badRequest('control routes take a JSON object body');
}

function numberIn(body: Record<string, unknown>, field: string, max: number, unit: string): number {
  const v = body[field];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) {
    throw badRequest(`${field} must be a number of ${unit} from 0 to ${max}`);
  }
  return v;
}

function booleanIn(body: Record<string, unknown>, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`${field} must be true or false`);
  return v;
}

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw badRequest(
      `unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (use ${allowed.join(', ')})`,
    );
  }
}

/** `POST /__emulator/environments/{id}/operation`: hold the environment's latest operation running, or release it. */
function holdOperation(deps: ControlDeps, env: EnvironmentRec, running: boolean): Reply {
  const op = latestOperation(deps.getState(), env);
  if (!op) {
    throw new EmulatorError(
      404,
      `environment "${env.id}" has no operation to hold: upload to it first, or seed it with runningBuild: true`,
    );
  }
  const now = deps.clock.now();
  if (!setOperationRunning(op, running, now)) {
    throw conflict(
      `the latest operation of environment "${env.id}" is already done and cannot be held running: ` +
        'hold a build before it finishes (before moving the clock past it), or seed the environment with runningBuild: true',
    );
  }
  return { status: 200, body: operationView(op, now) };
}

/** The settings `POST /__emulator/config` can change, as it answers them. */
const settingsView = (o: ResolvedOptions) => ({ requireContentLength: o.requireContentLength });

export async function handleControl(
  deps: ControlDeps,
  method: string,
  path: string,
  _query: URLSearchParams,
  req: IncomingMessage,
  origin: string,
): Promise<Reply> {
  const rest = path.slice(CONTROL_PREFIX.length);
  const state = deps.getState();

  if (method === 'GET' && rest === 'state') return { status: 200, body: { now: deps.clock.iso(), ...state } };
  if (method === 'POST' && rest === 'reset') {
    await jsonBody(req);
    deps.reset();
    return { status: 200, body: {} };
  }
  if (method === 'GET' && rest === 'requests') return { status: 200, body: { requests: deps.log.entries() } };
  if (method === 'POST' && rest === 'clock') {
    const body = await jsonBody(req);
    onlyFields(body, ['advanceSeconds']);
    deps.clock.advance(numberIn(body, 'advanceSeconds', MAX_ADVANCE_SECONDS, 'seconds') * 1000);
    return { status: 200, body: { now: deps.clock.iso() } };
  }
  if (method === 'POST' && rest === 'faults') {
    const body = await jsonBody(req);
    onlyFields(body, ['faults', 'latencyMs']);
    if (body.faults !== undefined) {
      if (typeof body.faults !== 'string') throw badRequest('faults must be a string such as "503:0.2,reset:0.05"');
      try {
        deps.options.faults = parseFaults(body.faults);
      } catch (e) {
        throw badRequest((e as Error).message.replace(/^--faults/, 'faults'));
      }
    }
    if (body.latencyMs !== undefined) deps.options.latencyMs = numberIn(body, 'latencyMs', MAX_LATENCY_MS, 'ms');
    return { status: 200, body: { faults: deps.options.faults, latencyMs: deps.options.latencyMs } };
  }
  if (rest === 'config' && (method === 'GET' || method === 'POST')) {
    if (method === 'POST') {
      const body = await jsonBody(req);
      onlyFields(body, ['requireContentLength']);
      const require = booleanIn(body, 'requireContentLength');
      if (require !== undefined) deps.options.requireContentLength = require;
    }
    return { status: 200, body: settingsView(deps.options) };
  }

  const health = /^environments\/([^/]+)\/health$/.exec(rest);
  if (health && method === 'POST') {
    const env = state.environments.find((e) => e.id === health[1]);
    if (!env) throw notFound(`environment ${JSON.stringify(health[1]!.slice(0, 64))}`);
    const body = await jsonBody(req);
    onlyFields(body, ['healthy']);
    const healthy = booleanIn(body, 'healthy');
    if (healthy === undefined) throw badRequest('healthy must be true or false');
    env.unhealthy = !healthy;
    return { status: 200, body: { healthy } };
  }

  const held = /^environments\/([^/]+)\/operation$/.exec(rest);
  if (held && method === 'POST') {
    const env = state.environments.find((e) => e.id === held[1]);
    if (!env) throw notFound(`environment ${JSON.stringify(held[1]!.slice(0, 64))}`);
    const body = await jsonBody(req);
    onlyFields(body, ['running']);
    const running = booleanIn(body, 'running');
    if (running === undefined) throw badRequest('running must be true (hold the operation) or false (release it)');
    return holdOperation(deps, env, running);
  }

  const m = /^environments\/([^/]+)\/webhooks(:regenerate)?$/.exec(rest);
  if (m) {
    let id = m[1]!;
    try {
      id = decodeURIComponent(id);
    } catch {
      // Malformed percent-encoding: look the raw text up, which finds nothing.
    }
    const env = state.environments.find((e) => e.id === id);
    if (!env) throw notFound(`environment ${JSON.stringify(id.slice(0, 64))}`);
    if (method === 'GET' && !m[2]) {
      const urls = webhookUrls(origin, env);
      if (!urls) throw notFound(`webhooks of environment "${env.id}" (deleted)`);
      return { status: 200, body: { token: env.webhookToken, urls } };
    }
    if (method === 'POST' && m[2]) {
      const token = regenerateWebhookToken(env);
      return { status: 200, body: { token, urls: webhookUrls(origin, env) } };
    }
    if (method === 'DELETE' && !m[2]) {
      revokeWebhooks(env);
      return { status: 200, body: {} };
    }
  }
  throw notFound(`control route ${method} ${path.slice(0, 128)}`);
}
