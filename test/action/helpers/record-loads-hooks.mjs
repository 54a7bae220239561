/** The loader hook of record-loads.mjs: notes each module's URL, then loads it as node would. */
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (process.env.RECORD_LOADS_TO) appendFileSync(process.env.RECORD_LOADS_TO, `${url}\n`);
  return nextLoad(url, context);
}
