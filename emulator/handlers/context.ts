/** What a handler is given, and what it answers. */
import type { IncomingMessage } from 'node:http';
import type { RouteDef, RouteName } from '../../src/api/routes.js';
import type { EmulatorClock } from '../config/clock.js';
import type { ResolvedOptions } from '../config/options.js';
import type { AccountRec, CredentialRec, State } from '../store/state.js';

export interface Principal {
  credential: CredentialRec;
  account: AccountRec;
}

export interface Ctx {
  name: RouteName;
  route: RouteDef;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body for routes that take one (an object, checked against the route's fields); else null. */
  body: Record<string, unknown> | null;
  /** The authenticated caller; null on token-authenticated routes (webhooks). */
  principal: Principal | null;
  state: State;
  clock: EmulatorClock;
  options: ResolvedOptions;
  /** The raw request, for the upload route whose body the handler streams itself. */
  req: IncomingMessage;
  /** Origin of this emulator as the client reached it, e.g. http://127.0.0.1:4010 (for URLs it hands out). */
  origin: string;
}

export interface Reply {
  status: number;
  /** JSON-serialised; undefined means an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;
