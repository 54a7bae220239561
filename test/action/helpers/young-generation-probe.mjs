/**
 * Preloaded into a run (node --import) by young-generation.test.ts. At exit it allocates many
 * objects of which a third lives a while, which makes V8 grow the young generation when nothing
 * stops it, and writes the young generation's size in bytes to YOUNG_GENERATION_TO.
 */
import { writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

process.on('exit', () => {
  const kept = [];
  for (let i = 0; i < 2_000_000; i++) {
    const o = { i, s: `x${i % 1000}`, a: [i] };
    if (i % 3 === 0) kept.push(o);
    if (kept.length > 200_000) kept.splice(0, 100_000);
  }
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  writeFileSync(process.env.YOUNG_GENERATION_TO, String(young.space_size));
});
