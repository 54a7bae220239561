import { playsDocumented } from '../../config/answers.js';
import type { Ctx, Reply } from '../context.js';

/** What a DELETE of an app or environment answers: 200 `{}`, or 204 with no body under the documented answers. */
export const deletedReply = (ctx: Pick<Ctx, 'options'>): Reply =>
  playsDocumented(ctx.options) ? { status: 204 } : { status: 200, body: {} };
