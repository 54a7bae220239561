/**
 * Input errors end to end: each stops the run before its first request, names the input in the
 * error annotation and the job summary, and sets no output but status. (The rules themselves are
 * test/unit/inputs.test.ts's; that every input of action.yml is refused by its INPUT_ name is
 * the reliability suite's bad-input table.)
 */
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../helpers/annotations.js';
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
    name: 'a compression level out of range and a timeout that is not a duration, both reported',
    inputs: () => deployInputs(emulator, 'shop', { 'compression-level': '12', timeout: 'soon' }),
    problems: ['input "compression-level"', 'input "timeout": "soon" is not a duration'],
  },
  {
    // A secret input that is refused is still masked, and never echoed.
    name: 'a webhook-url that is not a URL',
    inputs: () => ({ 'webhook-url': 'not a url?token=s3cr3t-token-value' }),
    problems: ['input "webhook-url": is not a URL'],
  },
];

describe.each(NODES)('input errors on $label', ({ node }) => {
  it.each(CASES)('$name: fails before any request, naming the input', async ({ inputs, problems }) => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: inputs() });

    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    const error = errorsOf(r.stdout);
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
