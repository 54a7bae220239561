/** GET /v1/accounts/{account_id}/limits: the caller's own account only. */
import type { Handler } from '../../context.js';
import { findOwnAccount } from './lookup.js';

export const getAccountLimits: Handler = (ctx) => {
  const { visitors, storage, bandwidth } = findOwnAccount(ctx).limits;
  return { status: 200, body: { visitors, storage, bandwidth } };
};
