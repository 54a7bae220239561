/**
 * Turning an attempt that did not succeed into an ApiError: an answer (by status, or
 * WrongServer when it is not the API's own), or a failure without one (NetworkError or
 * TimeoutError, worded by network-failure.ts). Every server message is redacted here.
 */
import type { Redactor } from '../util/redact.js';
import { ApiError, NetworkError, TimeoutError, WrongServer, errorForStatus, type ApiErrorInit } from './errors.js';
import { foreignAnswer, readErrorBody } from './error-body.js';
import { describeFailure, type NetworkFailure } from './network-failure.js';
import type { Api, RouteDef } from './routes.js';
import type { TransportFailure, TransportResponse } from './transport-types.js';

const TOKEN_401 = 'check the webhook token or URL; regenerating or deleting the webhooks stops the old URLs working';
const API_NAME = { hosting: 'the hosting API', headless: 'the headless API' } as const;

/** The longest plain-text success a route that allows text may answer: longer is a page, not a word. */
export const MAX_TEXT_ANSWER = 1024;

export function parseAnswer(
  res: TransportResponse,
  method: string,
  path: string,
  route: Pick<RouteDef, 'api' | 'answer'>,
  source: string,
) {
  if (res.body.trim() === '') return undefined;
  try {
    return JSON.parse(res.body) as unknown;
  } catch {
    const shape = readErrorBody(res.body).shape;
    // A webhook's answer is not shown by the spec: `OK` or `Triggered` is the platform's word.
    if (route.answer === 'json-or-text' && shape === 'text' && res.body.trim().length <= MAX_TEXT_ANSWER) {
      return undefined;
    }
    // A success status with a page instead of JSON: a portal or a proxy answered, not the API.
    throw new WrongServer({
      method,
      path,
      status: res.status,
      detail: `this does not look like ${API_NAME[route.api]}`,
      advice: `it answered ${shape === 'html' ? 'with an HTML page' : 'with a body that is not JSON'}; check ${source}`,
    });
  }
}

export interface Failed {
  res: TransportResponse | undefined;
  failure: TransportFailure | undefined;
  url: URL;
  source: string;
  api: Api;
  tokenAuth: boolean;
  redact: Redactor;
}

export function buildError(
  base: Pick<ApiErrorInit, 'method' | 'path' | 'attempts' | 'mayHaveSucceeded' | 'advice'>,
  { res, failure, url, source, api, tokenAuth, redact }: Failed,
): ApiError {
  if (res) {
    const body = readErrorBody(res.body);
    const foreign = foreignAnswer(api, res.status, body);
    if (foreign) {
      // Not the API's answer: no server message either, since it is not the API's to give.
      return new WrongServer({
        ...base,
        status: res.status,
        detail: `this does not look like ${API_NAME[api]}`,
        advice: `it answered ${foreign}; ${base.advice ?? `check ${source}`}`,
      });
    }
    return errorForStatus({
      ...base,
      status: res.status,
      serverMessage: body.message === undefined ? undefined : redact(body.message),
      code: body.code,
      errors: body.errors?.map((e) => ({ ...e, message: e.message && redact(e.message) })),
      // Webhook routes authenticate by token, not Basic credentials: a 401 there means a bad token.
      advice: base.advice ?? (res.status === 401 && tokenAuth ? TOKEN_401 : undefined),
    });
  }
  const f = failure!;
  const kind = f.failure as NetworkFailure;
  const cause = Object.assign(new Error(redact(f.message)), f.code ? { code: f.code } : {});
  const words = describeFailure({
    failure: kind,
    code: f.code,
    host: url.host,
    proxy: f.proxy,
    source,
    message: redact(f.message),
  });
  const init = {
    ...base,
    code: f.code,
    cause,
    detail: redact(words.detail),
    advice: redact(words.advice),
  };
  if (kind === 'timeout') return new TimeoutError(init);
  return new NetworkError({ ...init, failure: kind });
}
