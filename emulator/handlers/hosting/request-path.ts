import type { Ctx } from '../../context.js';

/** The path of the request as the client sent it (without the query): the base of page links. */
export function requestPath(ctx: Ctx): string {
  return (ctx.req.url ?? '/').split('?')[0]!;
}
