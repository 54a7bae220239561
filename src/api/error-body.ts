/**
 * Reading an error answer: the server's message (and headless status, and hosting field
 * errors) from either body shape, hosting `{message, errors?}` or headless `{error: {...}}`,
 * and which shape it was, so that an answer from the wrong server is recognised as such.
 */
import type { Api } from './routes.js';
import type { FieldError } from './errors.js';

/** What an answer's body looks like: one of the two APIs' error shapes, or something else. */
export type BodyShape = 'empty' | 'hosting' | 'headless' | 'json' | 'html' | 'text';

export interface ErrorBody {
  message?: string;
  code?: string;
  errors?: FieldError[];
  shape: BodyShape;
}

const looksLikeHtml = (t: string) => /^<(!doctype|html|head|body|\?xml|[a-z]+[\s>])/i.test(t);

/** Reads the server's message from either error shape: hosting `{message, errors?}` or headless `{error: {...}}`. */
export function readErrorBody(text: string): ErrorBody {
  const t = text.trim();
  if (t === '') return { shape: 'empty' };
  let data: unknown;
  try {
    data = JSON.parse(t);
  } catch {
    if (looksLikeHtml(t) || t.startsWith('<')) return { shape: 'html' };
    // A short plain-text answer is worth showing; a long one is not.
    return t.length <= 200 ? { message: t, shape: 'text' } : { shape: 'text' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { shape: 'json' };
  const d = data as Record<string, unknown>;
  const inner = d.error && typeof d.error === 'object' ? (d.error as Record<string, unknown>) : undefined;
  const message =
    typeof d.message === 'string' ? d.message : typeof inner?.message === 'string' ? inner.message : undefined;
  const code = typeof inner?.status === 'string' ? inner.status : undefined;
  const errors = Array.isArray(d.errors)
    ? (d.errors.filter((e) => e && typeof e === 'object') as FieldError[])
    : undefined;
  const shape: BodyShape =
    inner && (typeof inner.message === 'string' || typeof inner.status === 'string')
      ? 'headless'
      : typeof d.message === 'string'
        ? 'hosting'
        : 'json';
  return { message, code, errors, shape };
}

const SHAPE_WORDS: Record<BodyShape, string> = {
  empty: 'with no body',
  hosting: "with an error of the hosting API's shape",
  headless: "with an error of the headless API's shape",
  json: "with JSON that is not the API's error shape",
  html: 'with an HTML page',
  text: 'with plain text',
};

/**
 * Why an error answer does not come from the API the request was for, or undefined when it
 * may well do. A 404 (or 405) must carry the API's own error body: "not found" from another
 * server means the base URL is wrong, not that the resource is missing. Other 4xx answers are
 * suspect when they are HTML or the other API's shape (a headless answer may carry the hosting
 * shape, or none). 429 and 5xx are left alone: gateways in
 * front of the real API answer those with pages of their own, and they are retried anyway.
 */
export function foreignAnswer(api: Api, status: number, body: ErrorBody): string | undefined {
  if (status >= 300 && status < 400) return 'with a redirect';
  if (status < 400 || status === 429 || status >= 500) return undefined;
  if (body.shape === api) return undefined;
  // The headless API's error bodies are not shown by the spec: the platform's reference gives
  // `{message}` or no body where the emulator gives google.rpc's shape. The status decides.
  if (api === 'headless' && (body.shape === 'hosting' || body.shape === 'empty')) return undefined;
  const other = body.shape === 'hosting' || body.shape === 'headless';
  if (status === 404 || status === 405 || body.shape === 'html' || other) return SHAPE_WORDS[body.shape];
  return undefined;
}
