/**
 * Every JSON block in README.md and docs/ is valid JSON as pasted (no comments, no trailing
 * commas), and the README's seed example starts the emulator as it stands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import type { Seed } from '../../emulator/store/seed.js';

const ROOT = join(import.meta.dirname, '..', '..');
const files = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => join('docs', f))].filter((f) =>
  f.endsWith('.md'),
);

function jsonBlocks(text: string): string[] {
  return [...text.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

const blocks = files.flatMap((file) =>
  jsonBlocks(readFileSync(join(ROOT, file), 'utf8')).map((block, i): [string, string] => [`${file} #${i + 1}`, block]),
);

describe('JSON blocks in the docs', () => {
  it('there are some: the README has its seed example', () => {
    expect(blocks.some(([where]) => where.startsWith('README.md'))).toBe(true);
  });
  it.each(blocks)('%s parses as pasted', (_where, block) => {
    expect(() => JSON.parse(block)).not.toThrow();
  });
  it.each(files)('%s has no jsonc block (comments do not survive a paste into a .json file)', (file) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).not.toMatch(/^```jsonc$/m);
  });
});

describe("the README's seed example", () => {
  it('starts the emulator, with its apps and environments', async () => {
    const seed = jsonBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'))
      .map((b) => JSON.parse(b) as Seed)
      .find((b) => Array.isArray(b.accounts) && b.headless !== undefined)!;
    expect(seed).toBeDefined();
    const emulator = await startEmulator({ port: 0, seed });
    try {
      expect(emulator.state.environments.map((e) => e.displayName).sort()).toEqual(['production', 'staging']);
      expect(emulator.state.environments.find((e) => e.displayName === 'production')!.id).toBe(
        '3f6c1b2a-8d4e-4f1a-9b7c-2e5d8a0c4f13',
      );
    } finally {
      await emulator.close();
    }
  });
});
