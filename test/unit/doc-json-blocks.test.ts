/**
 * Every JSON block in README.md, CONTRIBUTING.md and docs/ is valid JSON as pasted (no comments,
 * no trailing commas); the seed example of docs/emulator.md starts the emulator as it stands, and
 * the `--json` example of docs/cli.md names only statuses and outputs the action has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator } from '../../emulator/index.js';
import type { Seed } from '../../emulator/store/seed.js';
import { blockName, DOC_FILES, fencedBlocks, readDoc, ROOT } from '../support/doc-blocks.js';

const jsonBlocks = (file: string) => fencedBlocks(file, readDoc(file)).filter((b) => b.lang === 'json');
const blocks = DOC_FILES.flatMap((file) => jsonBlocks(file).map((b) => [blockName(b), b.text] as const));

describe('JSON blocks in the docs', () => {
  it('there are some: docs/emulator.md has its seed example', () => {
    expect(blocks.some(([where]) => where.startsWith('docs/emulator.md'))).toBe(true);
  });
  it.each(blocks)('%s parses as pasted', (_where, block) => {
    expect(() => JSON.parse(block)).not.toThrow();
  });
  it.each(DOC_FILES)('%s has no jsonc block (comments do not survive a paste into a .json file)', (file) => {
    expect(readDoc(file)).not.toMatch(/^ *```jsonc$/m);
  });
});

describe("docs/emulator.md's seed example", () => {
  it('starts the emulator, with its apps and environments', async () => {
    const seed = jsonBlocks('docs/emulator.md')
      .map((b) => JSON.parse(b.text) as Seed)
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

describe("docs/cli.md's --json example", () => {
  it('has a status and outputs the action declares', () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { outputs: Record<string, unknown> };
    const example = jsonBlocks('docs/cli.md')
      .map((b) => JSON.parse(b.text) as { status?: string; outputs?: Record<string, string> })
      .find((b) => b.status !== undefined && b.outputs !== undefined)!;
    expect(example).toBeDefined();
    const statuses = /`status`\s+\|\s+(.*)\|/.exec(readDoc('README.md'))![1]!;
    expect(statuses).toContain(`\`${example.status}\``);
    expect(Object.keys(example.outputs!).filter((name) => !(name in action.outputs))).toEqual([]);
    expect(example.outputs!.status).toBe(example.status);
  });
});
