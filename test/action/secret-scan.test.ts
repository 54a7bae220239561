/**
 * The scan every end-to-end run relies on (test/helpers/secret-scan.ts, with the secret forms of
 * test/action/helpers/secrets.ts) must find a secret wherever it shows, and look past the
 * runner's mask commands.
 */
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../scripts/runner.js';
import { scanRuns } from '../helpers/secret-scan.js';
import { findUnmasked, secretsOfInputs } from './helpers/secrets.js';

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
  const where = (over: Partial<RunResult>) =>
    scanRuns([{ label: 'run', result: result(over) }], new Map(secrets.map((s) => [s, s]))).findings.map(
      (f) => `${f.where}: ${f.what}`,
    );

  it('knows every form: password, Basic credentials, webhook URL and its token, github token', () => {
    expect(secrets).toEqual(
      expect.arrayContaining(['pa55word', Buffer.from('u:pa55word').toString('base64'), URL_, 't0k3n-abc', 'ghs_x']),
    );
  });

  it('finds a secret in stdout, stderr, any value written to an output, or the summary as shown, but not in ::add-mask:: lines', () => {
    const masked = secrets.map((s) => `::add-mask::${s}`).join('\n');
    expect(scanRuns([{ label: 'run', result: result({ stdout: masked }) }], new Map()).maskCommands).toBe(
      secrets.length,
    );
    expect(where({ stdout: masked })).toEqual([]);
    expect(where({ stdout: `${masked}\ncalling ${URL_}` })).toEqual([`stdout: ${URL_}`, 'stdout: t0k3n-abc']);
    expect(where({ stderr: 'Basic dTpwYTU1d29yZA==' })).toEqual(['stderr: dTpwYTU1d29yZA==']);
    expect(where({ outputWrites: [['x', 'pa55word']], outputs: { x: 'fine' } })).toEqual(['output:x: pa55word']);
    // Escaped in the markdown, it still reads as itself on the run's page.
    expect(where({ summary: 'token t0k3n\\-abc' })).toEqual(['summary (as shown): t0k3n-abc']);
  });

  it('reports secret inputs the action did not register with ::add-mask::', () => {
    expect(findUnmasked(result({ stdout: '::add-mask::pa55word' }), ['pa55word', 'ghs_x'])).toEqual(['ghs… (5 chars)']);
  });
});
