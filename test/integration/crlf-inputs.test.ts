/**
 * A deploy whose multiline inputs came with Windows line endings (pasted from a Windows editor,
 * or a secret saved with CRLF): what reaches the API has no `\r` in it, the variables the
 * environment gets are the ones written, and the excludes leave out what they name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { clientFor, inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock, buildSeconds: 5 });
  client = clientFor(emulator.url, clock);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
  removeWorkspaces();
});

describe('inputs with CRLF line endings', () => {
  it('send variables and a zip without the CR of CRLF', async () => {
    const workspace = makeWorkspace({
      ...APP_FILES,
      'prod.env': 'SECRET=1\n',
      'coverage/lcov.info': 'x\n',
      'notes.tmp': 'x\n',
      '.deployignore': '# checked out with core.autocrlf\r\n*.tmp\r\n.deployignore\r\n',
    });
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        account: 'demo',
        app: 'shop',
        environment: 'staging',
        'env-vars': 'API_URL=https://api.example.com\r\nGREETING="hello world"\r\n# a comment\r\nEMPTY=\r\n',
        exclude: '*.env\r\ncoverage/\r\n',
        'exclude-from': '.deployignore',
      },
      workspace,
    );
    const { ctx } = testContext({ inputs, client, clock, tempDir: workspace });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');

    const env = emulator.state.environments.find((e) => e.app === 'shop')!;
    expect(env.shellVariables).toEqual([
      { key: 'API_URL', value: 'https://api.example.com' },
      { key: 'GREETING', value: 'hello world' },
      { key: 'EMPTY', value: '' },
    ]);
    // Nothing the API received carries a carriage return.
    expect(JSON.stringify(emulator.state.environments)).not.toContain('\\r');
    expect(emulator.state.uploads).toHaveLength(1);
    expect(emulator.state.uploads[0]!.entries).toEqual([
      'build.mjs',
      'package.json',
      'packages/ui/index.js',
      'src/app.js',
      'src/index.html',
    ]);
  });
});
