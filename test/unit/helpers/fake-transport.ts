/**
 * A scripted in-memory Transport: each request is answered by the test's function, and what
 * was sent is recorded. With a VirtualClock this drives the client's retry loop with no I/O.
 */
import type { Transport, TransportRequest, TransportResponse } from '../../../src/api/transport.js';
import { TransportFailure } from '../../../src/api/transport.js';

export interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** The attempt's maximum duration, as the request layer set it. */
  maxMs: number | undefined;
}

export type Answer = TransportResponse | TransportFailure;

export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): TransportResponse {
  return { status, headers, body: body === undefined ? '' : JSON.stringify(body) };
}

export function fail(failure: TransportFailure['failure'], code?: string): TransportFailure {
  return new TransportFailure(failure, `simulated ${failure}`, code);
}

export function fakeTransport(answer: (req: TransportRequest, n: number) => Answer | Promise<Answer>) {
  const sent: Sent[] = [];
  const transport: Transport = {
    async send(req) {
      sent.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: typeof req.body === 'string' ? req.body : undefined,
        maxMs: req.maxMs,
      });
      const a = await answer(req, sent.length);
      if (a instanceof TransportFailure) throw a;
      return a;
    },
  };
  return { transport, sent };
}

/** Answers the given list in order, then repeats the last one. */
export function sequence(...answers: Answer[]) {
  return fakeTransport((_req, n) => answers[Math.min(n, answers.length) - 1]!);
}
