/** The scan every action test relies on must find a secret wherever it shows, and look past the runner's mask commands. */
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../scripts/runner.js';
import { findLeaks, findUnmasked, secretsOfInputs } from './helpers/secrets.js';

const URL_ =
  'http://127.0.0.1:1/headless/wh/v1/accounts/a/apps/b/environments/c/webhooks/webhook:rebuild?token=t0k3n-abc';
const INPUTS = { 'api-user-id': 'u', 'api-password': 'pa55word', 'webhook-url': URL_, 'github-token': 'ghs_x' };

function result(over: Partial<RunResult>): RunResult {
  return {
    code: 0,
    signal: null,
    stdout: '',
    stderr: '',
    outputs: {},
    outputWrites: [],
    summary: '',
    tempLeft: [],
    durationMs: 1,
    ...over,
  };
}

describe('secret scan', () => {
  const secrets = secretsOfInputs(INPUTS);

  it('knows every form: password, Basic credentials, webhook URL and its token, github token', () => {
    expect(secrets).toEqual(
      expect.arrayContaining(['pa55word', Buffer.from('u:pa55word').toString('base64'), URL_, 't0k3n-abc', 'ghs_x']),
    );
  });

  it('finds a secret in stdout, stderr, an output or the summary, but not in ::add-mask:: lines', () => {
    const masked = secrets.map((s) => `::add-mask::${s}`).join('\n');
    expect(findLeaks(result({ stdout: masked }), secrets)).toEqual([]);
    expect(findLeaks(result({ stdout: `${masked}\ncalling ${URL_}` }), secrets)).toEqual([
      expect.stringMatching(/^stdout holds secret/),
      expect.stringMatching(/^stdout holds secret/),
    ]);
    expect(findLeaks(result({ stderr: 'Basic dTpwYTU1d29yZA==' }), secrets)).toEqual([
      expect.stringMatching(/^stderr holds secret/),
    ]);
    expect(findLeaks(result({ outputs: { x: 'pa55word' }, summary: 'token t0k3n-abc' }), secrets)).toHaveLength(2);
  });

  it('reports secret inputs the action did not register with ::add-mask::', () => {
    expect(findUnmasked(result({ stdout: '::add-mask::pa55word' }), ['pa55word', 'ghs_x'])).toEqual(['ghs… (5 chars)']);
  });
});
