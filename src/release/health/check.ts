/**
 * The health check: asks a URL until it answers healthy or the time is up. Healthy is a status
 * in `health-expect` after following redirects (redirect.ts), and, with `health-text`, that
 * text in the first MiB of the body. Every failure of an attempt (a status, DNS, TLS, a
 * refused redirect) is retried with a growing pause until `health-timeout`: a site can come up,
 * a certificate be issued, a name resolve, after the build is done. The result always says why.
 *
 * The transport is the action's own (the proxy rules of every request); no credentials are
 * sent. Time is the injected clock's, so tests run the whole schedule on a VirtualClock; only
 * the cap of one attempt runs on real time, inside the transport, where the I/O is (and the
 * cap of a redirect's name lookup, which is I/O too).
 *
 * A redirect to another host is looked up here, with the injected `lookup` (tests answer
 * without DNS), once per hop: redirect.ts judges every address, and the request goes to the
 * address chosen (`connectTo`), so that a second answer from DNS (rebinding) is never used.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { describeFailure, errorCode } from '../../api/network-failure.js';
import { TransportFailure, type Transport, type TransportResponse } from '../../api/transport.js';
import type { Clock } from '../../util/clock.js';
import { formatDuration } from '../../util/format.js';
import { statusMatches, type StatusSet } from './expect.js';
import { admitResolved, isRedirect, nextHop, where, type Stop } from './redirect.js';

/**
 * Longest one attempt may take, redirects included: with the pause cap, a log line at least every
 * 10 s. Each attempt gets all of it, the last one too (started before health-timeout, it may end
 * up to this much after): a last attempt squeezed into the few milliseconds left would fail for
 * want of time and hide the site's real answer.
 */
export const ATTEMPT_MAX_MS = 5_000;
const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 5_000;
/** How much of the body `health-text` is looked for in. */
export const TEXT_WINDOW_BYTES = 1024 * 1024;
const USER_AGENT = 'headless-deploy-health-check';

export interface HealthTarget {
  readonly url: string;
  readonly expect: StatusSet;
  /** Text the body must contain; null for none. */
  readonly text: string | null;
  readonly timeoutMs: number;
}

/** Every address a host name resolves to (node:dns `lookup` with `all`, by default). */
export type HostLookup = (hostname: string) => Promise<readonly { readonly address: string }[]>;

export interface HealthDeps {
  readonly transport: Transport;
  readonly clock: Clock;
  readonly signal: AbortSignal;
  /** One line per attempt. */
  readonly log: (line: string) => void;
  /** How a redirect's other host is resolved; the system's resolver when not given. */
  readonly lookup?: HostLookup;
}

const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true });

export interface HealthResult {
  readonly healthy: boolean;
  /** The last attempt in words (`answered 200`), with what was waited when unhealthy. */
  readonly reason: string;
  readonly attempts: number;
  readonly elapsedMs: number;
  /** The status of the last answer seen, null when none came. */
  readonly status: number | null;
}

interface Attempt {
  ok: boolean;
  status: number | null;
  reason: string;
  /** What the user can do, for the final message. */
  advice?: string;
}

