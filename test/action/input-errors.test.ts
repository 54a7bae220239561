/**
 * A few input errors end to end: each stops the run before its first request, names the input
 * and fails the step. (The exhaustive table of input rules is test/unit/inputs.test.ts's and
 * the reliability suite's.)
 */
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator();

interface Case {
  name: string;
  inputs: () => Record<string, string>;
  /** Each problem's opening, `input "<name>"…`, in the error message. */
  problems: string[];
}

const CASES: Case[] = [
  {
    name: 'copy-from without copy-to',
    inputs: () => ({ ...CREDENTIALS, 'api-url': emulator.hostingUrl, 'copy-from': 'demostg' }),
    problems: ['input "copy-to" is empty while "copy-from" is set'],
  },
  {
    name: 'an unknown region',
    inputs: () => deployInputs(emulator, 'shop', { region: 'MARS' }),
    problems: ['input "region": "MARS" is not a region'],
  },
  {
    name: 'a compression level out of range and a timeout that is not a duration, both reported',
    inputs: () => deployInputs(emulator, 'shop', { 'compression-level': '12', timeout: 'soon' }),
    problems: ['input "compression-level"', 'input "timeout": "soon" is not a duration'],
  },
  {
    name: 'app and webhook without deploy',
    inputs: () => deployInputs(emulator, 'shop', { webhook: 'purge-cache', 'webhook-token': 'tok3n-value' }),
    problems: ['input "deploy" is empty while both "app" and "webhook" are set'],
  },
  {
    name: 'a deploy without api-password',
    inputs: () => deployInputs(emulator, 'shop', { 'api-password': '' }),
    problems: ['input "api-password" is required by deploy'],
  },
  {
    name: 'a webhook-url that is not a URL',
    inputs: () => ({ 'webhook-url': 'not a url?token=s3cr3t-token-value' }),
    problems: ['input "webhook-url": is not a URL'],
  },
  {
    name: 'a webhook-url in plain http to another host',
    inputs: () => ({
      'webhook-url':
        'http://hooks.example.com/wh/v1/accounts/a/apps/b/environments/c/webhooks/webhook:rebuild?token=0f0f0f0f',
    }),
    problems: ['input "webhook-url": uses plain http to hooks.example.com; use https'],
  },
];

describe.each(NODES)('input errors on $label', ({ node }) => {
  it.each(CASES)('$name: fails before any request, naming the input', async ({ inputs, problems }) => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: inputs() });

    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    for (const p of problems) expect(error).toContain(p);
    expect(error).toContain('no request was made');
    expect(r.outputs).toEqual({ status: 'failure' });
    expect(emulator.requests()).toEqual([]);
    expect(r.tempLeft).toEqual([]);
    // The job summary says it too: a person reading the run's page sees why it failed.
    expect(shown(r.summary)).toContain('headless-deploy: failed');
    for (const p of problems) expect(shown(r.summary)).toContain(p);
  });
});
