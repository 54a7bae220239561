/** Emulator options, their defaults, and the `--faults` spec parser. */
import type { Seed } from '../store/seed.js';
import type { TlsOption } from '../tls/tls-setup.js';
import { parseAnswerSet, type AnswerSet } from './answers.js';
import type { BaseClock } from './clock.js';

export type FaultKind = '429' | '500' | '502' | '503' | 'reset';
export interface Fault {
  kind: FaultKind;
  share: number;
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** A seed object, or the path of a seed JSON file; default: the built-in demo seed (store/seed.ts). */
  seed?: Seed | string;
  /** e.g. `429:0.1,503:0.1,500:0.05,reset:0.05`, or parsed faults. */
  faults?: string | Fault[];
  latencyMs?: number;
  buildSeconds?: number;
  maxUploadMb?: number;
  /** Requests per second allowed per credential before 429; 0 turns the limit off. */
  rateLimitPerSecond?: number;
  /** The base of the emulator's clock (any object with `now()`); default: the system clock. */
  clock?: BaseClock;
  /** Source of randomness for faults (tests pass a seeded one). */
  random?: () => number;
  /** Largest JSON body accepted, in bytes. */
  maxJsonBytes?: number;
  /** Serve HTTPS: `true` makes a throwaway CA and certificate, or give certificate and key PEM. */
  tls?: TlsOption;
  /** Time allowed for a request's headers to arrive; default 10 s. */
  headersTimeoutMs?: number;
  /** A connection silent this long is closed (an upload in progress too); default 30 s. */
  idleTimeoutMs?: number;
  /** Connections open at once; default 256. */
  maxConnections?: number;
  /** Entries kept by the request log (a ring); default 1,000. */
  maxLoggedRequests?: number;
  /** Answer 411 to an upload that has no Content-Length (e.g. chunked), before reading it. */
  requireContentLength?: boolean;
  /**
   * Host names, besides loopback ones and `host`, under which the emulator answers, control and
   * API routes alike (e.g. a name a test reaches it by through a proxy, or a container's service
   * name; `--allow-host` on the command line). Matched against `Host` and `Origin`.
   */
  controlHosts?: string[];
  /**
   * Which answers to give where the spec leaves them open: `contract` (default), or `documented`,
   * the platform's public reference (answers.ts; docs/emulator.md lists what changes).
   */
  answers?: AnswerSet;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  faults: Fault[];
  latencyMs: number;
  buildSeconds: number;
  maxUploadBytes: number;
  rateLimitPerSecond: number;
  random: () => number;
  maxJsonBytes: number;
  protocol: 'http' | 'https';
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  maxLoggedRequests: number;
  requireContentLength: boolean;
  controlHosts: string[];
  answers: AnswerSet;
}

const KINDS: readonly FaultKind[] = ['429', '500', '502', '503', 'reset'];

export function parseFaults(spec: string): Fault[] {
  if (spec.trim() === '') return [];
  const faults = spec.split(',').map((part) => {
    const [kind, share] = part.trim().split(':');
    const n = Number(share);
    if (!KINDS.includes(kind as FaultKind)) {
      throw new Error(`--faults: unknown outcome "${kind}" (use ${KINDS.join(', ')})`);
    }
    if (share === undefined || !Number.isFinite(n) || n < 0 || n > 1) {
      throw new Error(`--faults: share for "${kind}" must be a number from 0 to 1, got "${share ?? ''}"`);
    }
    return { kind: kind as FaultKind, share: n };
  });
  const total = faults.reduce((a, f) => a + f.share, 0);
  if (total > 1) throw new Error(`--faults: shares add up to ${total}, more than 1`);
  return faults;
}

/** Picks the fault for one request, or null; `r` is uniform in [0, 1). */
export function pickFault(faults: readonly Fault[], r: number): FaultKind | null {
  let acc = 0;
  for (const f of faults) {
    acc += f.share;
    if (r < acc) return f.kind;
  }
  return null;
}

export function resolveOptions(o: EmulatorOptions): ResolvedOptions {
  return {
    port: o.port ?? 0,
    host: o.host ?? '127.0.0.1',
    faults: typeof o.faults === 'string' ? parseFaults(o.faults) : (o.faults ?? []),
    latencyMs: o.latencyMs ?? 0,
    buildSeconds: o.buildSeconds ?? 2,
    maxUploadBytes: Math.round((o.maxUploadMb ?? 512) * 1024 * 1024),
    rateLimitPerSecond: o.rateLimitPerSecond ?? 0,
    random: o.random ?? Math.random,
    maxJsonBytes: o.maxJsonBytes ?? 1024 * 1024,
    protocol: o.tls ? 'https' : 'http',
    headersTimeoutMs: o.headersTimeoutMs ?? 10_000,
    idleTimeoutMs: o.idleTimeoutMs ?? 30_000,
    maxConnections: o.maxConnections ?? 256,
    maxLoggedRequests: o.maxLoggedRequests ?? 1000,
    requireContentLength: o.requireContentLength ?? false,
    controlHosts: [o.host ?? '127.0.0.1', ...(o.controlHosts ?? [])].map((h) =>
      (h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h).toLowerCase(),
    ),
    // A JavaScript caller may pass anything: refuse it at start, not at the first request.
    answers: o.answers === undefined ? 'contract' : parseAnswerSet(o.answers, 'answers'),
  };
}
