/**
 * A whole webhook trigger URL as copied from the portal. The inputs read it once to check it
 * and to name its app and environment in messages; the client sends it as it is. Its token is
 * a secret: nothing here echoes the URL.
 */
import type { WebhookAction } from './types.js';
import { WEBHOOK_ACTIONS } from './types.js';
import { checkSecureUrl, UnsafeUrlError } from './url.js';

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

const MARKER = '/webhooks/webhook:';
const SHAPE = /\/accounts\/([^/]+)\/apps\/([^/]+)\/environments\/([^/]+)\/webhooks\/webhook:/;

/** Throws an UnsafeUrlError whose message is a fragment without a subject, e.g. `has no token ...`. */
export function parseWebhookUrl(value: string): ParsedWebhookUrl {
  const url = checkSecureUrl(value);
  const token = url.searchParams.get('token');
  if (!token) throw new UnsafeUrlError('has no token query parameter; copy the whole URL from the portal');
  const at = url.pathname.indexOf(MARKER);
  if (at < 0)
    throw new UnsafeUrlError('has no /webhooks/webhook:{action} in its path; copy the whole URL from the portal');
  const action = safeDecode(url.pathname.slice(at + MARKER.length));
  if (!(WEBHOOK_ACTIONS as readonly string[]).includes(action)) {
    throw new UnsafeUrlError(
      `names the action ${JSON.stringify(action.slice(0, 40))}; expected rebuild, cleanRebuild or purgeCache`,
    );
  }
  const parts = SHAPE.exec(url.pathname);
  return {
    url: value.trim(),
    token,
    action: action as WebhookAction,
    account: parts ? safeDecode(parts[1]!) : null,
    app: parts ? safeDecode(parts[2]!) : null,
    environment: parts ? safeDecode(parts[3]!) : null,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
