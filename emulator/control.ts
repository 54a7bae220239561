/**
 * Control routes under /__emulator/ (no auth, never faulted): read or reset the whole state,
 * move the clock, read, regenerate or delete an environment's webhooks, read the request log,
 * and change faults or latency while running (CONTRACT §3, plus what tests need).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { EmulatorClock } from './clock.js';
import type { Reply } from './context.js';
import { badRequest, notFound } from './errors.js';
import { readRaw } from './json-body.js';
import { parseFaults, type ResolvedOptions } from './options.js';
import { HEADLESS_PREFIX } from './router.js';
import type { RequestLog } from './request-log.js';
import type { EnvironmentRec, State } from './store/state.js';
import { WEBHOOK_ACTIONS } from '../src/api/types.js';

export const CONTROL_PREFIX = '/__emulator/';

export interface ControlDeps {
  options: ResolvedOptions;
  clock: EmulatorClock;
  getState(): State;
  reset(): void;
  log: RequestLog;
}

export function newWebhookToken(): string {
  return randomBytes(16).toString('hex');
}

export function webhookUrls(origin: string, env: EnvironmentRec): Record<string, string> | null {
  if (!env.webhookToken) return null;
  const base = `${origin}${HEADLESS_PREFIX}/wh/v1/accounts/${env.account}/apps/${env.app}/environments/${env.id}/webhooks/webhook:`;
  return Object.fromEntries(WEBHOOK_ACTIONS.map((a) => [a, `${base}${a}?token=${env.webhookToken}`]));
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readRaw(req, 64 * 1024);
  if (raw.length === 0) return {};
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw badRequest('control routes take a JSON object body');
}

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
    deps.reset();
    deps.log.clear();
    return { status: 200, body: {} };
  }
  if (method === 'GET' && rest === 'requests') return { status: 200, body: { requests: deps.log.entries() } };
  if (method === 'POST' && rest === 'clock') {
    const body = await jsonBody(req);
    const seconds = Number(body.advanceSeconds ?? 0);
    if (!Number.isFinite(seconds) || seconds < 0) throw badRequest('advanceSeconds must be a number ≥ 0');
    deps.clock.advance(seconds * 1000);
    return { status: 200, body: { now: deps.clock.iso() } };
  }
  if (method === 'POST' && rest === 'faults') {
    const body = await jsonBody(req);
    if (typeof body.faults === 'string') deps.options.faults = parseFaults(body.faults);
    if (typeof body.latencyMs === 'number') deps.options.latencyMs = body.latencyMs;
    return { status: 200, body: { faults: deps.options.faults, latencyMs: deps.options.latencyMs } };
  }

  const m = /^environments\/([^/]+)\/webhooks(:regenerate)?$/.exec(rest);
  if (m) {
    const env = state.environments.find((e) => e.id === decodeURIComponent(m[1]!));
    if (!env) throw notFound(`environment "${m[1]}"`);
    if (method === 'GET' && !m[2]) {
      const urls = webhookUrls(origin, env);
      if (!urls) throw notFound(`webhooks of environment "${env.id}" (deleted)`);
      return { status: 200, body: { token: env.webhookToken, urls } };
    }
    if (method === 'POST' && m[2]) {
      env.webhookToken = newWebhookToken();
      return { status: 200, body: { token: env.webhookToken, urls: webhookUrls(origin, env) } };
    }
    if (method === 'DELETE' && !m[2]) {
      env.webhookToken = null;
      return { status: 200, body: {} };
    }
  }
  throw notFound(`control route ${method} ${path}`);
}