export async function checkHealth(deps: HealthDeps, target: HealthTarget): Promise<HealthResult> {
  const { clock } = deps;
  const started = clock.now();
  const deadline = started + target.timeoutMs;
  let pause = FIRST_PAUSE_MS;
  for (let attempts = 1; ; attempts++) {
    const outcome = await attempt(deps, target, ATTEMPT_MAX_MS);
    const elapsedMs = clock.now() - started;
    deps.log(
      `health check attempt ${attempts}: ${outcome.reason} (${formatDuration(elapsedMs)} elapsed, ${formatDuration(Math.max(0, deadline - clock.now()))} left)`,
    );
    if (outcome.ok) return { healthy: true, reason: outcome.reason, attempts, elapsedMs, status: outcome.status };
    if (clock.now() >= deadline) {
      const advice = outcome.advice ? `; ${outcome.advice}` : '';
      return {
        healthy: false,
        reason: `not healthy after ${formatDuration(elapsedMs)} (health-timeout ${formatDuration(target.timeoutMs)}, ${count(attempts, 'attempt')}): the last ${outcome.reason}${advice}`,
        attempts,
        elapsedMs,
        status: outcome.status,
      };
    }
    await clock.sleep(Math.min(pause, deadline - clock.now()), deps.signal);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}

/** One attempt: the URL and the redirects it leads to, judged. Throws only when cancelled. */
async function attempt(deps: HealthDeps, target: HealthTarget, limitMs: number): Promise<Attempt> {
  const first = new URL(target.url);
  let stop: Stop = { url: first, pin: null };
  const visited = new Set([first.href]);
  for (;;) {
    const { url, pin } = stop;
    let res: TransportResponse;
    try {
      res = await deps.transport.send({
        method: 'GET',
        url,
        // No platform credentials, no cookies: the check sees what a visitor sees.
        headers: { accept: '*/*', 'user-agent': USER_AGENT },
        signal: deps.signal,
        timeoutMs: limitMs,
        maxMs: limitMs,
        ...(pin === null ? {} : { connectTo: pin }),
      });
    } catch (err) {
      if (deps.signal.aborted) throw deps.signal.reason ?? err;
      if (!(err instanceof TransportFailure) || err.failure === 'cancelled' || err.failure === 'body') throw err;
      const words = describeFailure({
        failure: err.failure,
        code: err.code,
        host: url.host,
        proxy: err.proxy,
        source: 'health-url',
        message: err.message,
      });
      return {
        ok: false,
        status: null,
        reason: `attempt failed: ${words.detail} (${where(url)})`,
        advice: words.advice,
      };
    }
    if (isRedirect(res.status)) {
      let hop = nextHop(first, stop, res.status, res.headers.location, visited);
      if ('lookup' in hop) {
        const found = await resolve(deps.lookup ?? systemLookup, hop.lookup.hostname, limitMs);
        if ('failed' in found) {
          const words = describeFailure({
            failure: 'dns',
            code: found.failed,
            host: hop.lookup.host,
            source: `the redirect of ${where(url)}`,
          });
          return {
            ok: false,
            status: res.status,
            reason: `answer: ${where(url)} answered ${res.status}, but ${words.detail}`,
            advice: words.advice,
          };
        }
        hop = admitResolved(hop.lookup, res.status, found.addresses);
      }
      if ('refused' in hop) return { ok: false, status: res.status, reason: `answer: ${where(url)} ${hop.refused}` };
      visited.add(hop.url.href);
      stop = hop;
      continue;
    }
    const via = visited.size > 1 ? ` (after ${count(visited.size - 1, 'redirect')}, at ${where(url)})` : '';
    if (!statusMatches(target.expect, res.status)) {
      return {
        ok: false,
        status: res.status,
        reason: `answer: ${res.status}${via}, not in health-expect ${target.expect.source}`,
      };
    }
    if (target.text !== null && !firstWindow(res.body).includes(target.text)) {
      return {
        ok: false,
        status: res.status,
        reason: `answer: ${res.status}${via}, but the body's first MiB does not contain the health-text`,
      };
    }
    return { ok: true, status: res.status, reason: `answer: ${res.status}${via}` };
  }
}

/**
 * The addresses of a redirect's host, or the code of the failure. Capped at one attempt's
 * length on real time: the system resolver cannot be cancelled, and may take longer.
 */
async function resolve(
  lookup: HostLookup,
  hostname: string,
  limitMs: number,
): Promise<{ addresses: string[] } | { failed: string | undefined }> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEOUT' })), limitMs);
  });
  try {
    const answers = await Promise.race([lookup(hostname), cap]);
    return { addresses: answers.map((a) => a.address) };
  } catch (err) {
    return { failed: errorCode(err) };
  } finally {
    clearTimeout(timer);
  }
}

function firstWindow(body: string): string {
  if (body.length <= TEXT_WINDOW_BYTES / 4) return body;
  return Buffer.from(body, 'utf8').subarray(0, TEXT_WINDOW_BYTES).toString('utf8');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
