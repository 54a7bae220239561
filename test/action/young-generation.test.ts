/**
 * A deploy keeps V8's young generation at the size it has when the walk keeps its first entry
 * (2 or 4 MiB; src/util/young-generation.ts): a flag set at run time, which Node documents may
 * do nothing. The probe measures the young generation after a burst of allocations at exit; the
 * same probe in a bare Node shows that the burst does grow it when nothing stops it, so the test
 * cannot pass by measuring nothing.
 *
 * V8 on Node 20 resets the flag each time a worker's heap is made; the deflate workers'
 * handlers set it again once each worker is online, but what the main thread allocates while
 * workers boot may grow the young generation meanwhile. So on Node 20 only a deploy without
 * deflate threads (compression-level 0) is held to that size.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { seedWithApp } from './helpers/emulator.js';
import { majorOf, NODES } from './helpers/nodes.js';
import { deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';

const PROBE = fileURLToPath(new URL('./helpers/young-generation-probe.mjs', import.meta.url));
const MiB = 1024 * 1024;

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });
const dir = mkdtempSync(join(tmpdir(), 'hd-young-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(NODES)('the young generation on $label', ({ node, label }) => {
  const sizeFile = join(dir, label.replace(/\W+/g, '-'));

  it('grows past 8 MiB under the probe in a bare Node', () => {
    execFileSync(node, ['--import', PROBE, '-e', ''], { env: { ...process.env, YOUNG_GENERATION_TO: sizeFile } });
    expect(Number(readFileSync(sizeFile, 'utf8'))).toBeGreaterThan(8 * MiB);
  });

  const deploy = async (more: Record<string, string>) => {
    const run = await runChecked({
      node,
      nodeArgs: ['--import', PROBE],
      workspace: makeWorkspace(),
      emulator,
      env: { YOUNG_GENERATION_TO: sizeFile },
      inputs: deployInputs(emulator, 'shop', more),
    });
    expect(run.code, logText(run)).toBe(0);
    expect(run.stderr, 'the flag is known to this V8').toBe('');
    return Number(readFileSync(sizeFile, 'utf8'));
  };

  it('stays at 4 MiB at most in a deploy without deflate threads', async () => {
    expect(await deploy({ 'compression-level': '0' })).toBeLessThanOrEqual(4 * MiB);
  });

  if (majorOf(node) >= 22) {
    it('stays at 4 MiB at most in a deploy with deflate threads', async () => {
      expect(await deploy({})).toBeLessThanOrEqual(4 * MiB);
    });
  }
});
