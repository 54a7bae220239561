/**
 * Bad input: every row of the table (one per input of action.yml) exits non-zero with a message
 * naming the input and the fix, and the emulator the inputs point at sees no request at all.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import { actionDefaults, runAction } from '../../scripts/runner.js';
import { BAD_INPUT_TOKEN, badInputs, type Base } from './bad-inputs.js';
import { errorsOf } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace, tempDir, writeTree } from './support/workspace.js';

const SUITE = 'bad input';

function baseOf(base: Base, emulator: { hostingUrl: string; headlessUrl: string }): Record<string, string> {
  const credentials = baseInputs(emulator);
  switch (base) {
    case 'deploy':
      return { ...credentials, app: 'shop', environment: 'staging' };
    case 'copy':
      return { ...credentials, 'copy-from': 'demostg', 'copy-to': 'demoprod' };
    case 'webhook':
      return {
        'headless-api-url': emulator.headlessUrl,
        account: 'demo',
        app: 'shop',
        environment: 'abc123',
        deploy: 'false',
        webhook: 'rebuild',
        'webhook-token': BAD_INPUT_TOKEN,
      };
    case 'none':
      return {};
  }
}

export function badInputSuite(evidence: Evidence): void {
  describe('bad input: refused before the first request', () => {
    // Built against a placeholder origin only to count the rows: one run each, each with its own emulator.
    const count = badInputs('http://127.0.0.1:1').length;
    evidence.plan(SUITE, count);
    let workspace: string;
    beforeAll(() => {
      evidence.secret(BAD_INPUT_TOKEN, 'a webhook token given as input');
      workspace = appWorkspace('bad-input');
      const outside = tempDir('outside');
      writeTree(outside, { 'secret.txt': 'outside the workspace\n' });
      symlinkSync(outside, join(workspace, 'leads-out'));
    });

    it('every row exits non-zero, names the input and the fix, and sends nothing', async () => {
      const outcomes = await mapLimit(
        Array.from({ length: count }, (_, i) => i),
        4,
        async (i) => {
          const emulator = await startEmulator({ seed: reliabilitySeed() });
          try {
            const row = badInputs(emulator.url)[i]!;
            const inputs = { ...baseOf(row.base, emulator), ...row.inputs };
            const url = inputs['webhook-url'];
            if (url?.includes(BAD_INPUT_TOKEN)) evidence.secret(url, 'a webhook URL given as input');
            const env = { GITHUB_API_URL: `${emulator.url}/github` };
            const r = evidence.record(SUITE, `bad input: ${row.title}`, await runAction({ inputs, workspace, env }));
            const message = errorsOf(r.stdout);
            return {
              row,
              message,
              requests: emulator.requests().length,
              said: `exit ${r.code}, status ${r.outputs.status}`,
            };
          } finally {
            await emulator.close();
          }
        },
      );

      const wrong = outcomes
        .filter((o) => {
          const names = o.row.names ?? new RegExp(`input "${o.row.input}"`);
          const named = names.test(o.message) && o.row.fix.test(o.message);
          return !named || o.said !== 'exit 1, status failure' || o.requests > 0;
        })
        .map((o) => `${o.row.title}: ${o.said}, ${o.requests} requests: ${JSON.stringify(o.message)}`);
      const inputsCovered = new Set(outcomes.flatMap((o) => [o.row.input, ...Object.keys(o.row.inputs)]));
      const uncovered = [...actionDefaults().keys()].filter((name) => !inputsCovered.has(name));

      evidence.figure(SUITE, 'bad inputs tried', outcomes.length);
      evidence.figure(SUITE, 'refused with the input and the fix named', outcomes.length - wrong.length);
      evidence.figure(
        SUITE,
        'requests the emulator saw',
        outcomes.reduce((n, o) => n + o.requests, 0),
      );
      evidence.figure(SUITE, 'inputs of action.yml covered', `${inputsCovered.size} of ${actionDefaults().size}`);
      for (const o of outcomes) evidence.note(SUITE, `${o.row.title}: ${o.message.split('\n')[0]}`);

      expect(wrong).toEqual([]);
      expect(uncovered).toEqual([]);
    });
  });
}
