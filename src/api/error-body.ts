/**
 * Reading an error answer: the server's message (and headless status, and hosting field
 * errors) from either body shape, hosting `{message, errors?}` or headless `{error: {...}}`.
 */
import type { FieldError } from './errors.js';

export interface ErrorBody {
  message?: string;
  code?: string;
  errors?: FieldError[];
}

/** Reads the server's message from either error shape: hosting `{message, errors?}` or headless `{error: {...}}`. */
export function readErrorBody(text: string): ErrorBody {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const t = text.trim();
    // A short plain-text answer is worth showing; an HTML error page from a proxy is not.
    return t && t.length <= 200 && !t.startsWith('<') ? { message: t } : {};
  }
  if (!data || typeof data !== 'object') return {};
  const d = data as Record<string, unknown>;
  const inner = d.error && typeof d.error === 'object' ? (d.error as Record<string, unknown>) : undefined;
  const message =
    typeof d.message === 'string' ? d.message : typeof inner?.message === 'string' ? inner.message : undefined;
  const code = typeof inner?.status === 'string' ? inner.status : undefined;
  const errors = Array.isArray(d.errors)
    ? (d.errors.filter((e) => e && typeof e === 'object') as FieldError[])
    : undefined;
  return { message, code, errors };
}
