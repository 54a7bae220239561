import { playsDocumented } from '../../config/answers.js';
import type { Ctx } from '../context.js';

/**
 * What a page's `next` and `previous` links start with. Contract answers: the path of the request
 * as the client sent it (without the query), e.g. `/v1/installs`. Documented answers: an absolute
 * URL on the origin the client reached, e.g. `http://127.0.0.1:4010/v1/installs`.
 */
export function pageLinkBase(ctx: Ctx): string {
  const target = ctx.req.url ?? '/';
  if (!playsDocumented(ctx.options)) return target.split('?')[0]!;
  // The path the route matched (an absolute-form target carries its own origin, not ours).
  return ctx.origin + new URL(target, 'http://emulator.invalid').pathname;
}
