/**
 * A whole webhook trigger URL as copied from the portal. The inputs read it once to check it
 * and to name its app and environment in messages; the client sends it as it is. Its token is
 * a secret: nothing here echoes the URL.
 */
import type { WebhookAction } from './types.js';
export interface ParsedWebhookUrl {
    /** The URL as given (trimmed): it is used as it is. */
    readonly url: string;
    readonly token: string;
    readonly action: WebhookAction;
    /** Read from the path when it has the usual shape; null otherwise. */
    readonly account: string | null;
    readonly app: string | null;
    readonly environment: string | null;
}
/** Throws an UnsafeUrlError whose message is a fragment without a subject, e.g. `has no token ...`. */
export declare function parseWebhookUrl(value: string): ParsedWebhookUrl;
