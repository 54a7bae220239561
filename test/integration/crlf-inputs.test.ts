/**
 * A deploy whose multiline inputs came with Windows line endings (pasted from a Windows editor,
 * or a secret saved with CRLF): what reaches the API has no `\r` in it, the variables the
 * environment gets are the ones written, and the excludes leave out what they name.
 */
import { expect, it } from 'vitest';
import { APP_FILES, makeWorkspace } from '../action/helpers/workspace.js';
import { useFlow } from './helpers/flow.js';

const f = useFlow({ buildSeconds: 5 });

it('inputs with CRLF line endings send variables and a zip without the CR of CRLF', async () => {
  const workspace = makeWorkspace({
    ...APP_FILES,
    'prod.env': 'SECRET=1\n',
    'coverage/lcov.info': 'x\n',
    'notes.tmp': 'x\n',
    '.deployignore': '# checked out with core.autocrlf\r\n*.tmp\r\n.deployignore\r\n',
  });
  const values = {
    app: 'shop',
    environment: 'staging',
    'env-vars': 'API_URL=https://api.example.com\r\nGREETING="hello world"\r\n# a comment\r\nEMPTY=\r\n',
    exclude: '*.env\r\ncoverage/\r\n',
    'exclude-from': '.deployignore',
  };
  const { report } = await f.run(values, { workspace, tempDir: workspace });
  expect(report.status).toBe('success');
  expect(f.emulator.state.environments.find((e) => e.app === 'shop')!.shellVariables).toEqual([
    { key: 'API_URL', value: 'https://api.example.com' },
    { key: 'GREETING', value: 'hello world' },
    { key: 'EMPTY', value: '' },
  ]);
  // Nothing the API received carries a carriage return.
  expect(JSON.stringify(f.emulator.state.environments)).not.toContain('\\r');
  expect(f.emulator.state.uploads.map((u) => u.entries)).toEqual([
    ['build.mjs', 'package.json', 'packages/ui/index.js', 'src/app.js', 'src/index.html'],
  ]);
});
