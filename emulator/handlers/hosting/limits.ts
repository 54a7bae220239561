/** GET /v1/accounts/{account_id}/limits: the caller's own account only. */
import type { AccountLimits } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { findOwnAccount } from './lookup.js';

export const getAccountLimits: Handler = (ctx) => {
  const { visitors, storage, bandwidth } = findOwnAccount(ctx).limits;
  const body: AccountLimits = { visitors, storage, bandwidth };
  return { status: 200, body };
};
