/**
 * Webhook tokens of environments: the secret in each trigger URL. A new environment gets one;
 * regenerating replaces it (old URLs stop working); revoking removes it (no URL works).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { EnvironmentRec } from './state.js';

export function newWebhookToken(): string {
  return randomBytes(16).toString('hex');
}

export function regenerateWebhookToken(env: EnvironmentRec): string {
  env.webhookToken = newWebhookToken();
  return env.webhookToken;
}

export function revokeWebhooks(env: EnvironmentRec): void {
  env.webhookToken = null;
}

/** Whether `token` is the environment's current token, compared in constant time. */
export function webhookTokenMatches(env: EnvironmentRec, token: string): boolean {
  if (!env.webhookToken) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(env.webhookToken);
  return a.length === b.length && timingSafeEqual(a, b);
}
