/**
 * The action's path as the benchmark runs it: plan, write the zip into a temp dir, upload it
 * with the project's API client (src/api), exactly as the deploy step will.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '../src/api/index.js';
import { planArchive, writeArchive } from '../src/archive/index.js';

export interface ActionTiming {
  planMs: number;
  writeMs: number;
  uploadMs: number;
  totalMs: number;
  zipBytes: number;
  files: number;
  sha256: string;
}

/** `workers`: how many deflate workers the writer starts; by default as the action chooses. */
export async function runActionPath(
  root: string,
  tempDir: string,
  baseUrl: string,
  workers?: number,
  level = 6,
): Promise<ActionTiming> {
  const outFile = path.join(tempDir, 'action.zip');
  await rm(outFile, { force: true }); // the writer creates its zip exclusively
  const t0 = performance.now();
  const plan = await planArchive({ root });
  const t1 = performance.now();
  const written = await writeArchive(plan, { level, outFile, ...(workers === undefined ? {} : { workers }) });
  const t2 = performance.now();
  const client = createClient({ headlessUrl: baseUrl, credentials: { userId: 'user', password: 'pass' } });
  try {
    await client.uploadEnvironment({ account: 'bench', app: 'app', environment: 'env' }, written.file);
  } finally {
    await client.close();
  }
  const t3 = performance.now();
  return {
    planMs: t1 - t0,
    writeMs: t2 - t1,
    uploadMs: t3 - t2,
    totalMs: t3 - t0,
    zipBytes: written.bytes,
    files: written.files,
    sha256: written.sha256,
  };
}
