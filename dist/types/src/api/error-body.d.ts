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
/** Reads the server's message from either error shape: hosting `{message, errors?}` or headless `{error: {...}}`. */
export declare function readErrorBody(text: string): ErrorBody;
/**
 * Why an error answer does not come from the API the request was for, or undefined when it
 * may well do. A 404 (or 405) must carry the API's own error body: "not found" from another
 * server means the base URL is wrong, not that the resource is missing. Other 4xx answers are
 * suspect when they are HTML or the other API's shape (a headless answer may carry the hosting
 * shape, or none). 429 and 5xx are left alone: gateways in
 * front of the real API answer those with pages of their own, and they are retried anyway.
 */
export declare function foreignAnswer(api: Api, status: number, body: ErrorBody): string | undefined;
